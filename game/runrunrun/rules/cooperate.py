"""Run Run Run! rulebook, 'Player Action - Cooperate': who joins the Regroup, its token, and the
exchange of up to two tiles each.
"""
from __future__ import annotations

from . import content as C
from .flow import _ask, _draw
from .state import State, ev


def _t_join_ask(state: State, task, events) -> None:
    _ask(state, "join", seat=task[1])


def _t_regroup_token(state: State, task, events) -> None:
    tok = state.regroup_stack.pop()
    data = C.REGROUP_TOKENS[tok]
    state.supply += data["torches"]
    events.append(ev("regroup_token", token=tok, **data))
    state.tasks[0:0] = [("regroup_draw",)] * data["tiles"]


def _t_regroup_draw(state: State, task, events) -> None:
    if not state.deck:
        return
    if len(state.members) == 1:
        _draw(state, state.members[0], 1, events)
    else:
        _ask(state, "draw_for")


def _t_offers_all(state: State, task, events) -> None:
    if len(state.members) > 1:
        state.tasks[0:0] = [("offer", m) for m in state.members]


def _t_offer(state: State, task, events) -> None:
    _ask(state, "offer", seat=task[1], count=0)


def _t_give_pool(state: State, task, events) -> None:
    if state.pool:
        events.append(ev("pool_revealed", tiles=list(state.pool)))
        _ask(state, "give")
