"""The end of a ROBOMissions game: who won, how long it took, what is left; play again or leave."""
from __future__ import annotations

from typing import Callable, Protocol

import pygame

from game.client.text import draw_fit
from game.client import input as inp
from game.client import theme
from game.client.menus import TitleScene
from game.client.scene import Scene
from game.client.widgets import Menu, MenuItem, ResultsHold, draw_hints, draw_text, panel
from game.robomissions.ui import table_render as render
from game.robomissions.ui.event_anim import name_of
from game.robomissions.rules.engine import GameState
from game.robomissions.rules.view import SeatView
from game.robomissions.ui.table_config import TableConfig


RESULTS_BOX = pygame.Rect(theme.WIDTH // 2 - 380, theme.HEIGHT // 2 - 10 - 280, 760, 560)


class ResultsTable(Protocol):
    """What the results screen reads of the finished table (the table passes itself)."""

    config: TableConfig
    state: GameState
    shown: SeatView
    humans: frozenset[int]
    viewer: int

    def seat_label(self, seat: int) -> str: ...


class ResultsScene(Scene):
    """The end: who won, how long it took, what is left on the table; play again or leave."""

    def animating(self) -> bool:
        """Only until the results hold ends and the way-out menu is drawn (issue 26: then it rests)."""
        return not self.hold.ready

    opaque = False

    def __init__(self, table: ResultsTable, play_again: Callable[[TableConfig], Scene] | None,
                 leave: tuple[str, Callable[[], None]] | None = None) -> None:
        """`play_again(config)` makes the table for "Play again" (the table passes its own class);
        `leave`: (words, what) instead of "Play again" / "Back to title", for a seat of a networked
        table, which neither deals again nor goes to this screen's title."""
        super().__init__()
        self.table = table
        self.play_again = play_again
        self.leave = leave
        state = table.state
        self.winners = state.winners
        self.turns = state.turn
        self.reason = state.end_reason
        self.robots_left = [len(p.robot_ids()) for p in state.players]
        items = [MenuItem(leave[0], self._title)] if leave else [
            MenuItem("Play again", self._again, "Same seats, a new deal"), MenuItem("Back to title", self._title)]
        # high enough that the focused row's line under the menu stays in the panel (at top=500,
        # "Same seats, a new deal" fell below it, over the hand cards, at 800x480)
        self.menu = Menu(items, center_x=theme.WIDTH // 2, top=RESULTS_BOX.bottom - 160, width=420)
        self.hold = ResultsHold()       # who won first; the way out after

    def enter(self) -> None:
        humans = self.table.humans
        won = any(s in humans for s in self.winners)
        self.app.audio.play("win" if won or not humans else "lose")

    def headline(self) -> str:
        table = self.table
        if not self.winners:
            return "Nobody wins"
        if table.config.mode != "ffa" and len(self.winners) > 1:
            team = render.team_label(table.config.mode, table.config.n_players, self.winners[0])
            return f"{team} wins!"
        if len(self.winners) > 1:
            return "Shared victory: " + ", ".join(render.seat_name(s) for s in self.winners)
        seat = self.winners[0]
        return "You are the RoboChampion!" if name_of(seat, table.viewer, table.humans) == "You" \
            else f"{render.seat_name(seat)} is the RoboChampion!"

    def _again(self) -> None:
        config = self.table.config
        again = TableConfig(config.mode, config.seats, config.seed + 1)
        self.app.stack.pop()
        self.app.stack.replace(self.play_again(again))

    def _title(self) -> None:
        if self.leave is not None:
            self.app.stack.pop()
            self.leave[1]()
            return
        self.app.stack.clear_to(TitleScene())

    def handle(self, action: inp.Action) -> None:
        if not self.hold.blocks(action) and not self.menu.handle(action) and action.name == inp.BACK:
            self._title()       # Esc leaves too (issue 25: it did nothing here)

    def update(self, dt: float) -> None:
        self.hold.update(dt)

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        surface.blit(render.screen_shade(170), (0, 0))
        box = RESULTS_BOX
        panel(surface, box)
        draw_fit(surface, self.headline(), pygame.Rect(box.left + 30, box.top + 30, box.width - 60, 52), "large",
                 theme.ACCENT, align="center", valign="middle", wrap=False, bold=True)
        reason = render.END_REASONS.get(self.reason, self.reason)
        draw_fit(surface, f"{reason} · {self.turns} turns", pygame.Rect(box.left + 30, box.top + 88, box.width - 60,
                 32), "body", theme.TEXT_DIM, align="center", valign="middle", wrap=False)
        # three columns that never meet: name | robots left | mark
        mark_box = pygame.Rect(box.right - 150, 0, 110, 40)
        count_box = pygame.Rect(mark_box.left - 190, 0, 180, 40)
        name_box = pygame.Rect(box.left + 40, 0, count_box.left - 16 - (box.left + 40), 40)
        for i, left in enumerate(self.robots_left):
            y = box.top + 140 + i * 44
            colour = render.seat_colour(self.table.shown, i)
            mark = "WINNER" if i in self.winners else ("out" if left == 0 else "")
            draw_fit(surface, self.table.seat_label(i), name_box.move(0, y), "body", colour, valign="middle",
                     wrap=False, bold=True)
            draw_fit(surface, f"{left} robot{'s' if left != 1 else ''} left", count_box.move(0, y), "body",
                     theme.TEXT, align="right", valign="middle", wrap=False)
            if mark:
                draw_fit(surface, mark, mark_box.move(0, y), "small",
                         theme.ACCENT if mark == "WINNER" else theme.TEXT_DIM, align="right", valign="middle",
                         wrap=False, bold=True)
        if self.hold.ready:
            self.menu.draw(surface)
            moves = [(inp.UP_DOWN, "Move")] * (len(self.menu.items) > 1)     # no keys that do nothing
            draw_hints(surface, self.app.input, [(inp.CONFIRM, "Select")] + moves +
                       [(inp.BACK, "Leave" if self.leave else "Title")])
