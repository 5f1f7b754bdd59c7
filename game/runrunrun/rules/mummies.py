"""Run Run Run! rulebook, 'Mummies' Actions': the Mummy dice, moving every Mummy toward the Vault
(the Vault's sturdy door stops it for the turn), Hearts on the Mummy pile, a Mummy awakening and
its penalties ('Mummy abilities & Penalty effects', 'The Mummies').
"""
from __future__ import annotations

from . import content as C
from .flow import _ask, _lose, _random_discard, power
from .maze import OPEN, FINAL, toward_vault
from .state import State, ev


def _move_mummy(state: State, mid: int, cell, events: list) -> None:
    frm = state.mummies[mid][0]
    state.mummies[mid][0] = cell
    events.append(ev("mummy_move", mummy=mid, frm=list(frm), to=list(cell)))
    if cell == OPEN:
        state.stopped.add(mid)      # the Vault's sturdy door: no further move this turn


def _put_mummy(state: State, mid: int, cell, events: list) -> None:
    data = C.card(mid)
    state.mummies[mid] = [cell, data["hearts"]]
    events.append(ev("mummy_placed", mummy=mid, cell=list(cell), hearts=data["hearts"]))
    if cell == OPEN:
        state.stopped.add(mid)
    tasks = [("discard_random",)] * data.get("wake_discard_tiles", 0)
    if data.get("wake_discard_torches"):
        tasks.append(("torch_loss", data["wake_discard_torches"]))
    state.tasks[0:0] = tasks


def _t_roll(state: State, task, events) -> None:
    n = power(state)
    state.dice = [state.rng.choice(C.MUMMY_DIE) for _ in range(n)]
    k = state.dice.count("mummy")
    events.append(ev("mummy_roll", seat=state.active, dice=list(state.dice), power=n))
    state.tasks[0:0] = [("move_all", "relics"), ("heart", 1)] * k + [("extra",)]


def _t_move_all(state: State, task, events) -> None:
    state.tasks[0:0] = [("move", mid, task[1]) for mid in sorted(state.mummies)]


def _t_move(state: State, task, events) -> None:
    mid, cause = task[1], task[2]
    forced = cause == "darkness"
    if mid not in state.mummies or (mid in state.stopped and not forced):
        return
    cell = state.mummies[mid][0]
    if cell == OPEN:
        events.append(ev("mummy_move", mummy=mid, frm=list(cell), to=list(FINAL)))
        who = "boss" if mid in C.BOSSES else "mummy"
        _lose(state, f"{who}_reached_relics" if cause != "darkness" else "darkness_curse", events)
        return
    options = toward_vault(state.masks, cell)
    if len(options) == 1:
        _move_mummy(state, mid, options[0], events)
    elif options:
        _ask(state, "mummy_path", mid=mid, options=options)


def _t_extra(state: State, task, events) -> None:
    extra = []
    for mid in sorted(state.mummies):
        extra += [("move", mid, "relics")] * C.card(mid)["extra_move"]
    state.tasks[0:0] = extra


def _t_heart(state: State, task, events) -> None:
    n = task[1]
    while n > 0 and state.pile and not state.boss_awake:
        state.top_hearts += 1
        n -= 1
        events.append(ev("heart", hearts=state.top_hearts))
        top = state.pile[0]
        if state.top_hearts >= C.MUMMIES[top]["hearts"]:
            state.pile.pop(0)
            state.top_hearts = 0
            state.seen_cards.add(top)
            events.append(ev("wake", mummy=top))
            state.tasks[0:0] = [("place", top)] + ([("heart", n)] if n else [])
            return


def _t_place(state: State, task, events) -> None:
    _ask(state, "place_mummy", mid=task[1], options=sorted(c for c in state.tiles if c != FINAL))


def _t_discard_random(state: State, task, events) -> None:
    seats = [i for i, h in enumerate(state.hands) if h]
    if len(seats) == 1:
        _random_discard(state, seats[0], events)
    elif seats:
        _ask(state, "discard_from", options=seats)


def _t_torch_loss(state: State, task, events) -> None:
    lost = min(state.supply, task[1])
    state.supply -= lost
    events.append(ev("torch_loss", torches=lost))
