"""The simple measures the partner styles judge a position by: path lengths home, and how
close the bad robots are. Nothing here knows how the project's AI evaluates a position."""
from __future__ import annotations

from game.roborun.rules.paths import distances
from game.roborun.rules.state import GOOD, GameState

FAR = 40                      # a robot with no way home counts this many moves


def _goals(state: GameState, colour: str) -> list:
    """Where a good robot of `colour` leaves the factory: its Map Exits (and Hidden Exit
    Points), else the Monostable Buttons."""
    geo = state.geo
    out = [p for p, c in geo.exits if c == colour]
    return out or [p for p, k in geo.kind.items() if k == "button"]


def moves_home(state: GameState, rid: int) -> int:
    """Fewest moves from the robot to a way out of its colour (robots ignored), FAR if none."""
    colour = state.colour[rid]
    dist = distances(state, state.pos[rid], colour)
    return min((dist[g] for g in _goals(state, colour) if g in dist), default=FAR)


def own_moves(state: GameState, seat: int) -> int:
    """Moves the seat's robots still on the map need (an escaped robot needs none)."""
    return sum(moves_home(state, r) for r, s in state.owner.items() if s == seat and r in state.pos)


def team_moves(state: GameState) -> int:
    return own_moves(state, 0) + own_moves(state, 1)


def nearest_bad(state: GameState, seats=(0, 1)) -> int:
    """Steps (up, down, left, right, walls ignored) from the seats' good robots to the
    closest bad robot; FAR when there is none."""
    goods = [p for r, p in state.pos.items() if state.colour[r] in GOOD and state.owner.get(r) in seats]
    bads = [p for r, p in state.pos.items() if state.colour[r] not in GOOD]
    if not goods or not bads:
        return FAR
    return min(abs(a[0] - b[0]) + abs(a[1] - b[1]) for a in goods for b in bads)
