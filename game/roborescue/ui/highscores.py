"""The local solo high-score table (the rulebook's score-tracking boxes, kept for you).

    load_table() -> tuple[list[HighScore], str | None]     # entries best first, warning if damaged
    record(score: int, when: str | None = None) -> tuple[int | None, str | None]
        # adds a finished solo game; returns (its 1-based place or None if it did not make the
        # top 10, warning). `when` is an ISO date; the caller passes it (today by default),
        # so the rules engine never reads the clock.

Saved atomically as JSON with `game.core.storage.save_json` in `data_dir()`. A damaged file is
set aside by `storage.load_json` (renamed to *.damaged) and the warning handed to the caller;
entries that are not well-formed are dropped the same way, with a warning.
"""
from __future__ import annotations

import datetime
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from game.core.storage import data_dir, load_json, save_json
from game.roborescue.rules.scoring import rating

FILE_NAME = "roborescue-highscores.json"
TABLE_SIZE = 10


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
        if not (isinstance(item, dict) and isinstance(item.get("score"), int) and isinstance(item.get("date"), str)):
            return None
        entries.append(HighScore(item["score"], rating(item["score"]), item["date"]))
    return sorted(entries, key=lambda e: -e.score)[:TABLE_SIZE]


def load_table() -> tuple[list[HighScore], str | None]:
    path = table_path()
    raw, warning = load_json(path, default={"entries": []})
    entries = _parse(raw)
    if entries is None:
        aside = path.with_name(path.name + ".damaged")
        path.replace(aside)
        return [], f"{path}: high-score table has unexpected content; moved aside to {aside.name}"
    return entries, warning


def record(score: int, when: str | None = None) -> tuple[int | None, str | None]:
    """Add a solo result; keep the best 10 (an equal score ranks below the older one)."""
    entries, warning = load_table()
    entry = HighScore(score, rating(score), when or datetime.date.today().isoformat())
    place = next((i for i, e in enumerate(entries) if score > e.score), len(entries))
    if place >= TABLE_SIZE:
        return None, warning
    entries.insert(place, entry)
    save_json(table_path(), {"entries": [asdict(e) for e in entries[:TABLE_SIZE]]})
    return place + 1, warning
