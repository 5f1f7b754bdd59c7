"""ROBOMissions AI players: they read only a seat's view (game.robomissions.rules.seat_view).

`make_player(level, seed)` is the catalog's way in: a player object with `.choose(view,
choices)` that owns its random generator, so a seed gives the same decisions again. The
levels (random, easy, normal, hard) are described in ai/bots.py.
"""
from __future__ import annotations

import random
from typing import Sequence

from game.robomissions.ai.bots import LEVELS, Bot, choose, focus_enemy, make_bot
from game.robomissions.rules.engine import Action
from game.robomissions.rules.view import SeatView

__all__ = ["LEVELS", "AIPlayer", "choose", "focus_enemy", "make_bot", "make_player"]


class AIPlayer:
    """One AI seat: a bot of `level` and its own random stream."""

    def __init__(self, level: str, seed: int) -> None:
        self.level = level
        self.bot: Bot = make_bot(level)
        self.rng = random.Random(seed)

    def choose(self, view: SeatView, choices: Sequence[Action]) -> Action:
        return self.bot.choose(view, list(choices), self.rng)


def make_player(level: str, seed: int) -> AIPlayer:
    """An AI player of `level` ("random", "easy", "normal" or "hard") seeded with `seed`."""
    return AIPlayer(level, seed)
