"""Atomic saves in the user's data folder; damaged saves set aside, never destroyed.

A save is written to a temporary file in the same folder, flushed and fsynced, then moved
over the old file with os.replace, so a crash or power cut leaves either the old save or
the new one, never a torn file; the temporary files of saves that were killed midway are
removed at the next start (clean_temp_files).

Every save is read through game.core.files (regular files only, size, depth and number
limits, a schema per file). A save that cannot be used is renamed aside to `<name>.damaged`,
`<name>.damaged.1`, ... (never over an earlier copy, and checked after the move), and the
caller gets a one-line warning to show the player on the screen that found it. A save written
by a newer version is left untouched and not overwritten during this run; only a new game's
save (take_over) sets it aside as `<name>.newer`, `<name>.newer.1`, ... first. Before the
first write of a file in a run, one that run did not read is checked (claim): a newer
version's is set aside as `.newer*`, one that cannot be used as `.damaged*`, so nothing found
on disk is ever overwritten, in this run or a later one. One that could not be moved aside is
not overwritten during this run. A write that fails (read-only folder, full disk, a data
folder that is a file) gives a one-line warning instead of an exception, and the game goes on.

Games save after every choice through one background thread (BackgroundSaver: save_later,
remove_later, wait_idle), so a frame never waits for the disk; the last request for a file
wins, a read of a file waits for its pending save, and the process waits for them at exit.
"""
from __future__ import annotations

import atexit
import json
import os
import re
import stat
import tempfile
import threading
import time
from pathlib import Path
from typing import Any, Callable

from game.core import files
from game.core.errors import UserError

_protected: set[str] = set()        # saves this run must not overwrite (newer version, could not set aside)
_newer: set[str] = set()            # of those, the ones a newer version wrote (a new game may set them aside)
_claimed: set[str] = set()          # saves this run has checked before its first write (claim)
_claim_lock = threading.Lock()      # the background saver claims from its thread
_readers: dict[str, Callable[[Any], None]] = {}   # file -> a check of its content (claim); raises UserError
_in_flight: set[str] = set()        # temp files this process is writing now (clean_temp_files leaves them)
_in_flight_lock = threading.Lock()
STARTED = time.time()               # temp files newer than this are a running save's, not a dead one's
CLOCK_SLACK = 2.0                   # FAT (SD cards) keeps modification times to 2 seconds
_TEMP = re.compile(r".+\.[A-Za-z0-9_]{8}\.tmp")   # tempfile.mkstemp(prefix=name + ".", suffix=".tmp")
MAX_ASIDE = 1000
_unreported: list[str] = []         # warnings not yet taken by a screen (take_warnings)
_warnings_lock = threading.Lock()   # the background saver notes warnings from its thread


def _note(warning: str | None) -> str | None:
    """Remember a warning until a screen takes it, so a file set aside deep inside a call
    that has no screen (a set-up helper) still reaches the player."""
    if warning:
        with _warnings_lock:
            if warning not in _unreported:
                _unreported.append(warning)
                del _unreported[:-20]
    return warning


def forget_run_state() -> None:
    """Start afresh as if the program had just started (tests run many 'runs' in one process)."""
    wait_idle()                         # an earlier run's saves land (and warn) before it is forgotten
    with _warnings_lock:
        _unreported.clear()
    _protected.clear()
    _newer.clear()
    with _claim_lock:
        _claimed.clear()


def take_warnings() -> list[str]:
    """Every warning since the last call (the client shows them over the current screen)."""
    with _warnings_lock:
        taken = list(_unreported)
        _unreported.clear()
    return taken


def data_dir() -> Path:
    """The folder for saves: $ROBOARCADE_HOME, else $XDG_DATA_HOME/robo-arcade, else ~/.local/share.

    It is created when possible; when it cannot be (a file in the way, a read-only disk)
    reads find nothing and writes report a warning, so the game still starts."""
    override = os.environ.get("ROBOARCADE_HOME")
    if override:
        path = Path(override)
    else:
        base = os.environ.get("XDG_DATA_HOME") or os.path.join(Path.home(), ".local", "share")
        path = Path(base) / "robo-arcade"
    try:
        path.mkdir(parents=True, exist_ok=True)
    except (OSError, ValueError):
        pass
    return path


def cache_dir() -> Path:
    """The folder for caches that are only ever re-computed, never lost progress (synthesised
    sounds, compiled dataclass methods, parsed maps): $ROBOARCADE_CACHE, else data_dir()/cache.

    The override lets many short-lived runs with their own save folders share one cache (the
    test suite gives each test a fresh save folder; without it every test that opened a window
    synthesised every sound again in a child process)."""
    override = os.environ.get("ROBOARCADE_CACHE")
    return Path(override) if override else data_dir() / "cache"


def write_atomic(path: Path, text: str | bytes) -> None:
    """Replace `path` with `text` (UTF-8, or bytes as they are) so that readers only ever see
    the old or the new content."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
    with _in_flight_lock:
        _in_flight.add(_key(Path(tmp)))
    try:
        with (os.fdopen(fd, "wb") if isinstance(text, bytes) else os.fdopen(fd, "w", encoding="utf-8")) as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise
    finally:
        with _in_flight_lock:
            _in_flight.discard(_key(Path(tmp)))
    try:  # make the rename itself durable where the platform allows it
        dir_fd = os.open(path.parent, os.O_RDONLY)
        try:
            os.fsync(dir_fd)
        finally:
            os.close(dir_fd)
    except OSError:
        pass


def save_json(path: Path, data: Any, take_over: bool = False) -> str | None:
    """Save `data` atomically. Returns None, or a one-line warning when it could not be saved.
    `take_over`: a newer version's file read this run is set aside rather than kept (claim)."""
    path = Path(path)
    try:
        text = json.dumps(data, indent=2, sort_keys=True, allow_nan=False) + "\n"
    except (TypeError, ValueError) as exc:
        return _note(f"{files._short(path)}: not saved ({exc})")
    refused = claim(path, data.get("version") if isinstance(data, dict) else None, take_over)
    if refused:
        return refused
    try:
        write_atomic(path, text)
    except OSError as exc:
        reason = files._reason(exc)
        blocking = next((p for p in path.parents if os.path.lexists(p)), None)
        if blocking is not None and not blocking.is_dir():
            reason = f"{files._short(blocking)} is a file, not a folder"
        return _note(f"{files._short(path)}: could not save ({reason}); the game goes on without it")
    return None


# ------------------------------------------------------------------ saves written off the frame
class BackgroundSaver:
    """One thread that writes saves (and removes finished games' saves) so a screen never waits
    for the disk: an atomic write with fsync takes 5-15 ms here and far more on an SD card.

    The caller takes the snapshot (`data`, a fresh JSON-ready structure such as
    GameSession.to_json()) in its frame; the thread serialises and writes it with save_json.
    Per file the last request wins: a request still queued is replaced by a newer one for the
    same file (the older snapshot is never written after it); a request already being written
    finishes, then the newer one is written. A write that fails is a one-line warning noted
    like any other (take_warnings), so the screen shows it as before. `wait_idle()` waits
    until everything asked so far is on disk: reads of a save (load_json, exists) call it
    for their file, screens call it when they close, and it runs at interpreter exit.
    """

    def __init__(self) -> None:
        self._cond = threading.Condition()
        self._queue: dict[str, tuple[Path, str, Any]] = {}   # file -> (path, "write"/"take over"/"remove", data)
        self._busy: str | None = None                        # the file being written now
        self._thread: threading.Thread | None = None
        self.written = 0                                     # requests carried out (tests, benches)
        self.dropped = 0                                     # older snapshots replaced before writing

    def save(self, path: Path, data: Any, take_over: bool = False) -> None:
        """Write `data` to `path` atomically, in the background (take_over: see save_json)."""
        self._put(Path(path), "take over" if take_over else "write", data)

    def remove(self, path: Path, version: int | None = None) -> None:
        """Remove `path` in the background (after any write of it asked for earlier); a file
        written by a version newer than `version` is set aside instead (remove_save)."""
        self._put(Path(path), "remove", version)

    def _put(self, path: Path, op: str, data: Any) -> None:
        key = _key(path)
        with self._cond:
            if self._queue.pop(key, None) is not None:
                self.dropped += 1
            self._queue[key] = (path, op, data)
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._run, name="robo-arcade-saver", daemon=True)
                self._thread.start()
            self._cond.notify_all()

    def pending(self, path: Path | None = None) -> bool:
        """True while a save (of `path`, or of any file) is queued or being written."""
        with self._cond:
            return self._pending(None if path is None else _key(Path(path)))

    def _pending(self, key: str | None) -> bool:
        if key is None:
            return bool(self._queue) or self._busy is not None
        return key in self._queue or self._busy == key

    def wait_idle(self, path: Path | None = None, timeout: float | None = None) -> bool:
        """Wait until every save asked for so far (of `path`, or all) is done; False on timeout."""
        key = None if path is None else _key(Path(path))
        with self._cond:
            if threading.current_thread() is self._thread:
                return not self._pending(key)       # never wait for ourselves
            return self._cond.wait_for(lambda: not self._pending(key), timeout)

    def _run(self) -> None:
        while True:
            with self._cond:
                self._cond.wait_for(lambda: bool(self._queue))
                key = next(iter(self._queue))
                path, op, data = self._queue.pop(key)
                self._busy = key
            try:
                _carry_out(path, op, data)
            except Exception as exc:  # noqa: BLE001 - the game goes on; the player is told
                _note(f"{files._short(path)}: could not save ({exc.__class__.__name__}: {exc}); "
                      "the game goes on without it")
            finally:
                with self._cond:
                    self._busy = None
                    self.written += 1
                    self._cond.notify_all()


def _carry_out(path: Path, op: str, data: Any) -> None:
    if op in ("write", "take over"):
        save_json(path, data, take_over=op == "take over")
    else:
        remove_save(path, data)


def remove_save(path: Path, version: int | None = None) -> str | None:
    """Remove a save this run wrote (a finished game's); what a version newer than `version`
    wrote, or a damaged file nobody read, is set aside instead (claim). A one-line warning or None."""
    path = Path(path)
    refused = claim(path, version, take_over=True)
    if refused:
        return refused
    try:
        path.unlink()
    except FileNotFoundError:
        pass
    except OSError as exc:
        return _note(f"{files._short(path)}: could not remove the finished game's save ({files._reason(exc)})")
    return None


saver = BackgroundSaver()


def save_later(path: Path, data: Any, take_over: bool = False) -> None:
    """Save `data` (a snapshot taken now) to `path` atomically, off the caller's frame."""
    saver.save(path, data, take_over)


def remove_later(path: Path, version: int | None = None) -> None:
    """Remove the save at `path` off the caller's frame (in order with its writes)."""
    saver.remove(path, version)


def wait_idle(path: Path | None = None, timeout: float | None = None) -> bool:
    """Wait until the background saves asked for so far (of `path`, or all) are on disk."""
    return saver.wait_idle(path, timeout)


atexit.register(wait_idle, None, 30.0)   # the last save reaches the disk before the process ends (a dead disk: 30 s at most)


def protect(path: Path) -> None:
    """Never overwrite `path` during this run."""
    _protected.add(_key(Path(path)))


def _key(path: Path) -> str:
    return os.path.abspath(path)


def claim(path: Path, version: Any = None, take_over: bool = False) -> str | None:
    """Before this run first writes or removes `path`: a file there that is not a save this
    build can call its own is set aside, never overwritten. One written by a newer version
    (its "version" above `version`, the version about to be written) goes to `<name>.newer[.N]`,
    one that cannot be read as a JSON object to `<name>.damaged[.N]`; each move is a one-line
    warning for the screen (take_warnings). Checked once per file per run (a file read with
    load_json counts as checked). A newer version's file that load_json read this run stays
    protected (settings, progress and high scores are not written over it, nor moved) unless
    `take_over` (a new game's save, a finished game's removal), which sets it aside. Returns
    None when the file may be written now, or a one-line warning when it must stay as it is."""
    path = Path(path)
    key = _key(path)
    with _claim_lock:
        if key in _protected and not (take_over and key in _newer):
            return _note(f"{files._short(path)}: not saved, so the file found there at start-up stays untouched")
        _protected.discard(key)
        if key in _claimed:
            return None
        problem, label = _foreign(path, version)
        if problem is None:
            _claimed.add(key)
            return None
        aside = set_aside(path, label)
        if aside is None:
            _protected.add(key)
            return _note(f"{problem}; it could not be moved aside, so it is left as it is and not overwritten")
        _claimed.add(key)
        _note(f"{problem}; moved aside to {aside.name}, so nothing overwrites it")
        return None


def check_before_claiming(path: Path, check: Callable[[Any], None]) -> None:
    """Let claim test the content found at `path` with `check` (which raises UserError when the
    content is of no use, e.g. a saved game whose choices do not replay), so a save that reads
    as JSON but is damaged is set aside too, not written over by a new game."""
    _readers[_key(Path(path))] = check


def _foreign(path: Path, version: Any) -> tuple[str | None, str]:
    """Why the file at `path` must not be overwritten, and the label to set it aside with."""
    where = files._short(path)
    if not os.path.lexists(path):
        return None, ""
    try:
        data = files.read_json(path, what="save")
    except files.Missing:               # a dangling link: the save replaces the link, not its target
        return None, ""
    except files.FileProblem as exc:
        return str(exc), "damaged"
    if not isinstance(data, dict):
        return f"{where}: the top level is not a JSON object", "damaged"
    theirs = data.get("version")
    if (isinstance(version, int) and isinstance(theirs, int) and not isinstance(theirs, bool)
            and theirs > version):
        return f"{where}: written by a newer Robo Arcade (version {theirs}; this one writes {version})", "newer"
    check = _readers.get(_key(path))
    if check is not None:
        try:
            check(data)
        except UserError as exc:
            return str(exc), "damaged"
        except Exception as exc:  # noqa: BLE001 - whatever the content did, it is kept, not lost
            return f"{where}: cannot be used ({exc.__class__.__name__})", "damaged"
    return None, ""


def set_aside(path: Path, label: str = "damaged") -> Path | None:
    """Rename `path` to the first free `<name>.<label>[.N]`; the new path, or None if it stayed.

    Nothing is ever overwritten: each candidate is checked with lexists (a `.damaged` that is
    a folder is simply skipped), regular files are moved by hard link + unlink, which fails
    rather than replace, and the move is verified before it is reported."""
    path = Path(path)
    for number in range(MAX_ASIDE):
        aside = path.with_name(f"{path.name}.{label}" + (f".{number}" if number else ""))
        if os.path.lexists(aside):
            continue
        try:
            if path.is_file() and not path.is_symlink():
                os.link(path, aside)            # fails with EEXIST instead of replacing
                os.unlink(path)
            else:
                os.rename(path, aside)
        except FileExistsError:
            continue
        except OSError:
            try:
                os.rename(path, aside)
            except OSError:
                return None
        if os.path.lexists(aside) and not os.path.lexists(path):
            return aside
        return None
    return None


def load_json(path: Path, default: Any = None, schema: files.Schema | None = None) -> tuple[Any, str | None]:
    """Load a JSON save (always a JSON object). Returns (data, warning).

    A missing file gives (default, None). A file that cannot be used (not a regular file,
    too large, not UTF-8, not JSON, too deep, a top level that is not an object) is set
    aside and gives (default, one-line warning). With a schema, the fields are checked:
    bad ones take their defaults (named in the warning), unknown keys are kept, and a newer
    `version` gives (default, warning) with the file left untouched and protected."""
    path = Path(path)
    where = files._short(path)
    saver.wait_idle(path)           # a save of this file still being written lands first
    try:
        data = files.read_json(path, what="save")
        checked = files.apply_schema(data, schema or files.Schema({}), where)
    except files.Missing:
        return default, None
    except files.NewerVersion as exc:   # left as it is; only a new game's save sets it aside (claim)
        protect(path)
        with _claim_lock:
            _newer.add(_key(path))
            _claimed.discard(_key(path))     # written by another program since this run's last save
        return default, _note(str(exc))
    except files.FileProblem as exc:
        return default, _aside_warning(path, str(exc))
    with _claim_lock:                   # readable and not newer: this run may write over it
        _claimed.add(_key(path))
    warning = None
    if checked.problems:
        others = checked.bad_fields[1:]
        warning = checked.problems[0] + (f" (also reset: {', '.join(others)})" if others else "")
    return checked.merged(), _note(warning)


def damaged(path: Path, problem: str) -> str:
    """Set aside a save whose content a reader could not use; the one-line warning."""
    return _aside_warning(Path(path), f"{files._short(path)}: {problem}")


def _aside_warning(path: Path, problem: str) -> str:
    if not os.path.lexists(path):
        return _note(f"{problem}; using defaults")
    aside = set_aside(path)
    if aside is None:
        protect(path)
        return _note(f"{problem}; it could not be moved aside, so it is left as it is and not overwritten")
    return _note(f"{problem}; moved aside to {aside.name}")


def clean_temp_files(folder: Path | None = None, older_than: float | None = None) -> int:
    """Remove the temporary files of saves that were interrupted (`<name>.XXXXXXXX.tmp`).

    Only files last written before `older_than` (default: when this process started, less the
    2 s a FAT card rounds to) and not being written by this process: a screen that starts
    while its first save is in flight (a new race queues one before the App exists) must not
    delete that save's temp file, nor one of a second copy of the game started earlier."""
    removed = 0
    base = Path(folder) if folder is not None else data_dir()
    cutoff = STARTED - CLOCK_SLACK if older_than is None else older_than
    # ... and of start-up caches written in the background by a process killed midway
    for where in (base, base / "games", *([cache_dir()] if folder is None else [])):
        try:
            names = os.listdir(where)
        except OSError:
            continue
        for name in names:
            if not _TEMP.fullmatch(name):
                continue
            target = where / name
            with _in_flight_lock:
                if _key(target) in _in_flight:
                    continue
            try:
                info = target.lstat()
                if stat.S_ISREG(info.st_mode) and info.st_mtime < cutoff:
                    target.unlink()
                    removed += 1
            except OSError:
                pass
    return removed


def require_json(path: Path) -> Any:
    """Load a JSON file the user named (a replay, card data); raise UserError on any problem."""
    try:
        return files.read_json(Path(path))
    except files.FileProblem as exc:
        raise UserError(exc.where, exc.what) from None


# ------------------------------------------------------------------ command outputs
def check_output(path: Path | str, what: str = "output file", create_folders: bool = False) -> Path:
    """Before a command does its work: `path` names a file that can be written (its folder
    exists, or can be made with `create_folders`, and is writable; it is not a folder; the
    name is not too long); else UserError."""
    path = Path(path)
    where = files._short(path)
    if len(path.name.encode("utf-8", "surrogateescape")) > 255 or len(str(path)) > 4000:
        raise UserError(where, f"the {what} name is too long")
    if path.is_dir():
        raise UserError(where, f"is a folder; give a file name for the {what}")
    folder = path.parent if str(path.parent) else Path(".")
    if create_folders:
        folder = next((p for p in (folder, *folder.parents) if os.path.lexists(p)), Path("."))
    if not folder.is_dir():
        state = "is a file, not a folder" if os.path.lexists(folder) else "does not exist"
        raise UserError(where, f"folder '{files._short(folder)}' {state}")
    if not os.access(folder, os.W_OK | os.X_OK) or (path.exists() and not os.access(path, os.W_OK)):
        raise UserError(where, f"cannot write the {what} there (permission denied)")
    return path


def write_output(path: Path | str, text: str) -> tuple[Path, str | None]:
    """Write a finished result; if `path` cannot be written, write it to the data folder (else
    the temp folder) instead. Returns (where it went, one-line note when it moved)."""
    path = Path(path)
    try:
        write_atomic(path, text)
        return path, None
    except (OSError, ValueError) as exc:
        reason = files._reason(exc) if isinstance(exc, OSError) else str(exc)
    name = path.name[-100:] or "result.json"
    for folder in (data_dir() / "results", Path(tempfile.gettempdir())):
        target = folder / name
        try:
            write_atomic(target, text)
        except OSError:
            continue
        return target, f"{files._short(path)}: cannot write there ({reason}); saved to {target} instead"
    raise UserError(files._short(path), f"cannot write the result anywhere ({reason})")
