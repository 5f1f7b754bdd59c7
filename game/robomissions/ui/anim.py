"""Table animations: flying cards, attack beams, damage pop-ups, explosions, banners.

Each piece is a `game.client.sequencer.Track` that draws itself. The table turns each
engine event into one `Beat` (tracks that play together, plus a sound and an optional
screen shake) and the shared `Sequencer` plays the beats one after the other, so the
player sees moves one at a time. Time only advances through `Sequencer.update(dt)`
(already scaled by the animation-speed setting), and `skip()` finishes everything at once,
so no rule or game state ever waits on wall-clock time.
"""
from __future__ import annotations

import math
import random
from dataclasses import dataclass
from functools import lru_cache

import pygame

from game.client import theme
from game.client.loop import ease_in_out, ease_out_back, lerp
from game.client.sequencer import Point, Track
from game.client.widgets import draw_text, render_text


class Pause(Track):
    """Nothing to see: a beat between moves so the eye can follow them."""

    duration = 0.25


class FlyingCard(Track):
    """A card image travelling from one place to another (hand to table, deck to hand)."""

    duration = 0.45

    def __init__(self, image: pygame.Surface, start: Point, end: Point, duration: float | None = None,
                 end_scale: float = 1.0, delay: float = 0.0) -> None:
        super().__init__(duration, delay)
        self.image, self.start, self.end, self.end_scale = image, start, end, end_scale

    def draw(self, surface: pygame.Surface, offset: Point = (0, 0)) -> None:
        p = ease_in_out(self.progress)
        x = lerp(self.start[0], self.end[0], p) + offset[0]
        arc = max(0.0, min(40.0, self.start[1] - 80, self.end[1] - 80))   # never lift a card off the screen
        y = lerp(self.start[1], self.end[1], p) - math.sin(p * math.pi) * arc + offset[1]
        scale = lerp(1.0, self.end_scale, p)
        image = self.image if abs(scale - 1.0) < 0.02 else _scaled(self.image, round(scale * 20))
        surface.blit(image, image.get_rect(center=(int(x), int(y))))


@lru_cache(maxsize=256)
def _scaled(image: pygame.Surface, twentieths: int) -> pygame.Surface:
    """A card scaled to a multiple of 5%: made once, shared by every card flying the same way
    (smoothscale every frame was the table's slowest frame part)."""
    return pygame.transform.smoothscale_by(image, twentieths / 20)


class Beam(Track):
    """An attack: a zig-zag energy bolt from the attacker to the target."""

    duration = 0.4

    def __init__(self, start: Point, end: Point, colour=theme.ACCENT, duration: float | None = None) -> None:
        super().__init__(duration)
        self.start, self.end, self.colour = start, end, colour
        rng = random.Random(hash((round(start[0]), round(start[1]), round(end[0]), round(end[1]))))
        self.jitter = [rng.uniform(-1, 1) for _ in range(9)]

    def draw(self, surface: pygame.Surface, offset: Point = (0, 0)) -> None:
        grow = min(1.0, self.progress / 0.5)         # first half: the bolt reaches out
        fade = 1.0 - max(0.0, self.progress - 0.5) * 2  # second half: it fades
        (x0, y0), (x1, y1) = self.start, self.end
        x0, y0, x1, y1 = x0 + offset[0], y0 + offset[1], x1 + offset[0], y1 + offset[1]
        length = math.hypot(x1 - x0, y1 - y0) or 1.0
        nx, ny = -(y1 - y0) / length, (x1 - x0) / length
        points = []
        count = len(self.jitter)
        for i in range(count + 1):
            f = i / count * grow
            wobble = 0 if i in (0, count) else self.jitter[i - 1] * 14
            points.append((lerp(x0, x1, f) + nx * wobble, lerp(y0, y1, f) + ny * wobble))
        width = max(2, int(10 * fade))
        pygame.draw.lines(surface, self.colour, False, points, width)
        pygame.draw.lines(surface, theme.TEXT, False, points, max(1, width // 3))
        pygame.draw.circle(surface, self.colour, (int(x0), int(y0)), int(6 + 8 * fade))
        if grow >= 1.0:
            pygame.draw.circle(surface, theme.TEXT, (int(x1), int(y1)), int(4 + 14 * fade), 3)


class Popup(Track):
    """A number or word floating up from a robot (damage, repair, 'Shield!')."""

    duration = 0.9

    def __init__(self, text: str, pos: Point, colour=theme.BAD, duration: float | None = None) -> None:
        super().__init__(duration)
        self.text, self.pos, self.colour = text, pos, colour

    def draw(self, surface: pygame.Surface, offset: Point = (0, 0)) -> None:
        p = self.progress
        pop = ease_out_back(min(1.0, p / 0.3))
        image, shadow = _popup_images(self.text, tuple(self.colour), 20 if pop >= 0.99 else max(1, round(pop * 20)))
        alpha = 255 if p < 0.7 else int(255 * (1 - (p - 0.7) / 0.3))
        x = self.pos[0] + offset[0]
        y = self.pos[1] - 60 * ease_in_out(p) + offset[1]
        for img, dx, dy in ((shadow, 2, 3), (image, 0, 0)):
            if alpha < 255:
                img = img.copy()
                img.set_alpha(alpha)
            surface.blit(img, img.get_rect(center=(int(x + dx), int(y + dy))))


@lru_cache(maxsize=256)
def _popup_images(text: str, colour: tuple, twentieths: int) -> tuple[pygame.Surface, pygame.Surface]:
    """A popup's text and shadow at a multiple of 5% of full size (made once, not every frame)."""
    image = render_text(text, "large", colour, True)
    shadow = render_text(text, "large", theme.SHADOW, True)
    if twentieths < 20:
        image = pygame.transform.smoothscale_by(image, twentieths / 20)
        shadow = pygame.transform.smoothscale_by(shadow, twentieths / 20)
    return image, shadow


@dataclass
class Particle:
    x: float
    y: float
    vx: float
    vy: float
    size: float
    colour: tuple[int, int, int]


class Explosion(Track):
    """A knock-out: a flash ring and sparks flying out and falling."""

    duration = 0.8
    COLOURS = ((255, 220, 90), (255, 150, 60), (240, 84, 84), (236, 240, 248))

    def __init__(self, pos: Point, duration: float | None = None, count: int = 36) -> None:
        super().__init__(duration)
        self.pos = pos
        rng = random.Random(hash((round(pos[0]), round(pos[1]))))
        self.particles = []
        for _ in range(count):
            angle, speed = rng.uniform(0, math.tau), rng.uniform(80, 320)
            self.particles.append(Particle(pos[0], pos[1], math.cos(angle) * speed, math.sin(angle) * speed - 80,
                                           rng.uniform(3, 8), rng.choice(self.COLOURS)))

    def draw(self, surface: pygame.Surface, offset: Point = (0, 0)) -> None:
        t, p = self.t, self.progress
        ox, oy = offset
        if p < 0.5:
            radius = int(10 + 90 * ease_in_out(p / 0.5))
            pygame.draw.circle(surface, (255, 230, 140), (int(self.pos[0] + ox), int(self.pos[1] + oy)), radius,
                               max(1, int(12 * (1 - p / 0.5))))
        for part in self.particles:
            x = part.x + part.vx * t + ox
            y = part.y + part.vy * t + 300 * t * t + oy   # gravity pulls the sparks down
            size = max(1, int(part.size * (1 - p)))
            pygame.draw.circle(surface, part.colour, (int(x), int(y)), size)


class Banner(Track):
    """A wide strip across the screen: whose turn it is, game events ('End Game!')."""

    duration = 1.0

    def __init__(self, text: str, colour=theme.ACCENT, duration: float | None = None, y: int = 300) -> None:
        super().__init__(duration)
        self.text, self.colour, self.y = text, colour, y

    def draw(self, surface: pygame.Surface, offset: Point = (0, 0)) -> None:
        p = self.progress
        slide = ease_out_back(min(1.0, p / 0.25)) if p < 0.8 else 1 - (p - 0.8) / 0.2
        height = int(80 * max(0.0, min(1.0, slide)))
        if height <= 2:
            return
        surface.blit(_strip(height), (0, self.y - height // 2))
        pygame.draw.line(surface, self.colour, (0, self.y - height // 2), (theme.WIDTH, self.y - height // 2), 3)
        pygame.draw.line(surface, self.colour, (0, self.y + height // 2), (theme.WIDTH, self.y + height // 2), 3)
        if height > 50:
            draw_text(surface, self.text, (theme.WIDTH // 2, self.y), "large", self.colour, "center", bold=True)


@lru_cache(maxsize=128)
def _strip(height: int) -> pygame.Surface:
    strip = pygame.Surface((theme.WIDTH, height), pygame.SRCALPHA)
    strip.fill((*theme.SHADOW, 210))
    return strip
