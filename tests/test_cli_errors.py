"""The command line's last guard: a file the disk refuses is one line naming it, never a traceback,
even where a loader did not check first (issue text: 'Bad input gets a clear one-line error')."""
import os
import shutil
from pathlib import Path

import pytest

from game import cli


def test_a_name_too_long_for_the_disk_is_one_line_naming_the_file(monkeypatch, tmp_path, capsys):
    """A command whose reader lets the disk's 'File name too long' out (`simulate roborally
    --course` with a 300-character name did, before the course finder looked names up among the
    ids) prints one line naming the file, cut to a readable length."""
    def reader(argv):
        (tmp_path / ("a" * 300)).is_file()
    monkeypatch.setattr(cli, "dispatch", reader)
    assert cli.main(["simulate"]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("error: ") and err.endswith(": file name too long") and "\n" not in err
    assert "characters)" in err                                 # the name is cut, the line stays readable


def test_simulate_with_a_course_name_too_long_for_the_disk_is_an_unknown_course(capsys):
    assert cli.main(["simulate", "roborally", "--course", "a" * 300, "--games", "1"]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("error: --course: unknown course") and "\n" not in err


def test_an_error_without_a_file_still_raises(monkeypatch):
    """Only file errors become a line; anything else is a bug to see whole."""
    def broken(argv):
        raise ConnectionResetError("no file here")
    monkeypatch.setattr(cli, "dispatch", broken)
    with pytest.raises(ConnectionResetError):
        cli.main(["simulate"])


def _loop_tileset_map(tmp_path):
    levels = Path(__file__).resolve().parents[1] / "levels"
    (tmp_path / "tilesets").mkdir()
    (tmp_path / "maps").mkdir()
    shutil.copy(levels / "roborun.tiled-project", tmp_path)
    os.symlink(tmp_path / "tilesets" / "other.tsx", tmp_path / "tilesets" / "loop.tsx")
    os.symlink(tmp_path / "tilesets" / "loop.tsx", tmp_path / "tilesets" / "other.tsx")
    good = (levels / "campaign1" / "1-1.tmx").read_text(encoding="utf-8")
    path = tmp_path / "maps" / "map.tmx"
    path.write_text(good.replace("../tilesets/roborun.tsx", "../tilesets/loop.tsx"), encoding="utf-8")
    return path


def test_a_symlink_loop_a_loader_resolves_is_one_line_naming_the_link(monkeypatch, tmp_path, capsys):
    """A reader that resolves a symbolic link to itself raises pathlib's 'RuntimeError: Symlink
    loop from ...' (Python 3.11): the command line's last guard makes it one line naming the link
    (`lint map.tmx` with such a tileset printed the traceback before the map reader checked it)."""
    path = _loop_tileset_map(tmp_path)
    monkeypatch.setattr(cli, "dispatch", lambda argv: (tmp_path / "tilesets" / "loop.tsx").resolve())
    assert cli.main(["lint", str(path)]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("error: ") and "\n" not in err
    assert "loop.tsx" in err and "symbolic links" in err


def test_lint_names_a_tileset_that_is_a_symlink_loop(tmp_path, capsys):
    path = _loop_tileset_map(tmp_path)
    assert cli.main(["lint", str(path)]) == 1
    out = capsys.readouterr().out.strip()
    assert "loop.tsx" in out and "symbolic links" in out and "\n" not in out


def test_other_runtime_errors_still_raise(monkeypatch):
    def broken(argv):
        raise RuntimeError("a bug, not a file")
    monkeypatch.setattr(cli, "dispatch", broken)
    with pytest.raises(RuntimeError):
        cli.main(["simulate"])


@pytest.mark.parametrize("form", [["--level", "{}"], ["--level={}"]])
def test_roborun_on_a_robo_rally_course_says_which_game_it_is_for(form, capsys):
    """`roborun --level course.tmx` on a Robo Rally course listed Robo Run's problems with it (no
    exits, no robots...) without saying it is a course of the other game."""
    course = str(Path(__file__).resolve().parents[1] / "levels" / "roborally" / "dizzy-dash.tmx")
    assert cli.main(["roborun", *[part.format(course) for part in form], "--frames", "1"]) == 2
    err = capsys.readouterr().err.strip()
    assert "is a Robo Rally course" in err and "roborally --course" in err and "\n" not in err


def test_a_robo_run_map_is_not_taken_for_a_rally_course():
    level = str(Path(__file__).resolve().parents[1] / "levels" / "campaign1" / "1-1.tmx")
    cli._refuse_a_rally_course(["--level", level, "--seed", "3"])       # no error: it is Robo Run's
    cli._refuse_a_rally_course(["--level"])                             # argparse says what is missing
