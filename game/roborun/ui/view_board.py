"""The Robo Run board as one seat's view shows it, for a seat played from another Robo Arcade.

`python main.py join` (game/client/table_screens.py, VIEW_BOARDS) receives only its seat's view:
this paints the map, robots and tokens and both seats' columns (stand cards with the faces this
seat sees, energy, CHIP, abilities) with the play screen's own renderers, and names each legal
choice as the play screen's options do (choice_ui.build_options on a ViewReader of the view).
"""
from __future__ import annotations

import pygame

from game.client import theme
from game.client.view_board import ScaledBoard
from game.client.widgets import vertical_gradient
from game.roborun.ui import hud_render
from game.roborun.ui.anim import Stage
from game.roborun.ui.board_render import BoardRenderer, draw_stage
from game.roborun.ui.choice_ui import ViewReader, build_options
from game.roborun.ui.event_text import describe_event
from game.roborun.ui.play_render import BOARD_AREA, LEFT, PANEL_HEIGHT, RIGHT, SEAT_COLOURS


class ViewBoard(ScaledBoard):
    source = pygame.Rect(0, 40, theme.LOGICAL_SIZE[0], PANEL_HEIGHT + 50)

    def __init__(self, view, area: pygame.Rect) -> None:
        super().__init__(view, area)
        self.board = BoardRenderer(view.level, BOARD_AREA, flip=view.seat == 1)
        self.stand_cards: dict[int, pygame.Rect] = {}    # card number -> where it was painted last
        self.background = vertical_gradient(theme.LOGICAL_SIZE, (28, 34, 52), (14, 16, 24))

    def paint(self, surface: pygame.Surface, view) -> None:
        reader = ViewReader(None, view.seat, view)
        surface.blit(self.background, (0, 0))
        self.board.draw_static(surface)
        stage = Stage()
        stage.sync(reader.robots(), reader.tokens())
        draw_stage(surface, self.board, stage)
        for seat, column in ((view.seat, RIGHT), (1 - view.seat, LEFT)):
            info = hud_render.seat_panel(reader, seat, view.seat, seat == view.seat)
            rects = hud_render.draw_seat_panel(surface, pygame.Rect(column.left, column.top, column.width,
                                                                    PANEL_HEIGHT), info)
            if seat == view.seat:
                self.stand_cards = {face.card: rect for rect, face in zip(rects, info.stand)}

    def label(self, choice, view) -> str | None:
        reader = ViewReader(None, view.seat, view)
        return build_options([choice], reader.decision_kind or "", reader)[0].label

    def targets(self, choice, view) -> list[pygame.Rect]:
        """The map cells that pick a choice, or the stand card it plays."""
        self.prepare(view)                      # the stand's cards are where this view painted them
        reader = ViewReader(None, view.seat, view)
        option = build_options([choice], reader.decision_kind or "", reader)[0]
        cells = [self.board.cell_rect(cell) for cell in option.cells if view.level.in_bounds(cell)]
        card = self.stand_cards.get(option.card) if option.card is not None else None
        return cells + ([card] if card is not None else [])

    def seat_name(self, seat: int) -> str:
        return SEAT_COLOURS[seat].capitalize()

    def describe(self, event, before, after) -> str | None:
        return describe_event(event, after.seat, log=True) or None
