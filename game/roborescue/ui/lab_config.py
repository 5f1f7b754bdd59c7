"""What a Robo Rescue: Origins table is set up with: players, who sits where, options, seed.

Plain data shared by the set-up menu, the lab and the end screen (no scene imports another
scene's module to get it).

A saved game (game.core.session) holds only the engine's set-up, the seed and the choices;
who sat in each seat (a human or an AI level) is the screen's business, so the lab keeps it
next to the save (`remember_seats`) and Continue reads it back (`remembered_seats`).
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from game.core.session import saved_game_path
from game.core import storage
from game.core.storage import load_json
from game.roborescue.ai import LEVELS

GAME_ID = "roborescue"

HUMAN = "human"


@dataclass
class GameConfig:
    """A table: how many players, who sits where ('human' or an AI level), the options."""

    n_players: int = 1
    seats: tuple[str, ...] = (HUMAN,)
    advanced: bool = False
    seed: int = 0

    def is_human(self, seat: int) -> bool:
        return self.seats[seat] == HUMAN

    def seat_name(self, seat: int, short: bool = False) -> str:
        """'You' (the only human), 'Player 2', or 'Player 3 (AI hard)' ('Player 3 (AI)' when short):
        the words the other games' seats use (issue 25: they were 'Robot 3' here only)."""
        humans = [s for s in range(self.n_players) if self.is_human(s)]
        if self.is_human(seat):
            return "You" if len(humans) == 1 else f"Player {seat + 1}"
        return f"Player {seat + 1} (AI)" if short else f"Player {seat + 1} (AI {self.seats[seat]})"


def seats_path() -> Path:
    """Where the seats of the saved game are kept (beside the save itself)."""
    return saved_game_path(GAME_ID).with_name(f"{GAME_ID}.seats.json")


def forget_seats() -> None:
    """The game is over (its save is gone): drop the note too."""
    seats_path().unlink(missing_ok=True)


def remember_seats(config: GameConfig) -> None:
    """Written by the background saver: an fsync when the lab opens stalled its first frame."""
    storage.save_later(seats_path(), {"seed": config.seed, "seats": list(config.seats)})


def remembered_seats(seed: int, players: int) -> tuple[str, ...]:
    """The seats stored for the saved game with this seed; seat 1 human and normal robots if
    the note is missing, damaged or belongs to another game."""
    data, _warning = load_json(seats_path(), {})
    seats = data.get("seats") if isinstance(data, dict) else None
    if (isinstance(data, dict) and data.get("seed") == seed and isinstance(seats, list) and len(seats) == players
            and all(s == HUMAN or s in LEVELS for s in seats)):
        return tuple(seats)
    return (HUMAN,) + ("normal",) * (players - 1)
