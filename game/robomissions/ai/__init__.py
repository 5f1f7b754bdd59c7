"""ROBOMissions AI players (they read only a seat's view)."""
from game.robomissions.ai.bots import LEVELS, choose, focus_enemy, make_bot

__all__ = ["LEVELS", "choose", "focus_enemy", "make_bot"]
