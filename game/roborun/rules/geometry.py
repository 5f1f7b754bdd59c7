"""Board geometry and path-finding, derived once per LevelSpec and shared by every state.

Board answers "where does one step from here towards d land for a robot of this colour?"
(walls, gates, map edge and void), knows each space's kind, the Production Line
directions and Lift pairs, and builds the graph the Event cards' shortest paths run on
(tunnels followed, lifts as one step). Nothing here changes during a game.
"""
from __future__ import annotations

from collections import deque

from game.roborun.rules.level import DELTAS, LevelSpec, Pos, edge_key
from game.roborun.rules.state import GameState

DIAG = {"NE": ("N", "E"), "NW": ("N", "W"), "SE": ("S", "E"), "SW": ("S", "W")}
OPPOSITE = {"N": "S", "S": "N", "E": "W", "W": "E", "NE": "SW", "SW": "NE", "NW": "SE", "SE": "NW"}


class Board:
    """Immutable facts derived once per LevelSpec: links between spaces and line directions."""

    def __init__(self, level: LevelSpec):
        self.level = level
        self.links: dict[tuple[Pos, str], tuple[Pos, frozenset | None]] = {}
        for y in range(level.height):
            for x in range(level.width):
                p = (x, y)
                if not level.in_bounds(p):
                    continue
                for d, (dx, dy) in DELTAS.items():
                    q = (x + dx, y + dy)
                    if not level.in_bounds(q):
                        continue
                    key = edge_key(p, d)
                    if key in level.walls:
                        continue
                    self.links[(p, d)] = (q, level.gates.get(key))
        self.spaces = {(x, y): level.spaces[y][x] for y in range(level.height) for x in range(level.width)}
        self.kind = {p: sp.kind for p, sp in self.spaces.items()}
        self.line_dir = self._line_directions(level)
        self.lift_pair: dict[Pos, Pos] = {}
        for a, b in level.lifts:
            self.lift_pair[a], self.lift_pair[b] = b, a
        self._graphs: dict[str | None, dict[Pos, tuple]] = {}
        self.has_buttons = "button" in self.kind.values()
        self.bfs_cache: dict[tuple, tuple[dict, dict]] = {}

    def graph(self, colour: str | None) -> dict[Pos, tuple]:
        """Path-finding neighbours per space for a robot colour: (first step, landing space),
        tunnels followed, lifts as an extra 'lift' edge, hazard spaces left out."""
        g = self._graphs.get(colour)
        if g is None:
            g = {}
            tunnels = self.level.tunnels
            for p in self.kind:
                if self.kind[p] == "void":
                    continue
                out = []
                for d in "NESW":
                    q = self.target(p, d, colour)
                    if q is not None and self.kind[q] != "hazard":
                        out.append((d, tunnels.get(q, q)))
                if p in self.lift_pair:
                    out.append(("lift", self.lift_pair[p]))
                g[p] = tuple(out)
            self._graphs[colour] = g
        return g

    def _line_directions(self, level: LevelSpec) -> dict[Pos, str]:
        """Each production line space's direction: its own, or that of a Production Line token on its line."""
        dirs = {p: level.space(p).direction for p, k in self.kind.items() if k == "production_line"}
        for tok in level.tokens:
            if tok.kind != "production_line" or tok.pos not in dirs or not tok.direction:
                continue
            todo, seen = [tok.pos], {tok.pos}
            while todo:
                p = todo.pop()
                dirs[p] = tok.direction
                for d in DELTAS:
                    link = self.links.get((p, d))
                    if link and link[0] in dirs and link[0] not in seen:
                        seen.add(link[0])
                        todo.append(link[0])
        return {p: d for p, d in dirs.items() if d}

    def target(self, p: Pos, d: str, colour: str | None, cameo: bool = False) -> Pos | None:
        """Where one step from p towards d lands, or None if a wall, gate, edge or void forbids it.

        A diagonal step needs one of its two L-shaped paths to be open (our reading)."""
        if len(d) == 2:
            a, b = DIAG[d]
            for first, second in ((a, b), (b, a)):
                m = self.target(p, first, colour, cameo)
                if m is not None and self.target(m, second, colour, cameo) is not None:
                    return self.links[(m, second)][0]
            return None
        link = self.links.get((p, d))
        if link is None:
            return None
        q, gates = link
        if gates is not None and colour not in gates and not cameo:
            return None
        return q


_BOARDS: dict[int, Board] = {}


def board(level: LevelSpec) -> Board:
    entry = _BOARDS.get(id(level))
    if entry is None or entry.level is not level:
        if len(_BOARDS) > 64:             # keep the cache small in long sessions
            _BOARDS.clear()
        entry = _BOARDS[id(level)] = Board(level)
    return entry


def distances(state: GameState, start: Pos, colour: str | None) -> dict[Pos, int]:
    """Path lengths over the board graph (tunnels and lifts included), ignoring robots.
    The dict is cached and shared: read it, never change it."""
    dist, _ = _bfs(state, start, colour)
    return dist


def _bfs(state: GameState, start: Pos, colour: str | None):
    """BFS recording, for every reached space, the set of first steps on a shortest path.
    Robots are ignored (they move); Lasers and Wall tokens are avoided."""
    blocked = state.lasers | state.wall_tokens if (state.lasers or state.wall_tokens) else ()
    cache = state.geo.bfs_cache
    key = (start, colour, frozenset(blocked))
    hit = cache.get(key)
    if hit is not None:
        return hit
    if len(cache) > 50000:
        cache.clear()
    graph = state.geo.graph(colour)
    dist = {start: 0}
    first: dict[Pos, set] = {start: set()}
    frontier = deque([start])
    while frontier:
        u = frontier.popleft()
        du = dist[u] + 1
        for d, v in graph.get(u, ()):
            if v in blocked:
                continue
            fd = {d} if u == start else first[u]
            if v not in dist:
                dist[v] = du
                first[v] = set(fd)
                frontier.append(v)
            elif dist[v] == du:
                first[v] |= fd
    cache[key] = (dist, first)        # read-only for callers: shared between games on this level
    return dist, first


def best_steps(state: GameState, rid: int, targets: set[Pos]) -> set[str]:
    """First steps (N/E/S/W) of the shortest paths from the robot to its nearest target."""
    dist, first = _bfs(state, state.pos[rid], state.colour[rid])
    reached = [t for t in targets if t in dist and t != state.pos[rid]]
    if not reached:
        return set()
    best = min(dist[t] for t in reached)
    out: set[str] = set()
    for t in reached:
        if dist[t] == best:
            out |= first[t]
    out.discard("lift")            # riding the lift is not a step the Event can make now
    return out
