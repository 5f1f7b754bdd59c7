"""The client's window on game/catalog.py: scene factories for the title and game select.

The catalog names every part of every game by dotted path; this module turns an entry's
`entry`, `demo` or `resume` path into the function that makes that scene, imported lazily so
the title opens fast and a game still being built simply shows as unavailable.
"""
from __future__ import annotations

from game.catalog import GAMES, GameEntry, load

__all__ = ["GAMES", "GameEntry", "load", "load_entry"]


def load_entry(entry: GameEntry, which: str = "entry"):
    """The scene factory named by `which` ("entry", "demo" or "resume"), or None when not available."""
    return load(getattr(entry, which))
