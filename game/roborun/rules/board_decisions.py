"""Decisions the board asks for in the middle of a move (deferred through state.later).

Pushing a Key, clearing an occupied Tunnel Exit, choosing what an Experience token
unlocks, the second half of a Double Metal rescue, a Pusher's slide and Signal
Detector's per-robot directions. Each is a step handler plus, where a player chooses,
a resolver; engine.py registers them in its STEPS / RESOLVE tables.
"""
from __future__ import annotations

from game.roborun.rules import movement
from game.roborun.rules.cards import robot_boards
from game.roborun.rules.events import Event
from game.roborun.rules.flow import decide as _decide
from game.roborun.rules.movement import arrive, chooser, lose
from game.roborun.rules.state import GOOD, Choice, Decision, GameState

def _key_push(state: GameState, step: tuple, events: list[Event]) -> None:
    key = step[1]
    if key not in state.keys:
        return
    options = [Choice("key", (q,)) for q in movement.key_options(state, key)]
    if options:
        _decide(state, "key", chooser(state), options, step)


def _resolve_key(state: GameState, dec: Decision, choice: Choice, events: list[Event]) -> None:
    movement.move_key(state, dec.ctx[1], choice.args[0], events)


def _displace(state: GameState, step: tuple, events: list[Event]) -> None:
    exit_pos = step[1]
    if exit_pos not in state.at:
        _finish_tunnel(state, step, events)
        return
    options = [Choice("displace", (q,)) for q in movement.displace_options(state, exit_pos)]
    if not options:
        events.append(Event("blocked", robot=step[2] if step[2] != "key" else None, at=exit_pos,
                            detail="tunnel_exit_jammed"))
        return
    _decide(state, "displace", chooser(state), options, step)


def _resolve_displace(state: GameState, dec: Decision, choice: Choice, events: list[Event]) -> None:
    exit_pos, to = dec.ctx[1], choice.args[0]
    occ = state.at[exit_pos]
    movement.remove_robot(state, occ)
    movement.place_robot(state, occ, to)
    events.append(Event("displaced", robot=occ, frm=exit_pos, to=to))
    arrive(state, occ, exit_pos, events)
    if state.outcome is None:
        _finish_tunnel(state, dec.ctx, events)


def _finish_tunnel(state: GameState, step: tuple, events: list[Event]) -> None:
    exit_pos, who = step[1], step[2]
    if exit_pos in state.at:
        return
    if who == "key":
        if step[3] in state.keys and exit_pos not in state.keys:
            movement.move_key(state, step[3], exit_pos, events, how="teleported")
    elif who in state.pos:
        movement.teleport(state, who, exit_pos, events)


def _unlock(state: GameState, step: tuple, events: list[Event]) -> None:
    seat = step[1]
    options = [Choice("unlock", (a,)) for a in unlock_options(state.robot_names[seat], state.unlocked[seat],
                                                              state.chip[seat])]
    if options:
        _decide(state, "unlock", seat, options, step)


def unlock_options(robot: str, unlocked, chip_level: int) -> list[str]:
    rb = robot_boards()[robot]
    out = [a for a in rb.abilities if a not in unlocked]
    if chip_level < len(rb.chip):
        out.append("chip")
    return out


def _resolve_unlock(state: GameState, dec: Decision, choice: Choice, events: list[Event]) -> None:
    seat, what = dec.seat, choice.args[0]
    if what == "chip":
        state.chip[seat] += 1
    else:
        state.unlocked[seat] = state.unlocked[seat] | {what}
    events.append(Event("unlocked", seat=seat, detail=what, value=state.chip[seat]))


def _rescue(state: GameState, step: tuple, events: list[Event]) -> None:
    """Double Metal, second half: clear the starting space (a choice), then land the robot."""
    _, rid, start = step
    occ = state.at.get(start)
    if occ is not None and state.colour[occ] not in GOOD:
        _leave_limbo(state, rid)
        events.append(Event("destroyed", robot=rid, at=start, colour=state.colour[rid], detail="bad_robot"))
        lose(state, "destroyed:bad_robot", events)
        return
    if occ is None and start not in state.keys:
        _land(state, rid, start, events)
        return
    if occ is not None:
        spots = [q for d in "NESW" if (q := state.geo.target(start, d, state.colour[occ])) is not None
                 and q not in state.at and q not in state.wall_tokens]
    else:
        spots = movement.key_options(state, start)
    if not spots:
        _leave_limbo(state, rid)
        events.append(Event("destroyed", robot=rid, at=start, colour=state.colour[rid], detail="no_room"))
        lose(state, "destroyed:no_room", events)
        return
    _decide(state, "rescue", state.active, [Choice("rescue", (q,)) for q in spots], step)


def _resolve_rescue(state: GameState, dec: Decision, choice: Choice, events: list[Event]) -> None:
    _, rid, start = dec.ctx
    to = choice.args[0]
    occ = state.at.get(start)
    if occ is not None:
        movement.remove_robot(state, occ)
        movement.place_robot(state, occ, to)
        events.append(Event("displaced", robot=occ, frm=start, to=to))
        arrive(state, occ, start, events)
    else:
        movement.move_key(state, start, to, events)
    if state.outcome is None:
        state.queue.append(dec.ctx)              # land (or ask again if something else arrived)


def _leave_limbo(state: GameState, rid: int) -> None:
    state.turn["limbo"] = tuple(r for r in state.turn.get("limbo", ()) if r != rid)


def _land(state: GameState, rid: int, start, events: list[Event]) -> None:
    _leave_limbo(state, rid)
    movement.place_robot(state, rid, start)
    events.append(Event("displaced", robot=rid, to=start, detail="double_metal"))


def _push(state: GameState, step: tuple, events: list[Event]) -> None:
    if step[1] in state.pos:
        movement.push_slide(state, step[1], step[2], events)


def _bad_dir(state: GameState, step: tuple, events: list[Event]) -> None:
    """Signal Detector "moves every bad robot one space", and a group moves SIMULTANEOUSLY:
    the active player picks a direction for each bad robot in reading order, then all of
    them move at once. A robot that can move must, so `stay` is never offered; the options
    are the directions the board lets it take (edge, wall, gate, Wall token); a robot walled
    in on all four sides stays put (a 'blocked' event). Another bad robot is an obstacle only
    if it does not move away at the same time."""
    _, order, chosen = step
    picked = {r for r, _ in chosen}
    for rid in order:
        if rid in picked or rid not in state.pos:
            continue
        options = [Choice("bad_dir", (rid, d)) for d in "NESW" if movement.terrain_open(state, rid, d)]
        if not options:
            events.append(Event("blocked", robot=rid, frm=state.pos[rid], detail="signal_detector"))
            chosen = chosen + ((rid, None),)
            continue
        _decide(state, "bad_dir", state.active, options, ("bad_dir", order, chosen))
        return
    moves = {r: d for r, d in chosen if d is not None and r in state.pos}
    if moves:
        movement.move_later(state, moves, "bad")


def _resolve_bad_dir(state: GameState, dec: Decision, choice: Choice, events: list[Event]) -> None:
    _, order, chosen = dec.ctx
    state.queue.append(("bad_dir", order, chosen + (tuple(choice.args),)))


STEPS = {"key_push": _key_push, "displace": _displace, "unlock": _unlock, "rescue": _rescue, "push": _push,
         "bad_dir": _bad_dir}
RESOLVE = {"key": _resolve_key, "displace": _resolve_displace, "unlock": _resolve_unlock,
           "rescue": _resolve_rescue, "bad_dir": _resolve_bad_dir}
