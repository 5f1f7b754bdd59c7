"""The Robo Rescue lab playing one seat of a networked table (`python main.py join`, a local seat).

The same lab screen as a local game: the seat's own Lab, its drawn cards face up with their art,
the display and the pile, each decision offered where it happens, and Tab through every
player's Lab as the others see it (the decommissioned area face down). It is fed by the table
(game/client/table_seat.py): the screen reads its seat's view through a GameState rebuilt from it
(`state_from_view`: the cards this seat cannot see are FACE_DOWN placeholders, counted but never
drawn), its legal choices are the ones the table sent, and a choice goes to the table; what it
did comes back as events (another seat's private card flies as its back) with the next update.
"""
from __future__ import annotations

import dataclasses
import random
from typing import Any, Callable

from game.client import input as inp
from game.client.table_seat import RemoteSession, SeatUpdate, seat_word, table_hints, table_keys
from game.roborescue import rules
from game.roborescue.rules import engine
from game.roborescue.ui.end_scene import EndScene
from game.roborescue.ui.lab_config import HUMAN, GameConfig
from game.roborescue.ui.lab_render import FACE_DOWN
from game.roborescue.ui.lab_scene import LabScene
from game.roborescue.ui.spectator import PublicBeats


def _player(lab: engine.LabView, hand: tuple[int, ...] = (), pile: tuple[int, ...] | None = None) -> engine.PlayerState:
    """One player's deck and Lab as a LabView shows them; what it hides is FACE_DOWN cards."""
    areas = [list(area) for area in lab.areas]
    if lab.decommissioned is not None and not areas[lab.decommissioned]:
        areas[lab.decommissioned] = [FACE_DOWN] * lab.facedown_count
    return engine.PlayerState(list(pile) if pile is not None else [FACE_DOWN] * lab.pile_count, list(lab.display),
                              areas, lab.decommissioned, list(hand), [FACE_DOWN] * lab.discard_count,
                              [FACE_DOWN] * lab.vp_count, list(lab.round_scores))


def state_from_view(view: engine.PlayerView, current: int | None) -> engine.GameState:
    """The game as `view` shows it, in the shape the lab screen reads (`seat_view` of it gives `view` back)."""
    labs = {lab.seat: lab for lab in view.others}
    players = [_player(view.lab, view.hand, view.unseen) if seat == view.seat else _player(labs[seat])
               for seat in range(view.n_players)]
    return engine.GameState(view.cards, view.n_players, view.advanced, random.Random(0), players, view.round,
                            view.turn, view.phase, view.decision_seat, view.active_seats)


@dataclasses.dataclass
class JoinedSeats(GameConfig):
    """One seat played here; every other at the table (a phone, another Robo Arcade, the host's AI)."""

    you: int = 0
    who: list = dataclasses.field(default_factory=list)     # every seat in the player's words ('phone', 'AI', a name)

    def seat_name(self, seat: int, short: bool = False) -> str:
        return "You" if seat == self.you else f"Player {seat + 1} ({seat_word(self.who, seat)})"


class JoinedLab(LabScene):
    """LabScene with its seat's choices going to the table and every seat's events coming from it."""

    def __init__(self, seat: int, first: SeatUpdate, send: Callable[[Any], None], leave: Callable[[], None]) -> None:
        session = RemoteSession(rules, seat, send, state_from_view)
        session.receive(first)
        count = first.view.n_players
        seats = tuple(HUMAN if other == seat else "table" for other in range(count))
        super().__init__(JoinedSeats(count, seats, first.view.advanced, 0, you=seat, who=list(first.who)), None,
                         session)
        self.leave = leave
        self.animator = PublicBeats(self, told_to=seat)

    def enter(self) -> None:
        """No AI worker (every other seat plays at the table) and no seats remembered or saved here."""
        self.queue.play_sound = self.app.audio.play
        self.app.audio.warm()
        self._sync()
        self.animator.banner(f"Round {self.state.round}", 0.8)

    def exit(self) -> None:
        pass                                # nothing saved: the table keeps the game

    @property
    def who(self) -> list:
        """Every seat in the player's words; the lab names seats through its config."""
        return self.config.who

    @who.setter
    def who(self, words: list) -> None:
        self.config.who = list(words)

    def _legal(self) -> list[engine.Action]:
        return self.session.legal_choices()

    def _run_ai(self, seat: int) -> None:
        """Another seat decides at the table: its choice comes as events."""

    def receive(self, update: SeatUpdate) -> None:
        """The table's update: the new position, and what happened on the way as the lab's animations."""
        self.session.receive(update)
        self.who = list(update.who) or self.who     # a seat handed over reads 'AI' at once
        self._legal_cache, self.choice, self.message = None, None, None
        self.dirty = True
        if update.fresh:
            self.queue.skip()
            self._sync()
        else:
            for event in update.events:
                self.animator.animate(event)
        self.changed()

    def _apply(self, action: engine.Action, seat: int) -> None:
        """This seat's choice goes to the table; its events come back with the next update."""
        if seat == self.viewer and action in self.session.legal_choices():
            self.session.apply(action)
            self.choice = None

    def _waiting(self) -> bool:
        return super()._waiting() or self.session.waiting

    def _finish(self) -> None:
        if self.finished:
            return
        self.finished = True
        state = self.state
        state.winners = tuple((self.session.result_json or {}).get("winners") or ())
        self.app.stack.push(EndScene(self.config, state, leave=("Leave the table", self.leave)))

    def handle(self, action: inp.Action) -> None:
        # a stray right-click on the lab does not leave the seat; a click on the bar's "Right-click
        # Leave the table" pill does (App.post hands it over as Back, with no position)
        may_leave = action.device != "mouse" or action.pos is None
        if not table_keys(action, self.leave, may_leave and not self.inspecting):
            super().handle(action)

    def hints(self) -> list[tuple[str, str]]:
        return table_hints(super().hints(), leaving=not self.inspecting, leave=self.leave)


def joined_scene(seat: int, first: SeatUpdate, send: Callable[[Any], None], leave: Callable[[], None]) -> JoinedLab:
    """Robo Rescue's own lab screen for a seat of a table (game/client/table_screens.py, JOINED_SCREENS)."""
    return JoinedLab(seat, first, send, leave)
