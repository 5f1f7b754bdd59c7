"""What a ROBOMissions table is set up with: mode, seats (human or an AI level) and seed.

Plain data shared by the set-up menu, the table and the results screen (no scene imports
another scene's module to get it).
"""
from __future__ import annotations

import random
from dataclasses import dataclass

from game.core.errors import UserError

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
