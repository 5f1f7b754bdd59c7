"""Small Robo Rescue: Origins set-ups for the conformance suite (tests/conformance): solo, and
three players in Advanced Mode; a game is at most six rounds of four turns, so random
playouts end in well under a hundred choices per player."""
from __future__ import annotations

from game.roborescue.rules.engine import Config


def conformance_configs() -> list[tuple[str, Config]]:
    return [("solo", Config(1)), ("3p-advanced", Config(3, advanced=True))]
