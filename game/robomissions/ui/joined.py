"""The ROBOMissions table playing one seat of a networked table (`python main.py join`, a local seat).

The same table screen as a local game: the seat's hand face up with the cards' own art, every
choice offered on the table where it happens (a card, a robot, a chain place), the other hands as
backs, and every seat's cards and robots flying as the events say. It is fed by the table
(game/client/table_seat.py): the screen draws only `seat_view(state, viewer)`, and its state is
the rules' own `determinize(view)` (the unseen cards dealt at random into the deck and the other
hands, which the screen never draws), so the engine's helpers (hand limit, why a card cannot be
played, chain runs) answer for the seat exactly as in a local game. A choice goes to the table;
what it did comes back as events with the next update and plays like any other seat's.
"""
from __future__ import annotations

import random
from typing import Any, Callable

from game.client import input as inp
from game.client import theme
from game.client.table_seat import RemoteSession, SeatUpdate, seat_word, table_hints, table_keys
from game.robomissions import rules
from game.robomissions.rules.engine import Action, GameState
from game.robomissions.rules.view import SeatView, determinize
from game.robomissions.ui.results_scene import ResultsScene
from game.robomissions.ui.table_config import MODE_NAMES, TableConfig
from game.robomissions.ui.table_render import seat_name, team_label
from game.robomissions.ui.table_scene import TableScene


def state_from_view(view: SeatView, current: int | None) -> GameState:
    """A whole game matching `view` (the rules' determinize; the unseen cards' places are a guess
    the screen never draws), with why it ended told from what is public."""
    state = determinize(view, random.Random(view.turn * 7919 + view.deck_size))
    if view.over:
        state.end_reason = ("elimination" if sum(view.alive) <= 1 or len(set(
            team for team, alive in zip(view.teams, view.alive) if alive)) <= 1
            else "deck" if view.deck_exhausted else "turn_cap")
    return state


class JoinedTable(TableScene):
    """TableScene with its seat's choices going to the table and every seat's events coming from it."""

    def __init__(self, seat: int, first: SeatUpdate, send: Callable[[Any], None], leave: Callable[[], None]) -> None:
        session = RemoteSession(rules, seat, send, state_from_view)
        session.receive(first)
        seats = tuple("human" if other == seat else "random" for other in range(len(first.view.teams)))
        super().__init__(TableConfig(first.view.mode, seats, 0), session)
        self.leave = leave
        self.who = list(first.who)          # every seat in the player's words: 'phone', 'AI', a name
        self.results_shown = True           # the table's own results (update), which leave the table
        self.ended = False

    def enter(self) -> None:
        self.executor = None                # no AI here: every other seat plays at the table
        self.timeline.play_sound = self.app.audio.play
        self.app.audio.warm()
        self._log(f"{MODE_NAMES[self.config.mode]}, {self.config.n_players} players at the table", theme.TEXT_DIM)

    def exit(self) -> None:
        pass                                # nothing saved: the table keeps the game

    def seat_label(self, seat: int) -> str:
        team = team_label(self.config.mode, self.config.n_players, seat)
        who = "You" if seat == self.viewer else seat_word(self.who, seat)
        return f"{seat_name(seat)} · {who}" + (f" · {team.split()[0]}" if team else "")

    @property
    def human_to_act(self) -> bool:
        return super().human_to_act and not self.session.waiting

    def receive(self, update: SeatUpdate) -> None:
        """The table's update: the new position, and what happened on the way as the table's animations."""
        before, before_layout, segments = self.shown, self.layout, self._segments()
        acting = self.state.current
        self.session.receive(update)
        self.who = list(update.who) or self.who     # a seat handed over to the AI reads 'AI' at once
        if update.fresh:                    # rejoined: nothing to play back
            self.timeline.skip()
            self._sync()
            return
        played = next((e for e in update.events if e.kind == "card_played"), None)
        if acting != self.viewer and played is not None:
            self.info = (f"{seat_name(acting)}: plays {self.shown.cards[played.card].name}", "")
        self._show(acting, list(update.events), before, before_layout, segments)
        if not update.events:
            self._sync()
        self.changed()

    def _apply(self, seat: int, action: Action) -> None:
        """This seat's choice goes to the table; its events come back with the next update."""
        if seat == self.viewer and action in self.session.legal_choices():
            self.session.apply(action)
            self.options, self.focus = [], 0

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.state.is_over and not self.ended and not self.timeline.busy and not self.dirty:
            self.ended = True
            self.app.stack.push(ResultsScene(self, None, leave=("Leave the table", self.leave)))
        if not self.state.is_over and self.state.current != self.viewer and not self.timeline.busy:
            self.info = (f"{seat_name(self.state.current)} is choosing...", "")

    def _offer_watch(self) -> None:
        """This seat is out: the game plays on at the table and this screen keeps watching (Esc leaves)."""
        self._log("You are out: the others play on (Esc leaves the table)", theme.TEXT_DIM)

    def handle(self, action: inp.Action) -> None:
        if not table_keys(action, self.leave, not self.zoom and not self._can_cancel()):
            super().handle(action)

    def hints(self) -> list[tuple[str, str]]:
        return table_hints(super().hints(), leave=self.leave)


def joined_scene(seat: int, first: SeatUpdate, send: Callable[[Any], None], leave: Callable[[], None]) -> JoinedTable:
    """ROBOMissions' own table screen for a seat of a table (game/client/table_screens.py, JOINED_SCREENS)."""
    return JoinedTable(seat, first, send, leave)
