"""ROBOMissions card files named by the player: read through the validating layer (fuzz)."""
import json
import os

from hypothesis import given

from game.core.errors import UserError
from game.robomissions.rules.cards import DATA_FILE, load_cards
from tests.core.hostile import FUZZ, fresh_home, hostile_json, run_reader

GOOD = json.loads(DATA_FILE.read_text(encoding="utf-8"))


def _load(path):
    try:
        return load_cards(path)
    except UserError as exc:
        assert "\n" not in str(exc)
        return str(exc)


def test_a_fifo_or_device_is_refused(tmp_path):
    os.mkfifo(tmp_path / "cards.json")
    assert "FIFO" in _load(tmp_path / "cards.json")
    assert "device" in _load("/dev/zero")


@FUZZ
@given(hostile_json(GOOD))
def test_hostile_card_files_are_one_line_errors(content):
    with fresh_home() as home:
        result = run_reader(lambda: _load(home / "cards.json"), home / "cards.json", content)
        assert isinstance(result, (tuple, str))
    assert load_cards(DATA_FILE)
