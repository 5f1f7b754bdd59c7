"""Hostile maps that the Robo Run map reader still mishandles, found by running the commands as a
real process against hostile files (2026-12-02). Each fix belongs in
game/roborun/levels/tmx_loader.py, which the Robo Run records are fingerprinted on (about 55
CPU-minutes to re-measure), so the faults are kept here as strict xfails: each turns into a
plain failure the day the loader is fixed, and its mark is then removed."""
import os
import shutil
from pathlib import Path

import pytest

from game.core.errors import UserError
from game.roborun.levels import tmx_loader

LEVELS = tmx_loader.LEVELS_DIR
GOOD = (LEVELS / "campaign1" / "1-1.tmx").read_text(encoding="utf-8")
TILESET_SOURCE = "../tilesets/roborun.tsx"


@pytest.fixture
def levels(tmp_path):
    """A copy of the levels folder (project file and shared tileset) to write maps into."""
    root = tmp_path / "levels"
    (root / "campaign1").mkdir(parents=True)
    shutil.copytree(LEVELS / "tilesets", root / "tilesets")
    shutil.copy(LEVELS / tmx_loader.PROJECT_FILE, root)
    return root


def _symlink_loop(path: Path) -> None:
    other = path.with_name(path.name + ".other")
    os.symlink(other, path)
    os.symlink(path, other)


@pytest.mark.xfail(strict=True, reason="tmx_loader._inside calls Path.resolve(), which raises RuntimeError "
                   "on a symlink loop in Python 3.11 (the command line's last guard makes it one line)")
def test_a_tileset_source_that_is_a_symlink_loop_is_a_problem_not_a_traceback(levels):
    """`lint map.tmx` printed a RuntimeError traceback ('Symlink loop from ...') when the map's
    tileset source was a symbolic link to itself."""
    _symlink_loop(levels / "tilesets" / "loop.tsx")
    path = levels / "campaign1" / "map.tmx"
    path.write_text(GOOD.replace(TILESET_SOURCE, "../tilesets/loop.tsx"), encoding="utf-8")
    problems = tmx_loader.check_level(path)
    assert any("loop.tsx" in line for line in problems), problems


@pytest.mark.xfail(strict=True, reason="tmx_loader._inside calls Path.resolve() on the atlas image before "
                   "game.core.files checks it: RuntimeError on a symlink loop in Python 3.11")
def test_a_tileset_image_that_is_a_symlink_loop_is_a_problem_not_a_traceback(levels):
    """The same through the tileset's atlas image: `<image source="loop.png">` with loop.png a
    symbolic link to itself."""
    tileset = levels / "tilesets" / "roborun.tsx"
    text = tileset.read_text(encoding="utf-8")
    tileset.write_text(text.replace('<image source="roborun.png"', '<image source="loop.png"'), encoding="utf-8")
    _symlink_loop(levels / "tilesets" / "loop.png")
    path = levels / "campaign1" / "map.tmx"
    path.write_text(GOOD, encoding="utf-8")
    problems = tmx_loader.check_level(path)
    assert any("loop.png" in line for line in problems), problems


@pytest.mark.xfail(strict=True, reason="tmx_loader._safe_xml looks for '<!DOCTYPE'/'<!ENTITY' in the raw "
                   "bytes, so a UTF-16 map (two bytes a character) passes the check and its entities are expanded")
def test_a_utf16_map_cannot_slip_a_doctype_past_the_check(levels):
    """docs/level-format.md and the loader say DOCTYPE/ENTITY declarations are refused; written
    in UTF-16 the same map loaded with its entity expanded into the title (expat's own limit
    stops a billion-laughs expansion, so this is a broken promise, not a hang)."""
    text = GOOD.replace('encoding="UTF-8"?>', 'encoding="UTF-16"?>\n<!DOCTYPE map [<!ENTITY who "Entity title">]>', 1)
    text = text.replace('value="Colorful Start"', 'value="&who;"')
    path = levels / "campaign1" / "map.tmx"
    path.write_bytes(text.encode("utf-16"))
    with pytest.raises(UserError, match="DOCTYPE"):
        tmx_loader.load_level(path)
