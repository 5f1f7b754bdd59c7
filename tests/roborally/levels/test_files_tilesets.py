"""Robo Rally tilesets and courses through the validating layer (issue 27): a tileset whose
tiles lack a property the loader reads, or hold a bad value, is one line naming the tileset
and the tile, from load_course and from `python main.py lint`; only a course whose tileset is
written exactly ../tilesets/roborally.tsx is read. Fuzz tests of both file kinds."""
from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from hypothesis import given, settings

from game.cli import main as cli_main
from game.core.errors import UserError
from game.roborally.levels.lint import lint_file
from game.roborally.levels.tmx import COURSES_DIR, load_course, read_tileset
from tests.core.hostile import FUZZ, hostile_xml

TILESET = COURSES_DIR.parent / "tilesets" / "roborally.tsx"
COURSE = COURSES_DIR / "chaos-canyon.tmx"      # every kind of tile: belts, gears, walls, lasers, starts, reboot


def scratch(folder: Path, tileset_text: str | None = None) -> Path:
    """A copy of the course beside a copy of the tileset (edited to `tileset_text`)."""
    (folder / "tilesets").mkdir(parents=True, exist_ok=True)
    (folder / "tilesets" / "roborally.tsx").write_text(tileset_text or TILESET.read_text())
    (folder / "roborally").mkdir(exist_ok=True)
    course = folder / "roborally" / COURSE.name
    shutil.copy(COURSE, course)
    return course


def _one_line(text: str, *parts: str) -> None:
    assert "\n" not in text and len(text) < 400, text
    for part in parts:
        assert part in text, (part, text)


def _without(text: str, tile_of: str, prop: str) -> str:
    """The tileset text with `prop` removed from the first tile whose sprite is `tile_of`."""
    tile = re.search(rf'<tile id="\d+">(?:(?!</tile>).)*value="{tile_of}"(?:(?!</tile>).)*</tile>', text, re.S)
    edited = re.sub(rf'\s*<property name="{prop}"[^>]*/>', "", tile.group(), count=1)
    assert edited != tile.group()
    return text.replace(tile.group(), edited)


@pytest.mark.parametrize("sprite, prop", [("belt_N", "dir"), ("express_E_left", "dir"), ("gear_left", "rot"),
                                          ("push_N", "dir"), ("start_E", "dir"), ("reboot_E", "dir"),
                                          ("belt_S", "kind"), ("checkpoint", "marker")])
def test_a_tile_without_a_property_the_loader_reads_is_one_line_not_a_key_error(tmp_path, sprite, prop):
    course = scratch(tmp_path, _without(TILESET.read_text(), sprite, prop))
    with pytest.raises(UserError) as caught:
        load_course(course)
    _one_line(str(caught.value), "roborally.tsx tile", prop)
    problems = lint_file(course)
    assert len(problems) == 1
    _one_line(problems[0], "roborally.tsx tile", prop)


@pytest.mark.parametrize("old, new, words", [
    ('name="dir" propertytype="Direction" value="N"', 'name="dir" propertytype="Direction" value="up"', "dir"),
    ('name="rot" propertytype="Rotation" value="left"', 'name="rot" propertytype="Rotation" value="0"', "rot"),
    ('name="turn" propertytype="Turn" value="left"', 'name="turn" propertytype="Turn" value="back"', "turn"),
    ('name="kind" propertytype="CellKind" value="pit"', 'name="kind" propertytype="CellKind" value="lava"', "kind"),
    ('name="marker" propertytype="MarkerKind" value="checkpoint"',
     'name="marker" propertytype="MarkerKind" value="flag"', "marker"),
])
def test_a_tile_with_a_bad_value_is_one_line_naming_the_tile(tmp_path, old, new, words):
    text = TILESET.read_text()
    assert old in text
    course = scratch(tmp_path, text.replace(old, new, 1))
    with pytest.raises(UserError) as caught:
        load_course(course)
    _one_line(str(caught.value), "roborally.tsx tile", words)


def test_lint_of_a_course_with_a_broken_tileset_exits_1_with_one_line(tmp_path, capsys):
    course = scratch(tmp_path, _without(TILESET.read_text(), "belt_N", "dir"))
    assert cli_main(["lint", str(course)]) == 1
    out = capsys.readouterr().out.strip()
    _one_line(out, "roborally.tsx tile 3", "dir")


@pytest.mark.parametrize("source", ["../../evil/roborally.tsx", "../tilesets/evilroborally.tsx", "roborally.tsx",
                                    "/etc/roborally.tsx", "../tilesets/roborally.tsx/", "../tilesets/../tilesets/roborally.tsx"])
def test_only_a_tileset_written_exactly_as_documented_is_read(tmp_path, source):
    course = scratch(tmp_path)
    evil = tmp_path / "evil"
    evil.mkdir()
    shutil.copy(TILESET, evil / "roborally.tsx")
    course.write_text(course.read_text().replace('source="../tilesets/roborally.tsx"', f'source="{source}"'))
    with pytest.raises(UserError) as caught:
        load_course(course)
    _one_line(str(caught.value), "tileset", "../tilesets/roborally.tsx")


def test_the_shipped_tileset_passes_its_own_checks():
    tiles = read_tileset(TILESET)
    assert len(tiles) == 54 and all("role" in props for props in tiles.values())


# ------------------------------------------------------------------ fuzz: hostile XML, same reader
def _loads_or_one_line(course: Path):
    try:
        spec = load_course(course)
    except UserError as exc:
        _one_line(str(exc))
        return None
    problems = lint_file(course)
    assert all("\n" not in p for p in problems)
    return spec


@settings(FUZZ, max_examples=40)
@given(hostile_xml(TILESET.read_text()))
def test_hostile_tilesets_are_one_line_or_a_playable_course(tmp_path_factory, content):
    folder = tmp_path_factory.mktemp("tsx")
    course = scratch(folder)
    (folder / "tilesets" / "roborally.tsx").write_bytes(content)
    _loads_or_one_line(course)
    assert (folder / "tilesets" / "roborally.tsx").read_bytes() == content    # read, never changed


@settings(FUZZ, max_examples=40)
@given(hostile_xml(COURSE.read_text()))
def test_hostile_courses_are_one_line_or_a_playable_course(tmp_path_factory, content):
    folder = tmp_path_factory.mktemp("tmx")
    course = scratch(folder)
    course.write_bytes(content)
    _loads_or_one_line(course)
    assert course.read_bytes() == content


@pytest.mark.parametrize("argv", [["lint", "--help"], ["lint", "-h"], ["lint", "--all", "--help"],
                                  ["lint", str(COURSE), "--help"]])
def test_lint_help_prints_the_help_and_lints_nothing(argv, capsys):
    """Issue 27: `lint --help` printed the help, then linted the four Robo Rally courses."""
    assert cli_main(argv) == 0
    out = capsys.readouterr().out
    assert "usage: main.py lint" in out and "roborally" in out and ": ok" not in out and "tmx:" not in out


def test_a_course_that_is_a_fifo_a_device_or_a_folder_is_named_as_such(tmp_path):
    import os

    from game.roborally.levels.tmx import find_course

    os.mkfifo(tmp_path / "fifo.tmx")
    (tmp_path / "zero.tmx").symlink_to("/dev/zero")
    (tmp_path / "folder.tmx").mkdir()
    for name, words in (("fifo.tmx", "FIFO"), ("zero.tmx", "device"), ("folder.tmx", "folder"),
                        ("missing.tmx", "no such course file")):
        with pytest.raises(UserError) as caught:
            find_course(str(tmp_path / name))
        _one_line(str(caught.value), name, words)


@pytest.mark.parametrize("ref", ["a" * 300, "../roborally-unseen/scrapyard-sprint", "dizzy-dash/"])
def test_the_readers_course_finder_looks_names_up_among_the_ids(ref):
    """tmx.find_course (simulate and the AI record use it) stat'ed the name: 'a' x 300 raised
    'File name too long' out of pathlib, and a relative name reached outside the shipped folder."""
    from game.roborally.levels.tmx import COURSES_DIR, find_course

    with pytest.raises(UserError) as caught:
        find_course(ref)
    assert "unknown course" in str(caught.value) and "\n" not in str(caught.value)
    assert find_course("dizzy-dash") == COURSES_DIR / "dizzy-dash.tmx"


def test_lint_says_each_map_on_one_line_even_when_its_name_holds_a_newline(tmp_path, capsys):
    """`lint 'a<newline>b.tmx'` printed the file's line broken in two (Robo Run's problems and
    Robo Rally's 'ok' both quote the path as it is)."""
    good = scratch(tmp_path).rename(tmp_path / "roborally" / "new\nline.tmx")
    junk = tmp_path / "bad\nmap.tmx"
    junk.write_text("junk")
    assert cli_main(["lint", str(good), str(junk)]) == 1
    assert capsys.readouterr().out.splitlines() == [
        f"{tmp_path}/roborally/new line.tmx: ok",
        f"{tmp_path}/bad map.tmx: map file is not valid XML (syntax error: line 1, column 0)"]
