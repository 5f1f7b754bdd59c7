"""Robo Rescue deck files named by the player: read through the validating layer (fuzz)."""
import json

from hypothesis import given

from game.core.errors import UserError
from game.roborescue.rules.cards import DECK_PATH, load_deck
from tests.core.hostile import FUZZ, fresh_home, hostile_json, run_reader

GOOD = json.loads(DECK_PATH.read_text(encoding="utf-8"))


def _load(path):
    try:
        return load_deck(path)
    except UserError as exc:
        assert "\n" not in str(exc)
        return str(exc)


@FUZZ
@given(hostile_json(GOOD))
def test_hostile_decks_are_one_line_errors(content):
    with fresh_home() as home:
        result = run_reader(lambda: _load(home / "deck.json"), home / "deck.json", content)
        assert isinstance(result, (tuple, str))
    assert len(load_deck(DECK_PATH)) == 64
