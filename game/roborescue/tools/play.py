"""One Robo Rescue game with any seats: our AI levels, the partners written from the rulebook,
or `module:Class` (the simulator, its cross-play tables and the roborescue-ai record share it)."""
from __future__ import annotations

import time

from game.core.players import checked_choice, make_outside_player
from game.roborescue import ai
from game.roborescue.partners import PARTNERS
from game.roborescue.rules.engine import Config, apply, legal_choices, new_game, seat_view


def make_seat(kind: str, seed: int):
    """A player for one seat: an AI level, a partner written from the rulebook, or `module:Class`."""
    if kind in ai.LEVELS:
        return ai.make_player(kind, seed)
    if kind in PARTNERS:
        return PARTNERS[kind](seed)
    return make_outside_player(kind, seed)


def play_game(levels: list[str], seed: int, advanced: bool = False, timings: list[list[float]] | None = None):
    """Play one game with the given seats; returns the finished GameState."""
    state = new_game(Config(len(levels), advanced), seed)
    players = [make_seat(level, seed * 7919 + seat) for seat, level in enumerate(levels)]
    while state.decision_seat is not None:
        seat = state.decision_seat
        actions = legal_choices(state)
        started = time.process_time()
        action = players[seat].choose(seat_view(state, seat), actions)
        if timings is not None:
            timings[seat].append((time.process_time() - started) * 1000.0)
        if levels[seat] not in ai.LEVELS:
            checked_choice(levels[seat], seat, action, actions)
        apply(state, action)
    return state
