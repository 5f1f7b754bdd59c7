"""`host GAME --resume` where the saved table is not a regular file: said as such, and left alone
(it read "no saved table to resume" for a folder, a FIFO or a symlink loop in its place)."""
import os

import pytest

from game.client.table_commands import host_main
from game.core.errors import UserError
from game.table.server import table_save_path


def _resume():
    return host_main(["roborun", "--resume", "--no-window", "--bind", "127.0.0.1", "--port", "0"])


@pytest.mark.parametrize("kind, words", [("folder", "a folder, not a regular saved table"),
                                         ("fifo", "a pipe (FIFO), not a regular saved table"),
                                         ("loop", "cannot read saved table (Too many levels of symbolic links)")])
def test_a_saved_table_that_is_not_a_file_is_named_as_such_and_left_alone(kind, words):
    save = table_save_path("roborun")
    save.parent.mkdir(parents=True, exist_ok=True)
    if kind == "folder":
        save.mkdir()
    elif kind == "fifo":
        os.mkfifo(save)
    else:
        os.symlink(save.with_name("other"), save)
        os.symlink(save, save.with_name("other"))
    with pytest.raises(UserError) as caught:
        _resume()
    assert str(caught.value) == f"{save}: {words}"
    assert os.path.lexists(save)


def test_no_saved_table_is_still_said_so():
    with pytest.raises(UserError, match="no saved table to resume"):
        _resume()
