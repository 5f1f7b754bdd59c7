"""Partners written from the Run Run Run! rulebook alone, to measure the AI with players it was
not built with (ad-hoc teamwork). This package never imports game.runrunrun.ai and the AI never
imports it (an import-linter contract in .importlinter); it reads only a seat view and the legal
choices, like a person at the table. None of them talks: they never say a plan or mark a room.

    sensible  plays the rulebook's advice: guards the Vault, fights Mummies near it, builds triangles
    noisy     sensible, but one decision in five is any legal move
    hasty     explores greedily for its own triangles, fights only a Mummy at the Vault's door or a
              Boss in its path, never calls or joins a Regroup and shares nothing
"""
from .players import HastyPlayer, NoisyPlayer, SensiblePlayer

PARTNERS = {"sensible": SensiblePlayer, "noisy": NoisyPlayer, "hasty": HastyPlayer}

__all__ = ["PARTNERS", "SensiblePlayer", "NoisyPlayer", "HastyPlayer"]
