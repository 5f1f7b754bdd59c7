"""Robo Rescue: Origins AI players (they read only a seat's view)."""
from game.roborescue.ai.bots import LEVELS, choose

__all__ = ["LEVELS", "choose"]
