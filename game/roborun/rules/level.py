"""LevelSpec: the plain-data description of one Robo Run scenario.

It is the contract between the Tiled loader (levels/*.tmx -> LevelSpec) and the rules
engine (LevelSpec -> initial game state). Nothing here knows about Tiled or pygame, so
tests and the solver can build boards in a few lines of Python.

Coordinates: (x, y) with x growing to the right and y growing downward, as Tiled draws
the map. Seat 0 sits at the bottom edge of the map (its "up" is y-1); seat 1 sits
opposite at the top edge (its "up" is y+1, its "left" is x+1).
"""
from __future__ import annotations

from dataclasses import dataclass, field

Pos = tuple[int, int]

# Absolute directions on the map.
DIRECTIONS = ("N", "E", "S", "W")
DELTAS: dict[str, Pos] = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}

GOOD_COLOURS = ("green", "red")
BAD_COLOURS = ("white", "purple", "blue")
ROBOT_COLOURS = GOOD_COLOURS + BAD_COLOURS

# Space kinds (chapter 6 of the rulebook). "void" is not a space: nothing may enter it.
SPACE_KINDS = (
    "floor",
    "void",
    "exit",              # Map Exit; colour = the good robot colour it lets out
    "hazard",            # Toy Shredder / Crusher / Lava Furnace / Acid River; variant names which
    "tunnel",            # linked to one tunnel_exit by LevelSpec.tunnels
    "tunnel_exit",
    "lift",              # paired by LevelSpec.lifts
    "lever",             # rule id in LevelSpec.levers
    "pusher",            # direction = where it pushes
    "number_changer",    # value = signed amount added to the Number token
    "number_exchanger",  # value = the Number token given in exchange
    "hidden_exit",       # colour = robot it lets out, value = Number token the teammate needs
    "button",            # Monostable Button
    "production_line",   # direction = where elements on it move after each Action card
)
HAZARD_VARIANTS = ("shredder", "crusher", "lava", "acid")

TOKEN_KINDS = ("energy", "experience", "equipment", "key", "laser", "wall", "number", "production_line")


@dataclass(frozen=True)
class Space:
    kind: str = "floor"
    colour: str | None = None      # exit / hidden_exit colour
    direction: str | None = None   # pusher / production_line direction (N/E/S/W)
    value: int | None = None       # number_changer delta, number_exchanger / hidden_exit value
    variant: str | None = None     # hazard flavour (shredder, crusher, lava, acid)
    outlined: bool = False         # interrupting special space: its effect happens mid-action


@dataclass(frozen=True)
class RobotStart:
    colour: str                    # green/red (good) or white/purple/blue (bad)
    pos: Pos
    owner: int | None = None       # seat 0 or 1 for good robots; None for bad robots


@dataclass(frozen=True)
class Token:
    kind: str
    pos: Pos
    value: int | None = None       # number tokens: 1..6
    direction: str | None = None   # production_line tokens


@dataclass
class LevelSpec:
    width: int
    height: int
    spaces: list[list[Space]]                       # spaces[y][x]
    robots: list[RobotStart] = field(default_factory=list)
    tokens: list[Token] = field(default_factory=list)
    # Edge features keyed by (pos, direction) with direction "E" or "S" only (normalised),
    # so each edge between two spaces has exactly one key. See edge_key().
    walls: set[tuple[Pos, str]] = field(default_factory=set)
    gates: dict[tuple[Pos, str], frozenset[str]] = field(default_factory=dict)
    tunnels: dict[Pos, Pos] = field(default_factory=dict)       # tunnel -> tunnel exit
    lifts: list[tuple[Pos, Pos]] = field(default_factory=list)  # pairs of lift spaces
    levers: dict[Pos, str] = field(default_factory=dict)        # lever -> scenario rule id
    spawns: dict[int, Pos] = field(default_factory=dict)        # round (1..3) -> spawn space
    support: list[str] = field(default_factory=list)            # bad robot colours on the Support space, in spawn order
    # Scenario metadata from the map properties.
    level_id: str = ""             # "1.1"
    campaign: int = 0
    number: int = 0
    title: str = ""
    intro: str = ""
    special_rules: str = ""        # text shown to players
    rules: tuple[str, ...] = ()    # machine-readable scenario rule hooks
    source: str = ""               # file the spec came from, for error messages

    def space(self, pos: Pos) -> Space:
        x, y = pos
        if 0 <= x < self.width and 0 <= y < self.height:
            return self.spaces[y][x]
        return VOID

    def in_bounds(self, pos: Pos) -> bool:
        return self.space(pos).kind != "void"


VOID = Space("void")


def edge_key(pos: Pos, direction: str) -> tuple[Pos, str]:
    """The one key for the edge leaving `pos` towards `direction` (normalised to E or S)."""
    x, y = pos
    if direction == "E" or direction == "S":
        return (pos, direction)
    if direction == "W":
        return ((x - 1, y), "E")
    if direction == "N":
        return ((x, y - 1), "S")
    raise ValueError(f"unknown direction {direction!r}")


def blank_level(width: int, height: int, **kwargs) -> LevelSpec:
    """An open floor of the given size: the starting point for tests and the solver."""
    spaces = [[Space() for _ in range(width)] for _ in range(height)]
    return LevelSpec(width=width, height=height, spaces=spaces, **kwargs)
