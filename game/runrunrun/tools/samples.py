"""Small configs the conformance suite plays (game/catalog.py 'samples')."""
from game.runrunrun.rules.engine import Config


def conformance_configs():
    return [("solo-standard", Config(1, "standard")), ("two-difficult", Config(2, "difficult")),
            ("four-insane", Config(4, "insane"))]
