"""Players written from the Robo Rescue: Origins rulebook alone, to measure the AI against
opponents it was not built with. This package never imports game.roborescue.ai and the AI never
imports it (import-linter contracts in .importlinter); a player reads only its seat view and the
legal choices, like a person at the table.

    random-legal  any legal choice, uniformly
    greedy        by its own measure (the points its four areas would score now, eligible or not):
                  the placement that adds most, a display card only when it adds 4 points or
                  more, the lowest area decommissioned, the best pair scored
    first-choice  always the first legal choice: the first card into the first area it fits,
                  never a display card, the first pair of areas offered for scoring
"""
from .players import FirstChoicePlayer, GreedyPlayer, RandomLegalPlayer

PARTNERS = {"random-legal": RandomLegalPlayer, "greedy": GreedyPlayer, "first-choice": FirstChoicePlayer}

__all__ = ["PARTNERS", "RandomLegalPlayer", "GreedyPlayer", "FirstChoicePlayer"]
