"""The arcade's own screens: title, game select, settings, pause and a notice box."""
from __future__ import annotations

import math
import time
from dataclasses import dataclass
from functools import lru_cache
from typing import Callable

import pygame

from game.client import input as inp
from game.client import text as text_layout
from game.client import theme
from game.client.dialogs import ChoiceScene, ConfirmScene  # noqa: F401  (re-exported: the games import them from here)
from game.client.loop import ease_out_back
from game.client.registry import GAMES, load, load_entry
from game.client.scene import Scene
from game.client.settings import ANIMATION_SPEEDS
from game.client.widgets import (Menu, MenuItem, draw_fit, draw_hints, draw_text, darken, panel,
                                 vertical_gradient)
from game.core.errors import UserError
from game.core.session import has_saved_game, load_saved_game, saved_game_path


def draw_mascot(surface: pygame.Surface, center: tuple[float, float], colour, scale: float = 1.0,
                blink: bool = False, tilt: float = 0.0) -> None:
    """A friendly boxy robot used on menus (the games draw their own pieces).

    Drawn once per look (colour, size, blink, head tilt to the pixel) into a cached sprite;
    a frame only blits it.
    """
    sprite = _mascot_sprite(tuple(colour), float(scale), bool(blink), round(tilt * 6 * scale))
    cx, cy = center
    surface.blit(sprite, (round(cx - MASCOT_BOX[0] * scale), round(cy - MASCOT_BOX[1] * scale)))


MASCOT_BOX = (45, 85, 90, 160)     # sprite origin (x, y) and size (w, h) at scale 1, from the centre


@lru_cache(maxsize=512)
def _mascot_sprite(colour: tuple, s: float, blink: bool, head_dx: int) -> pygame.Surface:
    ox, oy, w, h = (v * s for v in MASCOT_BOX)
    # pygame.draw does not antialias, so a colour key (run-length encoded: fast to blit) is enough
    surface = pygame.Surface((math.ceil(w), math.ceil(h)))
    surface.fill(_KEY)
    cx, cy = ox, oy
    body = pygame.Rect(0, 0, 70 * s, 60 * s)
    body.center = (cx, cy + 20 * s)
    head = pygame.Rect(0, 0, 56 * s, 44 * s)
    head.center = (cx + head_dx, cy - 32 * s)
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
    surface.set_colorkey(_KEY, pygame.RLEACCEL)
    return surface.convert() if pygame.display.get_surface() else surface


_KEY = (255, 0, 255)


DEMO_FIRST_DELAY = 2.0    # seconds on the title before the first demo game (--demo)
DEMO_IDLE_DELAY = 30.0    # seconds of no input on the title before the demo starts again
DEMO_GAME_SECONDS = 90.0  # each game's demo plays this long before the next game's


def demo_factories() -> list[tuple[str, object]]:
    """(title, scene factory) of every game in the catalog that offers an attract-mode demo."""
    found = []
    for entry in GAMES:
        factory = load_entry(entry, "demo")
        if factory is not None:
            found.append((entry.title, factory))
    return found


class DemoCycle(Scene):
    """Attract mode: every game's demo in turn (AI players only), until any key, click or button.

    Each game's demo scene is a child (not on the stack): this scene forwards update and draw,
    swaps to the next game's demo every `seconds_per_game`, and draws the DEMO bar where the
    hint bar goes, so it never covers a game's prompt line. A demo scene must not push scenes.
    """

    covers_screen = True

    def __init__(self, demos: list[tuple[str, object]], seconds_per_game: float = DEMO_GAME_SECONDS,
                 start: int = 0) -> None:
        super().__init__()
        self.demos = demos
        self.seconds_per_game = seconds_per_game
        self.index = start % len(demos)
        self.child: Scene | None = None
        self.title = ""
        self.t = 0.0
        self.on_game = 0.0

    def enter(self) -> None:
        self._start(self.index)

    def _start(self, index: int) -> None:
        if self.child is not None:
            self.child.exit()
        self.index = index % len(self.demos)
        self.title, factory = self.demos[self.index]
        child = factory(self.app)
        child.app = self.app
        child.enter()
        self.child = child
        self.on_game = 0.0

    def exit(self) -> None:
        if self.child is not None:
            self.child.exit()
            self.child = None

    def handle(self, action: inp.Action) -> None:
        if action.name != inp.POINT:
            self.app.stack.pop()

    def update(self, dt: float) -> None:
        self.t += dt
        self.on_game += dt
        self.child.update(dt)
        if len(self.demos) > 1 and self.on_game >= self.seconds_per_game:
            self._start(self.index + 1)

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        self.child.draw(surface, alpha)
        area = surface.get_rect()
        bar = pygame.Rect(0, area.height - 40, area.width, 40)
        surface.fill(theme.SHADOW, bar)
        pygame.draw.line(surface, theme.ACCENT, bar.topleft, bar.topright, 2)
        text = f"DEMO: {self.title}, AI players" + ("  -  press any key to play" if int(self.t * 1.5) % 2 == 0
                                                     else "")
        draw_fit(surface, text, bar.inflate(-40, -6), "body", theme.ACCENT, align="center", valign="middle",
                 wrap=False, bold=True)


TITLE_POP = 0.8           # seconds the title takes to pop in


class TitleScene(Scene):
    covers_screen = True      # background and floor strip paint every pixel

    def __init__(self, demo: bool = False) -> None:
        super().__init__()
        self.demo = demo
        self.demo_started = False
        self.demo_next = 0
        self.idle = 0.0
        self.t = 0.0
        self.background: pygame.Surface | None = None
        self.saved: list = []
        self.menu = self._menu()

    def _menu(self) -> Menu:
        """Play / Settings / Quit, with Continue first while a game is waiting to be resumed."""
        items = [
            MenuItem("Play", self._play, "Choose a game"),
            MenuItem("Host a table", self._host_table, "The board on this screen, every hand on a phone"),
            MenuItem("Join a table", self._join_table, "Play your seat of a table hosted on this network"),
            MenuItem("Settings", self._settings, "Sound, animation speed, colour-blind patterns"),
            MenuItem("Quit", self._quit),
        ]
        if self.saved:      # one line: a second would run onto the robot parade
            detail = f"Resume your unfinished game: {self.saved[0].title}" if len(self.saved) == 1 else \
                f"Resume one of your {len(self.saved)} unfinished games"
            items.insert(0, MenuItem("Continue", self._continue, detail))
        # the rows end at the same height whatever their number, so the focused row's detail line
        # clears the marching robots; six rows take the tagline's place (see _tagline_fits)
        row = 50 if len(items) <= 5 else 48
        top = self.MENU_BOTTOM - (len(items) - 1) * row - (row - 10)
        return Menu(items, center_x=theme.WIDTH // 2, top=top, width=420, row_height=row)

    MENU_BOTTOM = 494         # the last row's bottom edge
    TAGLINE_Y = 232

    def _tagline_fits(self) -> bool:
        return self.menu.rects[0].top > self.TAGLINE_Y + 20

    def _refresh_saved(self) -> None:
        saved = saved_games()
        if [e.id for e in saved] != [e.id for e in self.saved]:
            self.saved = saved
            self.menu = self._menu()

    def _continue(self) -> None:
        self.app.audio.play("click")
        if len(self.saved) == 1:
            resume_saved_game(self.app, self.saved[0])
        else:
            self.app.stack.push(ContinueScene(self.saved))

    def enter(self) -> None:
        # Everything that does not move is drawn once here; a frame blits opaque layers (issue 16).
        self.base = vertical_gradient(theme.LOGICAL_SIZE, (30, 36, 60), (12, 14, 22))
        self.background = self.base           # base + the menu, rebuilt when the menu changes
        self.menu_key: tuple | None = None
        self.floor = self._floor_strip(self.base)
        self.title_text = text_layout.face(150).render("ROBO ARCADE", True, theme.ACCENT)
        self.title_frames: dict[tuple[int, int], tuple[pygame.Surface, pygame.Rect]] = {}
        self.app.audio.warm()       # every effect (after the first frame: see Audio.release)
        self._refresh_saved()
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

    def _host_table(self) -> None:
        from game.client.table_menus import HostSetupScene    # the table's screens load only when asked

        self.app.audio.play("click")
        self.app.stack.push(HostSetupScene())

    def _join_table(self) -> None:
        from game.client.table_menus import JoinFindScene

        self.app.audio.play("click")
        self.app.stack.push(JoinFindScene())

    def _quit(self) -> None:
        self.app.quit()

    def handle(self, action: inp.Action) -> None:
        if action.name != inp.POINT:
            self.idle = 0.0
        if not self.menu.handle(action) and action.name == inp.BACK:
            # Esc on the title asks first: a player pressing Esc to get back here must not lose the
            # window. A right-click too, as the mouse's hint bar says ("Right-click Quit"): it and a
            # click on that pill did nothing (from when Back quit at once)
            self.app.stack.push(ConfirmScene("Quit Robo Arcade?", self._quit, yes="Quit", no="Stay"))

    def animating(self) -> bool:
        """The title pops in, then the robots march only while the player is about (App.lively):
        left alone, the screen comes to rest and costs nothing (issue 26)."""
        return self.t < TITLE_POP

    def update(self, dt: float) -> None:
        if self.app.lively() or self.t < TITLE_POP:
            self.t += dt
        self.idle += dt
        if self.demo and self.idle > (DEMO_FIRST_DELAY if not self.demo_started else DEMO_IDLE_DELAY):
            self._start_demo()

    def _start_demo(self) -> None:
        """Attract mode: every game that offers a demo plays itself in turn until a key is pressed."""
        self.idle = 0.0
        demos = demo_factories()
        if not demos:
            self.demo = False
            return
        self.app.stack.push(DemoCycle(demos, start=self.demo_next))
        self.demo_next += 1          # the next attract run starts with the next game
        self.demo_started = True

    def resume(self) -> None:
        self.idle = 0.0
        self._refresh_saved()        # a game left mid-play since the title was last shown

    FLOOR_TOP = 556           # the floor strip: the scrolling grid and the horizon line below it
    MASCOT_TOP = 520          # the marching robots' heads reach up to here
    drawn_alone: tuple | None = None      # (frame, surface) of our last frame drawn with no overlay
    title_rect = pygame.Rect(0, 0, 0, 0)

    @classmethod
    def _floor_strip(cls, background: pygame.Surface) -> pygame.Surface:
        """The floor, one grid period (64 px) wider than the screen: a frame blits it shifted."""
        strip = pygame.Surface((theme.WIDTH + 64, theme.HEIGHT - cls.FLOOR_TOP))
        for x in (0, 64):      # the gradient only changes downwards, so any columns will do
            strip.blit(background, (x, 0), pygame.Rect(0, cls.FLOOR_TOP, theme.WIDTH, strip.get_height()))
        top = 560 - cls.FLOOR_TOP
        for x in range(0, theme.WIDTH + 128, 64):
            pygame.draw.line(strip, (38, 46, 70), (x, top), (x - 120, strip.get_height()), 2)
        pygame.draw.line(strip, (60, 70, 100), (0, top), (strip.get_width(), top), 3)
        return strip.convert() if pygame.display.get_surface() else strip

    def _title(self, angle: float, pop: float) -> tuple[pygame.Surface, pygame.Rect]:
        """The title turned and scaled over its bit of background (opaque: a cheap blit), cached
        to 0.1 degree and 2% of size (a few dozen images, made in the first seconds)."""
        key = (round(angle * 10), round(pop * 50))
        cached = self.title_frames.get(key)
        if cached is None:
            title = pygame.transform.rotozoom(self.title_text, key[0] / 10, key[1] / 50)
            rect = title.get_rect(center=(theme.WIDTH // 2, 150)).clip(self.base.get_rect())
            image = self.base.subsurface(rect).copy()
            image.blit(title, title.get_rect(center=(theme.WIDTH // 2 - rect.left, 150 - rect.top)))
            cached = self.title_frames[key] = (image, rect)
        return cached

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        t = self.t + (alpha * self.app.clock.step if self.app.lively() else 0.0)
        key = self.menu.key()
        alone = self.app.stack.visible() == [self]
        # The screen keeps last frame's pixels: if that frame was ours alone and nothing static
        # changed, only the moving parts are redrawn (a third of the pixels of a full frame); not
        # after a frame with a tooltip over it (App.overlay_frame), which a partial redraw would keep.
        last = self.app.frames_drawn - 1
        partial = (alone and key == self.menu_key and self.drawn_alone == (last, surface)
                   and getattr(self.app, "overlay_frame", -1) != last)
        if key != self.menu_key:
            self.menu_key = key
            self.background = self.base.copy()
            if self._tagline_fits():
                draw_text(self.background, "robot tabletop games, with AI friends for every empty seat",
                          (theme.WIDTH // 2, self.TAGLINE_Y), "body", theme.TEXT_DIM, "center")
            self.menu.draw(self.background)
        if partial:
            surface.blit(self.background, self.title_rect.topleft, self.title_rect)      # the last title
            band = pygame.Rect(0, self.MASCOT_TOP, theme.WIDTH, self.FLOOR_TOP - self.MASCOT_TOP)
            surface.blit(self.background, band.topleft, band)                           # mascot heads
        else:
            surface.blit(self.background, (0, 0), pygame.Rect(0, 0, theme.WIDTH, self.FLOOR_TOP))
        # factory floor grid scrolling slowly
        offset = int(t * 20) % 64
        surface.blit(self.floor, (offset - 64, self.FLOOR_TOP))
        # title pops in; under a screen (a notice pushed as the title opened) it is not updated,
        # so it is drawn whole: a 1-pixel "ROBO ARCADE" stayed behind the notice of a damaged file
        pop = ease_out_back(min(1.0, t / TITLE_POP)) if alone else 1.0
        image, rect = self._title(math.sin(t * 1.3) * 1.5, pop)
        surface.blit(image, rect)
        self.title_rect = rect
        self.drawn_alone = (self.app.frames_drawn, surface) if alone else None
        # robots marching along the floor
        for index, colour in enumerate(("green", "red", "white", "purple", "blue")):
            x = (t * 70 + index * 270) % (theme.WIDTH + 200) - 100
            bob = abs(math.sin(t * 6 + index)) * 6
            blink = (t * 0.7 + index * 0.37) % 3 < 0.12
            draw_mascot(surface, (x, 610 - bob), theme.ROBOT[colour], 0.9, blink, math.sin(t * 3 + index))
        draw_hints(surface, self.app.input, [(inp.CONFIRM, "Select"), (inp.UP_DOWN, "Move"), (inp.BACK, "Quit")])


def saved_games() -> list:
    """Catalog entries with an unfinished game on disk that their screens can resume, newest first."""
    found = []
    for entry in GAMES:
        if entry.resume and has_saved_game(entry.id):
            found.append((saved_game_path(entry.id).stat().st_mtime, entry))
    return [entry for _, entry in sorted(found, key=lambda pair: -pair[0])]


def resume_saved_game(app, entry) -> bool:
    """Open the saved game of `entry` where it was left. A save that cannot be read is reported
    in one line and set aside as `<name>.damaged` (never deleted); one from a newer version is
    left untouched (game.core.session.load_saved_game, through game.core.files)."""
    rules, factory = load(entry.rules), load_entry(entry, "resume")
    if rules is None or factory is None:
        app.stack.push(NoticeScene(f"{entry.title} cannot be resumed in this build."))
        return False
    session, _, warning = load_saved_game(entry.id, rules)
    if session is None:          # shown once, over this screen (the App drops the bare duplicate)
        app.warn(f"Could not continue {entry.title}: {warning or 'the save is gone'}")
        return False
    try:
        scene = factory(app, session)
    except UserError as exc:
        app.stack.push(NoticeScene(f"Could not continue {entry.title}: {exc}"))
        return False
    app.stack.push(scene)
    return True


def saved_ago(entry, now: float | None = None) -> str:
    """When `entry`'s unfinished game was last saved, in words: what tells two saves apart."""
    try:
        seconds = (time.time() if now is None else now) - saved_game_path(entry.id).stat().st_mtime
    except OSError:
        return ""
    minutes = round(seconds / 60)
    if minutes < 2:
        return "Saved just now"
    if minutes < 90:
        return f"Saved {minutes} minutes ago"
    hours = round(seconds / 3600)
    return f"Saved {hours} hours ago" if hours < 36 else f"Saved {round(seconds / 86400)} days ago"


class ContinueScene(Scene):
    """Several games are waiting: choose which one to continue."""
    animated = False       # changes only on input (issue 26: nothing drawn while left alone)

    def __init__(self, saved: list) -> None:
        super().__init__()
        # the line under the menu says when the focused game was left, not the catalogue's
        # "2-6 players" (seen at 800x480: it told nothing about the save)
        self.menu = Menu([MenuItem(entry.title, lambda e=entry: self._open(e), saved_ago(entry)) for entry in saved]
                         + [MenuItem("Back", self._back)],
                         center_x=theme.WIDTH // 2, top=200, width=520)

    def _open(self, entry) -> None:
        self.app.stack.pop()
        resume_saved_game(self.app, entry)

    def _back(self) -> None:
        self.app.stack.pop()

    def handle(self, action: inp.Action) -> None:
        if not self.menu.handle(action) and action.name == inp.BACK:
            self._back()

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        surface.fill(theme.BG)
        draw_text(surface, "Continue a game", (theme.WIDTH // 2, 120), "large", theme.ACCENT, "center")
        self.menu.draw(surface)
        draw_hints(surface, self.app.input, [(inp.CONFIRM, "Continue"), (inp.BACK, "Back")])


class GameSelectScene(Scene):
    animated = False       # changes only on input (issue 26: nothing drawn while left alone)

    def __init__(self) -> None:
        super().__init__()
        self.focus = 0
        self.t = 0.0
        # tall enough for the whole blurb at 800x480's text floor (issue 25: "zap every...")
        self.cards = [pygame.Rect(60 + i * 236, 136, 216, 520) for i in range(len(GAMES))]

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
        elif action.name == inp.INFO:
            self._how_to_play(self.focus)
        elif action.name == inp.MENU:
            self._host_table(self.focus)
        elif action.name == inp.BACK:
            self.app.stack.pop()
        elif action.name in (inp.POINT, inp.CLICK) and action.pos:
            for index, rect in enumerate(self.cards):
                if rect.collidepoint(action.pos):
                    self.focus = index
                    if action.name == inp.CLICK:
                        self._start(index)

    def _how_to_play(self, index: int) -> None:
        """The focused game's how-to-play pages (catalog `howto`), if it has them."""
        factory = load_entry(GAMES[index], "howto")
        if factory is None:
            self.app.audio.play("error")
            return
        self.app.audio.play("click")
        self.app.stack.push(factory())

    def _host_table(self, index: int) -> None:
        """Host a table of the focused game: its set-up first, then the board here and every
        player's hand on a phone (issue 29)."""
        from game.client.table_menus import HostSetupScene    # the table's screens load only when asked

        self.app.audio.play("click")
        self.app.stack.push(HostSetupScene(GAMES[index].id))

    def update(self, dt: float) -> None:
        if self.app.lively():      # the focused mascot blinks while the player is about
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
            inner = card.inflate(-32, 0)
            draw_fit(surface, entry.title, pygame.Rect(inner.left, card.top + 196, inner.width, 84), "large",
                     theme.TEXT, align="center", valign="middle", min_size="small", bold=focused)
            draw_fit(surface, entry.seats, pygame.Rect(inner.left, card.top + 284, inner.width, 30), "small",
                     theme.ACCENT_2, align="center", wrap=False)
            draw_fit(surface, entry.blurb, pygame.Rect(inner.left, card.top + 318, inner.width, card.height - 330),
                     "tiny", theme.TEXT_DIM, align="center")
        hints = [(inp.CONFIRM, "Play"), (inp.LEFT_RIGHT, "Choose")]
        if GAMES[self.focus].howto is not None:
            hints.append((inp.INFO, "How to play"))
        hints.append((inp.MENU, "Host a table"))
        draw_hints(surface, self.app.input, hints + [(inp.BACK, "Back")])


class SettingsScene(Scene):
    animated = False       # changes only on input (issue 26: nothing drawn while left alone)

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
            MenuItem("Ask before every step", value=lambda: "On" if s.ask_every_step else "Off",
                     on_change=toggle("ask_every_step"),
                     detail="On: stop at every decision, even with one option or no ability worth using"),
            MenuItem("Done", self._done),
        ], center_x=theme.WIDTH // 2, top=140, width=640, row_height=58)

    def _done(self) -> None:
        self.app.warn(self.app.settings.save())
        self.app.stack.pop()

    def handle(self, action: inp.Action) -> None:
        if not self.menu.handle(action) and action.name == inp.BACK:
            self._done()

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        surface.fill(theme.BG)
        draw_text(surface, "Settings", (theme.WIDTH // 2, 70), "title", theme.TEXT, "center", bold=True)
        self.menu.draw(surface)
        draw_hints(surface, self.app.input, [(inp.LEFT_RIGHT, "Change"), (inp.CONFIRM, "Select"), (inp.BACK, "Back")])


class NoticeScene(Scene):
    """A message box over the current screen; any confirm/back closes it."""
    animated = False       # changes only on input (issue 26: nothing drawn while left alone)

    opaque = False

    def __init__(self, message: str, title: str = "Notice") -> None:
        super().__init__()
        self.message = message
        self.title = title

    def handle(self, action: inp.Action) -> None:
        if action.name in (inp.CONFIRM, inp.BACK, inp.CLICK):
            self.app.stack.pop()

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        darken(surface, 150)
        box = pygame.Rect(0, 0, 760, 260)
        box.center = (theme.WIDTH // 2, theme.HEIGHT // 2)
        panel(surface, box)
        draw_fit(surface, self.title, pygame.Rect(box.left + 30, box.top + 14, box.width - 60, 52), "large",
                 theme.ACCENT, align="center", valign="middle", wrap=False, bold=True)
        draw_fit(surface, self.message, box.inflate(-60, -120).move(0, 20), "body", align="center")
        draw_hints(surface, self.app.input, [(inp.CONFIRM, "OK")])


@dataclass(frozen=True)
class HowToPage:
    """One page of a game's how-to-play: a title, a few sentences and a picture the game draws itself."""

    title: str
    text: str
    picture: Callable[[pygame.Surface, pygame.Rect], None] | None = None


class HowToPlayScene(Scene):
    """Short how-to-play pages over any screen (game select, pause): any game passes its pages.

    Right/confirm/click: next page (the last one closes); left: back a page; Back: close.
    The picture is drawn by the game into a box left of the text, so pages show real pieces.
    """
    animated = False       # changes only on input (issue 26: nothing drawn while left alone)

    opaque = False

    def __init__(self, game_title: str, pages: list[HowToPage], on_close: Callable[[], None] | None = None) -> None:
        super().__init__()
        if not pages:
            raise ValueError("a how-to-play needs at least one page")
        self.game_title = game_title
        self.pages = pages
        self.page = 0
        self.on_close = on_close

    def _close(self) -> None:
        self.app.stack.pop()
        if self.on_close:
            self.on_close()

    def handle(self, action: inp.Action) -> None:
        if action.name in (inp.CONFIRM, inp.CLICK, inp.RIGHT, inp.NEXT):
            if self.page + 1 >= len(self.pages):
                self._close()
            else:
                self.page += 1
        elif action.name in (inp.LEFT, inp.PREV):
            self.page = max(0, self.page - 1)
        elif action.name in (inp.BACK, inp.MENU, inp.SKIP):
            self._close()

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        darken(surface, 170)
        box = pygame.Rect(60, 60, theme.WIDTH - 120, theme.HEIGHT - 130)
        panel(surface, box)
        page = self.pages[self.page]
        draw_fit(surface, f"How to play {self.game_title}", pygame.Rect(box.left + 30, box.top + 14, box.width - 60,
                 30), "small", theme.TEXT_DIM, align="center", wrap=False)
        draw_fit(surface, page.title, pygame.Rect(box.left + 30, box.top + 46, box.width - 60, 56), "large",
                 theme.ACCENT, align="center", valign="middle", wrap=False, bold=True)
        body = pygame.Rect(box.left + 30, box.top + 112, box.width - 60, box.height - 160)
        if page.picture is not None:
            picture = pygame.Rect(body.left, body.top, body.width * 2 // 5, body.height)
            page.picture(surface, picture)
            body = pygame.Rect(picture.right + 24, body.top, body.right - picture.right - 24, body.height)
        draw_fit(surface, page.text, body, "body", theme.TEXT)
        draw_fit(surface, f"{self.page + 1} / {len(self.pages)}", pygame.Rect(box.right - 130, box.bottom - 40, 110,
                 30), "small", theme.TEXT_DIM, align="right", wrap=False)
        last = self.page + 1 >= len(self.pages)
        draw_hints(surface, self.app.input, [(inp.CONFIRM, "Done" if last else "Next"), (inp.LEFT, "Back a page"),
                                             (inp.BACK, "Close")])


class PauseScene(Scene):
    """Overlay menu shared by every game: resume, settings, quit to the title."""
    animated = False       # changes only on input (issue 26: nothing drawn while left alone)

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
        darken(surface, 160)
        draw_text(surface, "Paused", (theme.WIDTH // 2, 160), "title", theme.TEXT, "center", bold=True)
        self.menu.draw(surface)
        # our own hint bar, drawn over the one of the scene below so it never shows through
        draw_hints(surface, self.app.input, [(inp.CONFIRM, "Select"), (inp.UP_DOWN, "Move"), (inp.BACK, "Resume")])
