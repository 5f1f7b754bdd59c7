"""Compiled dataclass methods kept on disk between runs (issue 26: the first frame's CPU).

`@dataclass` writes the source of each class's __init__, __repr__, __eq__ (and, frozen,
__setattr__, __delattr__, __hash__) as text and compiles it with exec() every time the module
is imported: .pyc files do not keep them. The rules, AIs and screens of a game define 50 to 100
dataclasses, so starting Robo Run spent about a fifth of its CPU to the first frame parsing
and compiling these ~230 small functions, the largest cost after pygame itself.

`install(name)` gives the dataclasses module an `exec` that looks the source text up in a table
of code objects read from `cache/dataclass-code-<name>-<python>.marshal` in the data folder (one
table per command; each code object stays marshalled bytes until a class asks for it, so a
start unmarshals only the methods it defines) and compiles
only what is missing (the same `compile` call, so the functions are identical); `save()` writes
the table back when something was added. The file is keyed by the exact interpreter (marshal's
code format changes between versions); a missing, damaged or unwritable file only costs the
compiling. Like the interpreter's own .pyc files, the cache is trusted code: it lives in the
player's own data folder.
"""
from __future__ import annotations

import builtins
import marshal
import sys
import threading
from pathlib import Path
from types import CodeType

MAX_BYTES = 8 << 20       # far above the ~300 kB all five games need; a larger file is not read
MAX_ENTRIES = 4096        # past this, only the entries this run used are written back
FORMAT = 4                # in the file name: a table written by an earlier way of compiling is not read
MAGIC = b"RADC"           # then the CRC-32 of the marshalled table: a damaged file is never unmarshalled

_codes: dict[str, CodeType | bytes] = {}     # source text -> code (marshalled until first used), read from disk
_new: dict[str, CodeType] = {}       # compiled this run, not on disk yet
_used: set[str] = set()
_lock = threading.Lock()
_installed = False
_loaded = False           # the table is read (install() or the first dataclass after it)
_loading = False
_name = "main"


def command() -> str:
    """The command whose caches this process uses ("main" before `install`): other start-up
    caches (game.client.text_memo) are kept per command too."""
    return _name


def cache_path() -> Path:
    from game.core import storage

    tag = f"{_name}-{sys.implementation.cache_tag}-{sys.hexversion:x}-v{FORMAT}"
    return storage.cache_dir() / f"dataclass-code-{tag}.marshal"


def _exec(source, globals=None, locals=None):
    """builtins.exec, with a dataclass method's source text compiled at most once per machine."""
    if isinstance(source, str):
        if not _loaded:
            _load()
        code = _codes.get(source)
        if type(code) is bytes:
            code = _codes[source] = _code(code)
        code = code or _new.get(source)
        if code is None:
            # dont_inherit: compiled as dataclasses' own exec() would, without this module's
            # `from __future__ import annotations` (which would turn the methods' annotations into strings)
            code = _new[source] = compile(source, "<string>", "exec", dont_inherit=True)
        _used.add(source)
        source = code
    return builtins.exec(source, globals, locals)


def _code(marshalled: bytes) -> CodeType | None:
    """A code object kept marshalled in the table: only what this start defines is unmarshalled
    (a game's table also holds the methods of every screen opened after its first frame)."""
    try:
        code = marshal.loads(marshalled)
    except (EOFError, ValueError, TypeError):
        return None
    return code if isinstance(code, CodeType) else None


def install(name: str = "main") -> None:
    """Use the disk cache `name` (a command: letters only) for every dataclass defined from now on
    (once per process)."""
    global _installed, _name
    if _installed:
        return
    _installed = True
    _name = "".join(ch for ch in name if ch.isalnum())[:32] or "main"
    import dataclasses

    if getattr(dataclasses, "_create_fn", None) is None:   # another Python's dataclasses: nothing to do
        return
    dataclasses.exec = _exec       # a module global shadows the builtin inside dataclasses only
    # The table is read through game.core.files, which defines dataclasses itself: imported
    # here, its first dataclass reads the table (its reading functions come before its
    # dataclasses), so even those methods come from the table, not the compiler.
    from game.core import files  # noqa: F401
    _load()


def _load() -> None:
    """Read the table, once (at install, or at the first dataclass defined while game.core.files
    is being imported); if files is not far enough in its own import, at the next dataclass."""
    global _loaded, _loading
    if _loaded or _loading:
        return
    _loading = True
    try:
        table = _read()
    except (AttributeError, ImportError):      # game.core.files half imported: try again later
        return
    finally:
        _loading = False
    with _lock:
        _loaded = True
        _codes.update(table)
        for text in [text for text in _new if text in table]:
            del _new[text]


def _read() -> dict[str, bytes]:
    from game.core import files

    try:
        payload = files.read_checked(cache_path(), MAGIC, MAX_BYTES, "dataclass code cache")
        if payload is None:
            return {}          # damaged (or not ours): marshal is not safe against broken code objects
        table = marshal.loads(payload)
    except (files.FileProblem, OSError, EOFError, ValueError, TypeError):
        return {}
    if not isinstance(table, dict):
        return {}
    return {text: code for text, code in table.items() if isinstance(text, str) and isinstance(code, bytes)}


def save(path: Path | None = None) -> bool:
    """Write the table (to `path`, else cache_path()) if this run compiled something new; True when written."""
    from game.core import files, storage

    with _lock:
        if not _new or not _installed:
            return False
        table = {**_codes, **_new}
        if len(table) > MAX_ENTRIES:
            table = {text: code for text, code in table.items() if text in _used}
        try:
            payload = marshal.dumps({text: code if isinstance(code, bytes) else marshal.dumps(code)
                                     for text, code in table.items() if code is not None})
            storage.write_atomic(path or cache_path(), files.checked_bytes(MAGIC, payload))
        except (OSError, ValueError):
            return False
        _codes.update(_new)
        _new.clear()
        return True


def save_in_background() -> None:
    """save() off the caller's frame (the App calls this after its first frame)."""
    if _new and _installed:      # the path now: the data folder may change later (tests)
        threading.Thread(target=save, args=(cache_path(),), name="dataclass-code-saver", daemon=True).start()
