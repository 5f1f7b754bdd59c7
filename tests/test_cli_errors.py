"""The command line's last guard: a file the disk refuses is one line naming it, never a traceback,
even where a loader did not check first (issue text: 'Bad input gets a clear one-line error')."""
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
