"""Run Run Run!'s card data (game/runrunrun/rules/data/content.json) is read through
game.core.files as every other game's card data is: a damaged file is one line naming it (it was
read with open() and json.load: an empty, cut, non-UTF-8, too deep or wrongly shaped file was a
traceback, and a FIFO or /dev/zero in its place hung the start for good; found 2026-12-02
running `simulate runrunrun` against a damaged copy of the file)."""
import importlib.util
import json
import os
from dataclasses import astuple
import shutil
import sys
from pathlib import Path

import pytest

from game.core.errors import UserError
from game.runrunrun.rules import content

GOOD = content.DATA.read_text(encoding="utf-8")
DAMAGED = {
    "empty": b"",                                              # JSONDecodeError traceback
    "not UTF-8": bytes(range(128, 256)),                       # UnicodeDecodeError traceback
    "deep": b"[" * 100000 + b"]" * 100000,                     # RecursionError traceback
    "a list": b"[]",                                           # TypeError traceback
    "no tiles": json.dumps({k: v for k, v in json.loads(GOOD).items() if k != "tiles"}).encode(),  # KeyError
    "cut short": GOOD.encode()[: len(GOOD) // 2],              # JSONDecodeError traceback
    "a tile's exits a word": GOOD.replace('"exits": ', '"exits": "many", "x": ', 1).encode(),
}


def _read_copy(folder: Path, data: bytes):
    """Import a copy of rules/content.py whose data/content.json holds `data`."""
    shutil.copy(content.__file__, folder / "content.py")
    (folder / "data").mkdir()
    (folder / "data" / "content.json").write_bytes(data)
    spec = importlib.util.spec_from_file_location("runrunrun_content_copy", folder / "content.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module         # dataclasses look their module up while it runs
    try:
        spec.loader.exec_module(module)
    finally:
        del sys.modules[spec.name]
    return module


def test_the_copy_reads_the_shipped_file_like_the_game():
    """The harness itself: the copy of the reader with the good file gives the game's tiles."""
    import tempfile
    with tempfile.TemporaryDirectory() as tmp:
        copy = _read_copy(Path(tmp), GOOD.encode())
        assert [astuple(t) for t in copy.TILES] == [astuple(t) for t in content.TILES]
        assert copy.BOSSES == content.BOSSES


@pytest.mark.parametrize("damage", DAMAGED)
def test_damaged_card_data_is_one_line_naming_the_file(tmp_path, damage):
    with pytest.raises(UserError) as caught:
        _read_copy(tmp_path, DAMAGED[damage])
    assert "content.json" in str(caught.value) and "\n" not in str(caught.value)


def test_a_fifo_in_place_of_the_card_data_is_one_line_not_a_hang(tmp_path):
    """A pipe where content.json should be: open() + json.load waited for a writer for ever."""
    shutil.copy(content.__file__, tmp_path / "content.py")
    (tmp_path / "data").mkdir()
    os.mkfifo(tmp_path / "data" / "content.json")
    spec = importlib.util.spec_from_file_location("runrunrun_content_fifo", tmp_path / "content.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module         # dataclasses look their module up while it runs
    try:
        with pytest.raises(UserError) as caught:
            spec.loader.exec_module(module)
    finally:
        del sys.modules[spec.name]
    assert "content.json" in str(caught.value) and "\n" not in str(caught.value)
