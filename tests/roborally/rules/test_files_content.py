"""Robo Rally's card and upgrade data (content.json) through load_content, the reader the
rules use (issue 27: every file kind has a fuzz test): the content or one line naming the
file and the entry, never a traceback."""
from __future__ import annotations

import json

import pytest
from hypothesis import given

from game.core.errors import UserError
from game.roborally.rules import content
from tests.core.hostile import FUZZ, fresh_home, hostile_json, run_reader

GOOD = json.loads(content.CONTENT_FILE.read_text(encoding="utf-8"))


def _load(path):
    try:
        return content.load_content(path)
    except UserError as exc:
        assert "\n" not in str(exc) and len(str(exc)) < 400, str(exc)
        return str(exc)


@pytest.mark.parametrize("change, words", [
    (lambda d: d["haywire"]["hw_move1_right"].pop("actions"), "haywire: hw_move1_right"),
    (lambda d: d["haywire"]["hw_move1_right"]["actions"].append("fly"), "actions"),
    (lambda d: d["upgrades"].pop("stun"), "upgrades"),
    (lambda d: d["upgrades"]["stun"].update(cost="3"), "upgrades: stun"),
    (lambda d: d["damage_deck"].update(hw_unknown=2), "damage_deck: hw_unknown"),
    (lambda d: d["programming_deck"].update(move1=-1), "programming_deck: move1"),
    (lambda d: d.update(cards=[]), "cards"),
])
def test_a_damaged_entry_is_one_line_naming_it(tmp_path, change, words):
    data = json.loads(json.dumps(GOOD))
    change(data)
    path = tmp_path / "content.json"
    path.write_text(json.dumps(data))
    result = _load(path)
    assert isinstance(result, str) and str(path) in result and words in result, result


def test_the_shipped_content_loads():
    assert content.load_content() == {k: GOOD[k] for k in content.load_content()}


@FUZZ
@given(hostile_json(GOOD))
def test_hostile_content_is_one_line_or_usable(data):
    with fresh_home() as home:
        result = run_reader(lambda: _load(home / "content.json"), home / "content.json", data)
        if isinstance(result, dict):
            assert sorted(result["upgrades"]) == sorted(content.UPGRADE_IDS)
