"""The arcade's own screens: title, game select, settings, pause and a notice box."""
from __future__ import annotations

import math

import pygame

from game.client import input as inp
from game.client import theme
from game.client.loop import ease_out_back
from game.client.registry import GAMES, load_entry
from game.client.scene import Scene
from game.client.settings import ANIMATION_SPEEDS
from game.client.widgets import Menu, MenuItem, draw_hints, font, draw_paragraph, draw_text, panel, vertical_gradient


def draw_mascot(surface: pygame.Surface, center: tuple[float, float], colour, scale: float = 1.0,
                blink: bool = False, tilt: float = 0.0) -> None:
    """A friendly boxy robot used on menus (the games draw their own pieces)."""
    cx, cy = center
    s = scale
    body = pygame.Rect(0, 0, 70 * s, 60 * s)
    body.center = (cx, cy + 20 * s)
    head = pygame.Rect(0, 0, 56 * s, 44 * s)
    head.center = (cx + tilt * 6 * s, cy - 32 * s)
    dark = tuple(max(0, c - 70) for c in colour)
    pygame.draw.line(surface, dark, head.midtop, (head.centerx, head.top - 16 * s), max(2, int(4 * s)))
    pygame.draw.circle(surface, theme.ACCENT if not blink else theme.BAD, (head.centerx, head.top - 18 * s), 6 * s)
    for rect in (body, head):
        pygame.draw.rect(surface, theme.SHADOW, rect.move(0, 4 * s), border_radius=int(10 * s))
        pygame.draw.rect(surface, colour, rect, border_radius=int(10 * s))
        pygame.draw.rect(surface, dark, rect, max(2, int(3 * s)), border_radius=int(10 * s))
    eye_h = 4 * s if blink else 14 * s
    for dx in (-13, 13):
        eye = pygame.Rect(0, 0, 12 * s, eye_h)
        eye.center = (head.centerx + dx * s, head.centery - 2 * s)
        pygame.draw.rect(surface, theme.BG, eye, border_radius=int(4 * s))
    pygame.draw.rect(surface, dark, pygame.Rect(body.centerx - 18 * s, body.centery - 6 * s, 36 * s, 12 * s),
                     border_radius=int(4 * s))
    for dx in (-22, 22):
        pygame.draw.circle(surface, dark, (body.centerx + dx * s, body.bottom + 6 * s), 9 * s)


DEMO_FIRST_DELAY = 2.0    # seconds on the title before the first demo game (--demo)
DEMO_IDLE_DELAY = 30.0    # seconds of no input on the title before the demo starts again


class TitleScene(Scene):
    def __init__(self, demo: bool = False) -> None:
        super().__init__()
        self.demo = demo
        self.demo_started = False
        self.idle = 0.0
        self.t = 0.0
        self.background: pygame.Surface | None = None
        self.menu = Menu([
            MenuItem("Play", self._play, "Choose a game"),
            MenuItem("Settings", self._settings, "Sound, animation speed, colour-blind patterns"),
            MenuItem("Quit", self._quit),
        ], center_x=theme.WIDTH // 2, top=310, width=420)

    def enter(self) -> None:
        self.background = vertical_gradient(theme.LOGICAL_SIZE, (30, 36, 60), (12, 14, 22))
        if self.app.notice:
            self.app.stack.push(NoticeScene(self.app.notice))
            self.app.notice = None
        self.app.audio.start_music()

    def _play(self) -> None:
        self.app.audio.play("click")
        self.app.stack.push(GameSelectScene())

    def _settings(self) -> None:
        self.app.audio.play("click")
        self.app.stack.push(SettingsScene())

    def _quit(self) -> None:
        self.app.quit()

    def handle(self, action: inp.Action) -> None:
        if action.name != inp.POINT:
            self.idle = 0.0
        if not self.menu.handle(action) and action.name == inp.BACK and action.device != "mouse":
            self.app.quit()

    def update(self, dt: float) -> None:
        self.t += dt
        self.idle += dt
        if self.demo and self.idle > (DEMO_FIRST_DELAY if not self.demo_started else DEMO_IDLE_DELAY):
            self._start_demo()

    def _start_demo(self) -> None:
        """Attract mode: the first game that offers one plays itself until a key is pressed."""
        self.idle = 0.0
        for entry in GAMES:
            factory = load_entry(entry, "demo")
            if factory is not None:
                self.demo_started = True
                self.app.stack.push(factory(self.app))
                return
        self.demo = False

    def resume(self) -> None:
        self.idle = 0.0

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        t = self.t + alpha * self.app.clock.step
        surface.blit(self.background, (0, 0))
        # factory floor grid scrolling slowly
        offset = int(t * 20) % 64
        for x in range(-64, theme.WIDTH + 64, 64):
            pygame.draw.line(surface, (38, 46, 70), (x + offset, 560), (x + offset - 120, theme.HEIGHT), 2)
        pygame.draw.line(surface, (60, 70, 100), (0, 560), (theme.WIDTH, 560), 3)
        # title pops in
        pop = ease_out_back(min(1.0, t / 0.8))
        title = pygame.transform.rotozoom(
            pygame.font.Font(None, 150).render("ROBO ARCADE", True, theme.ACCENT), math.sin(t * 1.3) * 1.5, pop)
        surface.blit(title, title.get_rect(center=(theme.WIDTH // 2, 150)))
        draw_text(surface, "robot tabletop games, with AI friends for every empty seat",
                  (theme.WIDTH // 2, 250), "body", theme.TEXT_DIM, "center")
        # robots marching along the floor
        for index, colour in enumerate(("green", "red", "white", "purple", "blue")):
            x = (t * 70 + index * 270) % (theme.WIDTH + 200) - 100
            bob = abs(math.sin(t * 6 + index)) * 6
            blink = (t * 0.7 + index * 0.37) % 3 < 0.12
            draw_mascot(surface, (x, 610 - bob), theme.ROBOT[colour], 0.9, blink, math.sin(t * 3 + index))
        self.menu.draw(surface)
        draw_hints(surface, self.app.input, [(inp.CONFIRM, "Select"), (inp.UP, "Up/Down: move"), (inp.BACK, "Quit")])


class GameSelectScene(Scene):
    def __init__(self) -> None:
        super().__init__()
        self.focus = 0
        self.t = 0.0
        self.cards = [pygame.Rect(60 + i * 236, 170, 216, 400) for i in range(len(GAMES))]

    def _start(self, index: int) -> None:
        entry = GAMES[index]
        factory = load_entry(entry)
        if factory is None:
            self.app.audio.play("error")
            self.app.stack.push(NoticeScene(f"{entry.title} is not available yet."))
            return
        self.app.audio.play("click")
        self.app.stack.push(factory(self.app))

    def handle(self, action: inp.Action) -> None:
        if action.name in (inp.LEFT, inp.PREV, inp.UP):
            self.focus = (self.focus - 1) % len(GAMES)
        elif action.name in (inp.RIGHT, inp.NEXT, inp.DOWN):
            self.focus = (self.focus + 1) % len(GAMES)
        elif action.name == inp.CONFIRM:
            self._start(self.focus)
        elif action.name == inp.BACK:
            self.app.stack.pop()
        elif action.name in (inp.POINT, inp.CLICK) and action.pos:
            for index, rect in enumerate(self.cards):
                if rect.collidepoint(action.pos):
                    self.focus = index
                    if action.name == inp.CLICK:
                        self._start(index)

    def update(self, dt: float) -> None:
        self.t += dt

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        surface.fill(theme.BG)
        draw_text(surface, "Choose a game", (theme.WIDTH // 2, 80), "title", theme.TEXT, "center", bold=True)
        for index, (entry, rect) in enumerate(zip(GAMES, self.cards)):
            focused = index == self.focus
            lift = -12 if focused else 0
            card = rect.move(0, lift)
            available = entry.entry is not None
            panel(surface, card, fill=theme.BG_LIGHT if available else (30, 33, 44),
                  edge=theme.ACCENT if focused else theme.PANEL_EDGE, width=4 if focused else 2)
            colour = list(theme.ROBOT.values())[index % len(theme.ROBOT)]
            draw_mascot(surface, (card.centerx, card.top + 110), colour if available else (90, 94, 110), 1.0,
                        blink=focused and (self.t % 2 < 0.1))
            title_size = "large" if font("large").size(entry.title)[0] <= card.width - 32 else "body"
            draw_paragraph(surface, entry.title, pygame.Rect(card.left + 16, card.top + 200, card.width - 32, 80),
                           title_size, theme.TEXT)
            draw_text(surface, entry.seats, (card.left + 16, card.top + 290), "small", theme.ACCENT_2)
            draw_paragraph(surface, entry.blurb, pygame.Rect(card.left + 16, card.top + 318, card.width - 32, 90),
                           "tiny", theme.TEXT_DIM)
        draw_hints(surface, self.app.input, [(inp.CONFIRM, "Play"), (inp.LEFT, "Choose"), (inp.BACK, "Back")])


class SettingsScene(Scene):
    def __init__(self) -> None:
        super().__init__()
        self.menu: Menu | None = None

    def enter(self) -> None:
        s = self.app.settings

        def volume(name: str):
            def change(step: int) -> None:
                setattr(s, name, round(min(1.0, max(0.0, getattr(s, name) + 0.1 * step)), 1))
                self.app.audio.set_volumes(s.sfx_volume, s.music_volume)
                self.app.audio.play("click")
            return change

        def speed(step: int) -> None:
            index = ANIMATION_SPEEDS.index(s.animation_speed) if s.animation_speed in ANIMATION_SPEEDS else 1
            s.animation_speed = ANIMATION_SPEEDS[max(0, min(len(ANIMATION_SPEEDS) - 1, index + step))]

        def toggle(name: str):
            def change(step: int) -> None:
                setattr(s, name, not getattr(s, name))
            return change

        def fullscreen(step: int) -> None:
            s.fullscreen = self.app.fullscreen = not self.app.fullscreen
            if not self.app.headless:
                pygame.display.toggle_fullscreen()

        self.menu = Menu([
            MenuItem("Music volume", value=lambda: f"{int(s.music_volume * 100)}%", on_change=volume("music_volume")),
            MenuItem("Effects volume", value=lambda: f"{int(s.sfx_volume * 100)}%", on_change=volume("sfx_volume")),
            MenuItem("Animation speed", value=lambda: f"x{s.animation_speed:g}", on_change=speed),
            MenuItem("Colour-blind patterns", value=lambda: "On" if s.colourblind_patterns else "Off",
                     on_change=toggle("colourblind_patterns")),
            MenuItem("Control hints", value=lambda: "On" if s.show_hints else "Off", on_change=toggle("show_hints")),
            MenuItem("Fullscreen", value=lambda: "On" if self.app.fullscreen else "Off", on_change=fullscreen),
            MenuItem("Done", self._done),
        ], center_x=theme.WIDTH // 2, top=150, width=640)

    def _done(self) -> None:
        self.app.warn(self.app.settings.save())
        self.app.stack.pop()

    def handle(self, action: inp.Action) -> None:
        if not self.menu.handle(action) and action.name == inp.BACK:
            self._done()

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        surface.fill(theme.BG)
        draw_text(surface, "Settings", (theme.WIDTH // 2, 80), "title", theme.TEXT, "center", bold=True)
        self.menu.draw(surface)
        draw_hints(surface, self.app.input, [(inp.LEFT, "Change"), (inp.CONFIRM, "Select"), (inp.BACK, "Back")])


class NoticeScene(Scene):
    """A message box over the current screen; any confirm/back closes it."""

    opaque = False

    def __init__(self, message: str, title: str = "Notice") -> None:
        super().__init__()
        self.message = message
        self.title = title

    def handle(self, action: inp.Action) -> None:
        if action.name in (inp.CONFIRM, inp.BACK, inp.CLICK):
            self.app.stack.pop()

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        shade = pygame.Surface(theme.LOGICAL_SIZE, pygame.SRCALPHA)
        shade.fill((0, 0, 0, 150))
        surface.blit(shade, (0, 0))
        box = pygame.Rect(0, 0, 760, 260)
        box.center = (theme.WIDTH // 2, theme.HEIGHT // 2)
        panel(surface, box)
        draw_text(surface, self.title, (box.centerx, box.top + 40), "large", theme.ACCENT, "center", bold=True)
        draw_paragraph(surface, self.message, box.inflate(-60, -120).move(0, 20), "body")
        draw_hints(surface, self.app.input, [(inp.CONFIRM, "OK")])


class PauseScene(Scene):
    """Overlay menu shared by every game: resume, settings, quit to the title."""

    opaque = False

    def __init__(self, extra: list[MenuItem] | None = None) -> None:
        super().__init__()
        items = [MenuItem("Resume", self._resume)] + (extra or []) + [
            MenuItem("Settings", lambda: self.app.stack.push(SettingsScene())),
            MenuItem("Quit to title", self._to_title),
        ]
        self.menu = Menu(items, center_x=theme.WIDTH // 2, top=240, width=460)

    def _resume(self) -> None:
        self.app.stack.pop()

    def _to_title(self) -> None:
        self.app.stack.clear_to(TitleScene())

    def handle(self, action: inp.Action) -> None:
        if not self.menu.handle(action) and action.name in (inp.BACK, inp.MENU):
            self._resume()

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        shade = pygame.Surface(theme.LOGICAL_SIZE, pygame.SRCALPHA)
        shade.fill((0, 0, 0, 160))
        surface.blit(shade, (0, 0))
        draw_text(surface, "Paused", (theme.WIDTH // 2, 160), "title", theme.TEXT, "center", bold=True)
        self.menu.draw(surface)
        # our own hint bar, drawn over the one of the scene below so it never shows through
        draw_hints(surface, self.app.input, [(inp.CONFIRM, "Select"), (inp.UP, "Up/Down: move"), (inp.BACK, "Resume")])
