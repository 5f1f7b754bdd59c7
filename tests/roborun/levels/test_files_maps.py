"""Robo Run maps (tmx_loader) through the validating layer: hostile numbers, cells and
tileset paths are one-line problems, never a traceback; and a fuzz test."""
import os
import re
import shutil
import tempfile
import time
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.errors import UserError
from game.roborun.levels import tmx_loader
from tests.core.hostile import FUZZ, cut_or_flipped, hostile_xml

LEVELS = tmx_loader.LEVELS_DIR
GOOD = (LEVELS / "campaign1" / "1-1.tmx").read_text(encoding="utf-8")
HOSTILE_NUMBERS = ("inf", "-inf", "nan", "1e400", "-1e400", "²", "٣", "", "-1", "0", "1e7", "0x10", " 4",
                   "99999999999999999999", "9" * 5000, "1.5", "+3", "4 4")


@pytest.fixture(scope="module")
def folder():
    """A copy of the levels folder (project file and shared tileset) to write maps into."""
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / "levels"
        (root / "campaign1").mkdir(parents=True)
        shutil.copytree(LEVELS / "tilesets", root / "tilesets")
        shutil.copy(LEVELS / tmx_loader.PROJECT_FILE, root)
        yield root / "campaign1"


def _problems(path: Path) -> list[str]:
    started = time.process_time()           # CPU time: a loaded machine does not fail it
    problems = tmx_loader.check_level(path)
    assert time.process_time() - started < 1
    for line in problems:
        assert isinstance(line, str) and "\n" not in line and len(line) < 600, line
    try:
        tmx_loader.load_level(path)
        assert not problems
    except UserError:
        assert problems
    return problems


def _set_attr(text: str, element: str, attr: str, value: str) -> str:
    return re.sub(rf'(<{element}\b[^>]*?\s{attr}=")[^"]*(")', lambda m: m.group(1) + value + m.group(2), text, count=1)


@pytest.mark.parametrize("element, attr", [("object", "x"), ("object", "y"), ("object", "width"),
                                           ("map", "width"), ("map", "height"), ("layer", "width")])
@pytest.mark.parametrize("value", ["inf", "-inf", "1e400", "²", "nan"])
def test_hostile_numbers_are_one_line_problems(folder, element, attr, value):
    path = folder / "bad.tmx"
    path.write_text(_set_attr(GOOD, element, attr, value), encoding="utf-8")
    problems = _problems(path)
    assert problems and all(line.startswith(str(path)) for line in problems)


def test_a_csv_cell_that_is_not_an_ascii_number(folder):
    path = folder / "bad.tmx"
    path.write_text(re.sub(r'(<data encoding="csv">\s*)\d+', r"\g<1>²", GOOD, count=1), encoding="utf-8")
    assert any("cell 0 is '²'" in line for line in _problems(path))


@pytest.mark.parametrize("source", [".", "../tilesets", "/dev/zero", "../tilesets/missing.tsx"])
def test_a_tileset_source_that_is_not_a_tileset_file(folder, source):
    path = folder / "bad.tmx"
    path.write_text(_set_attr(GOOD, "tileset", "source", source), encoding="utf-8")
    assert _problems(path)


def test_map_files_that_are_not_regular_files(folder):
    fifo = folder / "fifo.tmx"
    os.mkfifo(fifo)
    assert "FIFO" in _problems(fifo)[0]
    (folder / "dir.tmx").mkdir()
    assert "folder" in _problems(folder / "dir.tmx")[0]


def test_a_name_of_5000_characters_is_one_short_line():
    with pytest.raises(UserError) as caught:
        tmx_loader.load_level(tmx_loader.find_level("a" * 5000 + ".tmx"))
    assert "file name too long" in str(caught.value) and len(str(caught.value)) < 300


@st.composite
def hostile_map(draw) -> bytes:
    kind = draw(st.sampled_from(("attr", "attr", "attr", "cell", "cut", "flip")))
    if kind == "attr":
        attrs = list(re.finditer(r'\s(\w+)="([^"]*)"', GOOD))
        match = draw(st.sampled_from(attrs))
        value = draw(st.one_of(st.sampled_from(HOSTILE_NUMBERS), st.text(max_size=12).map(
            lambda t: t.replace('"', "").replace("&", "").replace("<", ""))))
        return (GOOD[:match.start(2)] + value + GOOD[match.end(2):]).encode("utf-8")
    if kind == "cell":
        cells = list(re.finditer(r"(?<=[,\s])\d+(?=[,\s])", GOOD))
        match = draw(st.sampled_from(cells))
        return (GOOD[:match.start()] + draw(st.sampled_from(HOSTILE_NUMBERS)) + GOOD[match.end():]).encode("utf-8")
    return draw(cut_or_flipped(GOOD.encode("utf-8"), kind))


@FUZZ
@given(hostile_map())
def test_hostile_maps_never_escape_and_the_good_map_stays_good(folder, content):
    path = folder / "fuzz.tmx"
    path.write_bytes(content)
    _problems(path)
    good = folder / "good.tmx"
    good.write_text(GOOD, encoding="utf-8")
    assert _problems(good) == []


def test_a_5000_character_value_in_any_attribute_is_one_short_line(folder):
    """Found by the fuzz test: a layer name, an object type or a map size of 5000 characters
    was quoted whole in the problem line. Every attribute of a good map, one at a time."""
    path = folder / "long.tmx"
    for match in re.finditer(r'\s(\w+)="([^"]*)"', GOOD):
        path.write_text(GOOD[:match.start(2)] + "9" * 5000 + GOOD[match.end(2):], encoding="utf-8")
        for line in tmx_loader.check_level(path):
            assert len(line) < 400, (match.group(1), line[:200])


def test_a_tileset_image_name_too_long_for_the_disk_is_a_problem_not_a_traceback(folder):
    """Hypothesis found it in a fresh clone: an atlas image named with 5,000 characters made
    pathlib's is_file raise 'File name too long' out of the level check."""
    tileset = folder.parent / "tilesets" / "roborun.tsx"
    good_tileset = tileset.read_text(encoding="utf-8")
    source = re.search(r'<image source="([^"]*)"', good_tileset).group(1)
    good = folder / "good.tmx"
    good.write_text(GOOD, encoding="utf-8")
    try:
        tileset.write_text(good_tileset.replace(f'source="{source}"', f'source="{"9" * 5000}"'), encoding="utf-8")
        problems = _problems(good)
    finally:
        tileset.write_text(good_tileset, encoding="utf-8")
    assert any("name too long" in line for line in problems), problems


@settings(FUZZ, max_examples=30)
@given(hostile_xml((LEVELS / "tilesets" / "roborun.tsx").read_text(encoding="utf-8")))
def test_hostile_tilesets_never_escape(folder, content):
    """The shared tileset a map names, damaged: one-line problems for every map using it."""
    tileset = folder.parent / "tilesets" / "roborun.tsx"
    good_tileset = (LEVELS / "tilesets" / "roborun.tsx").read_bytes()
    good = folder / "good.tmx"
    good.write_text(GOOD, encoding="utf-8")
    try:
        tileset.write_bytes(content)
        _problems(good)
        assert tileset.read_bytes() == content                  # read, never changed
    finally:
        tileset.write_bytes(good_tileset)
