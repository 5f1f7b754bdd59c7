"""Board distances for the Robo Run AI: how many moves a robot needs to reach a space.

The AI's heuristic asks two questions many thousands of times per decision: "how far is
this good robot from its exit?" and "how close is the nearest bad robot to it?". Both are
shortest paths on the board graph of one LevelSpec, so this module builds the graph once
per (level, robot colour, wall tokens on the map) and caches every distance table.

The graph follows the rulebook's movement rules, read as a planner would:
* a step goes to the orthogonal neighbour unless the map edge, a void space, a wall on the
  edge, a gate of other colours or a Wall token stops it;
* entering a Tunnel lands on its Tunnel Exit (chapter 6), entering a Pusher slides the robot
  to the end of its push, a Lift carries the robot to the other Lift (cost: one more move,
  it happens at the end of the Action card), a Production Line carries it one space;
* hazards (shredder, crusher, lava, acid) and Laser tokens destroy a robot: good robots
  never path through them, bad robots do not either (they would be destroyed).
Robots are not obstacles here: they move every turn, so the AI treats them separately
(danger terms), not as walls.

Everything is in absolute board coordinates (x right, y down); seats only matter for
reading card arrows, which the engine already resolved into absolute choices.
"""
from __future__ import annotations

import heapq
from functools import lru_cache

from game.roborun.rules.level import DELTAS, DIRECTIONS, LevelSpec, Pos, edge_key

INF = 10 ** 6
DEADLY_SPACES = ("hazard",)
# Scenario rules that close the exits until a lever is entered (see scenario_rules.py).
EXIT_CLOSING_RULES = ("exits_closed_until_lever",)


def _neighbour(pos: Pos, direction: str) -> Pos:
    dx, dy = DELTAS[direction]
    return (pos[0] + dx, pos[1] + dy)


class BoardGraph:
    """Shortest move counts on one level for one robot colour and one set of obstacles.

    `walls` are the positions of Wall tokens, `lasers` the positions of Laser tokens; both
    change during a scenario (a lever can remove walls), so they are part of the cache key
    (see `board_graph`).
    """

    def __init__(self, level: LevelSpec, colour: str, walls: frozenset[Pos] = frozenset(),
                 lasers: frozenset[Pos] = frozenset()):
        self.level = level
        self.colour = colour
        self.walls = walls
        self.lasers = lasers
        self.cells: list[Pos] = [(x, y) for y in range(level.height) for x in range(level.width)
                                 if level.in_bounds((x, y))]
        self.edges: dict[Pos, list[tuple[Pos, int]]] = {p: self._edges_from(p) for p in self.cells}
        self.reverse: dict[Pos, list[tuple[Pos, int]]] = {p: [] for p in self.cells}
        for p, out in self.edges.items():
            for q, cost in out:
                self.reverse[q].append((p, cost))
        self._from_cache: dict[Pos, dict[Pos, int]] = {}
        self._to_cache: dict[frozenset[Pos], dict[Pos, int]] = {}

    # ----- single moves -------------------------------------------------------------
    def passable(self, pos: Pos, direction: str) -> Pos | None:
        """The space one step from `pos` towards `direction`, or None if an obstacle stops it.

        A diagonal (NE, NW, SE, SW) needs one of its two L-shaped paths open, as the engine reads it."""
        if len(direction) == 2:
            for first, second in ((direction[0], direction[1]), (direction[1], direction[0])):
                mid = self._edge_open(pos, first)
                if mid is not None:
                    end = self._edge_open(mid, second)
                    if end is not None and end not in self.walls:
                        return end
            return None
        q = self._edge_open(pos, direction)
        return None if q is None or q in self.walls else q

    def _edge_open(self, pos: Pos, direction: str) -> Pos | None:
        q = _neighbour(pos, direction)
        if not self.level.in_bounds(q):
            return None
        key = edge_key(pos, direction)
        if key in self.level.walls:
            return None
        gate = self.level.gates.get(key)
        if gate is not None and self.colour not in gate:
            return None
        return q

    def deadly(self, pos: Pos) -> bool:
        return self.level.space(pos).kind in DEADLY_SPACES or pos in self.lasers

    def land(self, pos: Pos) -> Pos | None:
        """Where a robot that steps onto `pos` ends up (tunnel, pusher); None if destroyed."""
        seen = set()
        while pos not in seen:
            seen.add(pos)
            if self.deadly(pos):
                return None
            space = self.level.space(pos)
            if space.kind == "tunnel" and pos in self.level.tunnels:
                pos = self.level.tunnels[pos]
                continue
            if space.kind == "pusher" and space.direction:
                end = pos
                while True:
                    nxt = self.passable(end, space.direction)
                    if nxt is None:
                        break
                    end = nxt
                    if self.deadly(end) or self.level.space(end).kind in ("tunnel", "exit"):
                        break
                if end == pos:
                    return pos
                pos = end
                continue
            return pos
        return pos

    def _edges_from(self, p: Pos) -> list[tuple[Pos, int]]:
        if self.deadly(p):
            return []
        out: dict[Pos, int] = {}
        for d in DIRECTIONS:
            q = self.passable(p, d)
            if q is None:
                continue
            end = self.land(q)
            if end is not None and end != p:
                out[end] = min(out.get(end, INF), 1)
        space = self.level.space(p)
        for a, b in self.level.lifts:
            if p in (a, b):
                other = b if p == a else a
                out[other] = min(out.get(other, INF), 1)
        if space.kind == "production_line" and space.direction:
            q = self.passable(p, space.direction)
            if q is not None:
                end = self.land(q)
                if end is not None and end != p:
                    out[end] = min(out.get(end, INF), 1)
        return list(out.items())

    # ----- distance tables ----------------------------------------------------------
    @staticmethod
    def _dijkstra(sources: list[Pos], adjacency: dict[Pos, list[tuple[Pos, int]]]) -> dict[Pos, int]:
        dist: dict[Pos, int] = {}
        heap = [(0, s) for s in sources]
        heapq.heapify(heap)
        while heap:
            d, p = heapq.heappop(heap)
            if p in dist:
                continue
            dist[p] = d
            for q, cost in adjacency.get(p, ()):
                if q not in dist:
                    heapq.heappush(heap, (d + cost, q))
        return dist

    def distances_from(self, pos: Pos) -> dict[Pos, int]:
        """Moves from `pos` to every reachable space (the robot's reach)."""
        table = self._from_cache.get(pos)
        if table is None:
            table = self._from_cache[pos] = self._dijkstra([pos], self.edges)
        return table

    def distances_to(self, targets: frozenset[Pos]) -> dict[Pos, int]:
        """Moves from every space to the nearest of `targets` (reverse search)."""
        table = self._to_cache.get(targets)
        if table is None:
            table = self._to_cache[targets] = self._dijkstra(sorted(targets), self.reverse)
        return table

    def distance(self, frm: Pos, targets: frozenset[Pos]) -> int:
        return self.distances_to(targets).get(frm, INF)


GRAPH_CACHE = 32      # a graph's distance tables grow to (spaces x spaces); a long session must stay flat


@lru_cache(maxsize=GRAPH_CACHE)
def _cached_graph(level_id: int, colour: str, walls: frozenset[Pos], lasers: frozenset[Pos]) -> BoardGraph:
    return BoardGraph(_LEVELS[level_id], colour, walls, lasers)


_LEVELS: dict[int, LevelSpec] = {}


def board_graph(level: LevelSpec, colour: str, walls: frozenset[Pos] = frozenset(),
                lasers: frozenset[Pos] = frozenset()) -> BoardGraph:
    """The cached BoardGraph for this level, colour and obstacle set.

    LevelSpec is a mutable dataclass (not hashable), so the cache is keyed by its id and
    keeps a reference to it, which keeps that id valid while the entry lives.
    """
    _LEVELS[id(level)] = level
    if len(_LEVELS) > 16:     # levels are few; forget old ones so ids cannot be reused stale
        _LEVELS.clear()
        _FACTS.clear()
        _LEVELS[id(level)] = level
        _cached_graph.cache_clear()
    return _cached_graph(id(level), colour, walls, lasers)


class LevelFacts:
    """Facts about a level's special spaces that the heuristic reads on every evaluation."""

    def __init__(self, level: LevelSpec):
        self.exits: dict[str, frozenset[Pos]] = {}
        self.plain_exit: dict[str, bool] = {}           # colour has an ordinary Map Exit
        self.hidden_values: dict[str, frozenset[int]] = {}
        all_exits = []
        for y, row in enumerate(level.spaces):
            for x, sp in enumerate(row):
                if sp.kind in ("exit", "hidden_exit") and sp.colour:
                    self.exits[sp.colour] = self.exits.get(sp.colour, frozenset()) | {(x, y)}
                    all_exits.append((x, y))
                    if sp.kind == "exit":
                        self.plain_exit[sp.colour] = True
                    elif sp.value is not None:
                        self.hidden_values[sp.colour] = self.hidden_values.get(sp.colour, frozenset()) | {sp.value}
        self.all_exits: tuple[Pos, ...] = tuple(all_exits)
        self.buttons: frozenset[Pos] = frozenset(
            (x, y) for y, row in enumerate(level.spaces) for x, sp in enumerate(row) if sp.kind == "button")
        self.changers: dict[Pos, int] = {(x, y): sp.value or 0 for y, row in enumerate(level.spaces)
                                         for x, sp in enumerate(row) if sp.kind == "number_changer"}
        self.exchangers: dict[Pos, int] = {(x, y): sp.value for y, row in enumerate(level.spaces)
                                           for x, sp in enumerate(row) if sp.kind == "number_exchanger"
                                           and sp.value is not None}


_FACTS: dict[int, LevelFacts] = {}


def level_facts(level: LevelSpec) -> LevelFacts:
    facts = _FACTS.get(id(level))
    if facts is None or _LEVELS.get(id(level)) is not level:
        _LEVELS[id(level)] = level
        facts = _FACTS[id(level)] = LevelFacts(level)
    return facts


def exits_for(level: LevelSpec, colour: str) -> frozenset[Pos]:
    """Map Exits (and Hidden Exit Points) of a good robot colour."""
    return level_facts(level).exits.get(colour, frozenset())


def levers_of(level: LevelSpec, rule: str | None = None) -> frozenset[Pos]:
    return frozenset(p for p, r in level.levers.items() if rule is None or r == rule)


def exit_distance(level: LevelSpec, colour: str, pos: Pos, exits_open: bool = True,
                  walls: frozenset[Pos] = frozenset(), lasers: frozenset[Pos] = frozenset()) -> int:
    """Moves a good robot at `pos` needs to escape; via a lever first when exits are closed."""
    graph = board_graph(level, colour, walls, lasers)
    exits = exits_for(level, colour)
    if not exits:
        buttons = level_facts(level).buttons     # Monostable Buttons: all good robots on one at once
        return graph.distance(pos, buttons) if buttons else INF
    if exits_open:
        return graph.distance(pos, exits)
    levers = levers_of(level, "open_exits") or levers_of(level)
    best = INF
    for lever in levers:
        to_lever = graph.distance(pos, frozenset((lever,)))
        if to_lever < INF:
            best = min(best, to_lever + graph.distance(lever, exits))
    return best


def number_route(level: LevelSpec, values: frozenset, mate_robots: list, held: list, items: dict,
                 walls: frozenset = frozenset(), lasers: frozenset = frozenset(), then: bool = False) -> int:
    """Moves before a player whose robots stand at `mate_robots` [(colour, pos)] and who holds
    Number tokens `held` (most recent last) holds one of `values`: pick one up on the map,
    or turn one into it on a Number Exchanger (which gives its printed value) or a Number
    Changer (adds its value, clamped to 1..6) - a held token, or one picked up on the way.
    INF when no robot of that player can get one.

    then=True: the whole errand of the carrying robot, token fetched AND its own way on to its
    exit from where it got it (the carrier still has to escape: a token on the far side of the
    map costs the way there and the way back)."""
    if values & set(held):
        return 0
    facts = level_facts(level)
    tokens = {p: v for p, (kind, v) in items.items() if kind == "number"}
    direct = frozenset(p for p, v in tokens.items() if v in values)
    exchange = frozenset(p for p, v in facts.exchangers.items() if v in values)
    best = INF
    for colour, pos in mate_robots:
        graph = board_graph(level, colour, walls, lasers)
        reach = graph.distances_from(pos)
        onward = graph.distances_to(exits_for(level, colour)) if then else None

        def cost(to: int, spot: Pos) -> int:
            return to if onward is None else to + onward.get(spot, INF)

        for p in direct:
            if p in reach:
                best = min(best, cost(reach[p], p))
        converters = set()
        if held:                    # both act on a token the player already holds
            converters = set(exchange) | {p for p, d in facts.changers.items()
                                          if max(1, min(6, held[-1] + d)) in values}
        for p in converters:
            if p in reach:
                best = min(best, cost(reach[p], p))
        # pick up any token first, then convert it
        if tokens and (facts.exchangers or facts.changers):
            for p, v in tokens.items():
                if p not in reach:
                    continue
                goals = set(exchange) | {q for q, d in facts.changers.items() if max(1, min(6, v + d)) in values}
                if goals:
                    if onward is None:
                        best = min(best, reach[p] + graph.distance(p, frozenset(goals)))
                    else:
                        after = graph.distances_from(p)
                        for q in goals:
                            if q in after:
                                best = min(best, reach[p] + cost(after[q], q))
    return best


def ascii_distance_map(level: LevelSpec, table: dict[Pos, int]) -> str:
    """A distance table drawn as a grid (debugging and docs): '#' void, '-' unreachable."""
    rows = []
    for y in range(level.height):
        cells = []
        for x in range(level.width):
            if not level.in_bounds((x, y)):
                cells.append(" #")
            else:
                d = table.get((x, y))
                cells.append(" -" if d is None else f"{d:2d}" if d < 100 else "**")
        rows.append(" ".join(cells))
    return "\n".join(rows)
