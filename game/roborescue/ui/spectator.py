"""Robo Rescue on a networked table's TV: the game's own lab screen, every seat played elsewhere.

The host's window (game/client/table_screens.py, SPECTATORS) hands this screen a replica of the
game and the table's feed of choices, which stands in for the AI worker (game/client/table_feed.py):
each choice arrives as an AI's would and plays its usual animations. The screen looks through
nobody's eyes: every Lab is synced from what the *other* seats see of it (its face-down
decommissioned area stays face down), no hand is drawn, the events are told as to no seat
(`events_for_seat(events, -1)`: a drawn or face-down card keeps its back) and the line under the
board names only public cards. The Lab on screen follows the seat that decides. Nothing is saved.
"""
from __future__ import annotations

import dataclasses

from game.client import input as inp
from game.client import theme
from game.client.table_feed import FeedWorker, feed_behind
from game.client.widgets import vertical_gradient
from game.core.session import GameSession
from game.roborescue import rules
from game.roborescue.rules import engine
from game.roborescue.rules.events import Event
from game.roborescue.ui.end_scene import EndScene
from game.roborescue.ui.lab_config import GameConfig
from game.roborescue.ui.lab_event_anim import EventBeats
from game.roborescue.ui.lab_render import FACE_DOWN
from game.roborescue.ui.lab_scene import LabScene
from game.roborescue.ui.view_board import choice_words

NOBODY = -1                  # the viewer of the TV: no seat
WHAT_THEY_DECIDE = {engine.SOURCE: "Draws a second card from the pile, or takes one from the display.",
                    engine.PLACE: "Places a card in an area of the Lab, or decommissions an area.",
                    engine.SCORE: "Picks the areas to score this round.",
                    engine.VP: "Keeps a card as a Victory Point."}


@dataclasses.dataclass
class TableSeats(GameConfig):
    """Every seat played at the table (a phone, another Robo Arcade, the host's AI)."""

    def is_human(self, seat: int) -> bool:
        return False

    def seat_name(self, seat: int, short: bool = False) -> str:
        return f"Player {seat + 1}"


class PublicBeats(EventBeats):
    """The lab's animations of the events as `told_to` is told them (the TV: no seat): another
    seat's private card flies as its back."""

    def __init__(self, scene, told_to: int = NOBODY) -> None:
        super().__init__(scene)
        self.told_to = told_to

    def animate(self, event: Event) -> None:
        told = rules.events_for_seat([event], self.told_to)[0]
        if "card" not in told.data and told.seat is not None:     # a private card: its back (no event minds one)
            told = Event(told.kind, told.seat, {**told.data, "card": FACE_DOWN})
        super().animate(told)

    def _anim_decommissioned(self, event: Event, model, on_screen: bool) -> None:
        super()._anim_decommissioned(event, model, on_screen and event["card"] != FACE_DOWN)


class SpectatorLab(LabScene):
    """The shared board: each seat's Lab as every player sees it, choices from the table's feed."""

    def __init__(self, session: GameSession, feed) -> None:
        session.keeps_save = False
        count = engine.seat_count(session.state)
        config = TableSeats(count, ("table",) * count, session.config.advanced, session.seed)
        super().__init__(config, None, session)
        self.feed = feed
        self.animator = PublicBeats(self)
        self.viewer = NOBODY
        self.viewed = self.state.decision_seat or 0

    def enter(self) -> None:
        self.queue.play_sound = self.app.audio.play
        self.app.audio.warm()
        self.background = vertical_gradient(theme.LOGICAL_SIZE, (26, 32, 50), (14, 16, 26))
        self.executor = FeedWorker(self.feed)
        self._sync()
        self.animator.banner(f"Round {self.state.round}", 0.8)

    def _sync(self) -> None:
        """Every Lab as the other seats see it; no hand."""
        count = self.config.n_players
        for seat in range(count):
            self.models[seat].sync(public_lab(self.state, seat))
        self.shown_round, self.shown_turn = self.state.round, self.state.turn
        self.dirty = False
        self.choice_key = None

    def update(self, dt: float) -> None:
        if feed_behind(self.executor):
            self.queue.skip()                   # the table's AIs outran the animations: catch up
        super().update(dt)
        seat = self.state.decision_seat
        if seat is not None and not self.queue.busy and not self.dirty and seat != self.viewed:
            self.viewed = seat                  # the TV turns to the Lab of whoever decides

    def animating(self) -> bool:
        return super().animating() or (self.future is not None and self.future.done())

    def _describe(self, action: engine.Action) -> str:
        """What every player may know of a choice: a face-down card or a kept VP is not named."""
        return choice_words(action, self.cards, public=True)

    def detail(self) -> tuple[str, str]:
        if self.inspecting and self.inspected is not None:
            return self.inspected.title, self.inspected.text
        seat = self.state.decision_seat
        if seat is None:
            return "Game over", "The table's lobby (Menu) says who won."
        if self.queue.busy:
            return "", ""
        return f"{self.config.seat_name(seat)} is choosing", WHAT_THEY_DECIDE.get(self.state.phase, "")

    def _finish(self) -> None:
        """The end screen (every seat's VP and points), its way out back to the lobby."""
        if self.finished:
            return
        self.finished = True
        self.app.stack.push(EndScene(self.config, self.state, leave=("Back to the lobby", self.app.stack.pop)))

    def handle(self, action: inp.Action) -> None:
        name = action.name
        if name in (inp.MENU, inp.BACK) and not self.inspecting:
            self.app.stack.pop()                # back to the table's lobby (join code, seats)
        elif name in (inp.NEXT, inp.PREV):
            self.viewed = (self.viewed + (1 if name == inp.NEXT else -1)) % self.config.n_players
        elif name == inp.INFO or self.inspecting:
            super().handle(action)

    def hints(self) -> list[tuple[str, str]]:
        hints = [(inp.NEXT, "Other labs")] if self.config.n_players > 1 else []
        return hints + [(inp.INFO, "Read anything"), (inp.MENU, "Join code and seats")]


def public_lab(state: engine.GameState, seat: int) -> engine.LabView:
    """`seat`'s Lab as the other players see it (alone at the table: its face-down area hidden all the same)."""
    if engine.seat_count(state) > 1:
        other = (seat + 1) % engine.seat_count(state)
        return next(lab for lab in engine.seat_view(state, other).others if lab.seat == seat)
    lab = engine.seat_view(state, seat).lab
    down = lab.decommissioned
    return dataclasses.replace(lab, areas=tuple(() if i == down else a for i, a in enumerate(lab.areas)))


def spectator_scene(app, session: GameSession, feed) -> SpectatorLab:
    """The TV's board of a networked Robo Rescue table (game/client/table_screens.py, SPECTATORS)."""
    return SpectatorLab(session, feed)
