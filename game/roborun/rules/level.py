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

from game.core.errors import UserError

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

    def to_json(self) -> dict:
        """Plain JSON holding the whole map (see level_to_json)."""
        return level_to_json(self)

    @staticmethod
    def from_json(data, where: str = "level") -> "LevelSpec":
        """Read level_to_json's form back; a bad field raises UserError naming it."""
        return level_from_json(data, where)


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


# ---------------------------------------------------------------- JSON form (saved games embed the map)
def _pos_json(p: Pos) -> list[int]:
    return [p[0], p[1]]


def _space_json(sp: Space) -> dict:
    out: dict = {"kind": sp.kind}
    for name in ("colour", "direction", "value", "variant"):
        value = getattr(sp, name)
        if value is not None:
            out[name] = value
    if sp.outlined:
        out["outlined"] = True
    return out


def level_to_json(level: LevelSpec) -> dict:
    """The whole LevelSpec as plain JSON, so a saved game does not depend on the map file."""
    return {
        "width": level.width, "height": level.height,
        "spaces": [[_space_json(sp) for sp in row] for row in level.spaces],
        "robots": [{"colour": r.colour, "pos": _pos_json(r.pos), "owner": r.owner} for r in level.robots],
        "tokens": [{"kind": t.kind, "pos": _pos_json(t.pos), "value": t.value, "direction": t.direction}
                   for t in level.tokens],
        "walls": [[p[0], p[1], d] for p, d in sorted(level.walls)],
        "gates": [[p[0], p[1], d, sorted(colours)] for (p, d), colours in level.gates.items()],
        "tunnels": [[_pos_json(a), _pos_json(b)] for a, b in level.tunnels.items()],
        "lifts": [[_pos_json(a), _pos_json(b)] for a, b in level.lifts],
        "levers": [[_pos_json(p), rule] for p, rule in level.levers.items()],
        "spawns": [[round_number, _pos_json(p)] for round_number, p in level.spawns.items()],
        "support": list(level.support),
        "level_id": level.level_id, "campaign": level.campaign, "number": level.number, "title": level.title,
        "intro": level.intro, "special_rules": level.special_rules, "rules": list(level.rules),
        "source": level.source,
    }


class _Reader:
    """Checked reads from a JSON object: any problem is a UserError naming the field."""

    def __init__(self, where: str) -> None:
        self.where = where

    def fail(self, field_name: str, what: str):
        raise UserError(f"{self.where} {field_name}", what)

    def obj(self, value, name: str) -> dict:
        if not isinstance(value, dict):
            self.fail(name, "must be a JSON object")
        return value

    def list(self, value, name: str, length: int | None = None) -> list:
        if not isinstance(value, list) or (length is not None and len(value) != length):
            self.fail(name, "must be a list" + (f" of {length}" if length is not None else ""))
        return value

    def int(self, value, name: str, optional: bool = False):
        if optional and value is None:
            return None
        if not isinstance(value, int) or isinstance(value, bool):
            self.fail(name, "must be a whole number" + (" or null" if optional else ""))
        return value

    def str(self, value, name: str, choices=None, optional: bool = False):
        if optional and value is None:
            return None
        if not isinstance(value, str):
            self.fail(name, "must be a string" + (" or null" if optional else ""))
        if choices is not None and value not in choices:
            self.fail(name, f"unknown value {value!r} (one of {', '.join(choices)})")
        return value

    def pos(self, value, name: str) -> Pos:
        x, y = self.list(value, name, 2)
        return (self.int(x, name), self.int(y, name))


SIDES = ("E", "S")          # edge keys are normalised to these (see edge_key)


def level_from_json(data, where: str = "level") -> LevelSpec:
    """The LevelSpec written by level_to_json; a bad field raises UserError naming it."""
    r = _Reader(where)
    d = r.obj(data, "")
    width, height = r.int(d.get("width"), "width"), r.int(d.get("height"), "height")
    if width < 1 or height < 1:
        r.fail("width", "the map needs at least one row and one column")
    rows = r.list(d.get("spaces"), "spaces", height)
    spaces = []
    for y, row in enumerate(rows):
        out_row = []
        for x, raw in enumerate(r.list(row, f"spaces[{y}]", width)):
            name = f"spaces[{y}][{x}]"
            sp = r.obj(raw, name)
            unknown = set(sp) - {"kind", "colour", "direction", "value", "variant", "outlined"}
            if unknown:
                r.fail(name, f"unknown fields {sorted(unknown)}")
            outlined = sp.get("outlined", False)
            if not isinstance(outlined, bool):
                r.fail(f"{name}.outlined", "must be true or false")
            out_row.append(Space(
                kind=r.str(sp.get("kind"), f"{name}.kind", SPACE_KINDS),
                colour=r.str(sp.get("colour"), f"{name}.colour", ROBOT_COLOURS, optional=True),
                direction=r.str(sp.get("direction"), f"{name}.direction", DIRECTIONS, optional=True),
                value=r.int(sp.get("value"), f"{name}.value", optional=True),
                variant=r.str(sp.get("variant"), f"{name}.variant", HAZARD_VARIANTS, optional=True),
                outlined=outlined))
        spaces.append(out_row)
    robots = []
    for i, raw in enumerate(r.list(d.get("robots", []), "robots")):
        name = f"robots[{i}]"
        rb = r.obj(raw, name)
        owner = r.int(rb.get("owner"), f"{name}.owner", optional=True)
        if owner not in (None, 0, 1):
            r.fail(f"{name}.owner", "must be 0, 1 or null")
        robots.append(RobotStart(r.str(rb.get("colour"), f"{name}.colour", ROBOT_COLOURS),
                                 r.pos(rb.get("pos"), f"{name}.pos"), owner))
    tokens = []
    for i, raw in enumerate(r.list(d.get("tokens", []), "tokens")):
        name = f"tokens[{i}]"
        tk = r.obj(raw, name)
        tokens.append(Token(r.str(tk.get("kind"), f"{name}.kind", TOKEN_KINDS), r.pos(tk.get("pos"), f"{name}.pos"),
                            r.int(tk.get("value"), f"{name}.value", optional=True),
                            r.str(tk.get("direction"), f"{name}.direction", DIRECTIONS, optional=True)))
    walls = set()
    for i, raw in enumerate(r.list(d.get("walls", []), "walls")):
        x, y, side = r.list(raw, f"walls[{i}]", 3)
        walls.add((r.pos([x, y], f"walls[{i}]"), r.str(side, f"walls[{i}] side", SIDES)))
    gates = {}
    for i, raw in enumerate(r.list(d.get("gates", []), "gates")):
        x, y, side, colours = r.list(raw, f"gates[{i}]", 4)
        key = (r.pos([x, y], f"gates[{i}]"), r.str(side, f"gates[{i}] side", SIDES))
        gates[key] = frozenset(r.str(c, f"gates[{i}] colours", ROBOT_COLOURS)
                               for c in r.list(colours, f"gates[{i}] colours"))
    tunnels = {}
    for i, raw in enumerate(r.list(d.get("tunnels", []), "tunnels")):
        a, b = r.list(raw, f"tunnels[{i}]", 2)
        tunnels[r.pos(a, f"tunnels[{i}]")] = r.pos(b, f"tunnels[{i}]")
    lifts = []
    for i, raw in enumerate(r.list(d.get("lifts", []), "lifts")):
        a, b = r.list(raw, f"lifts[{i}]", 2)
        lifts.append((r.pos(a, f"lifts[{i}]"), r.pos(b, f"lifts[{i}]")))
    levers = {}
    for i, raw in enumerate(r.list(d.get("levers", []), "levers")):
        p, rule = r.list(raw, f"levers[{i}]", 2)
        levers[r.pos(p, f"levers[{i}]")] = r.str(rule, f"levers[{i}] rule")
    spawns = {}
    for i, raw in enumerate(r.list(d.get("spawns", []), "spawns")):
        round_number, p = r.list(raw, f"spawns[{i}]", 2)
        spawns[r.int(round_number, f"spawns[{i}] round")] = r.pos(p, f"spawns[{i}]")
    support = [r.str(c, f"support[{i}]", BAD_COLOURS) for i, c in enumerate(r.list(d.get("support", []), "support"))]
    rules = tuple(r.str(x, f"rules[{i}]") for i, x in enumerate(r.list(d.get("rules", []), "rules")))
    return LevelSpec(
        width=width, height=height, spaces=spaces, robots=robots, tokens=tokens, walls=walls, gates=gates,
        tunnels=tunnels, lifts=lifts, levers=levers, spawns=spawns, support=support,
        level_id=r.str(d.get("level_id", ""), "level_id"), campaign=r.int(d.get("campaign", 0), "campaign"),
        number=r.int(d.get("number", 0), "number"), title=r.str(d.get("title", ""), "title"),
        intro=r.str(d.get("intro", ""), "intro"), special_rules=r.str(d.get("special_rules", ""), "special_rules"),
        rules=rules, source=r.str(d.get("source", ""), "source"))
