"""Which games' first-game tutorials have been seen: one small save shared by every game.

A game shows its tutorial over the first game started from its set-up menu and calls
`mark_tutorial_done` when the player closes it (at the end or early), so it never shows again.
Robo Run keeps its own flag in its campaign progress, where it predates this file.
"""
from __future__ import annotations

from game.core import storage

TUTORIAL_FILE = "tutorials.json"   # {game id: true} once that game's first-game tutorial was closed


def tutorial_due(game_id: str) -> bool:
    """True until `game_id`'s first-game tutorial has been closed once."""
    data, _warning = storage.load_json(storage.data_dir() / TUTORIAL_FILE, default={})
    return not (isinstance(data, dict) and data.get(game_id) is True)


def mark_tutorial_done(game_id: str) -> None:
    path = storage.data_dir() / TUTORIAL_FILE
    data, _warning = storage.load_json(path, default={})
    storage.save_json(path, {**(data if isinstance(data, dict) else {}), game_id: True})
