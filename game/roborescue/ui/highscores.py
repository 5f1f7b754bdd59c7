"""The local solo high-score table (the rulebook's score-tracking boxes, kept for you).

    load_table() -> tuple[list[HighScore], str | None]     # entries best first, warning if damaged
    record(score: int, when: str | None = None) -> tuple[int | None, str | None]
        # adds a finished solo game; returns (its 1-based place or None if it did not make the
        # top 10, warning). `when` is an ISO date; the caller passes it (today by default),
        # so the rules engine never reads the clock.

Saved atomically as JSON with `game.core.storage.save_json` in `data_dir()`, read through
game.core.files with SCHEMA. A damaged file is set aside by storage (renamed to a numbered
*.damaged, never over an earlier copy) and the warning handed to the caller; a table whose
entries are not well-formed is set aside the same way; a newer one is left untouched; a
save that fails is a warning, never an exception.
"""
from __future__ import annotations

import datetime
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from game.core.files import Field, Schema
from game.core.storage import damaged, data_dir, load_json, save_json
from game.roborescue.rules.scoring import rating

FILE_NAME = "roborescue-highscores.json"
TABLE_SIZE = 10
VERSION = 1
SCHEMA = Schema({"entries": Field(list, [], high=1000), "version": Field(int, VERSION, 0, VERSION)}, version=VERSION)


@dataclass(frozen=True)
class HighScore:
    score: int
    rating: str
    date: str   # ISO date, e.g. "2026-11-30"


def table_path() -> Path:
    return data_dir() / FILE_NAME


def _parse(raw: Any) -> list[HighScore] | None:
    if not isinstance(raw, dict) or not isinstance(raw.get("entries"), list):
        return None
    entries = []
    for item in raw["entries"]:
        if not (isinstance(item, dict) and isinstance(item.get("score"), int) and isinstance(item.get("date"), str)
                and not isinstance(item["score"], bool) and -10**6 <= item["score"] <= 10**6
                and len(item["date"]) <= 40):
            return None
        entries.append(HighScore(item["score"], rating(item["score"]), item["date"]))
    return sorted(entries, key=lambda e: -e.score)[:TABLE_SIZE]


def load_table() -> tuple[list[HighScore], str | None]:
    path = table_path()
    raw, warning = load_json(path, default=None, schema=SCHEMA)
    if raw is None:                 # missing, set aside or newer: storage said which
        return [], warning
    entries = _parse(raw)
    if entries is None or warning:
        return [], damaged(path, "entries: the high-score table has unexpected content")
    return entries, None


def record(score: int, when: str | None = None) -> tuple[int | None, str | None]:
    """Add a solo result; keep the best 10 (an equal score ranks below the older one)."""
    entries, warning = load_table()
    entry = HighScore(score, rating(score), when or datetime.date.today().isoformat())
    place = next((i for i, e in enumerate(entries) if score > e.score), len(entries))
    if place >= TABLE_SIZE:
        return None, warning
    entries.insert(place, entry)
    kept, _ = load_json(table_path(), default={}, schema=SCHEMA)        # unknown keys are kept
    failed = save_json(table_path(), {**kept, "version": VERSION, "entries": [asdict(e) for e in entries[:TABLE_SIZE]]})
    return place + 1, failed or warning
