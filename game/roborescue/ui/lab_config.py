"""What a Robo Rescue: Origins table is set up with: players, who sits where, options, seed.

Plain data shared by the set-up menu, the lab and the end screen (no scene imports another
scene's module to get it).
"""
from __future__ import annotations

from dataclasses import dataclass

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
        """'You' (the only human), 'Player 2', or 'Robot 3 (hard)' ('Robot 3' when short)."""
        humans = [s for s in range(self.n_players) if self.is_human(s)]
        if self.is_human(seat):
            return "You" if len(humans) == 1 else f"Player {seat + 1}"
        return f"Robot {seat + 1}" if short else f"Robot {seat + 1} ({self.seats[seat]})"
