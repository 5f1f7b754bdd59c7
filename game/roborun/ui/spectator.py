"""Robo Run on a networked table's TV: the game's own play screen in its spectate mode, fed by the table.

The host's window (game/client/table_screens.py, SPECTATORS) hands this screen a replica of the
game and the table's feed of choices, which stands in for the AI worker (game/client/table_feed.py):
both seats "think" there, so every choice arrives as an AI partner's would, with the usual pause,
robot moves and captions. Robo Run hides only the order of its Event and Equipment decks (every
event is public, rules.events_for_seat), which no screen draws. Nothing is saved, no campaign
progress is touched (spectate mode), and the end is the table's results (who won, why), then the lobby.
"""
from __future__ import annotations

from game.client import input as inp
from game.client.table_feed import FeedWorker, feed_behind
from game.client.table_results import TableResultsScene
from game.core.session import GameSession
from game.roborun.ui.play_render import SEAT_COLOURS
from game.roborun.ui.play_scene import PlayScene
from game.roborun.ui.session import GameOptions

DECIDING = {"start": "who starts the round", "beep": "whether to BEEP, use Equipment or give a Number",
            "card": "a card to play", "window": "whether to use an ability now", "dir": "a direction",
            "chip": "a CHIP level", "key": "where the Key goes", "displace": "where the robot moves off the exit",
            "unlock": "an ability to unlock", "bad_dir": "how a bad robot moves", "target": "where the bad robot goes"}


def _never_asked(view, choices, rng):            # the feed answers in the AI's place
    raise RuntimeError("a table's choice is read from its feed")


class SpectatorRun(PlayScene):
    """The shared board: both seats played at the table."""

    def __init__(self, session: GameSession, feed) -> None:
        session.keeps_save = False
        config = session.config
        options = GameOptions(level_ref=config.level_ref or config.level.level_id, level=config.level,
                              setup=config.setup, seed=session.seed, spectate=True, tutorial=False, intro=False)
        super().__init__(options, session)
        self.session.keeps_save = False
        self.choosers = [_never_asked, _never_asked]
        self.feed = feed

    SPECTATOR_TITLE = "Table"

    def enter(self) -> None:
        self.executor = FeedWorker(self.feed)     # set first: the play screen then starts no AI worker
        super().enter()

    def update(self, dt: float) -> None:
        if feed_behind(self.executor):
            self.animator.skip()                # the table's AIs outran the animations: catch up
            self.ai_wait = 10.0
        super().update(dt)

    def animating(self) -> bool:
        return super().animating() or (self.future is not None and self.future.done())

    def prompt(self, reader) -> tuple[str, tuple]:
        text, colour = super().prompt(reader)
        seat = reader.decision_seat
        if seat is not None and reader.outcome is None:
            what = DECIDING.get(reader.decision_kind or "", "")
            text = f"{SEAT_COLOURS[seat].capitalize()} is choosing" + (f" {what}" if what else "")
        return text, colour

    def _show_results(self) -> None:
        """Who won and why over the final board (the campaign's results are not the table's);
        Enter goes back to the lobby."""
        self.results_shown = True
        state = self.state
        self.app.stack.push(TableResultsScene(
            self.session.engine.result(state).to_json(), [c.capitalize() for c in SEAT_COLOURS], None,
            f"round {state.round}", "back to the lobby", self.app.stack.pop))

    def handle(self, action: inp.Action) -> None:
        name = action.name
        if name in (inp.MENU, inp.BACK) and not self.inspecting:
            self.app.stack.pop()            # back to the table's lobby (join code, seats)
        elif name == inp.INFO or self.inspecting or name == inp.POINT:
            super().handle(action)

    def hints(self) -> list[tuple[str, str]]:
        return [(inp.INFO, "Look closer"), (inp.MENU, "Join code and seats")]


def spectator_scene(app, session: GameSession, feed) -> SpectatorRun:
    """The TV's board of a networked Robo Run table (game/client/table_screens.py, SPECTATORS)."""
    return SpectatorRun(session, feed)
