"""The command line's last guard: a file the disk refuses is one line naming it, never a traceback,
even where a loader did not check first (issue text: 'Bad input gets a clear one-line error')."""
import os
import shutil
from pathlib import Path

import pytest

from game import cli


def test_a_name_too_long_for_the_disk_is_one_line_naming_the_file(capsys):
    """`simulate roborally --course` with a 300-character name raised 'File name too long' out of
    the course finder as a traceback."""
    assert cli.main(["simulate", "roborally", "--course", "a" * 300, "--games", "1"]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("error: ") and err.endswith(": file name too long") and "\n" not in err
    assert "characters)" in err                                 # the name is cut, the line stays readable


def test_an_error_without_a_file_still_raises(monkeypatch):
    """Only file errors become a line; anything else is a bug to see whole."""
    def broken(argv):
        raise ConnectionResetError("no file here")
    monkeypatch.setattr(cli, "dispatch", broken)
    with pytest.raises(ConnectionResetError):
        cli.main(["simulate"])


def test_a_symlink_loop_a_loader_resolves_is_one_line_naming_the_link(tmp_path, capsys):
    """`lint map.tmx` whose tileset source is a symbolic link to itself printed pathlib's
    'RuntimeError: Symlink loop from ...' traceback (Python 3.11's resolve(); the Robo Run map
    reader, which the records are fingerprinted on, still lets it out: tests/roborun/levels/
    test_hostile_faults.py)."""
    levels = Path(__file__).resolve().parents[1] / "levels"
    (tmp_path / "tilesets").mkdir()
    (tmp_path / "maps").mkdir()
    shutil.copy(levels / "roborun.tiled-project", tmp_path)
    os.symlink(tmp_path / "tilesets" / "other.tsx", tmp_path / "tilesets" / "loop.tsx")
    os.symlink(tmp_path / "tilesets" / "loop.tsx", tmp_path / "tilesets" / "other.tsx")
    good = (levels / "campaign1" / "1-1.tmx").read_text(encoding="utf-8")
    path = tmp_path / "maps" / "map.tmx"
    path.write_text(good.replace("../tilesets/roborun.tsx", "../tilesets/loop.tsx"), encoding="utf-8")
    assert cli.main(["lint", str(path)]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("error: ") and "\n" not in err
    assert "loop.tsx" in err and "symbolic links" in err


def test_other_runtime_errors_still_raise(monkeypatch):
    def broken(argv):
        raise RuntimeError("a bug, not a file")
    monkeypatch.setattr(cli, "dispatch", broken)
    with pytest.raises(RuntimeError):
        cli.main(["simulate"])
