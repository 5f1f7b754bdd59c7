"""Commands of this game. Each lives in its own module; this file is only the table."""
from game.core.delegate import delegate

play = delegate("game.roborescue.scene:main", "roborescue")                   # the pygame table
simulate = delegate("game.roborescue.simulate:main", "simulate roborescue")   # AI-with-AI games, JSON report
