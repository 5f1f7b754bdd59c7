"""A game's own play screen playing one seat of a networked table (`python main.py join`, a local seat).

The joined client never holds the game: the table (game/table/server.py) sends the seat its view,
the events it may see (`events_for_seat`) and its legal choices, and takes its choices. A play
screen reads a `GameSession`; `RemoteSession` gives it the same face fed by those messages: its
`state` is the game's picture of the position built from the seat's view (each game's
`state_from_view`, hidden parts as placeholders), `legal_choices()` the ones the table sent,
`apply(choice)` sends the choice and returns no events (they arrive with the table's next update,
so the screen animates its own moves and every other seat's the same way, from the events).
A screen listed in JOINED_SCREENS (game/client/table_screens.py) takes `SeatUpdate`s through
its `receive(update)`; the join screen keeps the connection, the seat token and the rejoining.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from game.client import input as inp

LEAVE_HINT = (inp.BACK, "Leave the table")
KIND_WORDS = {"remote": "phone", "ai": "AI", "local": "host"}      # a seat's kind as a joined player reads it


def seat_words(seats: list, you: int | None) -> list[str]:
    """Every seat of the table in a joined player's words, from the table's seat list: 'you', the
    name a phone player gave, else what plays it ('phone', 'AI', 'host'), never the word 'table'."""
    words = []
    for i, seat in enumerate(seats):
        kind = seat.get("kind") if isinstance(seat, dict) else None
        name = seat.get("name") if isinstance(seat, dict) else None
        words.append("you" if i == you else name if isinstance(name, str) and name else KIND_WORDS.get(kind, "player"))
    return words


def seat_word(words: list[str], seat: int) -> str:
    """One seat's word (seat_words), 'player' for a seat the table did not list."""
    return words[seat] if 0 <= seat < len(words) else "player"


@dataclass
class SeatUpdate:
    """One `update` message of the table, decoded into the game's own objects."""

    move: int                       # choices made so far at the table
    current: int | None             # the seat that decides now (None: nobody, the game is over)
    over: bool
    result: dict | None             # the game's Result in JSON form once it is over
    view: Any                       # the seat's view (the game's own view object)
    events: list = field(default_factory=list)      # what happened since the last update, as this seat may know it
    choices: list = field(default_factory=list)     # this seat's legal choices when it decides, else empty
    fresh: bool = False             # a whole view (first update, or after a rejoin): nothing to animate from
    who: list = field(default_factory=list)         # every seat in the player's words (seat_words)


class RemoteSession:
    """The part of GameSession a play screen uses, for a seat played over the table."""

    keeps_save = False              # the table keeps the game; the joined screen never saves it
    seed = 0                        # the table's seed is the host's: the seat's screen never deals

    def __init__(self, engine: Any, seat: int, send: Callable[[Any], None],
                 state_from_view: Callable[[Any, int | None], Any]) -> None:
        self.engine, self.seat = engine, seat
        self._send, self._state_from_view = send, state_from_view
        self.state: Any = None
        self.view: Any = None
        self.legal: list = []
        self.current: int | None = None
        self.over = False
        self.result_json: dict | None = None
        self.move = 0
        self.waiting = False        # a choice was sent and its update has not come yet

    @property
    def choices(self) -> range:
        """As long as the table's choice log (screens count it to see that something happened)."""
        return range(self.move)

    def receive(self, update: SeatUpdate) -> None:
        self.view, self.move, self.over = update.view, update.move, update.over
        self.current = None if update.over else update.current
        self.legal, self.result_json = list(update.choices), update.result
        self.state = self._state_from_view(update.view, self.current)
        self.waiting = False

    def legal_choices(self) -> list:
        return [] if self.waiting else list(self.legal)

    def current_seat(self) -> int | None:
        return self.current

    def is_over(self) -> bool:
        return self.over

    def apply(self, choice: Any) -> list:
        """Send a legal choice of this seat; its events come with the table's next update."""
        if self.waiting or choice not in self.legal:
            return []
        self.waiting = True
        self._send(choice)
        return []

    def undo(self, seat: int) -> None:
        """The table takes no choice back (a phone cannot either)."""
        return None

    def can_undo(self, seat: int) -> bool:
        return False

    def barrier(self) -> None:
        pass


TAKEN_BY_THE_TABLE = (inp.UNDO, inp.MENU)


def table_keys(action: Any, leave: Callable[[], None], can_leave: bool) -> bool:
    """A joined play screen's keys of its own: Esc leaves the table (when the screen has nothing
    to back out of); Z and P do nothing (the table takes no choice back, and a live table cannot
    be paused for the others: the pause menu's "Quit to title" closed a host's whole table).
    True when one was used."""
    if action.name == inp.BACK and can_leave:
        leave()
        return True
    return action.name in TAKEN_BY_THE_TABLE


def leave_words(leave: Callable[[], None] | None) -> str:
    """What Esc does on a joined play screen, as its hint says it: a phone or a joined window
    leaves the table; the seat played at the host's own screen goes back to the table's lobby
    (its screen's LEAVE_WORDS: the table stays open, "Leave the table" read as closing it)."""
    return getattr(getattr(leave, "__self__", None), "LEAVE_WORDS", LEAVE_HINT[1])


def table_hints(hints: list, leaving: bool = True, leave: Callable[[], None] | None = None) -> list:
    """The screen's hints without Undo and Pause, with Esc's "Leave the table" (leave_words)."""
    return [hint for hint in hints if hint[0] not in TAKEN_BY_THE_TABLE] + [(inp.BACK, leave_words(leave))] * leaving
