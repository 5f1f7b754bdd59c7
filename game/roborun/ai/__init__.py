"""Robo Run AI players: read one seat's view, return one of the legal choices.

  player.py      RoboRunAI: determinize the view, search with the real engine, no-talking conventions
  board.py       board distances and static facts of a level (shortest moves to the exits)
  evaluate.py    how good a position is for the team
  seat_state.py  a full GameState consistent with a SeatView (hidden deck orders sampled)

`make_player(level, seed)` is the catalog's entry (game.catalog): levels "random", "easy",
"normal", "hard". The player keeps its own generator from `seed` and bounds its search by
checkpoints (player.CHECKS) rather than CPU time, so the same views and choices get the same
answers on any machine (the play screen and `simulate` use the same work budgets).
"""
from __future__ import annotations

import random
from typing import Sequence

from game.roborun.ai.player import CHECKS, LEVELS, RoboRunAI

__all__ = ["LEVELS", "RoboRunAI", "RoboRunPlayer", "make_player"]


class RoboRunPlayer:
    """One seat's player: a RoboRunAI of the given level, or any legal choice for "random"."""

    def __init__(self, level: str, seed: int) -> None:
        if level != "random" and level not in LEVELS:
            raise ValueError(f"unknown AI level {level!r} (choose from random, {', '.join(LEVELS)})")
        self.level = level
        self.rng = random.Random(seed)
        self.ai = None if level == "random" else RoboRunAI(level, checks=CHECKS[level])

    def choose(self, view, choices: Sequence):
        if self.ai is None:
            return self.rng.choice(list(choices))
        return self.ai.choose(view, list(choices), random.Random(self.rng.getrandbits(64)))


def make_player(level: str, seed: int) -> RoboRunPlayer:
    return RoboRunPlayer(level, seed)
