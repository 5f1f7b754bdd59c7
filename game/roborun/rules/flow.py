"""The two verbs every step handler uses: queue follow-up steps, and ask a player.

Kept apart from engine.py so the step handlers that live in other modules (board
decisions, end-of-round phases) share them without importing the engine.
"""
from __future__ import annotations

from game.roborun.rules.state import Choice, GameState, new_decision


def schedule(state: GameState, *steps: tuple) -> None:
    """Push steps so they run in the order given, before anything already queued."""
    state.queue.extend(reversed(steps))


def decide(state: GameState, kind: str, seat: int, options: list[Choice], ctx: tuple = ()) -> None:
    """Make `seat` choose among `options`; ctx is what the resolver needs to carry on."""
    state.pending = new_decision((kind, seat, tuple(options), ctx))
