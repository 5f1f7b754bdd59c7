"""Build a LevelSpec from a small ASCII diagram, so tests and docs set up a board in a few lines.

Grid lines: whitespace-separated cells, one row per line, top row first (y=0).
A cell is SPACE or SPACE+OCCUPANTS.

SPACE codes                                   OCCUPANT codes (after '+')
  .        floor                                G  green good robot (seat 0)
  #        void (not a space)                   R  red good robot (seat 1)
  Xg Xr    Map Exit for green / red             w p b  white / purple / blue bad robot
  H Hs Hc Hl Ha  hazard: shredder (default),    e  Energy   x  Experience   q  Equipment
           crusher, lava, acid                  k  Key      z  Laser        W  Wall token
  Tn / tn  Tunnel n and its Tunnel Exit n        1..6  Number token of that value
  Ln       Lift; the two cells with the same n are a pair
  V=rule   Lever with a scenario rule id (default open_exits)
  P^ P> Pv P<   Pusher towards N / E / S / W
  =^ => =v =<   Production Line moving N / E / S / W
  C=1 C=-2      Number Changer (signed value; no plus sign: + separates occupants)
  N=3           Number Exchanger (gives value 3)
  Yg=4          Hidden Exit Point for green, needs Number token 4 held by the teammate
  B             Monostable Button
  a trailing '!' on SPACE marks it outlined (interrupting special space)

Legend lines after the grid (one per line, any order):
  wall X,Y D            a wall on the edge leaving (X,Y) towards D (N/E/S/W)
  gate X,Y D c1,c2      a gate on that edge letting through the listed robot colours
  spawn N X,Y           the round-N new robot space
  support c1,c2,...     bad robot colours on the Support space, in spawn order
  rules r1,r2           scenario rule ids
  owner X,Y SEAT        override the owner of the good robot at (X,Y)
  id LEVEL_ID           level id / number, e.g. "id 1.3" sets number 3
"""
from __future__ import annotations

from game.core.errors import UserError
from game.roborun.rules.level import LevelSpec, RobotStart, Space, Token, edge_key
from game.roborun.rules.engine import apply, new_game
from game.roborun.rules.state import Choice, PlayerSetup, Setup

ARROWS = {"^": "N", ">": "E", "v": "S", "<": "W"}
HAZARDS = {"": "shredder", "s": "shredder", "c": "crusher", "l": "lava", "a": "acid"}
ROBOT_CODES = {"G": ("green", 0), "R": ("red", 1), "w": ("white", None), "p": ("purple", None), "b": ("blue", None)}
TOKEN_CODES = {"e": "energy", "x": "experience", "q": "equipment", "k": "key", "z": "laser", "W": "wall"}
LEGEND_WORDS = ("wall", "gate", "spawn", "support", "rules", "owner", "id")


def _space(code: str, pos, where: str, tunnels_in: dict, tunnels_out: dict, lifts: dict, levers: dict) -> Space:
    outlined = code.endswith("!")
    if outlined:
        code = code[:-1]
    head, _, param = code.partition("=") if code[:1] != "=" else (code, "", "")
    try:
        if head == ".":
            sp = Space()
        elif head == "#":
            sp = Space("void")
        elif head in ("Xg", "Xr"):
            sp = Space("exit", colour="green" if head == "Xg" else "red")
        elif head[:1] == "H" and head[1:] in HAZARDS:
            sp = Space("hazard", variant=HAZARDS[head[1:]])
        elif head[:1] in "Tt" and head[1:].isdigit():
            (tunnels_in if head[0] == "T" else tunnels_out)[head[1:]] = pos
            sp = Space("tunnel" if head[0] == "T" else "tunnel_exit")
        elif head[:1] == "L" and head[1:].isdigit():
            lifts.setdefault(head[1:], []).append(pos)
            sp = Space("lift")
        elif head == "V":
            levers[pos] = param or "open_exits"
            sp = Space("lever")
        elif head[:1] == "P" and head[1:] in ARROWS:
            sp = Space("pusher", direction=ARROWS[head[1:]])
        elif head[:1] == "=" and head[1:] in ARROWS:
            sp = Space("production_line", direction=ARROWS[head[1:]])
        elif head == "C":
            sp = Space("number_changer", value=int(param))
        elif head == "N":
            sp = Space("number_exchanger", value=int(param))
        elif head in ("Yg", "Yr"):
            sp = Space("hidden_exit", colour="green" if head == "Yg" else "red", value=int(param))
        elif head == "B":
            sp = Space("button")
        else:
            raise ValueError
    except ValueError:
        raise UserError(where, f"unknown space code {code!r}") from None
    if outlined:
        sp = Space(sp.kind, sp.colour, sp.direction, sp.value, sp.variant, True)
    return sp


def _xy(text: str, where: str) -> tuple[int, int]:
    try:
        x, y = text.split(",")
        return int(x), int(y)
    except ValueError:
        raise UserError(where, f"expected X,Y, got {text!r}") from None


def parse_board(text: str, name: str = "ascii board", **kwargs) -> LevelSpec:
    """The LevelSpec drawn by `text` (see the module docstring). kwargs go to LevelSpec."""
    lines = [ln.rstrip() for ln in text.strip("\n").splitlines()]
    grid = [ln.split() for ln in lines if ln.strip() and ln.split()[0] not in LEGEND_WORDS]
    legend = [ln.split() for ln in lines if ln.strip() and ln.split()[0] in LEGEND_WORDS]
    if not grid:
        raise UserError(name, "no grid rows")
    width = len(grid[0])
    tunnels_in: dict = {}
    tunnels_out: dict = {}
    lifts: dict = {}
    levers: dict = {}
    spaces, robots, tokens = [], [], []
    for y, row in enumerate(grid):
        if len(row) != width:
            raise UserError(f"{name} row {y}", f"has {len(row)} cells, expected {width}")
        out_row = []
        for x, cell in enumerate(row):
            where = f"{name} cell {x},{y}"
            code, _, occ = cell.partition("+")
            out_row.append(_space(code, (x, y), where, tunnels_in, tunnels_out, lifts, levers))
            for ch in occ:
                if ch in ROBOT_CODES:
                    colour, owner = ROBOT_CODES[ch]
                    robots.append(RobotStart(colour, (x, y), owner))
                elif ch in TOKEN_CODES:
                    tokens.append(Token(TOKEN_CODES[ch], (x, y)))
                elif ch.isdigit() and 1 <= int(ch) <= 6:
                    tokens.append(Token("number", (x, y), value=int(ch)))
                else:
                    raise UserError(where, f"unknown occupant code {ch!r}")
        spaces.append(out_row)
    spec = LevelSpec(width=width, height=len(grid), spaces=spaces, robots=robots, tokens=tokens, **kwargs)
    spec.source = spec.source or name
    for key, out in tunnels_in.items():
        if key not in tunnels_out:
            raise UserError(name, f"tunnel T{key} has no tunnel exit t{key}")
        spec.tunnels[out] = tunnels_out[key]
    for key, cells in lifts.items():
        if len(cells) != 2:
            raise UserError(name, f"lift L{key} needs exactly two cells, found {len(cells)}")
        spec.lifts.append((cells[0], cells[1]))
    spec.levers.update(levers)
    for words in legend:
        where = f"{name} legend '{' '.join(words)}'"
        try:
            if words[0] == "wall":
                spec.walls.add(edge_key(_xy(words[1], where), words[2]))
            elif words[0] == "gate":
                spec.gates[edge_key(_xy(words[1], where), words[2])] = frozenset(words[3].split(","))
            elif words[0] == "spawn":
                spec.spawns[int(words[1])] = _xy(words[2], where)
            elif words[0] == "support":
                spec.support = words[1].split(",")
            elif words[0] == "rules":
                spec.rules = tuple(words[1].split(","))
            elif words[0] == "owner":
                pos, seat = _xy(words[1], where), int(words[2])
                spec.robots = [RobotStart(r.colour, r.pos, seat) if r.pos == pos else r for r in spec.robots]
            elif words[0] == "id":
                spec.level_id = words[1]
                spec.campaign, spec.number = (int(p) for p in words[1].split("."))
        except (IndexError, ValueError):
            raise UserError(where, "malformed legend line") from None
    return spec


def plain_setup(robots: tuple[str, str] = ("quick_one", "smart_three"), energy: int = 0):
    """A Setup with nothing unlocked: no ability windows, so tests see only the rules under test."""

    return Setup((PlayerSetup(robots[0], (), 1, energy), PlayerSetup(robots[1], (), 1, energy)),
                 equipment_deck=tuple(range(1, 11)))


def game_from_ascii(text: str, seed: int = 0, setup=None, first: int = 0, stands=None, beep: bool = False,
                    **kwargs):
    """A game on an ASCII board, advanced to the first player's card choice of round 1.

    stands: optional [[(card, face_towards_owner), ...], [...]] replacing the dealt cards.
    beep=False answers the teammate's BEEP window with 'no_beep' so the card choice is pending."""

    state = new_game(parse_board(text, **kwargs), seed, setup if setup is not None else plain_setup())
    if stands is not None:
        state.stands = [list(s) for s in stands]
    apply(state, Choice("start", (first,)))
    if not beep and state.pending is not None and state.pending.kind == "beep":
        apply(state, Choice("no_beep"))
    return state
