"""Issue 26: a shipped Robo Rally course and the tileset are parsed once; later starts read them
from the disk cache, so a race started from the command line parses no XML before its first frame."""
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from game.core.errors import UserError
from game.roborally.levels import tmx
from game.roborally.ui import course_files

ROOT = Path(__file__).resolve().parents[3]


def test_every_shipped_course_reads_back_as_the_reader_reads_it(monkeypatch):
    assert course_files.course_ids() == tmx.course_ids()
    assert course_files.COURSES_DIR == tmx.COURSES_DIR
    read = {ref: tmx.load_course(tmx.find_course(ref)) for ref in tmx.course_ids()}
    tiles = tmx.read_tileset(course_files.TILESET)
    for ref, spec in read.items():
        assert course_files.find_course(ref) == tmx.find_course(ref)
        assert course_files.load_course(ref) == spec          # parsed, then kept
    assert course_files.tileset() == tiles

    def no_parsing(*args):
        raise AssertionError("parsed again")

    monkeypatch.setattr(tmx, "load_course", no_parsing)
    monkeypatch.setattr(tmx, "read_tileset", no_parsing)
    for ref, spec in read.items():
        assert course_files.load_course(ref) == spec          # read back from the cache
    assert course_files.tileset() == tiles


def test_a_course_given_by_path_is_always_read_afresh(tmp_path):
    folder = tmp_path / "levels"
    shutil.copytree(tmx.COURSES_DIR.parent, folder)
    path = folder / "roborally" / "dizzy-dash.tmx"
    first = course_files.load_course(str(path))
    path.write_text(path.read_text().replace(f'value="{first["name"]}"', 'value="Edited Name"'))
    assert course_files.load_course(str(path))["name"] == "Edited Name"


def test_a_cache_that_does_not_read_back_reads_the_course(monkeypatch):
    fresh = course_files.load_course("dizzy-dash")
    monkeypatch.setattr(course_files, "cached_json", lambda name, files, compute: ["not", "a", "course"])
    assert course_files.load_course("dizzy-dash") == fresh
    assert course_files.tileset() == tmx.read_tileset(course_files.TILESET)


def test_an_unknown_course_is_still_a_one_line_error():
    with pytest.raises(UserError, match="unknown course 'no-such-course'"):
        course_files.load_course("no-such-course")


@pytest.mark.parametrize("ref", ["a" * 300, "../roborally-unseen/scrapyard-sprint", "dizzy-dash/"])
def test_a_course_that_is_neither_an_id_nor_a_tmx_path_is_unknown(ref):
    """'a' x 300 raised 'File name too long' out of is_file (a traceback on the command line); a
    relative name loaded a course from outside the shipped folder."""
    for read in (course_files.find_course, course_files.load_course):
        with pytest.raises(UserError, match="unknown course"):
            read(ref)


def test_starting_a_cached_race_does_not_import_the_xml_reader(tmp_path):
    """The screens' modules import no reader, and the course and tileset come back from the cache."""
    code = ("import sys; import game.roborally.ui.scene; from game.roborally.ui import course_files; "
            "course_files.load_course('dizzy-dash'); course_files.tileset(); "
            "print('xml.etree.ElementTree' in sys.modules)")
    env = {**os.environ, "ROBOARCADE_HOME": str(tmp_path), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    runs = [subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, env=env,
                           timeout=60) for _ in range(2)]
    assert runs[1].stdout.split()[-1:] == ["False"], runs[1].stdout + runs[1].stderr


def test_the_boards_of_one_window_read_the_tile_atlas_once(monkeypatch):
    """The race's board and the how-to page's small board both stood before the first frame,
    each reading and cutting the atlas (~7 ms); a new window reads it again (its display format)."""
    import pygame

    from game.roborally.rules.board import board_for
    from game.roborally.ui import board_view

    reads = []
    load = pygame.image.load
    monkeypatch.setattr(board_view.pygame.image, "load", lambda *args: reads.append(args) or load(*args))
    monkeypatch.setattr(board_view, "_art", None)
    board = board_for(course_files.load_course(course_files.course_ids()[0]))
    pygame.display.init()
    pygame.font.init()
    try:
        pygame.display.set_mode((320, 200))
        big = board_view.BoardView(board, pygame.Rect(0, 0, 600, 480))
        small = board_view.BoardView(board, pygame.Rect(0, 0, 300, 240))
        assert len(reads) == 1 and big.art is small.art
        pygame.display.quit()
        pygame.display.init()
        pygame.display.set_mode((320, 200))
        assert board_view.BoardView(board, pygame.Rect(0, 0, 300, 240)).art is not big.art and len(reads) == 2
    finally:
        pygame.display.quit()
