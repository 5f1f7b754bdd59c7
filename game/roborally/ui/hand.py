"""The programming hand of the race screen: the hand as dealt (cards never shift), placing,
the confirm before the fifth card runs, taking back, the preview path, and the bottom strip
(the hand, the log, the result box). A mixin of RaceScene (race_scene.py)."""
from __future__ import annotations

from collections import Counter

import pygame

from game.client import theme
from game.client.text import draw_fit
from game.client.widgets import panel
from game.core.session import save_session_later
from game.roborally import rules as R
from game.roborally.ai.planner import Planner
from game.roborally.rules import content as C
from game.roborally.rules.engine import Choice
from game.roborally.ui import explain
from game.roborally.ui.board_view import ROBOT_NAMES, draw_card
from game.roborally.ui.playback import card_short_name


class ProgrammingHand:
    """RaceScene's hand and bottom strip (uses its session, state, targets and focus)."""

    def _hand_choices(self):
        return [c for c in self.session.legal_choices() if c.kind in ("card", "use")]

    def _hand_slots(self) -> list:
        """The hand as dealt, one slot per card, that never shifts: a placed card leaves a gap
        (None); usable upgrades follow. Rebuilt only when the hand no longer matches (a new
        round, Spam Blocker, a take-back the screen did not see)."""
        seat = self.session.current_seat()
        r = self.state.robots[seat]
        hand = Counter(r.hand)
        if self.confirm is not None:
            hand[self.confirm.arg] -= 1
        key = (self.state.round, seat)
        left = Counter(c for i, c in enumerate(self.dealt) if i not in self.placed)
        if self.dealt_for != key or left != +hand:
            if self.dealt_for != key or len(self.dealt) < len(r.hand):
                self.dealt = list(r.hand)
                self.dealt_for = key
            # keep the dealt order; mark as placed the slots whose card is no longer in hand
            self.placed, spare = [], Counter(hand)
            for i, card in enumerate(self.dealt):
                if spare[card] > 0:
                    spare[card] -= 1
                else:
                    self.placed.append(i)
            if +spare:                         # cards the dealt list lacks: start it again
                self.dealt, self.placed = list(r.hand), []
        slots = [None if i in self.placed else Choice("card", c) for i, c in enumerate(self.dealt)]
        return slots + [c for c in self.session.legal_choices() if c.kind == "use"]

    def _live_focus(self, slots: list, legal: list) -> int:
        """The focus, moved to the nearest card that can be placed (a placed card's gap or
        Again in register 1 cannot hold it)."""
        live = [i for i, c in enumerate(slots) if c is not None and c in legal]
        if not live or self.focus in live:
            return self.focus
        return min(live, key=lambda i: (abs(i - self.focus), i))

    def _place_slot(self, slots: list, i: int) -> None:
        """Place the card of slot i; the fifth waits on screen for a confirm."""
        choice = slots[i]
        if choice is None or (choice not in self.session.legal_choices()):
            return
        if choice.kind == "use":
            self._apply(choice)
            return
        self.placed.append(i)
        regs = self.state.robots[self.session.current_seat()].regs
        if regs.count(None) == 1:
            self.confirm = choice
        else:
            self._apply(choice)

    def _confirm_program(self) -> None:
        choice, self.confirm = self.confirm, None
        if choice is not None:
            self._apply(choice)

    def _take_back(self) -> None:
        if self.confirm is not None:
            self.confirm = None
            if self.placed:
                self.placed.pop()
            return
        seat = self.session.current_seat()
        if self.session.undo(seat) is not None:
            self.state = self.session.state
            if self.placed:
                self.placed.pop()
            save_session_later(self.session)

    # ------------------------------------------------------------------ drawing
    def _hand_rects(self, n):
        w = min(118, (820 - 10) // max(1, n) - 8)
        return [pygame.Rect(14 + i * (w + 8), theme.HEIGHT - 156, w, 104) for i in range(n)]

    def _confirm_rect(self) -> pygame.Rect:
        return pygame.Rect(430, theme.HEIGHT - 150, 390, 92)

    def _preview(self, seat):
        """Where the robot would be after each placed register if nothing interferes."""
        view = R.seat_view(self.state, seat)
        planner = Planner(view, "normal")
        me = view.robots[seat]
        x, y, d, cp, prev, reb = me.x, me.y, me.d, me.cp, None, False
        steps = []
        regs = list(view.regs)
        if self.confirm is not None and None in regs:
            regs[regs.index(None)] = self.confirm.arg
        for reg, card in enumerate(regs, start=1):
            if card is None or reb:
                break
            x, y, d, cp, reb, _, prev = planner.step(reg, x, y, d, cp, prev, card)
            steps.append((x, y, d))
        return steps

    def _draw_bottom(self, surface, human_turn, seat) -> None:
        top = theme.HEIGHT - 194
        if self.session.is_over() and not self._busy():
            self._draw_result(surface, pygame.Rect(10, top + 2, 820, theme.HEIGHT - 48 - top))
            return
        if not (human_turn and self.state.phase == "program"):
            if self.inspect:
                return
            lines = self.log[-5:]
            for i, line in enumerate(lines):
                draw_fit(surface, line, pygame.Rect(14, top + 6 + i * 28, 810, 26), "small",
                         theme.TEXT if i == len(lines) - 1 else theme.TEXT_DIM, wrap=False)
            if seat is not None and not self._busy() and self.seats[seat] != "human" and not self.session.is_over():
                doing = "is choosing on a phone" if self.seats[seat] == "table" else "is thinking..."
                draw_fit(surface, f"{self.seat_label(seat)} {doing}",
                         pygame.Rect(845, theme.HEIGHT - 76, theme.WIDTH - 855, 26), "small", theme.TEXT_DIM, wrap=False)
            return
        r = self.state.robots[seat]
        slots = self._hand_slots()
        legal = self.session.legal_choices()
        self.focus = self._live_focus(slots, legal)
        if not self.inspect:        # else the inspect box shows this line above what is pointed at
            draw_fit(surface, self.program_head(seat), pygame.Rect(14, top + 4, 810, 26), "small", theme.ACCENT,
                     wrap=False, bold=True)
        for i, (c, rect) in enumerate(zip(slots, self._hand_rects(len(slots)))):
            if c is None:                     # a placed card leaves its place empty: nothing shifts
                pygame.draw.rect(surface, theme.PANEL_EDGE, rect, 2, border_radius=8)
                continue
            focused = i == self.focus and self.confirm is None
            label = C.card_name(c.arg) if c.kind == "card" else "Use " + C.UPGRADES[c.arg]["name"]
            draw_card(surface, rect.move(0, -8 if focused else 0), label, spam=c.kind == "card" and c.arg == "spam",
                      use=c.kind == "use", focused=focused)
            if c not in legal or self.confirm is not None:     # Again in register 1, or waiting to confirm
                shade = pygame.Surface(rect.size, pygame.SRCALPHA)
                shade.fill((0, 0, 0, 140))
                surface.blit(shade, rect.topleft)
            self.targets.append((rect, explain.card_text(c.arg) if c.kind == "card" else explain.upgrade_text(c.arg)))
        if self.confirm is not None:
            box = self._confirm_rect()
            panel(surface, box, fill=theme.PANEL, edge=theme.ACCENT, radius=10, width=3)
            draw_fit(surface, "Program ready: run it?", pygame.Rect(box.left + 12, box.top + 6, box.width - 24, 34),
                     "body", theme.ACCENT, align="center", wrap=False, bold=True)
            draw_fit(surface, "Enter / click here: run.  Z: take the last card back.",
                     pygame.Rect(box.left + 12, box.top + 44, box.width - 24, 40), "small", theme.TEXT, align="center")

    def program_head(self, seat: int) -> str:
        """'Yellow: program register 3   [Move 1 Turn Right _ _ _]': what to do now, and the program so far."""
        r = self.state.robots[seat]
        cards = list(r.regs)
        if self.confirm is not None and None in cards:
            cards[cards.index(None)] = self.confirm.arg
        regs = " ".join(card_short_name(c) if c else "_" for c in cards)
        if self.confirm is not None or None not in r.regs:
            return f"{ROBOT_NAMES[seat]}: program ready   [{regs}]"
        return f"{ROBOT_NAMES[seat]}: program register {r.regs.index(None) + 1}   [{regs}]"

    def _draw_result(self, surface, box: pygame.Rect) -> None:
        res = self.session.engine.result(self.state)
        panel(surface, box)
        if res.winners:
            text = f"{self.seat_label(res.winners[0])} wins!"
        else:
            text = "Time is up: nobody finished"
        inner = box.inflate(-40, 0)
        draw_fit(surface, text, pygame.Rect(inner.left, box.top + 8, inner.width, 70), "large", theme.ACCENT,
                 align="center", valign="middle", bold=True)
        draw_fit(surface, f"after {self.state.round} rounds.  Enter: {self.results_exit}",
                 pygame.Rect(inner.left, box.top + 86, inner.width, 36), "body", theme.TEXT, align="center", wrap=False)
