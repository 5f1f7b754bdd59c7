"""Run Run Run! rulebook, 'Player Action - Explore': where a room may join the maze, the walk (three
rooms free, one draw-deck tile per extra room), lighting the room, a Sarcophagus, and the Torch and
Door Mechanisms of triangles (the last Door wakes the Boss).
"""
from __future__ import annotations

from . import content as C
from .flow import move_cost
from .maze import FINAL, distinct_rotations, fits, open_doorways, rotate, step, triangles_at
from .state import VAULT_TILE, State, ev


def placements(masks: dict, cat_dist: dict, tile_mask: int, reach: int) -> dict:
    """cell -> (rooms to walk, [rotations]) for every legal placement of a tile with `tile_mask`."""
    out = {}
    for cell, need in open_doorways(masks).items():
        if cell == FINAL:
            continue
        best = None
        for d in range(6):
            if need >> d & 1:
                dn = cat_dist.get(step(cell, d))
                if dn is not None and (best is None or dn + 1 < best):
                    best = dn + 1
        if best is None or best > reach:
            continue
        rots = [r for r in distinct_rotations(tile_mask) if fits(need, rotate(tile_mask, r))]
        if rots:
            out[cell] = (best, rots)
    return out


def _walk(state: State, seat: int, cell, rooms: int, events: list) -> None:
    """Move a Catventurer `rooms` rooms; each room past three discards the draw deck's top tile."""
    paid = move_cost(rooms)
    for _ in range(paid):
        state.discard.append(state.deck.pop())
    events.append(ev("move", seat=seat, frm=list(state.pos[seat]), to=list(cell), rooms=rooms, paid=paid))
    state.pos[seat] = cell


def _place(state: State, tile: int, cell, rot: int, rooms: int, events: list) -> None:
    """Explore, steps 1-4: place, move onto it, light it, then the room's effects."""
    s = state.active
    state.hands[s].remove(tile)
    state.tiles[cell] = tile
    state.rots[cell] = rot
    state.masks[cell] = rotate(C.TILES[tile].exits, rot)
    state.placed.append(cell)
    events.append(ev("place", seat=s, tile=tile, cell=list(cell), rot=rot))
    _walk(state, s, cell, rooms, events)
    tasks = [("light", cell)]
    if C.TILES[tile].sarcophagus:
        tasks.append(("sarc_draw", s))
    tasks += [("triangles", cell), ("end_turn",)]
    state.tasks[0:0] = tasks


def _t_light(state: State, task, events) -> None:
    """Explore step 3: a room without a Torch symbol takes a Torch; with none left, the curse."""
    cell = task[1]
    if C.TILES[state.tiles[cell]].torch:
        return
    if state.supply > 0:
        state.supply -= 1
        events.append(ev("light", cell=list(cell), supply=state.supply))
    elif state.pile and not state.boss_awake:
        events.append(ev("dark", cell=list(cell), effect="heart"))
        state.tasks.insert(0, ("heart", 1))
    else:
        events.append(ev("dark", cell=list(cell), effect="move"))
        state.tasks.insert(0, ("move_all", "darkness"))


def _t_sarc_draw(state: State, task, events) -> None:
    if state.sarc_stack:
        tok = state.sarc_stack.pop()
        state.sarc[task[1]].append(tok)
        events.append(ev("sarc_draw", seat=task[1], token=tok, kind=C.SARCOPHAGUS[tok]["kind"]))


def _symbol(state: State, cell):
    t = state.tiles.get(cell)
    return None if t is None or t == VAULT_TILE else C.TILES[t].symbol


def find_triangles(state: State, cell) -> tuple:
    """(identical, different) triangles the room at `cell` completes now, or None for each."""
    same = diff = None
    for tri in triangles_at(cell):
        syms = [_symbol(state, c) for c in tri]
        if None in syms:
            continue
        if len(set(syms)) == 1 and same is None and state.torch_left > 0 and not (set(tri) & state.torch_used):
            same = tri
        if len(set(syms)) == 3 and diff is None and not state.boss_awake and not (set(tri) & state.door_used):
            diff = tri
    return same, diff


def _t_triangles(state: State, task, events) -> None:
    same, diff = find_triangles(state, task[1])
    if same:
        state.torch_left -= 1
        state.torch_used |= set(same)
        state.torch_tris.append(tuple(same))
        state.supply += C.TORCH_MECHANISM_TORCHES
        events.append(ev("torch_mechanism", cells=[list(c) for c in same], supply=state.supply))
    if diff and state.door_stack:
        tok = state.door_stack.pop()
        state.door_used |= set(diff)
        state.door_tris.append(tuple(diff))
        state.doors_done += 1
        data = C.DOOR_TOKENS[tok]
        events.append(ev("door_token", token=tok, cells=[list(c) for c in diff], doors=state.doors_done, **data))
        tasks = [("discard_random",)] * data["tiles"]
        if data["torches"]:
            tasks.append(("torch_loss", data["torches"]))
        if data["hearts"]:
            tasks.append(("heart", data["hearts"]))
        if state.doors_done >= state.doors_needed:
            tasks.append(("boss_wake",))
        state.tasks[0:0] = tasks


def _t_boss_wake(state: State, task, events) -> None:
    state.boss_awake = True
    removed = list(state.pile)
    state.pile, state.top_hearts = [], 0
    state.seen_cards.add(state.boss_card)
    events.append(ev("boss_wake", boss=state.boss_card, removed=removed))
    state.tasks.insert(0, ("place", state.boss_card))
