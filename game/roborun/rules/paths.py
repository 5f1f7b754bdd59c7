"""Shortest paths for one state: the Board's graph minus the Lasers and Wall tokens in play.

Kept apart from geometry.py (facts of the level, known before any state exists) so the
state can build its Board without geometry knowing about states.
"""
from __future__ import annotations

from collections import deque

from game.roborun.rules.level import Pos
from game.roborun.rules.state import GameState


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
