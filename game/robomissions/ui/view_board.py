"""The ROBOMissions table as one seat's view shows it, for a seat played from another Robo Arcade.

`python main.py join` (game/client/table_screens.py, VIEW_BOARDS) receives only its seat's view:
this paints it with the table screen's own renderers (every zone, the piles, the seat's own hand
face up) and names each legal choice as the table screen's options do (choice_ui.build_options).
"""
from __future__ import annotations

import pygame

from game.client import theme
from game.client.view_board import ScaledBoard
from game.client.widgets import draw_text
from game.robomissions.rules import engine
from game.robomissions.rules.engine import Pick
from game.robomissions.rules.view import SeatView
from game.robomissions.ui import table_render as render
from game.robomissions.ui.choice_ui import build_options, prompt
from game.robomissions.ui.event_anim import Scenes, log_line


class ViewBoard(ScaledBoard):
    source = pygame.Rect(0, 0, 1000, theme.LOGICAL_SIZE[1])        # the table without the side bar

    def paint(self, surface: pygame.Surface, view: SeatView) -> None:
        seat = view.seat
        layout = render.build_layout(view, seat)
        surface.blit(render.table_background(), (0, 0))
        surface.fill(theme.SHADOW, render.STATUS_BAR)
        turn = "Your turn" if view.current == seat else f"{render.seat_name(view.current)}'s turn"
        draw_text(surface, "Game over" if view.over else f"{turn} · {view.actions_left} actions left",
                  (render.STATUS_BAR.centerx - 140, render.STATUS_BAR.centery), "body", theme.ACCENT, "center", bold=True)
        labels = {s: render.seat_name(s) + (" · you" if s == seat else "") for s in layout.zones}
        for zone_seat in layout.zones:
            render.draw_zone(surface, view, layout, zone_seat, labels)
        for uid, rect in layout.hand_cards.items():
            render.draw_hand_card(surface, view, uid, rect, dim=False)
        if view.current == seat and not view.over:
            draw_text(surface, prompt(view, engine.HAND_LIMIT), (500, render.HAND_TOP - 14), "small", theme.ACCENT,
                      "center", bold=True, shadow=True)

    def label(self, choice: engine.Action, view: SeatView) -> str | None:
        option = self._option(choice, view)
        return option.title if option else None

    def targets(self, choice: engine.Action, view: SeatView) -> list[pygame.Rect]:
        option = self._option(choice, view)
        rect = option.rect if option else None
        return [rect.clip(self.source)] if rect is not None and self.source.colliderect(rect) else []

    def _option(self, choice: engine.Action, view: SeatView):
        """The table screen's option for a choice (its words and where it sits), as painted."""
        seat = view.seat
        # the table screen makes room for a new Megabot and for the chain's next slot only when a
        # choice puts a card there (table_scene._refresh_options); without it those have no place
        picks = isinstance(choice, Pick)
        reserve_new = frozenset({seat}) if picks and choice.kind == "new" else frozenset()
        reserve_end = frozenset({seat}) if picks and choice.kind == "slot" and choice.ref == len(view.chains[seat]) \
            else frozenset()
        layout = render.build_layout(view, seat, reserve_new, reserve_end)
        options = build_options(view, layout, [choice], engine.HAND_LIMIT)
        return options[0] if options else None

    def describe(self, event, before: SeatView, after: SeatView) -> str | None:
        seat = after.seat
        scenes = Scenes(before, render.build_layout(before, seat), after, render.build_layout(after, seat), seat, True)
        return log_line(event, scenes, frozenset({seat}))
