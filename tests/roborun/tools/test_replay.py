"""Replays (python main.py replay FILE) and the engine benchmark command's output shape."""
import json
import os
import random

import pytest

from game.core.errors import UserError
from game.roborun.tools import bench
from game.roborun.tools import replay
from game.roborun.levels.ascii_board import parse_board
from game.roborun.rules.engine import apply, legal_choices, new_game

BOARD = ".+G  .+e  .  Xg\n.  .+b  .  .\n.+R  .  .  Xr\nspawn 1 2,1\nsupport white"


def random_game(level, seed):
    rng = random.Random(seed)
    state, choices = new_game(level, seed), []
    while state.outcome is None:
        c = rng.choice(legal_choices(state))
        choices.append(c)
        apply(state, c)
    return state, choices


def test_replay_file_plays_back_to_the_same_final_state(tmp_path, capsys):
    state, choices = random_game(parse_board(BOARD), 5)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(replay.record(None, 5, None, choices, ascii_board=BOARD)))
    assert replay.main([str(path)]) == 0
    out = json.loads(capsys.readouterr().out)
    expected = json.loads(json.dumps(state.summary()))
    expected.pop("level")
    assert {k: out[k] for k in expected} == expected and out["choices_applied"] == len(choices)


def test_replay_by_level_id_uses_the_tiled_loader(tmp_path, capsys):
    loader = pytest.importorskip("game.roborun.levels.tmx_loader")
    level = loader.load_level(loader.find_level("1.1"))
    state, choices = random_game(level, 2)
    path = tmp_path / "l.json"
    path.write_text(json.dumps(replay.record("1.1", 2, None, choices)))
    replay.main([str(path)])
    assert json.loads(capsys.readouterr().out)["outcome"] == state.outcome


def test_replay_errors_name_the_file_and_choice(tmp_path):
    path = tmp_path / "bad.json"
    path.write_text(json.dumps({"board": {"ascii": BOARD}, "seed": 1, "choices": [{"kind": "play", "args": [42]}]}))
    with pytest.raises(UserError, match=r"bad.json choice 0"):
        replay.main([str(path)])
    path.write_text("{not json")
    with pytest.raises(UserError, match="bad.json"):
        replay.main([str(path)])
    path.write_text(json.dumps({"seed": 1}))
    with pytest.raises(UserError, match="needs 'level'"):
        replay.main([str(path)])


def test_setup_survives_a_replay_round_trip(tmp_path, capsys):
    from game.roborun.levels.ascii_board import plain_setup
    setup = plain_setup(("quick_one", "weird_four"), energy=2)
    state = new_game(parse_board(BOARD), 3, setup)
    data = replay.record(None, 3, setup, [], ascii_board=BOARD)
    again, _ = replay.play_back(json.loads(json.dumps(data)), "mem")
    assert again.robot_names == state.robot_names and again.energy == [2, 2]


def test_bench_prints_one_json_object(capsys):
    assert bench.main(["--seconds", "0.2"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["playouts_per_s"] > 0 and out["applies_per_s"] > 0 and out["games"] >= 1


def test_bench_counts_calls_per_apply_on_request(capsys):
    assert bench.main(["--seconds", "0.1", "--calls"]) == 0
    calls = json.loads(capsys.readouterr().out)["calls_per_apply"]
    assert calls["python_calls_per_apply"] > 1 and calls["c_calls_per_apply"] > 0
    assert bench.calls_per_apply(bench.busy_level(), games=3) == bench.calls_per_apply(bench.busy_level(), games=3)


@pytest.mark.parametrize("level", ["/etc/passwd", "99999999999999999999.1", "x" * 5000 + ".tmx", "a\u0000b.tmx", "FIFO"])
def test_a_replay_naming_a_map_it_cannot_use_names_the_replay_too(tmp_path, level):
    """`replay bad.json` whose level was '/etc/passwd', a FIFO or a 5,000-character name printed
    'error: /etc/passwd: not a .tmx map file': the file the player gave was not named."""
    if level == "FIFO":
        level = str(tmp_path / "map.tmx")
        os.mkfifo(level)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps({"level": level, "seed": 1, "choices": []}), encoding="utf-8")
    with pytest.raises(UserError) as caught:
        replay.main([str(path)])
    assert caught.value.where == f"{path}: level" and "\n" not in str(caught.value)
