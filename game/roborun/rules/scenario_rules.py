"""Scenario rule hooks named by maps (LevelSpec.rules and LevelSpec.levers).

Each rule id maps to a Rule with up to three hooks: `setup` (once in new_game), `lever`
(when any robot enters a Lever carrying that id) and `exit_allowed` (may this good robot
leave through the exit it entered?). An unknown id is a map error: UserError at new_game.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from game.core.errors import UserError
from game.roborun.rules.events import Event
from game.roborun.rules.level import DELTAS, Pos
from game.roborun.rules.state import GameState


@dataclass(frozen=True)
class Rule:
    text: str
    setup: Callable[[GameState], None] | None = None
    lever: Callable[[GameState, Pos, list], None] | None = None
    exit_allowed: Callable[[GameState, int, Pos], bool] | None = None


def _no_pass(state: GameState) -> None:
    state.pass_state = "disabled"


def _no_beep(state: GameState) -> None:
    state.beep = "disabled"


def _close_exits(state: GameState) -> None:
    state.exits_open = False


def _open_exits(state: GameState, at: Pos, events: list) -> None:
    if not state.exits_open:
        state.exits_open = True
        events.append(Event("rule", at=at, detail="exits_opened"))


def _remove_walls(state: GameState, at: Pos, events: list) -> None:
    if state.wall_tokens:
        state.wall_tokens = set()
        events.append(Event("rule", at=at, detail="walls_removed"))


def _toggle_lines(state: GameState, at: Pos, events: list) -> None:
    state.lines_on = not state.lines_on
    events.append(Event("rule", at=at, detail="lines_started" if state.lines_on else "lines_stopped"))


def _exits_open(state: GameState, rid: int, exit_pos: Pos) -> bool:
    return state.exits_open


def _key_next_to_exit(state: GameState, rid: int, exit_pos: Pos) -> bool:
    """keys_open_exits: a good robot may leave only if a Key lies orthogonally next to its exit."""
    x, y = exit_pos
    return any((x + dx, y + dy) in state.keys for dx, dy in DELTAS.values())


RULES: dict[str, Rule] = {
    "no_pass": Rule("The PASS token is not available in this scenario.", setup=_no_pass),
    "no_beep": Rule("The BEEP token is not available in this scenario.", setup=_no_beep),
    "exits_closed_until_lever": Rule("Map Exits are inactive until any robot has entered a Lever.",
                                     setup=_close_exits, exit_allowed=_exits_open),
    "open_exits": Rule("Lever: opens the Map Exits.", lever=_open_exits),
    "remove_walls": Rule("Lever: all Wall tokens leave the map.", lever=_remove_walls),
    "toggle_production_lines": Rule("Lever: Production Lines stop, or start again.", lever=_toggle_lines),
    "keys_open_exits": Rule("A good robot may escape only while a Key lies on a space next to its exit.",
                            exit_allowed=_key_next_to_exit),
}


def validate(level) -> None:
    where = level.source or f"level {level.level_id}"
    for rid in tuple(level.rules) + tuple(level.levers.values()):
        if rid not in RULES:
            raise UserError(where, f"unknown scenario rule '{rid}' (known: {', '.join(sorted(RULES))})")


def apply_setup(state: GameState) -> None:
    for rid in state.level.rules:
        hook = RULES[rid].setup
        if hook:
            hook(state)


def on_lever(state: GameState, at: Pos, events: list) -> None:
    rid = state.level.levers.get(at)
    events.append(Event("lever", at=at, detail=rid))
    if rid is not None and RULES[rid].lever:
        RULES[rid].lever(state, at, events)


def exit_allowed(state: GameState, rid: int, exit_pos: Pos) -> bool:
    for rule_id in state.rules:
        hook = RULES[rule_id].exit_allowed
        if hook and not hook(state, rid, exit_pos):
            return False
    return True
