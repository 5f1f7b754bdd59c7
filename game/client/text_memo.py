"""What pygame's font answered at the last start, kept on disk (issue 26: the first frame's work).

Drawing the first frame of a game is mostly FreeType's work: each glyph is loaded and hinted
the first time it is asked at each size (about 40 us a glyph here), for the ~60 lines of a
first frame in 8 to 16 sizes, plus HarfBuzz shaping every `Font.size`: about half of the
first frame's CPU. The answers are pure functions of the font file and the size, so a start
reads them from the table the previous start wrote instead:

- `begin(name)` (the App, before its first scene) reads `cache/text-<name>-v1.marshal` and
  starts recording; while it records, every question the table cannot answer is asked of the
  real font and noted;
- `end()` (the App, after its first frame) stops recording and, if something was missing,
  writes in a background thread the table with this start's answers added; answers no start
  asked for the longest are dropped past MAX_KEPT_BYTES (a game dealt at random draws some
  other texts at each start: the file keeps the union of the last few starts).

Answers kept: `render(text, True, colour)` as the text's alpha plane (a blended text is one
colour whose alpha is the glyphs' coverage; an entry is only kept if rebuilding it gives the
same bytes), `size`, `metrics`, `get_linesize`, `get_height`, `get_ascent`, `get_descent`.
The file names the pygame, SDL_ttf, font file (path, size, modification time) it was made
with: any change and it is not used. Like the interpreter's .pyc files it is trusted data in
the player's own data folder; a damaged file (CRC-32) or a wrong shape is ignored, and a
missing or unwritable one only costs the fonts' own work.
"""
from __future__ import annotations

import marshal
import os
import threading
from pathlib import Path

import pygame

FORMAT = 1
MAGIC = b"RATX"
MAX_BYTES = 8 << 20          # far above the ~0.4 MB a first frame needs; a larger file is not read
MAX_ENTRIES = 8192
MAX_KEPT_BYTES = 512 << 10   # texts of earlier starts kept until the file reaches this (alpha planes mostly)
KINDS = ("size", "metrics", "get_linesize", "get_height", "get_ascent", "get_descent")

_lock = threading.Lock()
_table: dict[tuple, object] = {}     # read from disk: key -> answer
_used: set[tuple] = set()            # keys of the table this start asked
_new: dict[tuple, object] = {}       # asked this start, not in the table
_recording = False
_name = ""
_fingerprint: str | None = None
_saver: threading.Thread | None = None


def fingerprint(font_file: str | None) -> str | None:
    """What the answers depend on besides the text and size; None when fonts cannot be kept."""
    if font_file is None:
        return None
    try:
        info = os.stat(font_file)
    except OSError:
        return None
    return (f"{FORMAT}|{pygame.version.ver}|{pygame.font.get_sdl_ttf_version(linked=True)}|"
            f"{font_file}|{info.st_size}|{info.st_mtime_ns}")


def cache_path(name: str) -> Path:
    from game.core import storage

    return storage.cache_dir() / f"text-{name}-v{FORMAT}.marshal"


def begin(name: str, font_file: str | None) -> None:
    """Read the table of the start `name` (a command) and record what this start asks."""
    global _recording, _name, _fingerprint
    name = "".join(ch for ch in name if ch.isalnum())[:32] or "main"
    stamp = fingerprint(font_file)
    with _lock:
        _recording = stamp is not None
        _used.clear()       # a new start: what an earlier App of this process asked is not its
        _new.clear()
        if stamp is None or (name == _name and stamp == _fingerprint):
            return          # the same table is already read (a second App in one process)
        _name, _fingerprint = name, stamp
        _table.clear()
        _table.update(_read(cache_path(name), stamp))


def _read(path: Path, stamp: str) -> dict[tuple, object]:
    from game.core import files

    try:
        payload = files.read_checked(path, MAGIC, MAX_BYTES, "text cache")
        if payload is None:
            return {}
        saved = marshal.loads(payload)
    except (files.FileProblem, OSError, EOFError, ValueError, TypeError):
        return {}
    if not (isinstance(saved, tuple) and len(saved) == 2 and saved[0] == stamp and isinstance(saved[1], dict)):
        return {}
    return saved[1]


def active() -> bool:
    return _fingerprint is not None


def ask(font, points: int, bold: bool, kind: str, *args):
    """`font.<kind>(*args)` for the font at `points` (bold or not), from the table when it has it.
    `font` is a function that opens the real font (only called on a miss)."""
    key = (kind, points, bold, *args)
    value = _table.get(key)
    if value is not None and _valid(kind, value):
        if _recording:
            _used.add(key)
        return list(value) if kind == "metrics" else value
    value = getattr(font(), kind)(*args)
    if _recording and _fingerprint is not None:
        _new[key] = tuple(value) if kind == "metrics" else value
    return value


def _valid(kind: str, value) -> bool:
    if kind == "size":
        return isinstance(value, tuple) and len(value) == 2
    if kind == "metrics":
        return isinstance(value, tuple)
    return isinstance(value, int)


def render(font, points: int, bold: bool, text: str, colour: tuple) -> pygame.Surface:
    """`font.render(text, True, colour)`, from the table when it has it."""
    key = ("render", points, bold, text, colour)
    entry = _table.get(key)
    if entry is not None:
        surface = _rebuild(entry, colour)
        if surface is not None:
            if _recording:
                _used.add(key)
            return surface
    surface = font().render(text, True, colour)
    if _recording and _fingerprint is not None and _keepable(surface):
        _new[key] = (surface.get_width(), surface.get_height(), pygame.image.tobytes(surface, "BGRA"))
    return surface


def _keepable(surface: pygame.Surface) -> bool:
    """A blended text in the 32-bit format rebuilding gives (an empty text is another format)."""
    return (surface.get_bitsize() == 32 and surface.get_flags() & pygame.SRCALPHA and surface.get_width() > 0
            and surface.get_masks() == (0xFF0000, 0xFF00, 0xFF, 0xFF000000))


def _pixels(width: int, height: int, colour: tuple, alpha: bytes) -> bytearray | None:
    """The BGRA bytes of a `colour` text whose alpha plane is `alpha`."""
    count = width * height
    if len(alpha) != count or len(colour) < 3:
        return None
    pixels = bytearray((colour[2], colour[1], colour[0], 0)) * count
    pixels[3::4] = alpha
    return pixels


def _rebuild(entry, colour: tuple) -> pygame.Surface | None:
    try:
        width, height, alpha = entry
        pixels = _pixels(width, height, colour, alpha)
        if pixels is None:
            return None
        return pygame.image.frombytes(bytes(pixels), (width, height), "BGRA")   # frombuffer: other flags
    except (TypeError, ValueError, pygame.error):
        return None


def _alpha_plane(key: tuple, width: int, height: int, pixels: bytes) -> bytes | None:
    """The alpha plane of a rendered text, or None if the text is not one colour (then it is not kept)."""
    alpha = pixels[3::4]
    return alpha if _pixels(width, height, key[4], alpha) == pixels else None


def _entry_bytes(key: tuple, value) -> int:
    """About what an entry adds to the file."""
    return 32 + sum(len(part) for part in key if isinstance(part, str)) + (
        len(value[2]) if key[0] == "render" else 16 * len(value) if key[0] == "metrics" else 8)


def end() -> None:
    """Stop recording; if this start asked something the table did not have, write the table of
    what it asked, in a background thread."""
    global _recording
    with _lock:
        was, _recording = _recording, False
        if not (was and _new):
            _new.clear()
            _used.clear()
            return
        # what earlier starts asked and this one did not stays, oldest first, for the next start
        # that deals other cards or another maze: the file keeps a union within MAX_KEPT_BYTES
        table = {key: value for key, value in _table.items() if key not in _used}
        table.update((key, _table[key]) for key in _used)
        new = dict(_new)
        _new.clear()
        _used.clear()
        path, stamp = cache_path(_name), _fingerprint
    global _saver
    _saver = threading.Thread(target=save, args=(path, stamp, table, new), name="text-memo-saver", daemon=True)
    _saver.start()


def wait() -> None:
    """Let a table being written finish (the program is ending: a daemon thread would be cut midway)."""
    saver = _saver
    if saver is not None:
        saver.join(timeout=5)


def save(path: Path, stamp: str | None, table: dict, new: dict) -> bool:
    """Write `table` and the `new` answers (rendered texts as alpha planes) to `path`; True when written."""
    from game.core import files, storage

    for key, value in new.items():
        if key[0] == "render":
            width, height, pixels = value
            alpha = _alpha_plane(key, width, height, pixels)
            if alpha is None:
                continue
            value = (width, height, alpha)
        table[key] = value
    size = sum(_entry_bytes(key, value) for key, value in table.items())
    for key in list(table):         # the oldest first: kept by an earlier start, unused since
        if size <= MAX_KEPT_BYTES and len(table) <= MAX_ENTRIES:
            break
        size -= _entry_bytes(key, table.pop(key))
    try:
        payload = marshal.dumps((stamp, table))
        storage.write_atomic(path, files.checked_bytes(MAGIC, payload))
    except (OSError, ValueError):
        return False
    with _lock:
        if _fingerprint == stamp and path == cache_path(_name):
            _table.update(table)
    return True


def forget() -> None:
    """Drop the table read (tests; a new `begin` reads it again)."""
    global _recording, _name, _fingerprint
    with _lock:
        _table.clear()
        _used.clear()
        _new.clear()
        _recording, _name, _fingerprint = False, "", None
