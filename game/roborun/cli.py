"""Robo Run commands. Each lives in its own module; this file is only the table."""
from game.core.delegate import delegate

play = delegate("game.roborun.ui.play_scene:main", "roborun")                    # the pygame client
lint = delegate("game.roborun.levels.lint:main", "lint")                         # map checker
solve = delegate("game.roborun.levels.solver:main", "solve")                     # winning-line search
replay = delegate("game.roborun.tools.replay:main", "replay")                    # headless replay -> JSON
simulate = delegate("game.roborun.tools.simulate:main", "simulate roborun")      # AI-with-AI games
bench_engine = delegate("game.roborun.tools.bench:main", "bench engine")         # playouts/s, applies/s
bench_render = delegate("game.roborun.tools.render_bench:main", "bench render")  # frame times
