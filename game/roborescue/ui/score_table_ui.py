"""The solo high-score table on screen: saving a result and drawing the table.

Saving and loading belong to the engine team's `highscores` module (atomic JSON in the
user's data folder); this module only adds today's date (the engine never reads the
clock) and draws the rows.
"""
from __future__ import annotations

import datetime

import pygame

from game.client import theme
from game.client.widgets import draw_text, panel
from game.roborescue.ui import highscores
from game.roborescue.ui.highscores import HighScore


def load_table() -> tuple[list[HighScore], str | None]:
    return highscores.load_table()


def record_solo_score(score: int) -> tuple[list[HighScore], int | None, str | None]:
    """Save a finished solo game; return the table, the new entry's place (or None), a warning."""
    place, warning = highscores.record(score, datetime.date.today().isoformat())
    table, load_warning = highscores.load_table()
    return table, place, warning or load_warning


def draw_score_table(surface: pygame.Surface, rect: pygame.Rect, table: list[HighScore], highlight: int | None) -> None:
    panel(surface, rect)
    draw_text(surface, "High scores", (rect.left + 20, rect.top + 12), "body", theme.ACCENT, bold=True)
    if not table:
        draw_text(surface, "No games yet", (rect.left + 20, rect.top + 56), "body", theme.TEXT_DIM)
    for index, entry in enumerate(table[:highscores.TABLE_SIZE]):
        y = rect.top + 50 + index * 26
        colour = theme.GOOD if highlight == index + 1 else theme.TEXT
        draw_text(surface, f"{index + 1:>2}.  {entry.score}", (rect.left + 20, y), "small", colour, bold=True)
        draw_text(surface, entry.date, (rect.right - 20, y), "small", theme.TEXT_DIM, "topright")
