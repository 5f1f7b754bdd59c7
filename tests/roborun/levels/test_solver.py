"""The solver's state keys and its command line; its winning lines on the shipped maps are
re-solved and replayed on a sample of recorded deals (test_difficulty.py)."""
from __future__ import annotations

import json

import pytest

from game.core.errors import UserError
from game.roborun.rules.engine import apply, legal_choices, new_game
from game.roborun.levels.solver import main as solve_main, state_key
from game.roborun.levels.tmx_loader import find_level, load_level

# That the solver wins every shipped scenario, and that its lines really win when replayed
# through the engine, is checked on a sample of the recorded difficulty table's deals
# (tests/roborun/levels/test_difficulty.py, issue 28), not re-measured here.


def test_state_key_tells_apart_and_merges():
    level = load_level(find_level("1.1"))
    a, b = new_game(level, 3), new_game(level, 3)
    assert state_key(a) == state_key(b)
    first = legal_choices(a)
    apply(a, first[0])
    apply(b, first[1])
    assert state_key(a) != state_key(b)
    assert state_key(a.copy()) == state_key(a)


def test_state_key_leaves_out_the_shared_board():
    """The precomputed board (`geo`) is the same for every state of a level and fills its
    caches lazily; pickling it into every key cost ~2 ms a node, 20x the rest of the search."""
    level = load_level(find_level("5.6"))
    a = new_game(level, 0)
    b = a.copy()
    b.geo = None                          # whatever the board is, the key is the same
    assert state_key(a) == state_key(b)


def test_solve_command_writes_a_replay(tmp_path, capsys):
    out = tmp_path / "line.json"
    assert solve_main(["1.1", "--seed", "0", "--nodes", "4000", "--seconds", "60", "--out", str(out)]) == 0
    data = json.loads(out.read_text())
    assert data["level"] == "1.1" and data["seed"] == 0 and data["setup"] is None and data["choices"]
    text = capsys.readouterr().out
    assert "win in round" in text and "winning first moves:" in text
    with pytest.raises(UserError, match="must be positive"):
        solve_main(["1.1", "--nodes", "0"])
    assert solve_main(["--seed"]) == 2


def test_solve_command_bound_reached_says_so(capsys):
    assert solve_main(["2.6", "--seed", "0", "--nodes", "5", "--seconds", "5"]) == 1
    assert "no win found within the bound" in capsys.readouterr().out


def test_solve_on_a_map_outside_levels_writes_a_replay_that_replay_plays_back(tmp_path, capsys):
    import shutil
    from game.roborun.levels.tmx_loader import PROJECT_FILE, level_root
    from game.roborun.tools.replay import main as replay_main
    shipped = find_level("1.1")
    root = level_root(shipped)
    shutil.copytree(root / "tilesets", tmp_path / "tilesets")
    shutil.copy(root / PROJECT_FILE, tmp_path / PROJECT_FILE)
    (tmp_path / "mine").mkdir()
    mine = tmp_path / "mine" / "my-map.tmx"
    shutil.copy(shipped, mine)
    out = tmp_path / "line.json"
    assert solve_main([str(mine), "--seed", "0", "--nodes", "4000", "--seconds", "60", "--out", str(out)]) == 0
    data = json.loads(out.read_text())
    assert data["level"] == str(mine.resolve())
    capsys.readouterr()
    assert replay_main([str(out)]) == 0
    assert json.loads(capsys.readouterr().out)["outcome"] == "won"
