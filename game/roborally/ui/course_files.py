"""The Robo Rally course reader for the screens: shipped courses kept as their spec's JSON.

game/roborally/levels/tmx.py imports xml.etree at its top and parses the course and the tileset
at every start (issue 26: a tenth of Robo Rally's CPU to its first frame here, more on a
Raspberry Pi). A shipped course and the tileset are read once and kept in the data folder's
cache as JSON (game.core.disk_cache, keyed by the course, the tileset and the reader's sources),
so a race started from the command line parses no XML; a course given as a .tmx path (the
designer's, maybe being edited) is always read afresh. The reader stays as it is: the Robo
Rally AI record is fingerprinted on it.
"""
from __future__ import annotations

from pathlib import Path

from game.core.disk_cache import cached_json
from game.core.errors import UserError

LEVELS_DIR = Path(__file__).resolve().parents[3] / "levels"
COURSES_DIR = LEVELS_DIR / "roborally"                      # the same folder as tmx.COURSES_DIR
TILESET = LEVELS_DIR / "tilesets" / "roborally.tsx"


def _tmx():
    from game.roborally.levels import tmx

    return tmx


def _reader_sources() -> list[Path]:
    """What a cached spec depends on besides its map: the tileset and the reader and checker's code."""
    package = Path(__file__).resolve().parents[1]
    return [TILESET, package / "levels" / "tmx.py", package / "rules" / "board.py",
            package.parent / "core" / "tiled.py"]


def watched_stamp(path: str | Path) -> tuple | None:
    """What tells a changed course in the --watch loop: the file's stamp and its templates'.
    game.core.tiled imports the XML reader, so it is imported here, for the designer's loop only."""
    from game.core.tiled import watched_stamp as stamp

    return stamp(path)


def course_ids() -> list[str]:
    """The shipped courses' ids (file stems), found without the reader."""
    return sorted(path.stem for path in COURSES_DIR.glob("*.tmx"))


def shipped_course(ref: str) -> Path | None:
    """The file of shipped course `ref` (an id, not a path); None otherwise (find_course says why).
    Looked up among the ids, not on the disk: a name too long for the disk raised out of is_file."""
    return COURSES_DIR / f"{ref}.tmx" if ref in course_ids() else None


def find_course(ref: str) -> Path:
    """A shipped course by id, or a .tmx file by path; anything else is an unknown course."""
    path = shipped_course(ref)
    if path is not None:
        return path
    if Path(ref).suffix != ".tmx":
        raise UserError("--course", f"unknown course '{ref}' (choose from: {', '.join(course_ids())})")
    return _tmx().find_course(ref)


def load_course(ref: str) -> dict:
    """The course spec of course `ref` (an id or a .tmx path), as tmx.load_course reads it."""
    path = shipped_course(ref)
    if path is None:
        return _tmx().load_course(find_course(ref))
    spec = cached_json(f"roborally-course-{ref}", [path, *_reader_sources()], lambda: _tmx().load_course(path))
    if not (isinstance(spec, dict) and isinstance(spec.get("starts"), list)):   # a cache written by hand
        return _tmx().load_course(path)
    return spec


def tileset() -> dict[int, dict]:
    """Tile id -> properties of the roborally tileset (tmx.read_tileset), cached like a course."""
    saved = cached_json("roborally-tileset", _reader_sources(),
                        lambda: {str(tid): props for tid, props in _tmx().read_tileset(TILESET).items()})
    try:
        return {int(tid): props for tid, props in saved.items() if isinstance(props, dict)}
    except (AttributeError, ValueError):
        return _tmx().read_tileset(TILESET)
