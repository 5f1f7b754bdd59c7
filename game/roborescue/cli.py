"""Commands of this game. Each lives in its own module; this file is only the table."""
from game.core.delegate import delegate

play = delegate("game.roborescue.ui.scene:main", "roborescue")                   # the pygame table
simulate = delegate("game.roborescue.tools.simulate:main", "simulate roborescue")   # AI-with-AI games, JSON report
