"""Players written from the ROBOMissions rulebook alone, to measure the AI against opponents and
with partners it was not built with. This package never imports game.robomissions.ai and the AI
never imports it (import-linter contracts in .importlinter); a player reads only its seat view
and the legal choices, like a person at the table.

    random-legal  any legal choice, uniformly
    greedy        by its own measure: attack whenever it can, at the robot it can knock out (else
                  the most damage it can do), otherwise build the biggest robot, repair, draw
    contrary      the rarely seen choices: backs out of each card once before playing it, plays
                  the weakest card and the odd action cards first, charges its weakest robot at
                  the sturdiest enemy, passes after one action, throws away its best card
"""
from .players import ContraryPlayer, GreedyPlayer, RandomLegalPlayer

PARTNERS = {"random-legal": RandomLegalPlayer, "greedy": GreedyPlayer, "contrary": ContraryPlayer}

__all__ = ["PARTNERS", "RandomLegalPlayer", "GreedyPlayer", "ContraryPlayer"]
