"""Commands of Run Run Run!. Each lives in its own module; this file is only the table."""
from game.core.delegate import delegate

play = delegate("game.runrunrun.ui.scene:main", "runrunrun")                          # the pygame maze
simulate = delegate("game.runrunrun.tools.simulate:main", "simulate runrunrun")      # AI-with-AI games, JSON
