"""Small set-ups the conformance suite plays (tests/conformance): fast, and sure to end.

The practice course is a built-in 8x8 course using every board element; with a round cap of
6 a random playout ends (as a timeout when nobody finishes) well within 3000 choices.
"""
from __future__ import annotations

from game.roborally.rules.engine import Config, make_config

PRACTICE_COURSE = {
    "id": "practice", "name": "Practice Floor", "width": 8, "height": 8,
    "cells": [
        [2, 1, {"kind": "express", "dir": "E"}], [3, 1, {"kind": "express", "dir": "E"}],
        [4, 1, {"kind": "express", "dir": "S", "turn": "right"}],
        [4, 2, {"kind": "belt", "dir": "S"}], [4, 3, {"kind": "belt", "dir": "W", "turn": "right"}],
        [1, 4, {"kind": "gear", "rot": "left"}], [6, 4, {"kind": "gear", "rot": "right"}],
        [2, 6, {"kind": "push", "dir": "N", "registers": [2, 4]}],
        [5, 5, {"kind": "crusher", "registers": [3]}],
        [3, 4, {"kind": "pit"}], [6, 2, {"kind": "deep_pit"}],
        [1, 2, {"kind": "teleporter"}], [5, 6, {"kind": "randomizer"}],
        [2, 3, {"kind": "energy"}], [6, 6, {"kind": "energy"}],
    ],
    "walls": [[3, 3, "E"], [5, 2, "N"], [0, 5, "E"]],
    "lasers": [[7, 3, "W", 1], [2, 0, "S", 2]],
    "checkpoints": [[5, 3], [2, 5]],
    "starts": [[0, 7, "N"], [1, 7, "N"], [3, 7, "N"], [4, 7, "N"], [6, 7, "N"], [7, 7, "N"]],
    "reboot": [0, 0, "E"],
}


def conformance_configs() -> list[tuple[str, Config]]:
    return [
        ("practice-2p", make_config(PRACTICE_COURSE, players=2, max_rounds=6)),
        ("practice-4p", make_config(PRACTICE_COURSE, players=4, max_rounds=3)),
    ]
