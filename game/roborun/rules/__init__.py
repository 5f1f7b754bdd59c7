"""Robo Run rules: the pure engine, filling in the contract of game.core.engine.

Everything here is plain Python (no pygame, nothing from the game's ai/ui/levels/tools).
The step machine lives in engine.py; this module only adapts it to the names every game
shares (game.core.engine.ENGINE_NAMES), so the client, the AIs, save-and-resume and the
conformance suite drive Robo Run like any other game.

  config  RoboRunConfig(level, setup=None, level_ref=""); its JSON embeds the whole map.
  state   rules.state.GameState; `state.rng` is the generator set-up dealt with.
  choice  rules.state.Choice (kind + args); JSON {"kind", "args"}.
  seats   two, cooperative: both win (winners (0, 1)) or both lose (winners ()).
"""
from __future__ import annotations

import random

from game.core.engine import Result
from game.roborun.rules import engine as _engine
from game.roborun.rules.config import RoboRunConfig, config_from_json, config_to_json
from game.roborun.rules.events import REVEALS, Event
from game.roborun.rules.state import Choice, GameState
from game.roborun.rules.view import SeatView, seat_view as _seat_view

__all__ = [
    "GAME_ID", "new_game", "legal_choices", "apply", "seat_view", "is_over", "result", "current_seat",
    "seat_count", "choice_to_json", "choice_from_json", "config_to_json", "config_from_json", "is_reveal",
    "redeal_hidden", "events_for_seat",
]

GAME_ID = "roborun"


def new_game(config: RoboRunConfig, seed: int) -> GameState:
    """The scenario of `config`, dealt from `seed`, at its first decision."""
    return _engine.new_game(config.level, seed, config.setup)


def legal_choices(state: GameState) -> list[Choice]:
    return _engine.legal_choices(state)


def apply(state: GameState, choice: Choice) -> list[Event]:
    """Resolve the pending decision; game.core.engine.IllegalChoice (state unchanged) if not legal."""
    return _engine.apply(state, choice)


def seat_view(state: GameState, seat: int) -> SeatView:
    return _seat_view(state, seat)


def is_over(state: GameState) -> bool:
    return state.outcome is not None


def result(state: GameState) -> Result | None:
    """Cooperative: both seats win together, or nobody does (cause = why the scenario was lost)."""
    if state.outcome is None:
        return None
    if state.outcome == "won":
        return Result(winners=(0, 1), outcome="won")
    return Result(winners=(), outcome="lost", cause=state.loss_cause)


def current_seat(state: GameState) -> int | None:
    return state.decision_seat


def seat_count(state: GameState) -> int:
    return 2


def choice_to_json(choice: Choice) -> dict:
    return choice.to_json()


def choice_from_json(data) -> Choice:
    return Choice.from_json(data)


def is_reveal(event: Event) -> bool:
    """Events that show something hidden or random (an Event card, a drawn Equipment card, a
    flipped stand card, a new round, a message...): the undo barrier."""
    return event.kind in REVEALS


def redeal_hidden(state: GameState, seat: int, rng: random.Random) -> GameState:
    """A copy in which what `seat` cannot see is reshuffled: the order of the Event deck and
    of the Equipment deck. The stand faces pointing away from `seat` stay: the seat sees the
    number and one side of every stand card, and each double-sided Action card is printed
    data, so the other side is already known (see view.py)."""
    other = state.copy()
    rng.shuffle(other.event_deck)
    rng.shuffle(other.equip_deck)
    return other


def events_for_seat(events: list, seat: int) -> list:
    """The events as `seat` may see them: every Robo Run event is public (the leak test checks it)."""
    return list(events)
