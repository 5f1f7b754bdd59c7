"""The end of a round: Cleanup, Event and New Robot phases (chapters 4.2-4.4), and time-out.

Round 4 has only the Action phase: when its cards run out the scenario is lost.
"""
from __future__ import annotations

from game.roborun.rules import movement
from game.roborun.rules.cards import OTHER_FACE, event_cards
from game.roborun.rules.events import Event
from game.roborun.rules.flow import decide as _decide, schedule as _schedule
from game.roborun.rules.paths import best_steps
from game.roborun.rules.movement import lose
from game.roborun.rules.state import GOOD, Choice, Decision, GameState

def _phase_end(state: GameState, step: tuple, events: list[Event]) -> None:
    if state.round >= 4:
        lose(state, "timeout", events)
        return
    _schedule(state, ("cleanup",), ("event_phase",), ("new_robot",), ("next_round",))


def _cleanup(state: GameState, step: tuple, events: list[Event]) -> None:
    state.phase = "cleanup"
    if state.pass_state != "disabled":
        state.pass_state = "available"
    if state.beep != "disabled":
        state.beep = "available"
    for seat in (0, 1):
        # The played stack is flipped: the side that was face up now faces the other player.
        state.stands[seat] += [(c, OTHER_FACE[f]) for c, f in state.played[seat]]
        state.played[seat] = []
    events.append(Event("cleanup", value=state.round))


def active_exits(state: GameState) -> set:
    """Map Exits (and Hidden Exit Points) of a colour some good robot on the map still needs."""
    needed = {state.colour[r] for r in state.good_on_map()}
    return {p for p, colour in state.geo.exits if colour in needed}


def _event_phase(state: GameState, step: tuple, events: list[Event]) -> None:
    state.phase = "event"
    if not state.event_deck:
        return
    card = event_cards()[state.event_deck.pop(0)]
    state.events_seen.append(card.id)
    events.append(Event("event_revealed", card=card.id, detail=card.name))
    movers = tuple(sorted((r for r in state.pos if state.colour[r] in card.colours), key=lambda r: state.pos[r][::-1]))
    if movers:
        _schedule(state, ("event_move", movers, card.steps, card.target, ()))


def _event_move(state: GameState, step: tuple, events: list[Event]) -> None:
    """One step of an Event card: the group moves SIMULTANEOUSLY (chapter 4.1, Movement Rules).

    Each robot's direction is its own shortest path to the target, all measured on the board
    as it stands before the step; ties are chosen by the last player, robot by robot in
    reading order; then every robot of the group moves at once (a robot may enter a space
    another member leaves). A robot that moved takes the card's next step, if any."""
    _, movers, steps, target, chosen = step
    picked = {r for r, _ in chosen}
    exits = active_exits(state) if target == "exit" else None
    goods = None if target == "exit" else {state.pos[r] for r in state.good_on_map()}
    for rid in movers:
        if rid in picked or rid not in state.pos:
            continue
        if exits is not None and state.pos[rid] in exits:
            continue                         # already on an active exit: it does not move
        dirs = sorted(best_steps(state, rid, exits if exits is not None else goods))
        if len(dirs) > 1:
            _decide(state, "target", state.last_player, [Choice("target", (rid, d)) for d in dirs], step)
            return
        if dirs:
            chosen = chosen + ((rid, dirs[0]),)
    moves = {r: d for r, d in chosen if r in state.pos}
    if not moves:
        return
    n = len(events)
    movement.move_and_arrive(state, moves, events)
    moved = tuple(r for r in movers if r in state.pos
                  and any(e.kind == "moved" and e.robot == r for e in events[n:]))
    if moved and steps > 1 and state.outcome is None:
        state.queue.append(("event_move", moved, steps - 1, target, ()))


def _resolve_target(state: GameState, dec: Decision, choice: Choice, events: list[Event]) -> None:
    _, movers, steps, target, chosen = dec.ctx
    state.queue.append(("event_move", movers, steps, target, chosen + (tuple(choice.args),)))


def _new_robot(state: GameState, step: tuple, events: list[Event]) -> None:
    state.phase = "new_robot"
    spot = state.level.spawns.get(state.round)
    if spot is None or not state.support:
        return
    colour = state.support.pop(0)
    rid = state.next_robot_id
    state.next_robot_id += 1
    state.colour[rid] = colour
    occ = state.at.get(spot)
    if occ is None:
        movement.place_robot(state, rid, spot)
        events.append(Event("spawned", robot=rid, colour=colour, at=spot))
    elif state.colour[occ] in GOOD:
        events.append(Event("spawned", robot=rid, colour=colour, at=spot))
        movement.destroy(state, occ, "new_robot", events)     # Double Metal may still save it
        if spot not in state.at:
            movement.place_robot(state, rid, spot)
    else:
        events.append(Event("returned", robot=rid, colour=colour, at=spot, detail="spawn_occupied"))


def _next_round(state: GameState, step: tuple, events: list[Event]) -> None:
    events.append(Event("round_ended", value=state.round))
    state.round += 1
    _schedule(state, ("round_start",))


STEPS = {"phase_end": _phase_end, "cleanup": _cleanup, "event_phase": _event_phase, "event_move": _event_move,
         "new_robot": _new_robot, "next_round": _next_round}
RESOLVE = {"target": _resolve_target}
