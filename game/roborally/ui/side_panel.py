"""The race screen's side panel: round and timer, one row per robot (checkpoints, energy,
SPAM, upgrades, the five registers flipping as they play), the human's upgrade collection;
drawn into a cached layer with the board. A mixin of RaceScene (race_scene.py)."""
from __future__ import annotations

import pygame

from game.client import theme
from game.client.text import display_scale as text_display_scale
from game.client.text import draw_fit
from game.client.text import forget as text_forget
from game.client.widgets import panel
from game.roborally.rules import content as C
from game.roborally.ui import explain
from game.roborally.ui.board_view import ROBOT_COLOURS, ROBOT_NAMES
from game.roborally.ui.playback import card_short_name


class SidePanel:
    """RaceScene's cached board-and-side-panel layer and the menu drawn over it."""

    def _layer_key(self) -> tuple:
        """Everything the cached layer shows (and the inspect texts of the side panel's targets)."""
        st = self.state
        busy_regs = self._busy() and self.shown_register > 0
        current = self.session.current_seat()
        timer = self.timer is not None and st.phase == "program"
        robots = []
        for r in st.robots:
            sd = self.side[r.seat]
            cards = self.revealed_cards.get(r.seat, {})
            robots.append((r.seat, current == r.seat, self.shown_token == r.seat, sd["cp"], sd["energy"], sd["spam"],
                           tuple(sd["ups"]), tuple(r.regs[k] is not None for k in range(5)),
                           tuple(cards.get(k + 1) for k in range(5)), tuple(r.haywire[k] is not None for k in range(5)),
                           r.rebooted, r.d % 4))
        menu = self.menu is not None and self._human_turn()
        human = self.last_human if self.last_human is not None else (
            self.seats.index("human") if "human" in self.seats else None)
        owned = tuple(sorted(st.robots[human].owned)) if human is not None and not menu else ()
        return (text_display_scale(), self.shown_round, self.shown_register,
                max(0, int(self.timer + 0.99)) if timer else None, busy_regs, len(st.board.checkpoints),
                tuple(robots), owned or None)

    def _draw_layer(self, surface) -> None:
        if not self._busy():
            self._sync_side()
        key = self._layer_key()
        layer = self._layer
        if layer is None or layer.get_size() != surface.get_size() or self._layer_drawn_for != key:
            if layer is None or layer.get_size() != surface.get_size():
                layer = self._layer = pygame.Surface(surface.get_size(), 0, surface)
            layer.fill(theme.BG)
            text_forget(layer, layer.get_rect())
            self.board_view.draw(layer)
            targets, self.targets = self.targets, []
            self._draw_side_panel(layer, key)
            self._side_targets, self.targets = self.targets, targets
            self._layer_drawn_for = key
        surface.blit(layer, (0, 0))

    def _draw_side(self, surface) -> None:
        """The side panel's targets (its picture is in the layer) and the menu, which is live."""
        self.targets.extend(self._side_targets)
        if self.menu is not None and self._human_turn():
            st = self.state
            x0, right = 845, theme.WIDTH - 10
            top = 44 + len(st.robots) * min(72, 330 // len(st.robots)) + 4
            title = {"upgrade": "Upgrades", "fire": "Your laser", "haywire": "Controlled Chaos",
                     "reboot_facing": "Rebooted: facing"}.get(st.phase, "")
            draw_fit(surface, f"{ROBOT_NAMES[self.session.current_seat()]}: {title}", pygame.Rect(x0, top, right - x0, 26),
                     "small", theme.ACCENT, wrap=False, bold=True)
            self.menu.draw(surface)

    def _draw_side_panel(self, surface, key: tuple) -> None:
        """Draw what `key` (_layer_key) shows: the round, one row per robot, the human's upgrade collection."""
        x0, right = 845, theme.WIDTH - 10
        st = self.state
        head = f"Round {self.shown_round}" + (f"  register {self.shown_register}" if self.shown_register else "")
        timer = self.timer is not None and self.state.phase == "program"
        draw_fit(surface, head, pygame.Rect(x0, 8, right - x0 - (110 if timer else 0), 32), "body", theme.TEXT,
                 wrap=False, bold=True)
        if timer:
            draw_fit(surface, f"timer {max(0, int(self.timer + 0.99))}s", pygame.Rect(right - 106, 8, 106, 32), "body",
                     theme.BAD, align="right", wrap=False, bold=True)
        n_cp = len(st.board.checkpoints)
        rows = len(st.robots)
        row_h = min(72, 330 // rows)
        for i, r in enumerate(st.robots):
            y = 44 + i * row_h
            rect = pygame.Rect(x0, y, right - x0, row_h - 4)
            current = self.session.current_seat() == r.seat
            panel(surface, rect, fill=theme.PANEL, edge=theme.ACCENT if current else theme.PANEL_EDGE, radius=8, width=2)
            pygame.draw.circle(surface, ROBOT_COLOURS[r.seat], (rect.left + 14, rect.top + 13), 9)
            regs_w = 5 * 30
            token = "* " if self.shown_token == r.seat else ""
            name_box = pygame.Rect(rect.left + 28, rect.top + 2, rect.width - 28 - regs_w - 10, 22)
            draw_fit(surface, token + self.seat_label(r.seat), name_box, "tiny", theme.TEXT, wrap=False, bold=True)
            sd = self.side[r.seat]
            info = f"CP {sd['cp']}/{n_cp}   Energy {sd['energy']}   SPAM {sd['spam']}"
            ups = [C.UPGRADES[u]["name"] for u in sd["ups"]]
            second = pygame.Rect(rect.left + 8, rect.top + 24, rect.width - 16, 20)
            if ups and row_h >= 66:
                draw_fit(surface, info, second, "tiny", theme.TEXT_DIM, wrap=False)
                draw_fit(surface, ", ".join(ups), second.move(0, 21), "tiny", theme.ACCENT_2, wrap=False)
            else:
                if ups:
                    info += "   " + ", ".join(ups)
                draw_fit(surface, info, second, "tiny", theme.TEXT_DIM, wrap=False)
            self.targets.append((rect, self._robot_text(r.seat)))
            # five registers: face down until revealed
            for k in range(5):
                box = pygame.Rect(rect.right - regs_w + k * 30 - 4, rect.top + 3, 28, 20)
                card = self.revealed_cards.get(r.seat, {}).get(k + 1)
                # while a round plays on screen the state may already be in the next round's
                # programming: its registers stay face down until they flip
                filled = r.regs[k] is not None or card is not None or (self._busy() and self.shown_register > 0)
                colour = theme.ACCENT if card else (theme.PANEL_EDGE if filled else theme.BG)
                pygame.draw.rect(surface, colour, box, border_radius=3)
                if card:
                    draw_fit(surface, card_short_name(card), box, 14, theme.BG, align="center", valign="middle", wrap=False,
                             bold=True)
                    if card not in ("-", "?"):
                        self.targets.append((box, explain.card_text(card)))
                if r.haywire[k] is not None:
                    pygame.draw.rect(surface, theme.BAD, box, 2, border_radius=3)
        top = 44 + rows * row_h + 4
        bottom = theme.HEIGHT - 46
        if key[-1] is not None:
            draw_fit(surface, "Your upgrades, not installed (cost)", pygame.Rect(x0, top, right - x0, 24), "small",
                     theme.TEXT_DIM, wrap=False, bold=True)
            slots = list(key[-1])
            cols = 2 if len(slots) > 3 else 1
            col_w = (right - x0 - 8) // cols
            for i, u in enumerate(slots):
                info = C.UPGRADES[u]
                cell = pygame.Rect(x0 + 8 + (i % cols) * col_w, top + 26 + (i // cols) * 22, col_w - 8, 20)
                if cell.bottom > bottom:
                    break
                draw_fit(surface, f"{info['name']} ({info['cost']})", cell, "tiny", theme.TEXT, wrap=False)
                self.targets.append((cell, explain.upgrade_text(u)))

    def _robot_text(self, seat: int) -> str:
        sd = self.side[seat]
        r = self.state.robots[seat]
        ups = ", ".join(C.UPGRADES[u]["name"] for u in sd["ups"]) or "none"
        where = "rebooting" if r.rebooted else f"facing {('up', 'right', 'down', 'left')[r.d % 4]}"
        # the "* " before its name in the panel, said where the player inspects the row
        first = " * It holds the first-player token: it acts first this round." if self.shown_token == seat else ""
        return (f"{self.seat_label(seat)}: checkpoint {sd['cp']} of {len(self.state.board.checkpoints)} reached, "
                f"{sd['energy']} energy, {sd['spam']} SPAM in its deck, {where}. Upgrades: {ups}.{first}")
