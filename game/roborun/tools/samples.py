"""Small Robo Run configs for the conformance suite (tests/conformance) and quick checks.

Random play ends a scenario fast (robots run into hazards, the three rounds run out), so a
tiny ASCII board and one shipped map are enough to exercise every promise of the contract.
"""
from __future__ import annotations

from game.roborun.levels.ascii_board import parse_board
from game.roborun.levels.tmx_loader import find_level, load_level
from game.roborun.rules.config import RoboRunConfig

# A 5x4 board with a hazard, a bad robot, tokens and a spawn: the rules' busiest corners in a few cells.
SMALL_BOARD = """
.+G    .      .+e    .      Xg
.      H      .+w    .+q    .
.+k    .      .      .+x    .
Xr     .      .+z    .      .+R
spawn 1 2,1
support white
id 1.1
"""


def conformance_configs() -> list[tuple[str, RoboRunConfig]]:
    small = parse_board(SMALL_BOARD, name="samples-small")
    shipped = load_level(find_level("1.1"))
    return [("ascii-small", RoboRunConfig(small, level_ref="")),
            ("level-1.1", RoboRunConfig(shipped, level_ref="1.1"))]
