"""How the play screen draws itself (a mixin of PlayScene, kept apart from its logic).

Layers, cheapest first: `hud_layer` (background, map, panels, prompt, hint bar; each part
redrawn only when its content key changes), `backdrop` (hud_layer + every pawn and token at
rest, rebuilt when the set of moving actors changes) and, per frame, only the actors the
running animation moves, the focused choice's highlights and ghosts, particles and banners.
"""
from __future__ import annotations

import math

import pygame

from game.client.text import draw_fit, forget as forget_cut_text
from game.client import theme
from game.client.widgets import draw_hints, draw_text, hints_shown, opaque_surface, paint_vertical_gradient, panel
from game.roborun.ui import hud_render
from game.roborun.ui.board_render import draw_stage
from game.roborun.ui.choice_ui import ESCAPED, Option, ViewReader, preview_positions
from game.roborun.ui.event_text import PROMPTS, THINKING
from game.roborun.ui.hud_render import seat_panel

HEADER = pygame.Rect(0, 0, 1280, 40)
LEFT = pygame.Rect(8, 46, 272, 632)
RIGHT = pygame.Rect(1000, 46, 272, 632)
BOARD_AREA = pygame.Rect(288, 46, 704, 590)
PROMPT = pygame.Rect(288, 640, 704, 36)
PANEL_HEIGHT = 440
LOG_RECT = pygame.Rect(LEFT.left, LEFT.top + PANEL_HEIGHT + 8, LEFT.width, LEFT.height - PANEL_HEIGHT - 8)
OPTIONS_RECT = pygame.Rect(RIGHT.left, LOG_RECT.top, RIGHT.width, LOG_RECT.height)
SEAT_COLOURS = ("green", "red")
BACKGROUND = ((28, 34, 52), (14, 16, 24))       # the play screen's gradient, top to bottom


class PlayDrawing:
    """Drawing half of PlayScene: reads the scene's state, never changes the game."""

    def _preview(self, index: int) -> dict:
        if index not in self.previews:
            option = self.options_list[index]
            self.previews[index] = (preview_positions(self.state, option.choice, self.engine.apply,
                                                      self.engine.legal_choices) if option.previewable else {})
        return self.previews[index]

    ONE_COAT = True                 # a part drawn first on a freshly painted HUD layer is not painted again
    SPECTATOR_TITLE = "AI"          # who plays both seats in spectate mode (a networked table's TV: "Table")

    def _rebuild_hud_layer(self) -> None:
        """Background, panels, map and hint bar. Each part is redrawn only when its content changed."""
        surface = self.hud_layer
        # Keyed by the renderer object itself (held here, so its id cannot be reused by the
        # renderer rebuilt at a hot-seat hand-over: an id() key kept the other seat's map).
        if surface is None or self._parts.get("board") is not self.board:
            if surface is None:
                surface = self.hud_layer = opaque_surface(theme.LOGICAL_SIZE)
            paint_vertical_gradient(surface, *BACKGROUND)     # painted: no full-screen copy kept (issue 26)
            self.board.draw_static(surface)
            self._parts = {"board": self.board}
            self._drawn_on_fresh_layer = [self.board.rect]    # the rest of the layer holds the background
        reader = self.reader
        self._part("header", self._header_key(reader), HEADER, lambda s: self._draw_header(s, reader))
        marks = self._card_marks(reader)
        for seat, column in ((self.viewer, RIGHT), (1 - self.viewer, LEFT)):
            usable = frozenset(o.choice.args[0] for o in self.options_list
                               if o.choice.kind == "ability") if seat == self.viewer else frozenset()
            info = seat_panel(reader, seat, self.viewer, self.choosers[seat] is None, usable)
            if self.options.spectate:          # attract mode: AI plays both seats, nobody here is "You"
                info.title = f"{self.SPECTATOR_TITLE} - {info.colour.capitalize()}"
            rect = pygame.Rect(column.left, column.top, column.width, PANEL_HEIGHT)
            region = pygame.Rect(rect.left - 4, rect.top - 3, rect.width + 8, rect.height + 9)
            rects = self._part(f"seat{seat}", repr((info, marks, rect)), region,
                               lambda s, rect=rect, info=info: hud_render.draw_seat_panel(s, rect, info, marks))
            self._seat_cards[seat] = [(r, face.card) for r, face in zip(rects, info.stand)]
        self.card_rects = self._seat_cards[0] + self._seat_cards[1]
        log_rect = LOG_RECT
        lines = self.log[-12:]
        self._part("log", tuple(lines), self._region_below(log_rect), lambda s: hud_render.draw_log(s, log_rect, lines))
        options_rect = OPTIONS_RECT
        key = (tuple(o.label for o in self.options_list), self.focus)
        self.option_rects = self._part("options", key, self._region_below(options_rect),
                                       lambda s: self._draw_options(s, options_rect))
        text, colour = self.prompt(reader)
        self._part("prompt", text, PROMPT,
                   lambda s: draw_fit(s, text, PROMPT.inflate(-8, -2), "body", colour, align="center", valign="middle",
                                      bold=True))
        hints = self.hints() if hints_shown(self.app) else []
        bar = pygame.Rect(0, theme.HEIGHT - 40, theme.WIDTH, 40)
        self._part("hints", (self.app.input.last_device, tuple(hints)), bar,
                   lambda s: draw_hints(s, self.app.input, hints))
        self.dirty = False

    def _region_below(self, rect: pygame.Rect) -> pygame.Rect:
        return pygame.Rect(rect.left - 4, rect.top - 3, rect.width + 8, theme.HEIGHT - 40 - (rect.top - 3))

    def _part(self, name: str, key, region: pygame.Rect, draw):
        """Redraw one region of the HUD layer when its key changed; returns what draw returned."""
        if name in self._parts and self._parts[name][0] == key:
            return self._parts[name][1]
        layer = self.hud_layer
        forget_cut_text(layer, region)        # tooltips of the texts this region held
        # A part's first drawing on a layer just painted needs no second coat where nothing was
        # drawn since (issue 26: the first frame's own work).
        drawn = self._drawn_on_fresh_layer
        if name in self._parts or region.collidelist(drawn) >= 0 or not self.ONE_COAT:
            paint_vertical_gradient(layer, *BACKGROUND, area=region)
        if name not in self._parts:
            drawn.append(region)
        layer.set_clip(region)
        result = draw(layer)
        layer.set_clip(None)
        self._parts[name] = (key, result)
        self.pieces_key = None
        return result

    def _header_key(self, reader: ViewReader) -> tuple:
        return (reader.round, reader.phase, reader.pass_state, repr(reader.beep_state), tuple(reader.events_seen()),
                tuple(reader.support()), reader.exits_open, reader.lines_on)

    def _card_marks(self, reader: ViewReader) -> dict[int, str]:
        marks = {}
        beep = reader.beep_state
        if isinstance(beep, tuple) and beep[0] == "placed":
            marks[beep[1]] = "beep"
        if self.options_list and 0 <= self.focus < len(self.options_list):
            card = self.options_list[self.focus].card
            if card is not None:
                marks[card] = "focus"
        return marks

    def _draw_header(self, surface, reader: ViewReader) -> None:
        surface.fill(theme.SHADOW, HEADER)
        draw_fit(surface, f"{self.level.level_id}  {self.level.title}", pygame.Rect(14, 0, 400, HEADER.height),
                 "body", theme.TEXT, valign="middle", wrap=False, bold=True)
        x = 420
        for r in range(1, 5):
            rect = pygame.Rect(x + (r - 1) * 34, 8, 28, 24)
            current = r == reader.round
            pygame.draw.rect(surface, theme.ACCENT if current else (60, 66, 84) if r > reader.round else theme.PANEL,
                             rect, border_radius=6)
            draw_text(surface, str(r), rect.center, "small", theme.BG if current else theme.TEXT_DIM, "center",
                      bold=True)
        draw_text(surface, f"Round {reader.round}/4 - {reader.phase.replace('_', ' ')}", (x + 144, HEADER.centery),
                  "small", theme.TEXT, "midleft")
        pass_state, beep = reader.pass_state, reader.beep_state
        x = 780
        rect = hud_render.draw_token_chip(surface, (x, 8), "PASS", None if pass_state == "disabled"
                                          else pass_state == "available")
        beep_ok = None if beep == "disabled" else beep == "available"
        rect = hud_render.draw_token_chip(surface, (rect.right + 8, 8), "BEEP", beep_ok)
        if not reader.exits_open:            # scenario rule: exits stay shut until a Lever opens them
            rect = hud_render.draw_token_chip(surface, (rect.right + 8, 8), "EXITS LOCKED", False)
        if not reader.lines_on:
            rect = hud_render.draw_token_chip(surface, (rect.right + 8, 8), "LINES OFF", False)
        support = reader.support()
        x = HEADER.right - 14 - 22 * len(support)
        event = reader.last_event_text()
        if event:
            room = x - (100 if support else 20) - (rect.right + 12)
            draw_fit(surface, event, pygame.Rect(rect.right + 12, 0, max(1, room), HEADER.height), "tiny",
                     theme.ACCENT, valign="middle", wrap=False)
        if support:
            draw_text(surface, "Support", (x - 8, HEADER.centery), "tiny", theme.TEXT_DIM, "midright")
        for k, colour in enumerate(support):
            pygame.draw.circle(surface, theme.ROBOT[colour], (x + 10 + k * 22, HEADER.centery), 9)
            pygame.draw.circle(surface, theme.SHADOW, (x + 10 + k * 22, HEADER.centery), 9, 2)

    def _draw_options(self, surface, rect: pygame.Rect) -> list:
        panel(surface, rect)
        option_rects = []
        title = "Your choices" if self.options_list else "Waiting"
        draw_text(surface, title, (rect.left + 12, rect.top + 8), "small", theme.TEXT_DIM)
        row_h = 26
        rows = max(1, (rect.height - 38) // row_h)
        first = max(0, min(self.focus - rows // 2, len(self.options_list) - rows))
        for offset, option in enumerate(self.options_list[first:first + rows]):
            index = first + offset
            row = pygame.Rect(rect.left + 6, rect.top + 32 + offset * row_h, rect.width - 12, row_h - 2)
            focused = index == self.focus
            if focused:
                pygame.draw.rect(surface, theme.ACCENT, row, border_radius=6)
            draw_fit(surface, option.label, row.inflate(-12, 0), "tiny", theme.BG if focused else theme.TEXT,
                     valign="middle", wrap=False, bold=focused, focused=focused)
            option_rects.append((row, index))
        return option_rects

    def prompt(self, reader: ViewReader) -> tuple[str, tuple]:
        if reader.outcome == "won":
            return "Both robots escaped!", theme.GOOD
        if reader.outcome == "lost":
            return "Scenario lost", theme.BAD
        seat = reader.decision_seat
        if seat is None:
            return "", theme.TEXT
        if self.choosers[seat] is not None:
            who = "AI" if self.options.spectate else "Teammate" if seat != self.viewer else "You"
            doing = THINKING.get(reader.decision_kind, "thinking") if not self.options.spectate else "thinking"
            if doing.startswith("may BEEP") and reader.active != self.viewer:
                doing = "may BEEP a card"           # before the other seat's turn, not yours
            return f"{who} ({SEAT_COLOURS[seat]}) {doing}...", theme.ACCENT_2
        if not self.options_list:
            # the player's options appear when the last card's animation ends (the panel reads
            # "Waiting" till then); an ability window may then be answered "Continue" without
            # asking, so naming it during the animation asked for something that never came
            return "", theme.TEXT
        kind = reader.decision_kind
        ctx = reader.view.decision_ctx
        if kind == "window" and ctx and ctx[0] != "window":     # a reaction window (engine._react)
            return "A protective ability can act on this move: use it, or Continue", theme.BAD
        if kind == "card" and not any(option.choice.kind == "pass" for option in self.options_list):
            kind = "card_no_pass"          # PASS used this scenario (or not allowed now): don't offer it
        return PROMPTS.get(kind, "Your move"), theme.ACCENT

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        """Two cached layers (HUD + map; + resting pieces), then only what moves this frame."""
        on_screen = self.frames_drawn == 0 and self.hud_layer is None
        if on_screen:
            # The first frame draws the HUD on the screen itself; its layer and the backdrop, two
            # full-screen surfaces (901 fresh pages each), are made by the next frame (issue 26:
            # the first frame's own work). The same drawing onto a surface of the same format.
            self.hud_layer = surface
        # the hint bar names the device used last: the mouse moved, the keys shown become "Click"
        hints_for = self._parts.get("hints", ((None,), None))[0][0] if self.hud_layer is not None else None
        if self.dirty or self.hud_layer is None or hints_for != self.app.input.last_device:
            self._rebuild_hud_layer()
        focused = self.options_list[self.focus] if self._human_turn() and self.options_list and \
            not self.animator.busy and self.focus < len(self.options_list) else None
        if self.stage.shake > 0:                  # rare and short: draw everything, shaken
            amount = int(self.stage.shake * 8)
            shake = (int(math.sin(self.t * 90) * amount), int(math.cos(self.t * 70) * amount))
            surface.blit(self.hud_layer, (0, 0))
            surface.blit(self.board.static, self.board.rect.move(shake))
            draw_stage(surface, self.board, self.stage, shake)
        else:
            moving = self.animator.moving_keys()
            key = (self.stage.revision, moving, focused is not None, self.reader.exits_open)
            if self.backdrop is None and self.frames_drawn < 2:
                # The first two frames are composed on the screen itself: the first draws the
                # HUD there too, the second makes the HUD layer, and the backdrop, a full-screen
                # layer (3.7 MB of fresh pages), waits for the third, so that no frame of the
                # start does two of these (issue 26: no frame over 33 ms). The same drawing onto
                # a surface of the same format.
                self._compose(surface, moving, focused)
            else:
                if key != self.pieces_key:
                    if self.backdrop is None:
                        self.backdrop = opaque_surface(theme.LOGICAL_SIZE)
                    self._compose(self.backdrop, moving, focused)
                    self.pieces_key = key
                surface.blit(self.backdrop, (0, 0))
            if focused is not None:
                self._draw_focus_under(surface, focused)
                draw_stage(surface, self.board, self.stage)
                self._draw_focus_over(surface, focused)
            else:
                draw_stage(surface, self.board, self.stage, only=moving)
        self._draw_captions(surface)
        self.frames_drawn += 1
        if on_screen:
            self.hud_layer, self._parts, self.dirty = None, {}, True      # the real layer: next frame

    def _compose(self, target: pygame.Surface, moving, focused) -> None:
        """The HUD layer and what rests on the map: the backdrop a frame blits."""
        if target is not self.hud_layer:
            target.blit(self.hud_layer, (0, 0))
        if not self.reader.exits_open:
            self._draw_locks(target)
        if focused is None:           # highlights go under the pawns, so keep pawns live then
            draw_stage(target, self.board, self.stage, exclude=moving, particles=False)

    def _draw_locks(self, surface) -> None:
        """A padlock bar over every Map Exit while a scenario rule keeps the exits shut."""
        level = self.level
        for y in range(level.height):
            for x in range(level.width):
                if level.spaces[y][x].kind in ("exit", "hidden_exit"):
                    cell = self.board.cell_rect((x, y)).inflate(-10, -10)
                    pygame.draw.line(surface, theme.BAD, cell.topleft, cell.bottomright, 6)
                    pygame.draw.line(surface, theme.BAD, cell.topright, cell.bottomleft, 6)

    def _draw_focus_under(self, surface, option: Option) -> None:
        pulse = 160 + int(80 * math.sin(self.app.lively_time * 6))     # pulses while the player is about
        colour = (255, pulse, 60)
        for index, other in enumerate(self.options_list):
            for cell in other.cells:
                if self.level.in_bounds(cell) and index != self.focus:
                    self.board.draw_highlight(surface, cell, (120, 130, 160), 2)
        for cell in option.cells:
            if self.level.in_bounds(cell):
                self.board.draw_highlight(surface, cell, colour, 4)

    def _draw_focus_over(self, surface, option: Option) -> None:
        for pos, direction in option.arrows:
            self.board.draw_arrow(surface, pos, direction)
        if option.previewable:
            reader = self.reader
            for rid, pos in self._preview(self.focus).items():
                if pos is not None and pos != ESCAPED:
                    self.board.draw_ghost(surface, reader.robot_colour(rid), pos)
                    continue
                here = reader.robot_pos(rid)
                if here is None:
                    continue
                if pos == ESCAPED:
                    self.board.draw_escaped_mark(surface, here)
                else:
                    self.board.draw_destroyed_mark(surface, here)

    def _draw_captions(self, surface) -> None:
        top = self.board.rect.top + 16
        for caption in self.stage.captions[-3:]:
            image = hud_render.banner(caption.text, caption.colour, BOARD_AREA.width - 16)
            surface.blit(image, image.get_rect(midtop=(self.board.rect.centerx, top)))
            top += image.get_height() + 4
