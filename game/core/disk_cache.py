"""Small results kept on disk between runs, keyed by the files they were computed from.

Start-up speed on a Raspberry Pi (issue 16): something slow to compute but rarely changing
(the titles of every shipped map, read by parsing each map) is computed once and saved with
a fingerprint of its source files (path, size, modification time). Any change to a file
computes it again; a missing, damaged or unwritable cache only costs the slow path.
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Callable, Iterable

from game.core import files as file_layer, storage


def fingerprint(files: Iterable[Path]) -> str:
    """Path, size and modification time of each file, as one string compared whole (a few kB
    for the maps; no hash: importing hashlib loads OpenSSL, ~9 ms of a start-up, issue 26)."""
    lines = []
    for path in sorted(Path(p) for p in files):
        try:
            stat = path.stat()
            lines.append(f"{path}\0{stat.st_size}\0{stat.st_mtime_ns}")
        except OSError:
            lines.append(f"{path}\0missing")
    return "\n".join(lines)


def cached_json(name: str, files: Iterable[Path], compute: Callable[[], Any]) -> Any:
    """compute(), or its saved result if none of `files` changed since it was saved (JSON values only)."""
    key = fingerprint(files)
    try:
        path = storage.cache_dir() / f"{name}.json"
    except OSError:
        return compute()
    try:
        saved = file_layer.read_json(path, limit=64 << 20, what="cache")     # regular file, bounded
        if isinstance(saved, dict) and saved.get("key") == key:
            return saved["value"]
    except (file_layer.FileProblem, KeyError):
        pass
    value = compute()
    try:
        storage.write_atomic(path, json.dumps({"key": key, "value": value}))
    except OSError:
        pass
    return value
