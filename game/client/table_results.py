"""The end of a networked table's game where the game's own screen has no results screen to show it.

The TV (game/client/table_screens.py, SPECTATORS) and a joined seat end on the game's own results
where it has one (ROBOMissions' results, Robo Rescue's end screen, Robo Rally's result box, Run
Run Run!'s ending). Robo Run's results belong to its campaign (rewards, the next scenario), so a
table's Robo Run ends here instead, and so does the join screen of any game without a play screen
of its own for a seat: who won, why, each seat's score, and one way out (Enter or Esc).
"""
from __future__ import annotations

from typing import Callable, Sequence

import pygame

from game.client import input as inp
from game.client import theme
from game.client.scene import Scene
from game.client.text import draw_fit
from game.client.widgets import ResultsHold, darken, draw_hints, panel


def headline(result: dict, names: Sequence[str], you: int | None) -> str:
    """Who won, in words: the seat itself first ("You won"), a whole table together, or by name."""
    winners = [w for w in result.get("winners") or [] if 0 <= w < len(names)]
    if not winners:
        return "Nobody won" if result.get("outcome") != "lost" else "The table lost"
    if len(winners) == len(names) > 1:
        return "You won together!" if you is not None else "The table won together!"
    if you in winners:
        return "You won!" if len(winners) == 1 else "You won, with " + ", ".join(names[w] for w in winners if w != you)
    return " and ".join(names[w] for w in winners) + (" wins!" if len(winners) == 1 else " win!")


def cause_words(result: dict) -> str:
    cause = str(result.get("cause") or result.get("outcome") or "")
    cause = cause.replace("_", " ")
    return cause[:1].upper() + cause[1:]


class TableResultsScene(Scene):
    """Over the final board: the headline, why it ended, a row per seat, then one way out."""

    opaque = False

    def __init__(self, result: dict, names: Sequence[str], you: int | None, detail: str, leave_words: str,
                 leave: Callable[[], None], score_words: str = "score") -> None:
        """`score_words`: what the result's scores count (a column shown only when one is not 0)."""
        super().__init__()
        self.result, self.names, self.you, self.score_words = result, list(names), you, score_words
        self.detail, self.leave_words, self.leave = detail, leave_words, leave
        self.hold = ResultsHold()       # who won first; the way out after

    def animating(self) -> bool:
        return not self.hold.ready

    def update(self, dt: float) -> None:
        self.hold.update(dt)

    def handle(self, action: inp.Action) -> None:
        if action.name in (inp.CONFIRM, inp.CLICK, inp.BACK) and not self.hold.blocks(action):
            self.app.stack.pop()
            self.leave()

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        darken(surface, 170)
        rows = len(self.names)
        box = pygame.Rect(0, 0, 760, 230 + rows * 46)
        box.center = (theme.WIDTH // 2, theme.HEIGHT // 2 - 10)
        panel(surface, box)
        inner = box.inflate(-60, 0)
        draw_fit(surface, headline(self.result, self.names, self.you), pygame.Rect(inner.left, box.top + 26,
                 inner.width, 56), "large", theme.ACCENT, align="center", valign="middle", wrap=False, bold=True)
        why = "  ·  ".join(part for part in (cause_words(self.result), self.detail) if part)
        draw_fit(surface, why, pygame.Rect(inner.left, box.top + 88, inner.width, 34), "body", theme.TEXT_DIM,
                 align="center", valign="middle", wrap=False)
        scores = self.result.get("scores")
        scores = scores if isinstance(scores, list) and any(scores) else None
        winners = set(self.result.get("winners") or [])
        if scores:
            draw_fit(surface, self.score_words, pygame.Rect(inner.right - 370, box.top + 116, 220, 20), "tiny",
                     theme.TEXT_DIM, align="right", wrap=False)
        for seat, name in enumerate(self.names):
            row = pygame.Rect(inner.left + 10, box.top + 136 + seat * 46, inner.width - 20, 40)
            mark = "WINNER" if seat in winners else ""
            score = f"{scores[seat]}" if scores and seat < len(scores) else ""
            draw_fit(surface, name + ("  (you)" if seat == self.you else ""), pygame.Rect(row.left, row.top,
                     row.width - 260, row.height), "body", theme.TEXT, valign="middle", wrap=False, bold=True)
            draw_fit(surface, score, pygame.Rect(row.right - 250, row.top, 110, row.height), "body", theme.TEXT,
                     align="right", valign="middle", wrap=False)
            draw_fit(surface, mark, pygame.Rect(row.right - 130, row.top, 130, row.height), "small", theme.ACCENT,
                     align="right", valign="middle", wrap=False, bold=True)
        if self.hold.ready:
            draw_fit(surface, f"Enter: {self.leave_words}", pygame.Rect(inner.left, box.bottom - 56, inner.width, 40),
                     "body", theme.TEXT, align="center", valign="middle", wrap=False)
            draw_hints(surface, self.app.input, [(inp.CONFIRM, self.leave_words[:1].upper() + self.leave_words[1:])])
