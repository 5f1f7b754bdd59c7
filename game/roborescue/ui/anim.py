"""The lab screen's animation pieces for the shared sequencer (game.client.sequencer).

The engine reports what happened as a list of events; the screen turns each one into a
`beat`: its start and end update the screen's display model (so the picture lags the true
state exactly as long as the animation runs) and its painter draws the moving part. The
Sequencer plays the beats one after another, scaled by the player's animation speed, and
`skip()` (the skip key) jumps to the end of everything at once. The painters below build
the moving parts: a card flying along an arc, a card turning over, a score counting up.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Callable

import pygame

from game.client.loop import ease_in_out, lerp
from game.client.sequencer import Beat, Track

Point = tuple[float, float]


def beat(seconds: float, begin: Callable[[], None] | None = None, end: Callable[[], None] | None = None,
         paint: Callable[[pygame.Surface, float], None] | None = None, sound: str | None = None) -> Beat:
    """One step of the lab's picture as a Beat of the shared sequencer.

    `begin` and `end` update the screen's display model when the step starts and ends (so
    the picture lags the true state exactly as long as the animation runs); `paint(surface,
    t)` draws the moving part for progress t in [0, 1]; `sound` plays as the step starts.
    """
    return Beat([Track(seconds, on_start=begin, on_end=end, paint=paint)], sound=sound)


# ----------------------------------------------------------------------------- painters
def fly(image_at: Callable[[float], pygame.Surface], start: Point, goal: Point, arc: float = 40.0):
    """A painter moving an image from `start` to `goal` (top-left corners) along a low arc.

    `image_at(t)` gives the image for progress t, so a card can flip while it flies.
    """
    def paint(surface: pygame.Surface, t: float) -> None:
        eased = ease_in_out(t)
        x = lerp(start[0], goal[0], eased)
        y = lerp(start[1], goal[1], eased) - arc * 4 * eased * (1 - eased)
        image = image_at(t)
        surface.blit(image, (x, y))
    return paint


def flip_image(back: pygame.Surface, face: pygame.Surface, t: float, face_first: bool = False) -> pygame.Surface:
    """The card squeezed horizontally as it turns over: first side until t=0.5, then the other.

    t is taken to 1/32 and each squeezed image made once (not a new scale + canvas every frame).
    """
    return _flip_image(back, face, round(max(0.0, min(1.0, t)) * 32), face_first)


@lru_cache(maxsize=256)
def _flip_image(back: pygame.Surface, face: pygame.Surface, step: int, face_first: bool) -> pygame.Surface:
    t = step / 32
    first, second = (face, back) if face_first else (back, face)
    side = first if t < 0.5 else second
    width = max(1, int(side.get_width() * abs(1 - 2 * t)))
    squeezed = pygame.transform.scale(side, (width, side.get_height()))
    canvas = pygame.Surface(side.get_size(), pygame.SRCALPHA)
    canvas.blit(squeezed, ((side.get_width() - width) // 2, 0))
    return canvas


def count_up(value: int, t: float) -> int:
    """The number shown while a score counts up to `value`."""
    return int(round(value * ease_in_out(min(1.0, t * 1.25))))
