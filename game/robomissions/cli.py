"""Commands of this game. Each lives in its own module; this file is only the table."""
from game.core.delegate import delegate

play = delegate("game.robomissions.ui.scene:main", "robomissions")                   # the pygame table
simulate = delegate("game.robomissions.tools.simulate:main", "simulate robomissions")   # AI-with-AI games, JSON report
