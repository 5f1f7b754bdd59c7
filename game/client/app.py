"""The one application loop every screen runs in.

App owns the window, the scene stack, input, settings and audio, and runs the fixed-timestep
loop: read input, run 0..N fixed updates, draw once with the interpolation fraction, flip.
Every entry point accepts --frames N (quit after N frames) and --screenshot FILE (save the
last frame), so tests and designers can capture any screen headless.

Headless (SDL_VIDEODRIVER=dummy) each frame counts as exactly one fixed step of game time,
so captures are reproducible and animations progress even though frames take microseconds.
"""
from __future__ import annotations

import argparse
import collections
import gc
import os
import sys
import time
from typing import Callable

import pygame

from game.client import theme
from game.client.input import QUIT, Action, InputMapper
from game.client.loop import FixedStepClock
from game.client.scene import Scene, SceneStack
from game.client.settings import Settings
from game.core import storage
from game.core.errors import UserError

UPDATE_RATE = 60
FRAME_TIMES_KEPT = 100_000
COLLECT_EVERY = 2.0     # seconds: at most one full garbage collection this often, after a screen closes


def add_display_args(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--frames", type=int, default=None, metavar="N", help="quit after N frames")
    parser.add_argument("--screenshot", metavar="FILE", help="save the last frame as PNG")
    parser.add_argument("--fullscreen", action="store_true", default=None, help="start fullscreen")
    parser.add_argument("--windowed", dest="fullscreen", action="store_false", help="start in a window")


class App:
    def __init__(self, fullscreen: bool | None = None, headless: bool | None = None) -> None:
        storage.clean_temp_files()      # temp files of saves killed midway last time
        self.settings, self.settings_warning = Settings.load()
        # --fullscreen/--windowed choose this window only; the saved setting is not changed
        self.fullscreen = self.settings.fullscreen if fullscreen is None else fullscreen
        try:
            pygame.mixer.pre_init(44100, -16, 2, self.settings.audio_buffer)
        except pygame.error:  # pragma: no cover
            pass
        pygame.init()
        from game.client.widgets import reset_caches

        reset_caches()  # fonts cached by an earlier App (tests, "play again") died with pygame.quit()
        driver = os.environ.get("SDL_VIDEODRIVER", "")
        self.headless = headless if headless is not None else driver in ("dummy", "offscreen")
        # SCALED draws at the logical size and scales to any window; headless needs no scaling.
        flags = 0 if self.headless else pygame.SCALED
        if self.fullscreen and not self.headless:
            flags |= pygame.FULLSCREEN
        try:
            self.screen = pygame.display.set_mode(theme.LOGICAL_SIZE, flags, vsync=0 if self.headless else 1)
        except pygame.error:
            self.screen = pygame.display.set_mode(theme.LOGICAL_SIZE, flags)
        pygame.display.set_caption("Robo Arcade")
        from game.client.audio import Audio

        self.audio = Audio(self.settings.sfx_volume, self.settings.music_volume)
        self.input = InputMapper()
        self.stack = SceneStack(self)
        self.clock = FixedStepClock(step=1 / UPDATE_RATE)
        self.frame_clock = pygame.time.Clock()
        self.running = True
        self.frames = 0
        # seconds spent on each recent frame's update+draw (for bench); bounded like every cache
        self.frame_times: collections.deque[float] = collections.deque(maxlen=FRAME_TIMES_KEPT)
        self._last_collect = 0.0
        self.notice: str | None = None
        # one-line warnings (a damaged or unsaved file) waiting to be shown over the current screen
        self.notices: list[str] = []
        self._warned: set[str] = set()          # each warning is shown once per run
        self.warn(self.settings_warning)

    def warn(self, message: str | None) -> None:
        """Show a one-line warning (e.g. a save that failed) over whichever screen is up."""
        if message and message not in self._warned:
            self._warned.add(message)
            self.notices.append(message)

    # ------------------------------------------------------------------
    def quit(self) -> None:
        self.running = False

    def post(self, action: Action) -> None:
        """Inject an action as if the player had pressed it (tests, demo mode)."""
        if action.name == QUIT:
            self.quit()
        else:
            self.stack.handle(action)

    def step(self, elapsed: float) -> None:
        """One frame: input, fixed updates, one draw. Tests call this directly."""
        started = time.perf_counter()
        before = list(self.stack.scenes)
        for event in pygame.event.get():
            for action in self.input.translate(event):
                self.post(action)
        for message in storage.take_warnings():   # files set aside or not saved, wherever it happened
            self.warn(message)
        if self.notices and self.stack.scenes:
            from game.client.menus import NoticeScene   # menus imports no app: no cycle

            self.stack.push(NoticeScene(self.notices.pop(0), "Save file"))
        updates, alpha = self.clock.advance(elapsed)
        for _ in range(updates):
            self.stack.update(self.clock.step)
            if not self.stack.scenes:
                self.running = False
                return
        visible = self.stack.visible()
        if not (visible and visible[0].covers_screen):
            self.screen.fill(theme.BG)
        self.stack.draw(self.screen, alpha)
        pygame.display.flip()
        self.frames += 1
        self.frame_times.append(time.perf_counter() - started)
        self._collect_closed_scenes(before)
        # Hand the GIL to AI worker threads. pygame releases and at once re-takes it inside
        # flip(), which resets CPython's forced switch, so a loop that never sleeps (headless
        # runs, tests) starved a worker: a 0.03 ms AI decision took over a second.
        time.sleep(0)

    def _collect_closed_scenes(self, before: list[Scene]) -> None:
        """A screen that closed usually sits in reference cycles holding its surfaces; Python's
        collector counts objects, not the megabytes of pixels they hold, so it may wait a long
        time. Collect at once when a screen has closed (a frame where the picture changes anyway),
        at most every COLLECT_EVERY seconds, so memory stays flat however often screens change."""
        if not before or all(scene in self.stack.scenes for scene in before):
            return
        now = time.perf_counter()
        if now - self._last_collect >= COLLECT_EVERY:
            self._last_collect = now
            gc.collect()

    def run(self, frames: int | None = None, screenshot: str | None = None) -> int:
        last = time.perf_counter()
        while self.running and self.stack.scenes:
            if self.headless:
                elapsed = self.clock.step
            else:
                now = time.perf_counter()
                elapsed, last = now - last, now
            self.step(elapsed)
            if frames is not None and self.frames >= frames:
                break
            if not self.headless:
                self.frame_clock.tick(240)  # vsync paces us; this only stops a busy loop without it
        if screenshot:
            self.save_screenshot(screenshot)
        warning = self.settings.save()
        if warning:             # the window is closing: the terminal is the only place left
            print(f"warning: {warning}", file=sys.stderr)
        return 0

    def save_screenshot(self, path: str) -> None:
        folder = os.path.dirname(os.path.abspath(path))
        try:
            os.makedirs(folder, exist_ok=True)
            pygame.image.save(self.screen, path)
        except (OSError, pygame.error) as exc:
            raise UserError(path, f"cannot save screenshot ({exc})") from None


def run_scene(make_scene: Callable[[App], Scene], args: argparse.Namespace) -> int:
    """Open the window, push the scene made by `make_scene(app)`, run until quit or --frames."""
    if args.frames is not None and args.frames < 1:
        raise UserError("command line", "--frames must be at least 1")
    if args.screenshot:             # a bad path is a one-line error before the run, not after it
        storage.check_output(args.screenshot, "screenshot", create_folders=True)
    app = App(fullscreen=args.fullscreen)
    try:
        app.stack.push(make_scene(app))
        return app.run(frames=args.frames, screenshot=args.screenshot)
    finally:
        pygame.quit()


def run_title(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="main.py", description="Robo Arcade title screen")
    add_display_args(parser)
    parser.add_argument("--demo", action="store_true", help="attract mode: AI plays on the title screen")
    args = parser.parse_args(argv)
    from game.client.menus import TitleScene

    return run_scene(lambda app: TitleScene(demo=args.demo), args)
