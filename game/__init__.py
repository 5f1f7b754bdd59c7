"""Robo Arcade: pure rules engines for each game (no pygame) plus a shared pygame-ce client.

Layout:
  game/core/      shared pure helpers (errors, saves, seeded RNG)
  game/client/    shared pygame-ce runtime: fixed-timestep loop, scene stack, input, widgets
  game/<name>/    one package per game: engine, content data, AI, simulator, and its scenes
"""
