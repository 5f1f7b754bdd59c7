"""Movement: how robots and Keys move and what entering a space does.

Everything here works on absolute directions (N, E, S, W and the diagonals NE, NW, SE,
SW); reading card arrows from a seat happens in cards.py, walls and gates in geometry.py. Effects that need a player's
decision (pushing a Key, clearing an occupied Tunnel Exit, choosing an unlock) are not
resolved here: they are appended to `state.later` as small step tuples, and the engine
runs them right after the current step (see engine._run).
"""
from __future__ import annotations

from game.roborun.rules import scenario_rules
from game.roborun.rules.supply import numbers_in_supply, pawns_in_supply
from game.roborun.rules.events import Event, new_event
from game.roborun.rules.paths import distances
from game.roborun.rules.level import Pos
from game.roborun.rules.state import GOOD, GameState

# Spaces Short Deactivation may ignore (chapter 7). Hazards count as the Shredder family.
DEACTIVATABLE = frozenset(("hazard", "tunnel", "lift", "lever", "pusher", "number_changer", "number_exchanger"))
# Spaces whose effect waits for the end of a slide unless the space is outlined (chapter 6, last note).
ON_STOP = frozenset(("lever", "pusher", "number_changer", "number_exchanger"))
UPGRADES_TO_BLUE = frozenset(("white", "purple"))


def is_good(state: GameState, rid: int) -> bool:
    return state.colour[rid] in GOOD


def chooser(state: GameState) -> int:
    """Who makes board decisions now: the active player, or in the Event phase the last player."""
    return state.active if state.phase == "action" else state.last_player


# ---------------------------------------------------------------- destruction and escape
def lose(state: GameState, cause: str, events: list[Event]) -> None:
    if state.outcome is None:
        state.outcome, state.loss_cause = "lost", cause
        state.queue.clear()
        state.pending = None
        events.append(Event("scenario_lost", detail=cause))


def remove_robot(state: GameState, rid: int) -> None:
    p = state.pos.pop(rid)
    if state.at.get(p) == rid:
        del state.at[p]
    state.deactivated.discard(p)


def place_robot(state: GameState, rid: int, q: Pos) -> None:
    state.pos[rid] = q
    state.at[q] = rid


def destroy(state: GameState, rid: int, cause: str, events: list[Event]) -> bool:
    """Destroy a robot. Returns True if it survived (Double Metal moved it to a start space)."""
    p = state.pos[rid]
    if is_good(state, rid):
        if "double_metal" in state.armed and _double_metal(state, rid, events):
            return True
        remove_robot(state, rid)
        events.append(new_event(("destroyed", rid, None, None, None, p, None, None, None, None, state.colour[rid], None, cause)))
        lose(state, f"destroyed:{cause}", events)
        return False
    remove_robot(state, rid)
    events.append(new_event(("destroyed", rid, None, None, None, p, None, None, None, None, state.colour[rid], None, cause)))
    return False


def _closest_start(state: GameState, rid: int, good: bool) -> Pos | None:
    """The nearest (by board path, ties in reading order) starting space: for a good robot one
    printed for its colour, for a bad robot any bad robot's starting space."""
    level = state.level
    colour = state.colour[rid]
    starts = [s for s in state.start_positions if (s[1] == colour if good else s[1] not in GOOD)]
    here = state.pos[rid]
    spots = {pos for pos, _ in starts if level.space(pos).kind not in ("exit", "hidden_exit") and pos != here}
    if not spots:
        return None
    dist = distances(state, state.pos[rid], state.colour[rid])
    reachable = [p for p in spots if p in dist]
    pool = reachable or list(spots)
    return min(pool, key=lambda p: (dist.get(p, 10**6), p[1], p[0]))


def _double_metal(state: GameState, rid: int, events: list[Event]) -> bool:
    """Double Metal: the good robot goes to its closest starting space instead of being destroyed.

    If a good robot or a Key is on that space, the active player first moves it to an
    adjacent space: the rescued robot waits off the board (state.turn["limbo"]) until the
    engine's `rescue` step has asked where. A bad robot there means no rescue."""
    start = _closest_start(state, rid, True)
    if start is None:
        return False
    occ = state.at.get(start)
    if occ is not None and not is_good(state, occ):
        return False
    frm = state.pos[rid]
    remove_robot(state, rid)
    state.armed.discard("double_metal")
    events.append(Event("ability_used", seat=state.active, detail="double_metal", robot=rid, frm=frm, to=start))
    if occ is None and start not in state.keys:
        place_robot(state, rid, start)
        events.append(Event("displaced", robot=rid, frm=frm, to=start, detail="double_metal"))
    else:
        state.turn["limbo"] = state.turn.get("limbo", ()) + (rid,)
        state.later.append(("rescue", rid, start))
    return True


def ram_away(state: GameState, bad: int, events: list[Event], reserved: set) -> None:
    """RAM: the bad robot goes to its closest starting space, or to the supply if that is taken."""
    start = _closest_start(state, bad, False)
    frm = state.pos[bad]
    remove_robot(state, bad)
    if start is None or start in state.at or start in reserved:
        events.append(Event("returned", robot=bad, frm=frm, detail="ram"))
    else:
        place_robot(state, bad, start)
        events.append(Event("displaced", robot=bad, frm=frm, to=start, detail="ram"))


def escape(state: GameState, rid: int, events: list[Event]) -> None:
    p = state.pos[rid]
    remove_robot(state, rid)
    state.escaped.append(rid)
    events.append(Event("escaped", robot=rid, seat=state.owner.get(rid), at=p, colour=state.colour[rid]))
    if not state.good_on_map():
        state.outcome = "won"
        state.won_round = state.round
        state.queue.clear()
        state.pending = None
        events.append(Event("scenario_won", value=state.round))


# ---------------------------------------------------------------- group movement
def is_blocked(state: GameState, rid: int, d: str) -> bool:
    """Would a one-space move towards d be skipped (wall, gate, edge, Wall token, own side)?"""
    q = state.geo.target(state.pos[rid], d, state.colour[rid], "cameo" in state.armed)
    if q is None or q in state.wall_tokens:
        return True
    occ = state.at.get(q)
    return occ is not None and (state.colour[occ] in GOOD) == (state.colour[rid] in GOOD)


def any_blocked(state: GameState, robots: list[int], dirs: list[str]) -> bool:
    """any(is_blocked(state, r, d) for r in robots for d in dirs), without a call per pair."""
    geo, pos, at, colour, wall_tokens = state.geo, state.pos, state.at, state.colour, state.wall_tokens
    cameo = "cameo" in state.armed
    for rid in robots:
        p, c = pos[rid], colour[rid]
        good = c in GOOD
        steps = geo.steps["cameo" if cameo else c]
        for d in dirs:
            q = steps.get((p, d))
            if q is None or q in wall_tokens:
                return True
            occ = at.get(q)
            if occ is not None and (colour[occ] in GOOD) == good:
                return True
    return False


def terrain_open(state: GameState, rid: int, d: str) -> bool:
    """Does the board itself (edge, wall, gate, Wall token) let the robot step towards d?"""
    q = state.geo.target(state.pos[rid], d, state.colour[rid], "cameo" in state.armed)
    return q is not None and q not in state.wall_tokens


def move_later(state: GameState, moves: dict[int, str], mover: str) -> None:
    """Queue a move an Equipment card or an ability makes (Spring Boots, Tow Cable, EMP Pulse,
    5th Gear, Signal Detector) as the engine's `free_move` step, run right after the current
    step: like a card's movement action it first offers the active player's protective
    abilities when one would change what happens (Robo Run rulebook, 4.1 Action Phase: "at any
    moment ... You may do it several times in any combination"). `mover`: "active" (the
    active player moves good robots: ABS and RAM apply), "teammate" (the teammate's own
    Equipment moves good robots: ABS applies, RAM does not) or "bad" (bad robots move)."""
    state.later.append(("free_move", tuple(sorted(moves.items())), mover))


def move_group(state: GameState, moves: dict[int, str], events: list[Event], how: str = "moved") -> list[int]:
    """Move robots one space each, simultaneously; the robots that moved (see _move_group)."""
    return [r for r, _ in _move_group(state, moves, events, how)]


def move_and_arrive(state: GameState, moves: dict[int, str], events: list[Event], how: str = "moved",
                    stopping: bool = True) -> list[int]:
    """One simultaneous movement, then resolve what each moved robot entered (in id order).
    Returns the robots that may keep moving (for slides)."""
    if len(moves) == 1 and not state.armed:       # the common case inlined: one robot, nothing declared
        (rid, d), = moves.items()
        pos = state.pos
        p = pos.get(rid)
        if p is None:
            return []
        colour = state.colour
        c = colour[rid]
        geo = state.geo
        q = geo.steps[c].get((p, d))
        if q is None or q in state.wall_tokens:
            events.append(new_event(("blocked", rid, p, None, None, None, None, None, None, None, None, None, d)))
            return []
        at = state.at
        occ = at.get(q)
        if occ is not None:
            if (colour[occ] in GOOD) == (c in GOOD):
                events.append(new_event(("blocked", rid, p, None, None, None, None, None, None, None, None, None,
                                         "occupied")))
            else:
                destroy(state, rid if c in GOOD else occ, "bad_robot", events)
            return []
        del at[p]
        state.deactivated.discard(p)
        pos[rid] = q
        at[q] = rid
        events.append(new_event((how, rid, p, q, None, None, None, None, None, None, c, None, None)))
        if q in geo.floor and q not in state.lasers and q not in state.keys and q not in state.items:
            return [rid]                 # arrive()'s common case inlined: plain floor, nothing on it
        return [rid] if arrive(state, rid, p, events, stopping) else []
    going = []
    moved = _move_group(state, moves, events, how)
    if not moved:
        return going
    pos, floor, lasers, keys, items = state.pos, state.geo.floor, state.lasers, state.keys, state.items
    for rid, frm in moved:
        if state.outcome is not None:
            break
        q = pos.get(rid)
        if q is None:
            continue
        if q in floor and q not in lasers and q not in keys and q not in items:
            going.append(rid)            # arrive()'s common case inlined: plain floor, nothing on it
        elif arrive(state, rid, frm, events, stopping):
            going.append(rid)
    return going


def _move_group(state: GameState, moves: dict[int, str], events: list[Event], how: str) -> list[tuple[int, Pos]]:
    """Move robots one space each, SIMULTANEOUSLY (chapter 4.1 Movement Rules).

    `moves` maps robot id -> absolute direction. A robot is blocked by walls, wrong gates,
    the map edge, Wall tokens, and by any robot that does not itself move away (a robot of
    the other side is not an obstacle: the meeting destroys the good robot). Returns the
    robots that moved, in id order, so the caller resolves what they entered."""
    if not moves:
        return []
    geo = state.geo
    pos, at, colour = state.pos, state.at, state.colour
    if len(moves) == 1 and not state.armed:       # the common case: one robot, nothing declared
        (rid, d), = moves.items()
        p = pos.get(rid)
        if p is None:
            return []
        q = geo.steps[colour[rid]].get((p, d))
        if q is None or q in state.wall_tokens:
            events.append(new_event(("blocked", rid, p, None, None, None, None, None, None, None, None, None, d)))
            return []
        return _move_one(state, rid, q, events, how)
    cameo = "cameo" in state.armed
    use_abs = "abs" in state.armed
    targets: dict[int, Pos] = {}
    wall_tokens = state.wall_tokens
    steps = geo.steps
    for rid in sorted(moves):
        p = pos.get(rid)
        if p is None:
            continue
        q = steps["cameo" if cameo else colour[rid]].get((p, moves[rid]))
        if q is None or q in wall_tokens:
            events.append(new_event(("blocked", rid, p, None, None, None, None, None, None, None, None, None, moves[rid])))
            continue
        targets[rid] = q
    if len(targets) == 1 and not state.armed:
        (rid, q), = targets.items()
        return _move_one(state, rid, q, events, how)
    if len(set(targets.values())) == len(targets) and at.keys().isdisjoint(targets.values()):
        return _move_free(state, targets, events, how)      # no collision, swap or meeting possible
    changed = True
    while changed:
        changed = False
        counts: dict[Pos, int] = {}
        for q in targets.values():
            counts[q] = counts.get(q, 0) + 1
        for rid, q in list(targets.items()):
            occ = at.get(q)
            reason = None
            if counts[q] > 1:
                reason = "collision"
            elif occ is not None and occ not in targets:
                same_side = (colour[occ] in GOOD) == (colour[rid] in GOOD)
                if same_side or (use_abs and colour[rid] in GOOD):
                    reason = "occupied" if same_side else "abs"
            elif occ is not None and targets.get(occ) == pos[rid]:
                reason = "swap"
            if reason:
                del targets[rid]
                events.append(new_event(("blocked", rid, pos[rid], None, None, None, None, None, None, None, None, None, reason)))
                changed = True
    if not targets:
        return []
    reserved = set(targets.values())
    # Meetings with a robot of the other side that stays put.
    for rid, q in list(targets.items()):
        occ = at.get(q)
        if occ is None or occ in targets:
            continue
        if colour[rid] in GOOD:
            if "ram" in state.armed and state.phase == "action":
                ram_away(state, occ, events, reserved)
                continue
            del targets[rid]
            destroy(state, rid, "bad_robot", events)
        else:
            destroy(state, occ, "bad_robot", events)
        if state.outcome is not None:
            return []
    for rid in targets:
        p = pos[rid]
        if at.get(p) == rid:
            del at[p]
        state.deactivated.discard(p)
    moved = []
    for rid, q in targets.items():
        frm = pos[rid]
        if q in at:                 # rare: a Double Metal rescue landed on this target meanwhile
            other = at[q]
            if (colour[other] in GOOD) != (colour[rid] in GOOD):
                destroy(state, other if colour[other] in GOOD else rid, "bad_robot", events)
            if rid not in pos:
                continue
            if q in at:
                if frm not in at:
                    at[frm] = rid
                elif colour[rid] in GOOD:
                    destroy(state, rid, "crushed", events)
                else:
                    _to_supply(state, rid, events)
                continue
        pos[rid] = q
        at[q] = rid
        moved.append((rid, frm))
        events.append(new_event((how, rid, frm, q, None, None, None, None, None, None, colour[rid], None, None)))
    return moved if state.outcome is None else []


def _move_one(state: GameState, rid: int, q: Pos, events: list[Event], how: str) -> list[tuple[int, Pos]]:
    """The common case of _move_group: one robot going to q, no protective ability declared."""
    pos, at, colour = state.pos, state.at, state.colour
    frm = pos[rid]
    occ = at.get(q)
    if occ is not None:
        if (colour[occ] in GOOD) == (colour[rid] in GOOD):
            events.append(new_event(("blocked", rid, frm, None, None, None, None, None, None, None, None, None, "occupied")))
            return []
        destroy(state, rid if colour[rid] in GOOD else occ, "bad_robot", events)
        return []
    del at[frm]
    state.deactivated.discard(frm)
    pos[rid] = q
    at[q] = rid
    events.append(new_event((how, rid, frm, q, None, None, None, None, None, None, colour[rid], None, None)))
    return [(rid, frm)]


def _move_free(state: GameState, targets: dict[int, Pos], events: list[Event], how: str) -> list[tuple[int, Pos]]:
    """The other common case of _move_group: several robots, every target empty and distinct."""
    pos, at, colour, deactivated = state.pos, state.at, state.colour, state.deactivated
    for rid in targets:
        p = pos[rid]
        if at.get(p) == rid:
            del at[p]
        deactivated.discard(p)
    moved = []
    for rid, q in targets.items():
        frm = pos[rid]
        pos[rid] = q
        at[q] = rid
        moved.append((rid, frm))
        events.append(new_event((how, rid, frm, q, None, None, None, None, None, None, colour[rid], None, None)))
    return moved if state.outcome is None else []


def _to_supply(state: GameState, rid: int, events: list[Event]) -> None:
    frm = state.pos.pop(rid)
    if state.at.get(frm) == rid:
        del state.at[frm]
    events.append(Event("returned", robot=rid, frm=frm))


# ---------------------------------------------------------------- entering a space
def arrive(state: GameState, rid: int, frm: Pos, events: list[Event], stopping: bool = True) -> bool:
    """Resolve what the robot at its new position entered. Returns True if it may keep moving
    (still on the map, not teleported or pushed). `stopping` is False in the middle of a slide,
    where non-outlined Lever/Pusher/Number spaces wait for the robot to stop (see settle)."""
    q = state.pos[rid]
    geo = state.geo
    if q in geo.floor and q not in state.lasers and q not in state.keys and q not in state.items:
        return True                  # the common case: plain floor, nothing on it
    good = state.colour[rid] in GOOD
    space = geo.spaces[q]
    short = good and "short_deactivation" in state.armed and (space.kind in DEACTIVATABLE or q in state.lasers)
    if q in state.lasers and not short:
        destroy(state, rid, "laser", events)
        return False
    _collect(state, rid, q, frm, events)
    if short:
        state.deactivated.add(q)
        if space.kind == "lift":      # "not activated on a turn in which the ability ... was used"
            state.turn["lifts_off"] = state.turn.get("lifts_off", ()) + (q,)
        return True
    kind = space.kind
    if kind == "exit":
        if good and space.colour == state.colour[rid] and scenario_rules.exit_allowed(state, rid, q):
            escape(state, rid, events)
            return False
    elif kind == "hidden_exit":
        if good and space.colour == state.colour[rid] and scenario_rules.exit_allowed(state, rid, q):
            mate = 1 - state.owner[rid]
            if space.value in state.numbers[mate]:
                escape(state, rid, events)
                return False
    elif kind == "hazard":
        destroy(state, rid, space.variant or "hazard", events)
        return False
    elif kind == "tunnel":
        enter_tunnel(state, rid, q, events)
        return False
    elif kind == "button":
        check_buttons(state, events)
        return rid in state.pos
    elif kind in ON_STOP and (stopping or space.outlined):
        return _on_stop_effect(state, rid, q, events)
    return True


def settle(state: GameState, rid: int, events: list[Event]) -> None:
    """A slide ended: apply the waiting effect of a non-outlined space the robot stopped on."""
    q = state.pos.get(rid)
    if q is None or q in state.deactivated:
        return
    space = state.level.space(q)
    if space.kind in ON_STOP and not space.outlined:
        _on_stop_effect(state, rid, q, events)


def _on_stop_effect(state: GameState, rid: int, q: Pos, events: list[Event]) -> bool:
    space = state.level.space(q)
    if space.kind == "lever":
        scenario_rules.on_lever(state, q, events)
        return True
    if space.kind == "pusher":
        state.later.append(("push", rid, space.direction))
        return False
    owner = state.owner.get(rid)
    if owner is None or not state.numbers[owner]:
        return True
    old = state.numbers[owner][-1]
    new = max(1, min(6, old + space.value)) if space.kind == "number_changer" else space.value
    if new != old and space.kind == "number_changer" and not numbers_in_supply(state, new):
        return True                  # the supply has no token of the new value to swap in
    state.numbers[owner][-1] = new
    events.append(Event("number_changed", seat=owner, value=new, detail=str(old), at=q))
    return True


def _collect(state: GameState, rid: int, q: Pos, frm: Pos, events: list[Event]) -> None:
    """Tokens on the entered space (chapter 6, Tokens)."""
    if q in state.keys:
        state.later.append(("key_push", q, frm))
    item = state.items.get(q)
    if item is None:
        return
    kind, value = item
    colour = state.colour[rid]
    if colour in GOOD:
        seat = state.owner[rid]
        del state.items[q]
        events.append(new_event(("collected", rid, None, None, None, q, seat, None, None, kind, None, value, None)))
        if kind == "energy":
            gain_energy(state, seat, 1, events)
        elif kind == "experience":
            state.later.append(("unlock", seat))
        elif kind == "equipment":
            draw_equipment(state, seat, events)
        elif kind == "number":
            state.numbers[seat].append(value)
        return
    if kind == "number":
        return                       # "when another element is placed on the token, nothing happens"
    del state.items[q]
    state.lost_tokens += 1
    events.append(Event("collected", robot=rid, token=kind, at=q))
    if colour in UPGRADES_TO_BLUE and pawns_in_supply(state, "blue"):     # the swap needs a Blue pawn
        state.colour[rid] = "blue"
        events.append(Event("upgraded", robot=rid, colour="blue", detail=colour, at=q))


def gain_energy(state: GameState, seat: int, amount: int, events: list[Event]) -> None:
    state.energy[seat] = min(5, state.energy[seat] + amount)
    events.append(Event("energy", seat=seat, value=state.energy[seat]))


def draw_equipment(state: GameState, seat: int, events: list[Event]) -> None:
    if state.equip_deck:
        card = state.equip_deck.pop(0)
        state.hands[seat].append(card)
        events.append(Event("equipment_drawn", seat=seat, card=card))


def check_buttons(state: GameState, events: list[Event]) -> None:
    """Monostable Buttons: when every good robot on the map stands on one, they all leave."""
    if not state.geo.has_buttons:
        return
    kinds, colour = state.geo.kind, state.colour
    good = []
    for r, p in state.pos.items():                # state.good_on_map(), stopping at the first robot off a button
        if colour[r] in GOOD:
            if kinds[p] != "button":
                return
            good.append(r)
    if good:
        if all(scenario_rules.exit_allowed(state, r, state.pos[r]) for r in good):
            for r in good:
                escape(state, r, events)


# ---------------------------------------------------------------- tunnels, pushers, keys
def enter_tunnel(state: GameState, rid: int, tunnel: Pos, events: list[Event]) -> None:
    exit_pos = state.level.tunnels.get(tunnel)
    if exit_pos is None:
        return
    occ = state.at.get(exit_pos)
    if occ is None:
        teleport(state, rid, exit_pos, events)
    elif (state.colour[occ] in GOOD) != (state.colour[rid] in GOOD):
        good = occ if state.colour[occ] in GOOD else rid
        if good == rid and "ram" in state.armed and state.phase == "action":
            ram_away(state, occ, events, {exit_pos})      # RAM: the bad robot on the Tunnel Exit goes first
            teleport(state, rid, exit_pos, events)
            return
        destroy(state, good, "bad_robot", events)
        if good == occ and state.outcome is None and exit_pos not in state.at:
            teleport(state, rid, exit_pos, events)      # Double Metal saved the robot on the exit
    else:
        state.later.append(("displace", exit_pos, rid))


def teleport(state: GameState, rid: int, to: Pos, events: list[Event]) -> None:
    frm = state.pos[rid]
    remove_robot(state, rid)
    place_robot(state, rid, to)
    events.append(Event("teleported", robot=rid, frm=frm, to=to))
    arrive(state, rid, frm, events)


def displace_options(state: GameState, exit_pos: Pos) -> list[Pos]:
    """Adjacent spaces the robot (or nothing) on a Tunnel Exit may be moved to."""
    occ = state.at.get(exit_pos)
    colour = state.colour[occ] if occ is not None else None
    geo = state.geo
    out = []
    for d in "NESW":
        q = geo.target(exit_pos, d, colour)
        if q is not None and q not in state.at and q not in state.wall_tokens:
            out.append(q)
    return out


def push_slide(state: GameState, rid: int, d: str, events: list[Event]) -> None:
    """Pusher: the robot moves towards d until an obstacle; each reached space is resolved."""
    moved_any = False
    while state.outcome is None and rid in state.pos:
        n = len(events)
        going = move_and_arrive(state, {rid: d}, events, how="pushed", stopping=False)
        if len(events) > n and events[n].kind == "blocked":
            del events[n]                     # the obstacle that ends a push is not news
            break
        moved_any = True
        if not going:
            break
    if rid in state.pos and moved_any:
        settle(state, rid, events)


def key_can_enter(state: GameState, q: Pos) -> bool:
    return q not in state.keys and q not in state.at and q not in state.wall_tokens


def key_options(state: GameState, key_pos: Pos) -> list[Pos]:
    geo = state.geo
    return [q for d in "NESW" if (q := geo.target(key_pos, d, None)) is not None and key_can_enter(state, q)]


def move_key(state: GameState, frm: Pos, to: Pos, events: list[Event], how: str = "key_moved") -> None:
    """Move a Key one space and resolve the space it entered (chapter 6, Key / Tunnel / Pusher)."""
    state.keys.discard(frm)
    state.keys.add(to)
    events.append(Event(how, frm=frm, to=to, token="key"))
    kind = state.geo.kind[to]
    if to in state.lasers or kind == "hazard":
        state.keys.discard(to)
        state.lost_tokens += 1
        events.append(Event("destroyed", token="key", at=to, detail="laser" if to in state.lasers else "hazard"))
    elif kind == "tunnel":
        exit_pos = state.level.tunnels.get(to)
        if exit_pos is not None and exit_pos not in state.keys:
            if exit_pos in state.at:
                state.later.append(("displace", exit_pos, "key", to))
            else:
                move_key(state, to, exit_pos, events, how="teleported")
    elif kind == "pusher":
        d = state.level.space(to).direction
        geo = state.geo
        here = to
        while True:
            q = geo.target(here, d, None)
            if q is None or not key_can_enter(state, q):
                break
            state.keys.discard(here)
            state.keys.add(q)
            events.append(Event("pushed", frm=here, to=q, token="key"))
            here = q
            if q in state.lasers or state.geo.kind[q] == "hazard":
                state.keys.discard(q)
                state.lost_tokens += 1
                events.append(Event("destroyed", token="key", at=q, detail="hazard"))
                break


# ---------------------------------------------------------------- after the whole Action card
def run_lifts(state: GameState, events: list[Event]) -> None:
    """Lifts (chapter 6): an element on a Lift moves to the other one; both occupied: they swap."""
    if state.turn.get("brake"):
        return
    off = state.turn.get("lifts_off", ())
    at, keys = state.at, state.keys
    for a, b in state.level.lifts:
        if a not in at and b not in at and a not in keys and b not in keys:
            continue                      # nothing on either Lift: nothing moves
        if a in state.deactivated or b in state.deactivated or a in off or b in off or state.outcome is not None:
            continue
        ea, eb = _take(state, a), _take(state, b)
        if ea is not None:
            _put(state, ea, b, a, events)
        if eb is not None:
            _put(state, eb, a, b, events)
        for el, here, frm in ((ea, b, a), (eb, a, b)):
            if el is not None and el[0] == "robot" and el[1] in state.pos and state.outcome is None:
                arrive(state, el[1], frm, events)


def _take(state: GameState, p: Pos):
    """Lift the element off a space: a robot first, else a Key; None if empty."""
    rid = state.at.get(p)
    if rid is not None:
        remove_robot(state, rid)
        return ("robot", rid)
    if p in state.keys:
        state.keys.discard(p)
        return ("key", None)
    return None


def _put(state: GameState, element, to: Pos, frm: Pos, events: list[Event]) -> None:
    if element[0] == "robot":
        place_robot(state, element[1], to)
        events.append(Event("lifted", robot=element[1], frm=frm, to=to))
    else:
        state.keys.add(to)
        events.append(Event("lifted", token="key", frm=frm, to=to))


def run_lines(state: GameState, events: list[Event]) -> None:
    """Production Lines: every element on a line moves one space along it, simultaneously."""
    if not state.lines_on or state.turn.get("brake"):
        return
    dirs = state.geo.line_dir
    if not dirs:
        return
    if dirs.keys().isdisjoint(state.pos.values()) and dirs.keys().isdisjoint(state.keys):
        return                        # the usual case: nothing stands on a line
    moves = {rid: dirs[p] for rid, p in state.pos.items() if p in dirs and p not in state.deactivated}
    keys_on = [k for k in state.keys if k in dirs]
    n = len(events)
    move_and_arrive(state, moves, events, how="conveyed")
    events[n:] = [e for e in events[n:] if e.kind != "blocked"]
    if state.outcome is not None:
        return
    geo = state.geo
    for k in sorted(keys_on):
        q = geo.target(k, dirs[k], None)
        if q is not None and key_can_enter(state, q):
            move_key(state, k, q, events, how="conveyed")


def group(state: GameState, who: str, colours: tuple = ()) -> list[int]:
    """The robots one part of a card moves: "my" / "mate" robots, or the bad robots of `colours`."""
    out = []                                     # plain loops: a comprehension is one more call
    if who == "my" or who == "mate":             # state.robots_of, inlined: the hottest query
        seat = state.active if who == "my" else 1 - state.active
        pos = state.pos
        for r, s in state.owner.items():
            if s == seat and r in pos:
                out.append(r)
        return out
    colour = state.colour
    for r in state.pos:
        if colour[r] in colours:
            out.append(r)
    out.sort()
    return out


def any_in_group(state: GameState, who: str, colours: tuple = ()) -> bool:
    """bool(group(state, who, colours)), without building the list."""
    if who == "my" or who == "mate":
        seat = state.active if who == "my" else 1 - state.active
        pos = state.pos
        for r, s in state.owner.items():
            if s == seat and r in pos:
                return True
        return False
    colour = state.colour
    for r in state.pos:
        if colour[r] in colours:
            return True
    return False
