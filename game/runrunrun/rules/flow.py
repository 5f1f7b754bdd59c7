"""The steps every part of a Run Run Run! turn shares: asking a seat, drawing tiles, winning and
losing ('End of the Game'), paying a random discard, using a Sarcophagus token ('Using Sarcophagus
Tokens'), and the queries the sections need (who decides, reach, Power).
"""
from __future__ import annotations

from . import content as C
from .maze import distances
from .state import BASIC_MOVE, WIN_RATINGS, State, ev


def current_seat(state: State) -> int | None:
    if state.over:
        return None
    return state.ctx.get("seat", state.active)


def budget(state: State) -> int:
    """Rooms a Catventurer may move this action: the basic three plus one per draw-deck tile."""
    return BASIC_MOVE + len(state.deck)


def move_cost(rooms: int) -> int:
    return max(0, rooms - BASIC_MOVE)


def cat_distances(state: State, seat: int, stop_at_mummies: bool = False) -> dict:
    blocked = frozenset(m[0] for m in state.mummies.values()) if stop_at_mummies else frozenset()
    return distances(state.masks, state.pos[seat], blocked=blocked)


def mummies_in(state: State, cell) -> list[int]:
    return sorted(mid for mid, (c, _) in state.mummies.items() if c == cell)


def _boss_in_play(state: State) -> dict | None:
    for mid in state.mummies:
        if mid in C.BOSSES:
            return C.BOSSES[mid]
    return None


def power(state: State) -> int:
    """Mummy dice to roll: Power 1 plus one per active Mummy with the extra-die symbol."""
    return 1 + sum(C.MUMMIES[mid]["extra_die"] for mid in state.mummies if mid in C.MUMMIES)


def _ask(state: State, phase: str, **ctx) -> None:
    state.phase = phase
    state.ctx = ctx


def _check_win(state: State, events: list) -> None:
    if state.boss_awake and not state.mummies and not state.over:
        state.over, state.won = True, True
        state.cause = WIN_RATINGS[len(state.regroup_stack)]
        state.phase, state.ctx, state.tasks = None, {}, []
        events.append(ev("won", rating=state.cause))


def _lose(state: State, cause: str, events: list) -> None:
    state.over, state.won, state.cause = True, False, cause
    state.phase, state.ctx, state.tasks = None, {}, []
    events.append(ev("lost", cause=cause))


def _draw(state: State, seat: int, n: int, events: list) -> None:
    for _ in range(n):
        if not state.deck:        # 'Running out of Room tiles': ignore draw effects
            return
        t = state.deck.pop()
        state.hands[seat].append(t)
        events.append(ev("draw", seat=seat, tile=t))


def _use_sarc(state: State, seat: int, tok: int, events: list) -> None:
    data = C.SARCOPHAGUS[tok]
    events.append(ev("sarc_used", seat=seat, token=tok, kind=data["kind"]))
    if data["kind"] == "torches":
        state.supply += data["n"]
    elif data["kind"] == "draw":
        _draw(state, seat, data["n"], events)
    elif data["kind"] == "draw_torch":
        _draw(state, seat, 1, events)
        state.supply += 1


def _random_discard(state: State, seat: int, events: list) -> None:
    hand = state.hands[seat]
    t = hand.pop(state.rng.randrange(len(hand)))
    state.discard.append(t)
    events.append(ev("random_discard", seat=seat, tile=t))
