"""One ROBOMissions game with any seats: our AI levels, the partners written from the rulebook,
or `module:Class` (the simulator and its cross-play tables share it)."""
from __future__ import annotations

import time

from game.core.errors import UserError
from game.core.players import checked_choice, make_outside_player
from game.robomissions.ai import LEVELS, make_player
from game.robomissions.partners import PARTNERS
from game.robomissions.rules import engine
from game.robomissions.rules.view import seat_view

DECISION_CAP = 100 * engine.TURN_CAP   # a player who backs out of every card forever never ends a turn


def make_seat(kind: str, seed: int):
    """A player for one seat: an AI level, a partner written from the rulebook, or `module:Class`."""
    if kind in LEVELS:
        return make_player(kind, seed)
    if kind in PARTNERS:
        return PARTNERS[kind](seed)
    return make_outside_player(kind, seed)


def play_game(mode: str, levels: list[str], seed: int, timings: list[tuple[float, float]] | None = None,
              seat_cpu: list[list[float]] | None = None) -> engine.GameState:
    """Play one game to the end; append each decision's (wall, CPU) seconds to `timings`, and its
    CPU seconds to `seat_cpu[seat]`."""
    state = engine.new_game(engine.Config(mode, len(levels)), seed)
    players = [make_seat(level, seed * 31 + seat) for seat, level in enumerate(levels)]
    for _decision in range(DECISION_CAP):
        if state.is_over:
            break
        seat = state.current_player
        legal = engine.legal_choices(state)
        start, start_cpu = time.perf_counter(), time.process_time()
        action = players[seat].choose(seat_view(state, seat), legal)
        cpu = time.process_time() - start_cpu
        if timings is not None:
            timings.append((time.perf_counter() - start, cpu))
        if seat_cpu is not None:
            seat_cpu[seat].append(cpu)
        if levels[seat] not in LEVELS:
            checked_choice(levels[seat], seat, action, legal)
        engine.apply(state, action)
    if not state.is_over:
        raise UserError("--seats", f"game {seed} took {DECISION_CAP} decisions without ending; seat {state.current} "
                                   f"({levels[state.current]}) was choosing on turn {state.turn}")
    return state
