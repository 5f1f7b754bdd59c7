"""Run Run Run! on a networked table's TV: the game's own play screen, every seat played elsewhere.

The host's window (game/client/table_screens.py, SPECTATORS) hands this screen a replica of the
game and the table's feed of choices, which stands in for the AI worker (game/client/table_feed.py):
each choice arrives as an AI's would, with its dice and banners. The screen follows the active
seat as it does with no human at it, but draws the view as any seat but the active one sees it:
no tiles in hand (only how many, `hides_hands`) and not the tile being turned before it is placed.
Nothing is saved and no seats are remembered; the end is the table's results, then the lobby.
"""
from __future__ import annotations

import dataclasses

from game.client import input as inp
from game.client.table_feed import FeedWorker, feed_behind
from game.client.table_results import TableResultsScene
from game.core.session import GameSession
from game.runrunrun import rules as R
from game.runrunrun.ui.table import PlayScene
from game.runrunrun.ui.text import SEAT_NAMES

DECIDING = {"action": "explore, move, fight or regroup", "explore_cell": "where the new room goes",
            "explore_rot": "how to turn the new room", "move_dest": "where to move", "fight_dest": "which Mummy to fight",
            "passage_dest": "where the secret passage leads", "fight_commit": "tiles to discard for dice",
            "fight_reroll": "whether to reroll", "hit": "how to split the damage", "lure": "whether to lure a Mummy",
            "mummy_path": "the Mummy's way", "place_mummy": "where the Mummy goes",
            "discard_from": "who discards a random tile", "join": "whether to join the regroup",
            "draw_for": "who draws the tile", "offer": "tiles to offer", "give": "how to share the exchanged tiles",
            "post": "whether to use a sarcophagus or end the turn"}


class SpectatorPlay(PlayScene):
    """The shared board: no human seat, choices from the table's feed, no hand drawn."""

    hides_hands = True
    at_table = True

    def __init__(self, session: GameSession, feed) -> None:
        session.keeps_save = False
        super().__init__(session, humans=0, ai_level="easy", tutorial=False)
        self.feed = feed
        self.results_shown = False

    def enter(self) -> None:
        self.executor = FeedWorker(self.feed)
        self.viewer = self.state.active
        self.log.append("The Catventurers enter the pyramid (every seat plays at the table)")

    def update(self, dt: float) -> None:
        if feed_behind(self.executor):
            self.anims.skip()                   # the table's AIs outran the animations: catch up
            self.captions.skip()
            self.wait = 0.0
        super().update(dt)
        if self.session.is_over() and not self.results_shown and not (self.anims.busy or self.captions.busy):
            self.results_shown = True       # the ending banner first, then who won and the tokens left
            result = self.session.engine.result(self.state)
            self.app.stack.push(TableResultsScene(result.to_json(), list(SEAT_NAMES[:len(result.scores)]), None,
                                                  f"turn {self.state.turn + 1}", "back to the lobby", self.app.stack.pop,
                                                  score_words="Regroup tokens left"))

    def view(self):
        """The active seat's view without its hand or the tile it is turning: what every seat sees."""
        seen = R.seat_view(self.state, self.viewer)
        return dataclasses.replace(seen, hand=(), ctx=tuple(item for item in seen.ctx if item[0] != "tile"))

    def waiting_text(self, seat: int, view) -> str:
        what = DECIDING.get(view.phase, "")
        return f"{SEAT_NAMES[seat]} is choosing" + (f": {what}" if what else "")

    def overlay_hints(self, human_turn: bool) -> list[tuple[str, str]]:
        return [(inp.MENU, "Join code and seats"), (inp.NEXT, "Inspect")]

    def handle(self, action) -> None:
        name = action.name
        if name in (inp.MENU, inp.BACK):
            self.app.stack.pop()            # back to the table's lobby (join code, seats)
        elif name == inp.POINT and action.pos:
            self._point(action.pos)
        elif name in (inp.NEXT, inp.PREV, inp.INFO):
            self._tab(-1 if name == inp.PREV else 1)


def spectator_scene(app, session: GameSession, feed) -> SpectatorPlay:
    """The TV's board of a networked Run Run Run! table (game/client/table_screens.py, SPECTATORS)."""
    return SpectatorPlay(session, feed)
