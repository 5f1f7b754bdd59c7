"""The Run Run Run! table playing one seat of a networked table (`python main.py join`, a local seat).

The same play screen as a local game: the maze, the seat's tiles face up with their art, the
side panel, the choices listed and marked on the maze, and every seat's dice tumbling and
banners from the events. It is fed by the table (game/client/table_seat.py): the screen draws
`view()`, which here is the seat's view as the table sent it (the view carries all the screen
reads of the game: the active seat, the doors needed), its choices are the ones the table sent,
and a choice goes to the table; what it did comes back as events with the next update.
"""
from __future__ import annotations

from typing import Any, Callable

from game.client import input as inp
from game.client.table_seat import TAKEN_BY_THE_TABLE, RemoteSession, SeatUpdate, table_hints
from game.runrunrun import rules as R
from game.runrunrun.rules.engine import Config
from game.runrunrun.ui.table import PlayScene
from game.runrunrun.ui.text import SEAT_NAMES, standing_lines


class ViewState:
    """The game as the screen reads it (its seat count, the active seat, the doors): the seat's view."""

    def __init__(self, view, current: int | None = None) -> None:
        self.view, self.config = view, Config(view.players, view.difficulty)
        self.regroup_stack = [None] * view.regroup_left      # how many are left is all the result reads

    def __getattr__(self, name: str):
        return getattr(self.view, name)


class JoinedPlay(PlayScene):
    """PlayScene with its seat's choices going to the table and every seat's events coming from it."""

    at_table = True

    def __init__(self, seat: int, first: SeatUpdate, send: Callable[[Any], None], leave: Callable[[], None]) -> None:
        session = RemoteSession(R, seat, send, ViewState)
        session.receive(first)
        super().__init__(session, humans=0, tutorial=False)
        self.humans, self.players, self.viewer, self.last_human = {seat}, {}, seat, seat
        self.you, self.leave = seat, leave

    def enter(self) -> None:
        """No AI worker (every other seat plays at the table), no seats remembered, nothing saved."""
        view = self.view()
        self.log.append(f"At the table: you play {SEAT_NAMES[self.you]}, turn {view.turn + 1}")
        self.log.extend(standing_lines(view)[1:])       # the doors, the Boss, the torches, the Mummies

    def view(self):
        return self.session.view

    def receive(self, update: SeatUpdate) -> None:
        """The table's update: the new position, and its dice, banners and log lines."""
        self.session.receive(update)
        self.version += 1
        if not update.fresh:
            self._show(list(update.events))
        self.changed()

    def _apply(self, choice) -> None:
        """This seat's choice goes to the table; its events come back with the next update."""
        if choice in self.session.legal_choices():
            self.session.apply(choice)
            self.version += 1
            self.focus, self.submenu, self.reroll_mask = 0, None, 0

    def update(self, dt: float) -> None:
        if self.session.is_over() or (self.session.current_seat() == self.you and not self.session.waiting):
            super().update(dt)
        else:
            self._tick(dt)                  # another seat decides at the table

    def waiting_text(self, seat: int, view) -> str:
        return f"{SEAT_NAMES[seat]} is choosing..."

    def handle(self, action) -> None:
        if action.name == inp.BACK and self.submenu is None:
            self.leave()
        elif self.session.is_over() and action.name in (inp.CONFIRM, inp.CLICK):
            if not self.results_hold.blocks(action):
                self.leave()
        elif action.name not in TAKEN_BY_THE_TABLE:
            super().handle(action)

    def overlay_hints(self, human_turn: bool) -> list[tuple[str, str]]:
        over = self.session.is_over()
        hints = table_hints([hint for hint in super().overlay_hints(human_turn) if hint[1] != "New game"],
                            leaving=not over, leave=self.leave)
        return [(inp.CONFIRM, "Leave the table")] * (over and self.results_hold.ready) + hints


def joined_scene(seat: int, first: SeatUpdate, send: Callable[[Any], None], leave: Callable[[], None]) -> JoinedPlay:
    """Run Run Run!'s own play screen for a seat of a table (game/client/table_screens.py, JOINED_SCREENS)."""
    return JoinedPlay(seat, first, send, leave)
