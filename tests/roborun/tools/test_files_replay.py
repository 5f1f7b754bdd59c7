"""Robo Run replays through the validating layer: the issue's cases and a fuzz test."""
import json
import os
import random

import pytest
from hypothesis import given

from game.core.errors import UserError
from game.roborun.tools import replay
from game.roborun.rules.engine import apply, legal_choices, new_game
from game.roborun.ui.session import load_level_spec
from tests.core.hostile import FUZZ, fresh_home, hostile_json, run_reader

LEVEL = load_level_spec("1.1")


def _good_replay() -> dict:
    state, rng, choices = new_game(LEVEL, 3), random.Random(3), []
    for _ in range(12):
        options = legal_choices(state)
        if not options:
            break
        choices.append(rng.choice(options))
        apply(state, choices[-1])
    return replay.record("1.1", 3, None, choices)


GOOD = _good_replay()
PLAYERS = [{"robot": "quick_one"}, {"robot": "smart_three"}]


def _run(path) -> int | str:
    """The replay command as the player runs it: an exit code, or the one-line error."""
    try:
        return replay.main([str(path)])
    except UserError as exc:
        assert "\n" not in str(exc)
        return str(exc)


def test_the_good_replay_plays(tmp_path, capsys):
    path = tmp_path / "r.json"
    path.write_text(json.dumps(GOOD))
    assert _run(path) == 0
    assert json.loads(capsys.readouterr().out)["choices_applied"] == len(GOOD["choices"])


@pytest.mark.parametrize("content, words", [
    (b'{"level": "1.1", "seed": 1, "choices": []}\xff', "UTF-8"),
    (json.dumps({**GOOD, "setup": "x"}).encode(), "setup: must be an object"),
    (json.dumps({**GOOD, "setup": [1]}).encode(), "setup: must be an object"),
    (json.dumps({**GOOD, "setup": 5}).encode(), "setup: must be an object"),
    (json.dumps({**GOOD, "setup": {"players": []}}).encode(), "exactly 2 players"),
    (json.dumps({**GOOD, "setup": {"players": PLAYERS, "equipment_deck": [999, "x"]}}).encode(), "equipment_deck"),
    (json.dumps({**GOOD, "setup": {"players": PLAYERS, "equipment_deck": [999]}}).encode(), "Equipment"),
    (json.dumps({**GOOD, "choices": [{"kind": "play", "args": 5}]}).encode(), "choice 0"),
    (json.dumps({**GOOD, "choices": [{"kind": "play", "args": [{"a": 1}]}]}).encode(), "choice 0"),
    (json.dumps({**GOOD, "choices": [{"kind": "play", "args": "abc"}]}).encode(), "choice 0"),
    (b'{"level": "1.1", "seed": ' + b"7" * 5000 + b"}", "5000 digits"),
    (b'{"level": "1.1", "choices": ' + b"[" * 1000 + b"]" * 1000 + b"}", "deep"),
    (json.dumps({**GOOD, "seed": 2**64}).encode(), "seed"),
    (json.dumps({**GOOD, "seed": True}).encode(), "seed"),
    (json.dumps({**GOOD, "choices": [{"kind": "start", "args": [0.0]}]}).encode(),
     "choice 0: the number 0.0 is not a whole number"),                  # issue 27: as Continue says it
])
def test_each_bad_replay_is_one_line_naming_the_file(tmp_path, content, words):
    path = tmp_path / "bad.json"
    path.write_bytes(content)
    result = _run(path)
    assert isinstance(result, str) and "bad.json" in result and words in result, result


@pytest.mark.parametrize("where", ["/dev/zero", "fifo", "folder"])
def test_special_files_are_refused_at_once(tmp_path, where):
    if where == "fifo":
        os.mkfifo(tmp_path / "r.json")
        where = tmp_path / "r.json"
    elif where == "folder":
        where = tmp_path
    result = _run(where)
    assert isinstance(result, str) and ("device" in result or "FIFO" in result or "folder" in result)


@FUZZ
@given(hostile_json(GOOD))
def test_hostile_replays_never_escape(content):
    with fresh_home() as home:
        result = run_reader(lambda: _run(home / "replay.json"), home / "replay.json", content)
        assert result in (0, 1) or isinstance(result, str)
