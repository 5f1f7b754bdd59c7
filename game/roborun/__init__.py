"""Robo Run: two good robots out of the factory, without a word (the Robo Run rulebook).

  rules/   the pure engine and the shared contract (game.core.engine); no pygame
  ai/      players that read one seat's view (make_player for the catalog)
  levels/  Tiled map loading, map lint, the solver, ASCII boards for tests
  tools/   simulate, bench, replay, samples for the conformance suite
  ui/      pygame-ce scenes, rendering and animation
  cli.py   the command table

Imports go downwards only: ui -> ai -> rules -> game.core; levels -> rules (and ai's board
distances for the solver); tools may use everything of this game.
"""
