"""Commands of Robo Rally. Each lives in its own module; this file is only the table."""
from game.core.delegate import delegate

play = delegate("game.roborally.ui.scene:main", "roborally")                       # the pygame race
simulate = delegate("game.roborally.tools.simulate:main", "simulate roborally")    # AI-with-AI games
lint = delegate("game.roborally.levels.lint:main", "lint")                          # course checker
