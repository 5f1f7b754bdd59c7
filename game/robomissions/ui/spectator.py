"""The ROBOMissions table on a networked table's TV: the game's own table screen, every seat played elsewhere.

The host's window (game/client/table_screens.py, SPECTATORS) hands this screen a replica of the
game and the table's feed of choices; the feed stands in for the AI worker (game/client/table_feed.py),
so each choice arrives as an AI's would and plays its usual animations. No seat is human here, so
the table screen's own rule for a screen with nobody at it applies: every hand is drawn as its
backs and the events are redacted for nobody (`redact(events, -1)`): the TV shows only what every
player may see. Nothing is saved or remembered: the table keeps the game.
"""
from __future__ import annotations

from game.client import input as inp
from game.client import theme
from game.client.table_feed import FeedWorker, feed_behind
from game.client.sequencer import Beat
from game.core.session import GameSession
from game.robomissions.rules import engine
from game.robomissions.ui import anim
from game.robomissions.ui.results_scene import ResultsScene
from game.robomissions.ui.table_config import MODE_NAMES, TableConfig
from game.robomissions.ui.table_render import seat_name, team_label
from game.robomissions.ui.table_scene import TableScene


class SpectatorTable(TableScene):
    """The shared board: seats marked as played at the table, choices from the table's feed."""

    def __init__(self, session: GameSession, feed) -> None:
        session.keeps_save = False
        seats = tuple("random" for _ in range(engine.seat_count(session.state)))   # never asked: the feed answers
        super().__init__(TableConfig(session.config.mode, seats, session.seed), session)
        self.feed = feed
        self.results_shown = True          # not the local results (Play again): the table's, below
        self.ended = False

    def enter(self) -> None:
        self.executor = FeedWorker(self.feed)
        self.timeline.play_sound = self.app.audio.play
        self.app.audio.warm()
        self._log(f"{MODE_NAMES[self.config.mode]}, {self.config.n_players} players at the table", theme.TEXT_DIM)
        self.timeline.add(Beat([anim.Banner("Let's battle!", theme.ACCENT, duration=1.0)], "win"))

    def seat_label(self, seat: int) -> str:
        team = team_label(self.config.mode, self.config.n_players, seat)
        return seat_name(seat) + (f" · {team.split()[0]}" if team else "")

    def animating(self) -> bool:
        """Moving only while a choice plays out: waiting for a phone draws nothing."""
        return self.timeline.busy or self.dirty or (self.future is not None and self.future.done())

    def update(self, dt: float) -> None:
        self.fast_forward = feed_behind(self.executor)      # the table's AIs outran the animations
        super().update(dt)
        if self.state.is_over and not self.ended and not self.timeline.busy and not self.dirty:
            self.ended = True               # who won, the robots left; its way out goes back to the lobby
            self.app.stack.push(ResultsScene(self, None, leave=("Back to the lobby", self.app.stack.pop)))
        if self.future is not None and not self.state.is_over:
            self.info = (f"{seat_name(self.state.current)} is choosing...", "")

    def handle(self, action: inp.Action) -> None:
        if action.name in (inp.MENU, inp.BACK) and not self.zoom:
            self.app.stack.pop()            # back to the table's lobby (join code, seats)
            return
        if action.name in (inp.NEXT, inp.SCROLL, inp.CONFIRM, inp.SKIP, inp.CLICK):
            return                          # the TV never skips or fast-forwards the players' game
        super().handle(action)

    def hints(self) -> list[tuple[str, str]]:
        return [(inp.INFO, "Look closer"), (inp.MENU, "Join code and seats")]


def spectator_scene(app, session: GameSession, feed) -> SpectatorTable:
    """The TV's board of a networked ROBOMissions table (game/client/table_screens.py, SPECTATORS)."""
    return SpectatorTable(session, feed)
