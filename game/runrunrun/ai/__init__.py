"""Run Run Run! AI Catventurers (levels random, greedy, easy, normal, hard)."""
from .player import CatAI, RandomPlayer, make_player

__all__ = ["make_player", "CatAI", "RandomPlayer"]
