"""Robo Rescue deck data: the shipped deck's composition, and one-line errors for bad data."""
import json

import pytest

from game.core.errors import UserError
from game.roborescue.rules.cards import COLOURS, PART_TYPES, default_deck, load_deck, parse_deck


def test_shipped_deck_has_52_parts_8_engineers_4_workbenches_in_four_colours():
    deck = default_deck()
    assert len(deck) == 64
    assert sum(c.kind == "part" for c in deck) == 52
    engineers = [c for c in deck if c.kind == "engineer"]
    workbenches = [c for c in deck if c.kind == "workbench"]
    assert len(engineers) == 8 and len(workbenches) == 4
    assert {c.colour for c in engineers} == {c.colour for c in workbenches} == set(COLOURS)
    assert [c.index for c in deck] == list(range(64))


def test_part_cards_show_only_robot_parts_each_at_most_once():
    for card in default_deck():
        names = [n for n, _ in card.icons]
        assert len(names) == len(set(names))
        if card.kind == "part":
            assert set(names) <= set(PART_TYPES) and names
        else:
            assert names == [card.kind.capitalize()]


def write_deck(tmp_path, cards):
    path = tmp_path / "deck.json"
    path.write_text(json.dumps({"cards": cards}))
    return path


@pytest.mark.parametrize(
    "bad, message",
    [
        ({"kind": "gizmo", "colour": "red", "value": 2}, "kind"),
        ({"kind": "part", "colour": "pink", "parts": {"Head": 2}}, "colour"),
        ({"kind": "part", "colour": "red", "parts": {}}, "parts"),
        ({"kind": "part", "colour": "red", "parts": {"Tail": 2}}, "Tail"),
        ({"kind": "part", "colour": "red", "parts": {"Head": 0}}, "Head"),
        ({"kind": "engineer", "colour": "red", "value": "3"}, "value"),
        ({"kind": "engineer", "colour": "red", "value": 3, "extra": 1}, "extra"),
    ],
)
def test_bad_card_is_reported_with_file_and_index(tmp_path, bad, message):
    good = {"kind": "part", "colour": "red", "parts": {"Head": 2}}
    path = write_deck(tmp_path, [good, good, bad])
    with pytest.raises(UserError) as caught:
        load_deck(path)
    text = str(caught.value)
    assert f"{path} card 2" in text and message in text and "\n" not in text


def test_wrong_composition_is_reported(tmp_path):
    path = write_deck(tmp_path, [{"kind": "part", "colour": "red", "parts": {"Head": 2}}])
    with pytest.raises(UserError, match="deck must hold"):
        load_deck(path)


def test_broken_json_and_missing_file_are_user_errors(tmp_path):
    path = tmp_path / "deck.json"
    path.write_text("{")
    with pytest.raises(UserError, match="invalid JSON"):
        load_deck(path)
    with pytest.raises(UserError, match="not found"):
        load_deck(tmp_path / "none.json")
    with pytest.raises(UserError, match="cards"):
        parse_deck({"cards": 3}, "deck.json")
