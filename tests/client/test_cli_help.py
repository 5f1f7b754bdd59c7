"""The command line (issue 15): normal --help everywhere, one line when no window can open."""
import os
import subprocess
import sys
from pathlib import Path

import pytest

from game import cli

ROOT = Path(__file__).resolve().parents[2]


def test_top_level_help_lists_every_command(capsys):
    assert cli.main(["--help"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("usage: main.py")
    for command in [*cli.COMMANDS, "simulate", "bench", "help"]:
        assert f"\n  {command} " in out, command
    assert "--window WxH" in out


@pytest.mark.parametrize("argv", [["roborun"], ["robomissions"], ["roborescue"], ["lint"], ["solve"], ["replay"],
                                  ["simulate", "roborun"], ["simulate", "robomissions"], ["simulate", "roborescue"],
                                  ["bench", "engine"], ["bench", "render"], ["bench", "text"], ["simulate"], ["bench"]])
def test_every_command_has_normal_help(argv, capsys):
    assert cli.main([*argv, "--help"]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"usage: main.py {' '.join(argv)}"), out[:200]


def test_help_word_gives_a_commands_help(capsys):
    assert cli.main(["help", "solve"]) == 0
    assert capsys.readouterr().out.startswith("usage: main.py solve")


@pytest.mark.parametrize("argv", [["--window", "800x480", "--help"], ["roborun", "--window", "800x480", "--help"]])
def test_window_size_is_an_option_of_every_window(argv, capsys):
    assert cli.main(argv) == 0


def test_a_bad_window_size_is_one_usage_error(capsys):
    assert cli.main(["--window", "big", "--frames", "1"]) == 2
    err = capsys.readouterr().err
    assert "not a window size like 800x480" in err and "Traceback" not in err


def test_no_display_is_one_line_and_exit_2():
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    env.update(SDL_VIDEODRIVER="x11", DISPLAY=":987", SDL_AUDIODRIVER="dummy")
    result = subprocess.run([sys.executable, "main.py", "--frames", "3"], cwd=ROOT, env=env, capture_output=True,
                            text=True, timeout=60)
    assert result.returncode == 2
    lines = [line for line in result.stderr.splitlines() if line.startswith("error: display:")]
    assert lines and "cannot open a window" in lines[0] and "SDL_VIDEODRIVER=dummy" in lines[0]
    assert "Traceback" not in result.stderr


def test_a_screenshot_says_where_it_went(tmp_path):
    shot = tmp_path / "shots" / "title.png"
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    result = subprocess.run([sys.executable, "main.py", "--frames", "2", "--window", "800x480", "--screenshot",
                             str(shot)], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert f"screenshot saved to {shot}" in result.stderr
    import pygame

    assert pygame.image.load(str(shot)).get_size() == (800, 480)
