"""`python main.py lint FILE...`: is this map well-formed AND a fair Robo Run scenario?

Format problems come from the strict loader. On top of that lint checks the rulebook's
"Map Creator" principles and the physical component counts, so a designer learns about a
map that loads but cannot be set up with the box contents or has a single, easily blocked
route. Output: one line per problem, `file: layer (x,y): problem`; exit code 0 clean,
1 problems, 2 usage error.

"At least 2 possible paths" (Map Creator principle 5) is made precise as: there are two
EDGE-DISJOINT routes from the robot's start to an exit of its colour in the movement
graph below, i.e. no single gate, wall token or bad robot standing in one doorway can cut
the robot off. Movement graph for a robot of colour c: one step N/E/S/W to a space that is
not void, hazard, Laser or Wall token (unless a lever removes Wall tokens), across an
edge without a printed wall and without a gate that excludes
c; entering a Tunnel lands on its Tunnel Exit, entering a Pusher slides to where it
stops (a slide into a hazard is not a route); a Lift links to its partner. Bad robots,
Keys, production lines and scenario rules are ignored (they move).

Design warnings (`design_warnings`, printed as `file: warning: ...`; they do not change
the exit code): an exit no good robot can reach, a token no good robot can reach (both in
the movement graph above, from every good robot's start), and with `--solve N` a map the
solver wins on none of deals 0..N-1 within its bound (off by default: `lint --all` stays
fast).
"""
from __future__ import annotations

import argparse
from collections import Counter, deque
from pathlib import Path

from game.core.errors import UserError, one_line
from game.roborun.rules.level import BAD_COLOURS, DELTAS, GOOD_COLOURS, LevelSpec, Pos, edge_key
from game.roborun.levels.solver import Budget, solve_deal
from game.roborun.levels.tmx_loader import LevelError, find_level, list_levels, load_level

# The box (rulebook chapter 1). Robots count the map starts plus the Support space.
ROBOT_SUPPLY = {"green": 2, "red": 2, "white": 4, "purple": 4, "blue": 8}
TOKEN_SUPPLY = {"equipment": 1, "experience": 1, "key": 2, "laser": 1, "energy": 3, "production_line": 2, "wall": 4}
NUMBER_TOKEN_SETS = 4
REQUIRED_TOKENS = {"experience": 1, "equipment": 1, "energy": 3}   # Map Creator principle 2


def lint_file(path: Path) -> list[str]:
    """All problems with one map file (empty: clean)."""
    try:
        spec = load_level(path)
    except LevelError as exc:
        return exc.problems
    return design_problems(spec)


def reachable(spec: LevelSpec, start: Pos, colour: str) -> set[Pos]:
    """Every space a robot of `colour` can reach from `start` in the movement graph."""
    seen, frontier = {start}, deque([start])
    while frontier:
        for nxt in moves(spec, frontier.popleft(), colour):
            if nxt not in seen:
                seen.add(nxt)
                frontier.append(nxt)
    return seen


PICKED_UP = ("energy", "experience", "equipment", "key", "number")   # tokens a robot takes or pushes


def design_warnings(spec: LevelSpec) -> list[str]:
    """Things a designer probably did not mean: unreachable exits and tokens."""
    out: list[str] = []
    good = [r for r in spec.robots if r.colour in GOOD_COLOURS]
    by_colour: dict[str, set[Pos]] = {}
    for robot in good:
        by_colour.setdefault(robot.colour, set()).update(reachable(spec, robot.pos, robot.colour))
    anyone = set().union(*by_colour.values()) if by_colour else set()
    for y, row in enumerate(spec.spaces):
        for x, space in enumerate(row):
            if space.kind in ("exit", "hidden_exit") and space.colour in GOOD_COLOURS \
                    and (x, y) not in by_colour.get(space.colour, set()):
                out.append(f"{spec.source}: warning: exits ({x},{y}): no {space.colour} robot can reach this exit")
    for token in spec.tokens:
        if token.kind in PICKED_UP and token.pos not in anyone:
            x, y = token.pos
            out.append(f"{spec.source}: warning: tokens ({x},{y}): no good robot can reach this {token.kind} token")
    return out


def solver_warning(spec: LevelSpec, deals: int, nodes: int, seconds: float) -> list[str]:
    """A warning when the solver wins none of deals 0..deals-1 within its bound."""
    for seed in range(deals):
        if solve_deal(spec, seed, Budget(nodes=nodes, seconds=seconds), count_first_moves=False).won:
            return []
    return [f"{spec.source}: warning: solver: no win found in deals 0..{deals - 1} "
            f"within {nodes} nodes / {seconds:g}s each"]


def design_problems(spec: LevelSpec) -> list[str]:
    """Map Creator principles and component limits for a map that loaded."""
    out: list[str] = []

    def add(where: str, what: str) -> None:
        out.append(f"{spec.source}: {where}: {what}")

    good = [r for r in spec.robots if r.colour in GOOD_COLOURS]
    bad = [r for r in spec.robots if r.colour in BAD_COLOURS]
    for seat in (0, 1):
        if not any(r.owner == seat for r in good):
            add("robots", f"seat {seat} has no good robot (set 'owner' on a green/red robot)")
    if not bad:
        add("robots", "no bad robot at the start (Map Creator principle 3)")
    counts = Counter(t.kind for t in spec.tokens)
    for kind, need in REQUIRED_TOKENS.items():
        if counts[kind] != need:
            add("tokens", f"has {counts[kind]} {kind} token(s); a scenario needs exactly {need} (Map Creator principle 2)")
    for kind, limit in TOKEN_SUPPLY.items():
        if counts[kind] > limit:
            add("tokens", f"has {counts[kind]} {kind} tokens; the box holds {limit}")
    numbers = Counter(t.value for t in spec.tokens if t.kind == "number")
    for value, n in numbers.items():
        if n > NUMBER_TOKEN_SETS:
            add("tokens", f"has {n} Number tokens of value {value}; the box holds {NUMBER_TOKEN_SETS}")
    robot_counts = Counter(r.colour for r in spec.robots) + Counter(spec.support)
    for colour, n in robot_counts.items():
        if n > ROBOT_SUPPLY[colour]:
            add("robots", f"uses {n} {colour} robots (map + Support); the box holds {ROBOT_SUPPLY[colour]}")
    out += [f"{spec.source}: {line}" for line in _spawn_problems(spec)]
    out += [f"{spec.source}: {line}" for line in _rule_problems(spec)]
    for robot in good:
        if count_disjoint_routes(spec, robot.pos, robot.colour) < 2:
            add(f"robots ({robot.pos[0]},{robot.pos[1]})", f"the {robot.colour} robot has fewer than 2 edge-disjoint "
                "routes to its exit (Map Creator principle 5)")
    return out


def _spawn_problems(spec: LevelSpec) -> list[str]:
    """Round r's spawn point receives Support robot r: the two lists must match."""
    n = len(spec.support)
    lines = []
    if n == 0:
        lines.append("map properties: 'support' is empty; spawn at least one bad robot after round 1 (principle 4)")
    if n > 3:
        lines.append(f"map properties: 'support' lists {n} robots; robots arrive only after rounds 1, 2 and 3")
    wanted = set(range(1, min(n, 3) + 1))
    for r in sorted(wanted - set(spec.spawns)):
        lines.append(f"spawns: no spawn point for round {r} (Support robot '{spec.support[r - 1]}' has nowhere to land)")
    for r in sorted(set(spec.spawns) - wanted):
        x, y = spec.spawns[r]
        lines.append(f"spawns ({x},{y}): spawn point for round {r} but 'support' has no robot for it")
    return lines


def _rule_problems(spec: LevelSpec) -> list[str]:
    """Scenario rules that cannot work with what is on the map."""
    lines = []
    lever_rules = set(spec.levers.values())
    if "exits_closed_until_lever" in spec.rules and "open_exits" not in lever_rules:
        lines.append("map properties: rule 'exits_closed_until_lever' needs a lever with rule 'open_exits'")
    if "open_exits" in lever_rules and "exits_closed_until_lever" not in spec.rules:
        lines.append("links: an 'open_exits' lever does nothing without the rule 'exits_closed_until_lever'")
    if "keys_open_exits" in spec.rules and not any(t.kind == "key" for t in spec.tokens):
        lines.append("map properties: rule 'keys_open_exits' needs at least one Key token")
    if "remove_walls" in lever_rules and not any(t.kind == "wall" for t in spec.tokens):
        lines.append("links: a 'remove_walls' lever but the map has no Wall tokens")
    has_lines = any(s.kind == "production_line" for row in spec.spaces for s in row)
    if "toggle_production_lines" in lever_rules and not has_lines:
        lines.append("links: a 'toggle_production_lines' lever but the map has no production line")
    return lines


# ------------------------------------------------------------------ routes
def _blocked(spec: LevelSpec, pos: Pos, direction: str, colour: str) -> bool:
    key = edge_key(pos, direction)
    if key in spec.walls:
        return True
    gate = spec.gates.get(key)
    return gate is not None and colour not in gate


def moves(spec: LevelSpec, pos: Pos, colour: str) -> list[Pos]:
    """Spaces a robot of `colour` can reach from `pos` in one step (see the module docstring)."""
    stoppers = _stoppers(spec)
    result = []
    for direction, (dx, dy) in DELTAS.items():
        if _blocked(spec, pos, direction, colour):
            continue
        landing = _enter(spec, (pos[0] + dx, pos[1] + dy), colour, stoppers)
        if landing is not None:
            result.append(landing)
    for a, b in spec.lifts:
        if pos in (a, b):
            result.append(b if pos == a else a)
    return result


def _stoppers(spec: LevelSpec) -> set[Pos]:
    """Token spaces a robot cannot pass: Lasers, and Wall tokens unless a lever removes them."""
    kinds = {"laser"} if "remove_walls" in spec.levers.values() else {"laser", "wall"}
    return {t.pos for t in spec.tokens if t.kind in kinds}


def _enter(spec: LevelSpec, target: Pos, colour: str, stoppers: set[Pos]) -> Pos | None:
    space = spec.space(target)
    if space.kind in ("void", "hazard") or target in stoppers:
        return None
    if space.kind == "tunnel":
        return spec.tunnels.get(target)
    if space.kind == "pusher":
        pos, (dx, dy) = target, DELTAS[space.direction or "N"]
        for _ in range(spec.width + spec.height):
            nxt = (pos[0] + dx, pos[1] + dy)
            if _blocked(spec, pos, space.direction or "N", colour) or not spec.in_bounds(nxt):
                break
            if spec.space(nxt).kind == "hazard" or nxt in stoppers:
                return None
            pos = nxt
        return pos
    return target


def count_disjoint_routes(spec: LevelSpec, start: Pos, colour: str, want: int = 2) -> int:
    """Edge-disjoint start->exit routes (up to `want`), by unit-capacity augmenting paths."""
    exits = {(x, y) for y, row in enumerate(spec.spaces) for x, s in enumerate(row)
             if s.kind in ("exit", "hidden_exit") and s.colour == colour}
    graph: dict[Pos, list[Pos]] = {}
    frontier, seen = deque([start]), {start}
    while frontier:
        pos = frontier.popleft()
        graph[pos] = [] if pos in exits else moves(spec, pos, colour)
        for nxt in graph[pos]:
            if nxt not in seen:
                seen.add(nxt)
                frontier.append(nxt)
    flow: Counter[tuple[Pos, Pos]] = Counter()
    found = 0
    while found < want:
        parent: dict[Pos, Pos | None] = {start: None}
        queue, end = deque([start]), None
        while queue and end is None:
            pos = queue.popleft()
            steps = [(n, True) for n in graph.get(pos, [])] + [(u, False) for (u, v), f in flow.items() if v == pos and f > 0]
            for nxt, forward in steps:
                residual = (1 - flow[(pos, nxt)]) if forward else flow[(nxt, pos)]
                if residual > 0 and nxt not in parent:
                    parent[nxt] = pos
                    if nxt in exits:
                        end = nxt
                        break
                    queue.append(nxt)
        if end is None:
            break
        node = end
        while parent[node] is not None:
            prev = parent[node]
            if flow[(node, prev)] > 0:
                flow[(node, prev)] -= 1
            else:
                flow[(prev, node)] += 1
            node = prev
        found += 1
    return found


# ------------------------------------------------------------------ command line
def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="main.py lint", description="Check Robo Run maps (Tiled .tmx).")
    parser.add_argument("files", nargs="*", help="map files or shipped level ids like 1.1")
    parser.add_argument("--all", action="store_true", help="check every shipped level")
    parser.add_argument("--solve", type=int, default=0, metavar="N",
                        help="also warn when the solver wins none of deals 0..N-1 (default 0: off)")
    parser.add_argument("--solve-nodes", type=int, default=4000, help="solver node bound per deal (default 4000)")
    parser.add_argument("--solve-seconds", type=float, default=10.0, help="solver time bound per deal (default 10)")
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:
        return 0 if exc.code == 0 else 2
    refs = [str(p) for _ref, p in list_levels()] if args.all else args.files
    if not refs:
        parser.print_usage()
        print("main.py lint: error: give at least one map file (or --all)")
        return 2
    if args.solve < 0 or args.solve_nodes < 1 or not 0 < args.solve_seconds <= 1e6:    # nan and inf too, as solve
        raise UserError("command line", "--solve must be >= 0, --solve-nodes and --solve-seconds positive")
    problems: list[str] = []
    warnings: list[str] = []
    for ref in refs:
        try:
            path = find_level(ref)
        except UserError as exc:
            problems.append(str(exc))
            continue
        found = lint_file(path)
        problems += found
        if not found:
            spec = load_level(path)
            warnings += design_warnings(spec)
            if args.solve:
                warnings += solver_warning(spec, args.solve, args.solve_nodes, args.solve_seconds)
    for line in problems + warnings:
        print(one_line(line))             # a file name with a newline in it stays one line per problem
    if not problems:
        extra = f", {len(warnings)} warning(s)" if warnings else ""
        print(f"ok: {len(refs)} map(s) clean{extra}")
    return 1 if problems else 0
