"""Robo Rescue: Origins AI players: they read only a seat's view (game.roborescue.rules.seat_view).

`make_player(level, seed)` is the catalog's way in: a player object with `.choose(view,
choices)` that owns its random generator, so a seed gives the same decisions again. The
levels (random, easy, normal, hard) are described in ai/bots.py.
"""
from __future__ import annotations

import random
from typing import Sequence

from game.roborescue.ai.bots import LEVELS, choose
from game.roborescue.rules.engine import Action, PlayerView

__all__ = ["LEVELS", "AIPlayer", "choose", "make_player"]


class AIPlayer:
    """One AI seat: a level and its own random stream."""

    def __init__(self, level: str, seed: int) -> None:
        if level not in LEVELS:
            raise ValueError(f"unknown AI level '{level}' (choose from: {', '.join(LEVELS)})")
        self.level = level
        self.rng = random.Random(seed)

    def choose(self, view: PlayerView, choices: Sequence[Action]) -> Action:
        return choose(view, choices, self.rng, self.level)


def make_player(level: str, seed: int) -> AIPlayer:
    """An AI player of `level` ("random", "easy", "normal" or "hard") seeded with `seed`."""
    return AIPlayer(level, seed)
