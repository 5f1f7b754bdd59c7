"""Card data: the shipped deck loads, matches the design, and bad data names file and card."""
import json

import pytest

from game.core.errors import UserError
from game.robomissions.rules.cards import DATA_FILE, build_deck, default_cards, load_cards


def test_shipped_deck_has_every_family_and_enough_heads():
    cards = default_cards()
    deck = build_deck(cards)
    kinds = {c.kind for c in cards}
    assert kinds == {"head", "part", "chainbot", "singlebot", "battery", "action"}
    assert sum(1 for c in deck if c.kind == "head") >= 4
    assert 60 <= len(deck) <= 80
    abilities = [c.ability for c in cards if c.kind == "singlebot"]
    assert len(abilities) == len(set(abilities)), "each Singlebot has a distinct ability"
    assert {c.wiring for c in cards if c.kind == "battery"} == {"single", "series", "parallel"}
    assert {"force_field", "disperse", "chop"} <= {c.effect for c in cards if c.kind == "action"}


def test_hp_and_ap_use_counter_steps():
    for card in default_cards():
        assert (card.hp or 0) % 10 == 0 and card.ap % 10 == 0, card.key
        if card.kind == "part":
            assert (card.hp or 0) // 2 % 10 == 0, f"{card.key} must halve to a counter step"


def _write(tmp_path, cards):
    path = tmp_path / "cards.json"
    path.write_text(json.dumps({"cards": cards}))
    return path


def _valid():
    return json.loads(DATA_FILE.read_text())["cards"]


@pytest.mark.parametrize("change, message", [
    ({"kind": "wizard"}, "unknown kind"),
    ({"hp": 25}, "multiple of"),
    ({"ap": -10}, "multiple of"),
    ({"count": 0}, "count"),
    ({"name": ""}, "name"),
])
def test_bad_card_names_file_and_card(tmp_path, change, message):
    cards = _valid()
    cards[0] = {**cards[0], **change}
    path = _write(tmp_path, cards)
    with pytest.raises(UserError) as err:
        load_cards(path)
    assert str(path) in str(err.value) and cards[0]["key"] in str(err.value) and message in str(err.value)


def test_bad_singlebot_ability_and_part_hp(tmp_path):
    cards = _valid()
    bolt = next(i for i, c in enumerate(cards) if c["key"] == "bolt")
    cards[bolt]["ability"] = "teleport"
    with pytest.raises(UserError, match="'bolt'.*ability"):
        load_cards(_write(tmp_path, cards))
    cards = _valid()
    arm = next(i for i, c in enumerate(cards) if c["key"] == "hammer_arm")
    cards[arm]["hp"] = 30   # halves to 15: no counter for that
    with pytest.raises(UserError, match="'hammer_arm'.*multiple of 20"):
        load_cards(_write(tmp_path, cards))


def test_duplicate_key_too_few_heads_and_broken_json(tmp_path):
    cards = _valid()
    with pytest.raises(UserError, match="duplicate key"):
        load_cards(_write(tmp_path, cards + [cards[-1]]))
    with pytest.raises(UserError, match="at least 4 Megabot Heads"):
        load_cards(_write(tmp_path, [c for c in cards if c["kind"] != "head"]))
    bad = tmp_path / "broken.json"
    bad.write_text("{ not json")
    with pytest.raises(UserError, match="broken.json line 1"):
        load_cards(bad)
