"""What a ROBOMissions table is set up with: mode, seats (human or an AI level) and seed.

Plain data shared by the set-up menu, the table and the results screen (no scene imports
another scene's module to get it).

A saved game (game.core.session) holds only the engine's set-up, the seed and the choices;
who sat in each seat (a human or an AI level) is the screen's business, so the table keeps
it next to the save (`remember_seats`) and Continue reads it back (`remembered_seats`).
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from pathlib import Path

from game.core.errors import UserError
from game.core.session import saved_game_path
from game.core import storage
from game.core.storage import load_json

GAME_ID = "robomissions"

MODES = ("ffa", "2v1", "2v2")
MODE_NAMES = {"ffa": "Free for All", "2v1": "2 vs 1", "2v2": "2 vs 2"}
MODE_PLAYERS = {"2v1": 3, "2v2": 4}          # team modes fix the player count
AI_LEVELS = ("random", "easy", "normal", "hard")
SEAT_KINDS = ("human",) + AI_LEVELS
MIN_PLAYERS, MAX_PLAYERS = 2, 4


@dataclass
class TableConfig:
    """Everything needed to deal a game: mode, seats (\"human\" or an AI level) and the seed."""

    mode: str = "ffa"
    seats: tuple[str, ...] = ("human", "normal", "normal")
    seed: int = 0

    @property
    def n_players(self) -> int:
        return len(self.seats)

    def humans(self) -> list[int]:
        return [seat for seat, kind in enumerate(self.seats) if kind == "human"]


def make_config(mode: str, players: int | None, humans: int, ai: str, seed: int | None) -> TableConfig:
    """Validate command-line style choices into a config (UserError names the bad option)."""
    if mode not in MODES:
        raise UserError("command line", f"--mode must be one of: {', '.join(MODES)}")
    if players is None:
        players = MODE_PLAYERS.get(mode, 3)
    if mode in MODE_PLAYERS and players != MODE_PLAYERS[mode]:
        raise UserError("command line", f"--mode {mode} is played by exactly {MODE_PLAYERS[mode]} players")
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise UserError("command line", f"--players must be {MIN_PLAYERS} to {MAX_PLAYERS}")
    if not 0 <= humans <= players:
        raise UserError("command line", f"--humans must be 0 to {players}")
    if ai not in AI_LEVELS:
        raise UserError("command line", f"--ai must be one of: {', '.join(AI_LEVELS)}")
    seats = tuple("human" if seat < humans else ai for seat in range(players))
    return TableConfig(mode, seats, random.randrange(1 << 30) if seed is None else seed)


def seats_path() -> Path:
    """Where the seats of the saved game are kept (beside the save itself)."""
    return saved_game_path(GAME_ID).with_name(f"{GAME_ID}.seats.json")


def forget_seats() -> None:
    """The game is over (its save is gone): drop the note too."""
    seats_path().unlink(missing_ok=True)


def remember_seats(config: TableConfig) -> None:
    """Written by the background saver: an fsync when the table opens stalled its first frame."""
    storage.save_later(seats_path(), {"seed": config.seed, "mode": config.mode, "seats": list(config.seats)})


def remembered_seats(seed: int, mode: str, players: int) -> tuple[str, ...]:
    """The seats stored for the saved game with this seed; seat 1 human and normal AIs if the
    note is missing, damaged or belongs to another game."""
    data, _warning = load_json(seats_path(), {})
    seats = data.get("seats") if isinstance(data, dict) else None
    if (isinstance(data, dict) and data.get("seed") == seed and data.get("mode") == mode and isinstance(seats, list)
            and len(seats) == players and all(s in SEAT_KINDS for s in seats)):
        return tuple(seats)
    return ("human",) + ("normal",) * (players - 1)
