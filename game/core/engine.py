"""The one contract every game's rules engine implements.

Each game's `game/<game>/rules/__init__.py` is a module that fills in these exact names,
so the client, the AIs, the simulators, save-and-resume, replays and the conformance suite
(`tests/conformance/`) drive every game the same way without knowing which game it is.
Modelled on OpenSpiel's Game/State (one interface, one shared test) and boardgame.io's
seeded, logged moves (seed + choices replay a game exactly); unlike both, `apply` returns
the events that happened, which screens animate and tests read.

Promises every engine keeps (the conformance suite checks them):
  * `new_game(config, seed)` keeps its random generator in the state (`state.rng`), so the
    seed plus the list of applied choices replays the same events exactly.
  * `state.copy()` is independent of the original: applying to one never changes the other.
  * `legal_choices(state)` is empty exactly when `is_over(state)`.
  * `apply(state, choice)` with a choice not in `legal_choices(state)` raises IllegalChoice
    and leaves the state unchanged.
  * `choice_from_json(choice_to_json(c)) == c`, and the JSON is plain (dicts, lists, str,
    int, bool, None); likewise for configs.
  * `seat_view(state, seat)` holds only what that seat may see; AIs and screens read views.
  * `redeal_hidden(state, seat, rng)` returns a copy in which everything `seat` cannot see
    is reshuffled: the seat's view, and so an honest AI's choice, stays the same.
  * `events_for_seat(events, seat)` is what `seat` may be told of `events`: the same events
    in the same order with other seats' private details (a drawn card's face) taken out, so
    the bytes a networked table sends a seat do not change when its hidden cards are redealt.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Protocol, Sequence, runtime_checkable


class IllegalChoice(ValueError):
    """`apply` was given a choice that `legal_choices` does not list; the state is unchanged."""


@dataclass(frozen=True)
class Result:
    """How a finished game ended.

    winners: the seats that won (every seat in a cooperative win, none in a cooperative loss).
    outcome: a short machine word ("won", "lost", "finished", ...), cause: why, for reports.
    scores: per seat, where the game scores.
    """

    winners: tuple[int, ...]
    outcome: str
    cause: str | None = None
    scores: tuple[int, ...] | None = None

    def to_json(self) -> dict:
        return {"winners": list(self.winners), "outcome": self.outcome, "cause": self.cause,
                "scores": None if self.scores is None else list(self.scores)}


class GameStateLike(Protocol):
    rng: random.Random

    def copy(self) -> "GameStateLike": ...


@runtime_checkable
class Engine(Protocol):
    """A rules module. Every function is pure Python; none imports pygame."""

    GAME_ID: str

    def new_game(self, config: Any, seed: int) -> Any: ...
    def legal_choices(self, state: Any) -> list: ...
    def apply(self, state: Any, choice: Any) -> list: ...
    def seat_view(self, state: Any, seat: int) -> Any: ...
    def is_over(self, state: Any) -> bool: ...
    def result(self, state: Any) -> Result | None: ...
    def current_seat(self, state: Any) -> int | None: ...
    def seat_count(self, state: Any) -> int: ...
    def choice_to_json(self, choice: Any) -> dict: ...
    def choice_from_json(self, data: Any) -> Any: ...
    def config_to_json(self, config: Any) -> dict: ...
    def config_from_json(self, data: Any) -> Any: ...
    def is_reveal(self, event: Any) -> bool: ...
    def redeal_hidden(self, state: Any, seat: int, rng: random.Random) -> Any: ...
    def events_for_seat(self, events: list, seat: int) -> list: ...


ENGINE_NAMES: tuple[str, ...] = (
    "GAME_ID", "new_game", "legal_choices", "apply", "seat_view", "is_over", "result", "current_seat",
    "seat_count", "choice_to_json", "choice_from_json", "config_to_json", "config_from_json", "is_reveal",
    "redeal_hidden", "events_for_seat",
)


def missing_names(module: Any) -> list[str]:
    """Contract names a rules module does not define (empty when it conforms)."""
    return [name for name in ENGINE_NAMES if not hasattr(module, name)]


@runtime_checkable
class Player(Protocol):
    """Anything that picks a choice from a seat's view: an AI level, a scripted partner, a test bot."""

    def choose(self, view: Any, choices: Sequence[Any]) -> Any: ...


@dataclass
class Playout:
    """What `play_out` returns: the final state, every event, and each choice's JSON form."""

    state: Any
    events: list = field(default_factory=list)
    choices: list = field(default_factory=list)


def play_out(engine: Engine, state: Any, players: Sequence[Player], cap: int) -> Playout:
    """Let `players[seat]` choose at every decision until the game ends or `cap` choices.

    Each player sees only its own seat's view. Used by simulators and the conformance suite.
    """
    out = Playout(state)
    for _ in range(cap):
        if engine.is_over(state):
            break
        choices = engine.legal_choices(state)
        seat = engine.current_seat(state)
        choice = players[seat].choose(engine.seat_view(state, seat), choices)
        out.choices.append(engine.choice_to_json(choice))
        out.events.extend(engine.apply(state, choice))
    return out
