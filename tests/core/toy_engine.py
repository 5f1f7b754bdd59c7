"""A tiny two-seat game implementing game.core.engine.Engine, for testing the shared pieces.

Seats take turns. On a turn a seat may `add` 1 or 2 to its own total (public, undoable)
or `draw` the top card of a shuffled deck (random: a reveal) and add it; at 10 or more
the seat wins. Each seat also holds a hidden card the other seat cannot see.
"""
from __future__ import annotations

import random
from dataclasses import dataclass

from game.core.engine import IllegalChoice, Result

GAME_ID = "toy"


@dataclass(frozen=True)
class Choice:
    kind: str
    amount: int = 0


@dataclass
class State:
    rng: random.Random
    deck: list
    totals: list
    secret: list
    seat: int = 0
    winner: int | None = None

    def copy(self) -> "State":
        twin = random.Random()
        twin.setstate(self.rng.getstate())
        return State(twin, list(self.deck), list(self.totals), list(self.secret), self.seat, self.winner)


def new_game(config, seed):
    rng = random.Random(seed)
    deck = list(range(1, 6)) * 4
    rng.shuffle(deck)
    return State(rng, deck, [0, 0], [deck.pop(), deck.pop()])


def legal_choices(state):
    if state.winner is not None:
        return []
    return [Choice("add", 1), Choice("add", 2)] + ([Choice("draw")] if state.deck else [])


def apply(state, choice):
    if choice not in legal_choices(state):
        raise IllegalChoice(f"{choice} is not legal")
    events = []
    if choice.kind == "draw":
        card = state.deck.pop()
        state.totals[state.seat] += card
        events.append(("drew", state.seat, card))
    else:
        state.totals[state.seat] += choice.amount
        events.append(("added", state.seat, choice.amount))
    if state.totals[state.seat] >= 10:
        state.winner = state.seat
        events.append(("won", state.seat))
    else:
        state.seat = 1 - state.seat
    return events


def seat_view(state, seat):
    return (seat, tuple(state.totals), state.secret[seat], len(state.deck), state.seat, state.winner)


def is_over(state):
    return state.winner is not None


def result(state):
    return None if state.winner is None else Result((state.winner,), "won")


def current_seat(state):
    return None if state.winner is not None else state.seat


def seat_count(state):
    return 2


def choice_to_json(choice):
    return {"kind": choice.kind, "amount": choice.amount}


def choice_from_json(data):
    return Choice(str(data["kind"]), int(data["amount"]))


def config_to_json(config):
    return {}


def config_from_json(data):
    return {}


def is_reveal(event):
    return event[0] == "drew"


def events_for_seat(events, seat):
    return list(events)              # every event of the toy game is public


def redeal_hidden(state, seat, rng):
    twin = state.copy()
    hidden = twin.deck + [twin.secret[1 - seat]]
    rng.shuffle(hidden)
    twin.secret[1 - seat] = hidden.pop()
    twin.deck = hidden
    return twin
