"""Atomic saves in the user's data folder.

A save is written to a temporary file in the same folder, flushed and fsynced, then moved
over the old file with os.replace, so a crash or power cut leaves either the old save or
the new one, never a torn file. A damaged save is renamed aside (never deleted) and reported.
"""
from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any

from game.core.errors import UserError


def data_dir() -> Path:
    """The folder for saves: $ROBOARCADE_HOME, else $XDG_DATA_HOME/robo-arcade, else ~/.local/share."""
    override = os.environ.get("ROBOARCADE_HOME")
    if override:
        path = Path(override)
    else:
        base = os.environ.get("XDG_DATA_HOME") or os.path.join(Path.home(), ".local", "share")
        path = Path(base) / "robo-arcade"
    path.mkdir(parents=True, exist_ok=True)
    return path


def write_atomic(path: Path, text: str) -> None:
    """Replace `path` with `text` so that readers only ever see the old or the new content."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
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
    try:  # make the rename itself durable where the platform allows it
        dir_fd = os.open(path.parent, os.O_RDONLY)
        try:
            os.fsync(dir_fd)
        finally:
            os.close(dir_fd)
    except OSError:
        pass


def save_json(path: Path, data: Any) -> None:
    write_atomic(path, json.dumps(data, indent=2, sort_keys=True) + "\n")


def load_json(path: Path, default: Any = None) -> tuple[Any, str | None]:
    """Load a JSON save. Returns (data, warning).

    A missing file gives (default, None). A damaged file is moved aside to `<name>.damaged`
    and gives (default, one-line warning) so the caller can tell the player without crashing.
    """
    path = Path(path)
    if not path.exists():
        return default, None
    try:
        return json.loads(path.read_text(encoding="utf-8")), None
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        aside = path.with_name(path.name + ".damaged")
        try:
            os.replace(path, aside)
        except OSError:
            pass
        detail = getattr(exc, "msg", None) or exc.__class__.__name__
        where = f"{path}" + (f" line {exc.lineno}" if isinstance(exc, json.JSONDecodeError) else "")
        return default, f"{where}: damaged save ({detail}); moved aside to {aside.name}"


def require_json(path: Path) -> Any:
    """Load a JSON file the user named (a replay, card data); raise UserError on any problem."""
    path = Path(path)
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise UserError(str(path), "file not found") from None
    except json.JSONDecodeError as exc:
        raise UserError(f"{path} line {exc.lineno} column {exc.colno}", f"invalid JSON ({exc.msg})") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise UserError(str(path), f"cannot read ({exc.__class__.__name__})") from None
