"""Run Run Run! rulebook, 'Player Action - Fight': applying the Combat dice (damage, split between
Mummies of one room, draws, the Catventurer's ability, lures) and eliminating a Mummy.
"""
from __future__ import annotations

from . import content as C
from .flow import _ask, _boss_in_play, _check_win, _draw, mummies_in
from .maze import FINAL, neighbours, vault_distances
from .state import State, ev


def _resolve_fight(state: State, x: dict, events: list) -> None:
    """Apply the Combat dice: damage first (split if several Mummies), then draws, ability, lures."""
    s = state.active
    dice = state.combat
    boss = _boss_in_play(state)
    abilities = 0 if (boss and boss["no_ability"]) else dice.count("ability")
    ability = C.CATS[state.cats[s]]["ability"]
    damage = dice.count("hit") + x["plus"] + (abilities if ability == "damage" else 0)
    if x["double"]:
        damage *= 2
    events.append(ev("fight_result", seat=s, damage=damage, dice=list(dice), ignored_abilities=dice.count("ability") - abilities))
    tasks = [("damage", damage), ("fight_gain", dice.count("draw"), abilities if ability != "damage" else 0)]
    tasks += [("lures", dice.count("lure")), ("end_turn",)]
    state.tasks[0:0] = tasks


def _hit(state: State, mid: int, n: int, events: list) -> None:
    m = state.mummies[mid]
    m[1] -= n
    events.append(ev("hit", mummy=mid, damage=n, hearts=max(0, m[1])))
    if m[1] <= 0:
        del state.mummies[mid]
        state.eliminated += 1
        if mid in C.MUMMIES and not state.boss_awake:
            state.pile.append(mid)
        events.append(ev("eliminated", mummy=mid))
        _check_win(state, events)


def _t_damage(state: State, task, events) -> None:
    left = task[1]
    targets = mummies_in(state, state.pos[state.active])
    if left <= 0 or not targets:
        return
    if len(targets) == 1:
        _hit(state, targets[0], min(left, state.mummies[targets[0]][1]), events)
    else:
        _ask(state, "hit", left=left, targets=targets)


def _t_fight_gain(state: State, task, events) -> None:
    s = state.active
    draws, abilities = task[1], task[2]
    ability = C.CATS[state.cats[s]]["ability"]
    if ability == "draw":
        draws += abilities
    elif ability == "sarc":
        state.tasks[0:0] = [("sarc_draw", s)] * abilities
    elif ability == "torch":
        state.supply += abilities
    _draw(state, s, draws, events)


def _t_lures(state: State, task, events) -> None:
    """Footprints: move the Catventurer and a (non-Boss) Mummy one room away from the Vault."""
    if task[1] <= 0:
        return
    cell = state.pos[state.active]
    vd = vault_distances(state.masks)
    here = vd.get(cell, 0)
    options = []
    for mid in mummies_in(state, cell):
        if mid in C.BOSSES:
            continue
        for n in sorted(neighbours(state.masks, cell)):
            if n != FINAL and vd.get(n, -1) > here:
                options.append((mid, n))
    if options:
        _ask(state, "lure", left=task[1], options=options)
