"""Board geometry and path-finding, derived once per LevelSpec and shared by every state.

Board answers "where does one step from here towards d land for a robot of this colour?"
(walls, gates, map edge and void), knows each space's kind, the Production Line
directions and Lift pairs, and builds the graph the Event cards' shortest paths run on
(tunnels followed, lifts as one step). Nothing here changes during a game.
"""
from __future__ import annotations

from game.roborun.rules.level import DELTAS, LevelSpec, Pos, edge_key

DIAG = {"NE": ("N", "E"), "NW": ("N", "W"), "SE": ("S", "E"), "SW": ("S", "W")}
CAMEO = "cameo"                 # Board.steps key of the table that ignores gates
ALL_DIRECTIONS = ("N", "E", "S", "W", "NE", "NW", "SE", "SW")
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
        self.floor = frozenset(p for p, k in self.kind.items() if k == "floor")
        # Map Exits and Hidden Exit Points with the colour each lets out (round_end.active_exits)
        self.exits = tuple((p, self.spaces[p].colour) for p, k in self.kind.items() if k in ("exit", "hidden_exit"))
        self.line_dir = self._line_directions(level)
        self.lift_pair: dict[Pos, Pos] = {}
        for a, b in level.lifts:
            self.lift_pair[a], self.lift_pair[b] = b, a
        self._graphs: dict[str | None, dict[Pos, tuple]] = {}
        self.has_buttons = "button" in self.kind.values()
        self.bfs_cache: dict[tuple, tuple[dict, dict]] = {}
        self._diag: dict[tuple, Pos | None] = {}     # memo of diagonal steps (the board never changes)
        # target() as tables, for the engine's hot paths: steps[colour][(p, d)] is where a robot
        # of that colour lands (missing: it cannot go); steps[CAMEO] ignores gates (Cameo), so it
        # is the same for every colour. Each table is built when first asked for.
        self.steps = _StepTables(self)
        self.start: tuple | None = None    # engine.new_game's set-up of this level, once it has been checked

    def _table(self, colour: str | None, cameo: bool) -> dict[tuple[Pos, str], Pos]:
        table = {}
        for p, k in self.kind.items():
            if k == "void":
                continue
            for d in ALL_DIRECTIONS:
                q = self.target(p, d, colour, cameo)
                if q is not None:
                    table[(p, d)] = q
        return table

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
            key = (p, d, colour, cameo)
            try:
                return self._diag[key]
            except KeyError:
                pass
            a, b = DIAG[d]
            out = None
            for first, second in ((a, b), (b, a)):
                m = self.target(p, first, colour, cameo)
                if m is not None and self.target(m, second, colour, cameo) is not None:
                    out = self.links[(m, second)][0]
                    break
            self._diag[key] = out
            return out
        link = self.links.get((p, d))
        if link is None:
            return None
        q, gates = link
        if gates is not None and colour not in gates and not cameo:
            return None
        return q


class _StepTables(dict):
    """colour -> Board._table(colour, False), built when a colour is first asked for."""

    def __init__(self, board: Board):
        super().__init__()
        self.board = board

    def __missing__(self, colour):
        table = self[colour] = self.board._table(None, True) if colour == CAMEO else self.board._table(colour, False)
        return table


_BOARDS: dict[int, Board] = {}


def board(level: LevelSpec) -> Board:
    entry = _BOARDS.get(id(level))
    if entry is None or entry.level is not level:
        if len(_BOARDS) > 32:             # keep the cache small in long sessions (32: all shipped maps fit)
            _BOARDS.clear()
        entry = _BOARDS[id(level)] = Board(level)
    return entry
