"""The Robo Run play screen playing one seat of a networked table (`python main.py join`, a local seat).

The same screen as a local game: the map, both seats' columns with the stand's cards, the
options with their previews on the map, the robots moving and the captions from the events. It
is fed by the table (game/client/table_seat.py): the screen reads the seat's view (ViewReader of
the view as it came) and, for its previews and the ability windows, the GameState the AI rebuilds
from a view (ai.seat_state.state_from_view: the hidden deck orders drawn at random, the engine's
step stack and the decision's context as the view carries them). A choice goes to the table;
what it did comes back as events with the next update and plays like the partner's moves.
"""
from __future__ import annotations

import random
from typing import Any, Callable

from game.client import input as inp
from game.client.table_results import TableResultsScene
from game.client.table_seat import RemoteSession, SeatUpdate, table_hints, table_keys
from game.roborun import rules
from game.roborun.ai.seat_state import state_from_view as rebuilt_state
from game.roborun.rules.config import RoboRunConfig
from game.roborun.ui.choice_ui import ViewReader
from game.roborun.ui.event_text import describe_event
from game.roborun.ui.play_render import SEAT_COLOURS
from game.roborun.ui.play_scene import PlayScene
from game.roborun.ui.session import GameOptions


def state_from_view(view, current: int | None):
    """The game as the seat can know it (what it cannot see drawn at random, never shown)."""
    return rebuilt_state(view, random.Random(view.round * 1009 + len(view.played[0]) + len(view.played[1])))


def _at_the_table(view, choices, rng):          # another seat: its choice comes from the table
    raise RuntimeError("another seat's choice comes from the table")


class JoinedRun(PlayScene):
    """PlayScene with its seat's choices going to the table and both seats' events coming from it."""

    SPECTATOR_TITLE = "Table"

    def __init__(self, seat: int, first: SeatUpdate, send: Callable[[Any], None], leave: Callable[[], None]) -> None:
        session = RemoteSession(rules, seat, send, state_from_view)
        session.receive(first)
        level = first.view.level
        session.config = RoboRunConfig(level, None, level.level_id)
        options = GameOptions(level_ref=level.level_id, level=level, seat=seat, partner="human", tutorial=False,
                              intro=False)
        super().__init__(options, session)
        self.choosers = [None, None]
        self.choosers[1 - seat] = _at_the_table
        self.hotseat = False
        self.leave = leave

    def _replayed_deciders(self, session) -> list[int]:
        return []

    def enter(self) -> None:
        super().enter()
        self.log[:1] = [f"Scenario {self.level.level_id} {self.level.title}: at the table"]    # its seed is the host's

    @property
    def reader(self) -> ViewReader:
        """The seat's view as the table sent it."""
        key = (self.session.move, self.viewer, id(self.session.view))
        if self._reader_key != key:
            self._reader, self._reader_key = ViewReader(None, self.viewer, self.session.view), key
        return self._reader

    def receive(self, update: SeatUpdate) -> None:
        """The table's update: the new position, and what happened on the way as robots moving."""
        self.session.receive(update)
        if update.fresh:
            self.animator.skip()
            self.stage_stale = False
            self._sync_stage()
        else:
            for event in update.events:
                self._say(describe_event(event, self.viewer, log=True))
            self.animator.extend(self.anims.beats_for(list(update.events)))
            self.stage_stale = True
        self.decision_token = None
        self.options_list = []
        self.dirty = True
        self.changed()

    def _poll_ai(self, dt: float) -> None:
        """The other seat decides at the table."""

    def _human_turn(self) -> bool:
        return super()._human_turn() and not self.session.waiting

    def _show_results(self) -> None:
        """Who won and why (a table game is not the campaign's: no rewards, no progress); Enter leaves."""
        self.results_shown = True
        self.app.stack.push(TableResultsScene(
            self.session.result_json or {}, [c.capitalize() for c in SEAT_COLOURS], self.viewer,
            f"round {self.reader.round}", "leave the table", self.leave))

    def handle(self, action: inp.Action) -> None:
        if not table_keys(action, self.leave, not self.inspecting):
            super().handle(action)

    def hints(self) -> list[tuple[str, str]]:
        return table_hints(super().hints(), leave=self.leave)


def joined_scene(seat: int, first: SeatUpdate, send: Callable[[Any], None], leave: Callable[[], None]) -> JoinedRun:
    """Robo Run's own play screen for a seat of a table (game/client/table_screens.py, JOINED_SCREENS)."""
    return JoinedRun(seat, first, send, leave)
