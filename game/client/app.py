"""The one application loop every screen runs in.

App owns the window, the scene stack, input, settings and audio, and runs the fixed-timestep
loop: read input, run 0..N fixed updates, draw once with the interpolation fraction, flip.
Every entry point accepts --frames N (quit after N frames) and --screenshot FILE (save the
last frame), so tests and designers can capture any screen headless.

Everything is drawn at the logical 1280x720 and scaled to the window on the GPU
(pygame.SCALED, letterboxed, see `smooth_fit_scaling`); `--window WxH` opens any size (800x480
for the Raspberry Pi 7" touchscreen, 720x1280 for the Touch Display 2), and with no --window a
screen smaller than 1280x720 gets a window that fits it. The text floor follows the scale
(game.client.text: no text under 12 px on the window), and a screenshot is saved at the window
size, as the player sees it.

Headless (SDL_VIDEODRIVER=dummy) each frame counts as exactly one fixed step of game time,
so captures are reproducible and animations progress even though frames take microseconds.

Pacing and drawing only what changed (issue 26): the loop sleeps to the display's refresh
(60 Hz when SDL does not know it) whether or not vsync was granted, and a frame where no input
arrived, no AI answered, no scene opened or closed, the player has been away for LIVELY
seconds and the top scene does not say it is animating (`Scene.animating()`) draws and flips
nothing: a screen left alone costs a few wake-ups a frame, not a core.
"""
from __future__ import annotations

import argparse
import collections
import gc
import os
import sys
import time
import warnings
from typing import Callable

import pygame

from game.client import ai_worker, heap
from game.client import text as text_layout
from game.client import theme
from game.client.input import CLICK, QUIT, Action, InputMapper
from game.client.loop import FixedStepClock
from game.client.scene import Scene, SceneStack
from game.client.settings import Settings
from game.client.widgets import hint_action_at
from game.core import dataclass_code, first_frame, storage
from game.core.errors import UserError

UPDATE_RATE = 60
DEFAULT_REFRESH = 60    # Hz, when SDL cannot tell the display's refresh rate
WAKE_FRAMES = 6         # frames drawn after any wake (input, an AI answer, a scene change)
LIVELY = 5.0            # seconds after the player's last input during which decoration moves
FRAME_TIMES_KEPT = 100_000
COLLECT_EVERY = 2.0     # seconds: at most one full garbage collection this often, after a screen closes
OPEN_PADS_AT_FRAME = 3  # the gamepad API starts after this frame (issue 26: not before the first)


HEADLESS_DRIVERS = ("dummy", "offscreen")
NO_DISPLAY = "cannot open a window ({}); set SDL_VIDEODRIVER=dummy for headless runs"


def window_size(text: str) -> tuple[int, int]:
    """Parse "WxH" (e.g. 800x480) for --window."""
    width, sep, height = text.lower().partition("x")
    try:
        size = (int(width), int(height))
    except ValueError:
        size = (0, 0)
    if not sep or not (160 <= size[0] <= 8192 and 160 <= size[1] <= 8192):
        raise argparse.ArgumentTypeError(f"'{text}' is not a window size like 800x480 (160 to 8192 each side)")
    return size


def add_display_args(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--frames", type=int, default=None, metavar="N", help="quit after N frames")
    parser.add_argument("--screenshot", metavar="FILE", help="save the last frame as PNG (at the window size)")
    parser.add_argument("--window", type=window_size, default=None, metavar="WxH",
                        help="window size, e.g. 800x480 (default 1280x720); the screen scales to fit")
    parser.add_argument("--fullscreen", action="store_true", default=None, help="start fullscreen")
    parser.add_argument("--windowed", dest="fullscreen", action="store_false", help="start in a window")


def smooth_fit_scaling() -> None:
    """Make SCALED fit the whole picture into a window of any size, smoothly.

    pygame-ce 2.5 turns SDL's integer scaling on for a SCALED window unless the SDL hint named
    (literally) "SDL_HINT_RENDER_SCALE_QUALITY" is true. Integer scaling of a 1280x720 picture
    in a smaller window rounds the scale down to 1: the window shows an unscaled cut from the
    middle (issue 25). With the hint set, SDL scales to fit, letterboxed, and maps mouse
    positions back itself; "linear" filtering keeps text readable when scaled down. SDL reads
    hints from the environment, so this must run before the window opens. A player's own
    setting of either variable wins.
    """
    os.environ.setdefault("SDL_HINT_RENDER_SCALE_QUALITY", "1")
    os.environ.setdefault("SDL_RENDER_SCALE_QUALITY", "linear")


def window_for_desktop(desktop: tuple[int, int] | None) -> tuple[int, int]:
    """The default window: the logical size, or the largest same-shape size a smaller screen holds."""
    if not desktop or not desktop[0] or not desktop[1]:
        return theme.LOGICAL_SIZE
    scale = min(1.0, fit_scale(desktop))
    return round(theme.WIDTH * scale), round(theme.HEIGHT * scale)


def refresh_rate(headless: bool) -> float:
    """The display's refresh rate in Hz; DEFAULT_REFRESH when SDL cannot tell (or headless)."""
    if not headless:
        try:
            rate = pygame.display.get_current_refresh_rate()
        except (AttributeError, pygame.error):
            rate = 0
        if 24 <= rate <= 500:
            return float(rate)
    return float(DEFAULT_REFRESH)


def fit_scale(window: tuple[int, int]) -> float:
    """How much the logical screen is scaled to fit `window` (letterboxed, aspect kept)."""
    return min(window[0] / theme.WIDTH, window[1] / theme.HEIGHT)


class App:
    def __init__(self, fullscreen: bool | None = None, headless: bool | None = None,
                 window: tuple[int, int] | None = None) -> None:
        storage.clean_temp_files()      # temp files of saves killed midway last time
        self.settings, self.settings_warning = Settings.load()
        # --fullscreen/--windowed choose this window only; the saved setting is not changed
        self.fullscreen = self.settings.fullscreen if fullscreen is None else fullscreen
        try:
            pygame.mixer.pre_init(44100, -16, 2, self.settings.audio_buffer)
        except pygame.error:  # pragma: no cover
            pass
        self.window = tuple(window) if window else theme.LOGICAL_SIZE
        text_layout.set_display_scale(fit_scale(self.window))
        text_layout.reset_caches()  # fonts cached by an earlier App (tests, "play again") died with pygame.quit()
        text_layout.begin_start(dataclass_code.command())   # fonts answer from the last start's table
        driver = os.environ.get("SDL_VIDEODRIVER", "")
        self.headless = headless if headless is not None else driver in HEADLESS_DRIVERS
        # SCALED draws at the logical size and scales to any window; headless needs no scaling.
        flags = 0 if self.headless else pygame.SCALED
        if self.fullscreen and not self.headless:
            flags |= pygame.FULLSCREEN
        self.screen = self._open_display(flags, sized=window is not None)
        pygame.display.set_caption("Robo Arcade")
        pygame.init()
        self.sync_scale()
        from game.client.audio import Audio

        # Sounds asked for before the first frame are built just after it (start-up speed).
        self.audio = Audio(self.settings.sfx_volume, self.settings.music_volume, defer=True)
        ai_worker.defer_start()   # the AI worker process too starts after the first frame
        self.input = InputMapper(to_logical=self.window_to_logical, controllers=False)   # pads: after the first frame
        self.pointer: tuple[int, int] | None = None   # last pointer position (tooltips)
        self.overlay_frame = -1     # the last frame a tooltip was drawn over the scenes (see TitleScene.draw)
        self.stack = SceneStack(self)
        self.clock = FixedStepClock(step=1 / UPDATE_RATE)
        self.running = True
        self.frames = 0             # loop iterations (each one fixed time step headless)
        self.frames_drawn = 0       # of those, the frames that drew and flipped
        self.paced = not self.headless     # sleep to the refresh rate (bench idle paces headless runs too)
        # Headless stepping (tests, --frames captures) draws every frame, as before issue 26: a
        # capture after N steps never depends on what the scenes reported, and the AI thread gets
        # the same share of each frame. The real loop, and bench idle, skip idle frames.
        self.draw_idle_frames = not self.paced
        self.refresh_period = 1 / refresh_rate(self.headless)
        self._next_frame: float | None = None
        self._awake_until = WAKE_FRAMES     # draw every frame until this frame number
        self._ai_activity = ai_worker.activity()
        self._was_animating = True
        self.since_input = 0.0      # game seconds since the player's last input
        self.lively_time = 0.0      # a clock for decoration (pulses, marching robots): stops when lively() ends
        # seconds spent on each recent frame's update+draw (for bench); bounded like every cache
        self.frame_times: collections.deque[float] = collections.deque(maxlen=FRAME_TIMES_KEPT)
        self._last_collect = 0.0
        self.notice: str | None = None
        # one-line warnings (a damaged or unsaved file) waiting to be shown over the current screen
        self.notices: list[str] = []
        self._warned: set[str] = set()          # each warning is shown once per run
        self.warn(self.settings_warning)

    def warn(self, message: str | None) -> None:
        """Show a one-line warning (e.g. a save that failed) over whichever screen is up, once:
        a warning already shown, or contained in one shown (a screen's fuller wording), is not repeated."""
        if message and not any(message in shown for shown in self._warned):
            self._warned.add(message)
            self.notices.append(message)

    # ------------------------------------------------------------------
    def _open_display(self, flags: int, sized: bool = True) -> pygame.Surface:
        """The logical screen; one-line UserError when no window can be opened (never a silent run).

        A real window opens hidden and is sized and placed before it is shown (`_place_window`).
        """
        fullscreen = bool(flags & pygame.FULLSCREEN)
        if not self.headless:
            smooth_fit_scaling()
            flags = (flags & ~pygame.FULLSCREEN) | pygame.HIDDEN
        try:
            pygame.display.init()   # the window first: with no display, say so before audio starts
            if not self.headless and not sized:
                self.window = window_for_desktop(self._desktop_size())
            try:
                screen = pygame.display.set_mode(theme.LOGICAL_SIZE, flags, vsync=0 if self.headless else 1)
            except pygame.error:
                screen = pygame.display.set_mode(theme.LOGICAL_SIZE, flags)
        except pygame.error as exc:
            raise UserError("display", NO_DISPLAY.format(exc)) from None
        driver = pygame.display.get_driver()
        if not self.headless and driver in HEADLESS_DRIVERS:
            # SDL fell back to an invisible driver by itself: say so instead of running unseen
            pygame.quit()
            raise UserError("display", NO_DISPLAY.format(f"no display found, SDL chose '{driver}'"))
        if not self.headless:
            screen = self._place_window(fullscreen) or screen
        return screen

    @staticmethod
    def _desktop_size() -> tuple[int, int] | None:
        return next(iter(pygame.display.get_desktop_sizes()), None)

    def _place_window(self, fullscreen: bool) -> pygame.Surface | None:
        """Size, place and show the hidden window (a new logical screen only if it had to be reopened).

        SCALED makes the logical size the window's minimum and leaves the window where a
        1280x720 one would be centred (at -240,-120 on an 800x480 screen), so the minimum is
        lowered and the window sized and centred here. Fullscreen covers the desktop: the window
        is first given the desktop's size at its corner, so even an X server without a window
        manager (which ignores the fullscreen request) shows the whole picture.
        """
        try:
            with warnings.catch_warnings():     # from_display_module is deprecated, not yet replaced
                warnings.simplefilter("ignore", DeprecationWarning)
                window = pygame.Window.from_display_module()
            window.minimum_size = (160, 160)
            if fullscreen:
                window.size = self._desktop_size() or self.window
                window.position = (0, 0)
                window.set_fullscreen(desktop=True)
            else:
                window.size = self.window
                window.position = pygame.WINDOWPOS_CENTERED
            window.show()
        except (AttributeError, pygame.error):  # pragma: no cover - an SDL without the Window API
            return pygame.display.set_mode(theme.LOGICAL_SIZE, pygame.SCALED | (pygame.FULLSCREEN if fullscreen else 0))
        return None

    def sync_scale(self) -> float:
        """The current window's scale; keeps the text floor in step if the window was resized."""
        size = pygame.display.get_window_size() if not self.headless else self.window
        scale = fit_scale(size) if size[0] and size[1] else fit_scale(self.window)
        text_layout.set_display_scale(scale)
        return scale

    def window_to_logical(self, x: float, y: float) -> tuple[int, int]:
        """A touch position (0..1 of the window) in logical screen pixels, letterbox removed."""
        size = pygame.display.get_window_size() if not self.headless else self.window
        width, height = size if size[0] and size[1] else self.window
        scale = fit_scale((width, height))
        left = (width - theme.WIDTH * scale) / 2
        top = (height - theme.HEIGHT * scale) / 2
        return int((x * width - left) / scale), int((y * height - top) / scale)

    def quit(self) -> None:
        self.running = False

    # -- drawing only what changed --------------------------------------------------
    def wake(self, frames: int = WAKE_FRAMES) -> None:
        """Draw the next `frames` frames (something changed: input, an AI answer, a new scene)."""
        self._awake_until = max(self._awake_until, self.frames + frames)

    def lively(self) -> bool:
        """The player touched something in the last LIVELY seconds: decoration may move.
        Scenes drive pulses and idle motion from `lively_time`, which only runs meanwhile, so a
        screen left alone comes to rest and then draws nothing."""
        return self.since_input < LIVELY

    def _must_draw(self) -> bool:
        """Only the top scene is updated, so only it can move by itself; the ones under it are still.
        The frame after an animation ends is drawn too: its last update may have landed the picture."""
        top = self.stack.top
        animating = top is not None and top.animating()
        was_animating, self._was_animating = self._was_animating, animating
        return (self.draw_idle_frames or self.frames < self._awake_until or self.lively()
                or animating or was_animating)

    def post(self, action: Action) -> None:
        """Inject an action as if the player had pressed it (tests, demo mode)."""
        self.since_input = 0.0          # the player is about: decoration moves again
        self.wake()
        if action.pos is not None:
            self.pointer = action.pos
        # a tap or a mouse click on a hint pill does what the pill says (a click on "Close" used
        # to reach the page under it: How to play turned a page instead of closing)
        if action.pos is not None and (action.tap or (action.name == CLICK and action.device == "mouse")):
            name = hint_action_at(action.pos, self.stack.visible())
            if name is not None:
                action = Action(name, action.device)
        if action.name == QUIT:
            self.quit()
        else:
            self.stack.handle(action)

    def step(self, elapsed: float) -> None:
        """One frame: input, fixed updates, one draw. Tests call this directly."""
        started = time.perf_counter()
        before = list(self.stack.scenes)
        for event in pygame.event.get():
            self.wake()                 # any event, even an expose or a pointer move, is worth a frame
            if event.type == pygame.WINDOWSIZECHANGED:
                self.sync_scale()
            for action in self.input.translate(event):
                self.post(action)
        ai_worker.expire_overdue()          # the wall-clock safety net of AI decisions
        activity = ai_worker.activity()
        if activity != self._ai_activity:     # an AI seat started thinking or answered
            self._ai_activity = activity
            self.wake()
        for message in storage.take_warnings():   # files set aside or not saved, wherever it happened
            self.warn(message)
        if self.notices and self.stack.scenes:
            from game.client.menus import NoticeScene   # menus imports no app: no cycle

            self.stack.push(NoticeScene(self.notices.pop(0), "Save file"))
        updates, alpha = self.clock.advance(elapsed)
        for _ in range(updates):
            if self.lively():
                self.lively_time += self.clock.step
            self.since_input += self.clock.step
            self.stack.update(self.clock.step)
            if not self.stack.scenes:
                self.running = False
                return
        if self.stack.scenes != before:
            self.wake()
        visible = self.stack.visible()
        if self._must_draw():
            self._draw(visible, alpha)
        self.frames += 1
        self.frame_times.append(time.perf_counter() - started)
        closed = any(scene not in self.stack.scenes for scene in before)
        del before                  # the closed screens' last reference here: the collection can free them
        if closed:
            self._collect_closed_scenes()
        if self.frames == 1:
            self.audio.release()   # sounds are read (or synthesised) in the background after the first frame
            ai_worker.release()
            dataclass_code.save_in_background()    # the next start compiles none of them
            text_layout.end_start()     # ... and loads no glyph its first frame drew
            first_frame.resume()        # the collector, off since the command started (game.cli)
        elif self.frames == OPEN_PADS_AT_FRAME:     # not with the work above: the second frame
            self.input.open_controllers()           # often builds the screen's layers (~3 ms)
        self.audio.poll()          # at most one sound made from the bytes read, each frame
        # Hand the GIL to an AI job running in a thread (the worker process's fallback). pygame
        # releases and at once re-takes it inside flip(), which resets CPython's forced switch,
        # so a loop that never sleeps (headless runs, tests) starved it: a 0.03 ms AI decision
        # took over a second. Only then: on a busy machine sleep(0) can give the CPU away.
        if ai_worker.thread_busy():
            time.sleep(0)

    def _draw(self, visible: list[Scene], alpha: float) -> None:
        if not (visible and visible[0].covers_screen):
            self.screen.fill(theme.BG)
        text_layout.begin_frame()
        self.stack.draw(self.screen, alpha)
        text_layout.new_layer()                                # a tooltip covers what is under it
        if self.input.last_device in ("mouse", "touch"):     # the whole of a text cut short, under the pointer
            tooltip = text_layout.draw_hover_tooltip(self.screen, self.pointer, visible)
        else:                                                  # ... or next to the focus
            tooltip = text_layout.draw_focus_tooltip(self.screen, visible)
        if tooltip is not None:
            self.overlay_frame = self.frames_drawn    # drawn over the scenes: a partial redraw must not keep it
        pygame.display.flip()
        self.frames_drawn += 1

    def _collect_closed_scenes(self) -> None:
        """A screen that closed usually sits in reference cycles holding its surfaces; Python's
        collector counts objects, not the megabytes of pixels they hold, so it may wait a long
        time. Collect at once when a screen has closed (a frame where the picture changes anyway),
        at most every COLLECT_EVERY seconds, so memory stays flat however often screens change;
        then malloc hands the pages freed back to the system."""
        now = time.perf_counter()
        if now - self._last_collect >= COLLECT_EVERY:
            self._last_collect = now
            gc.collect()
            heap.release_free_memory()      # what the screen held, back to the system (see game.client.heap)

    def pace(self) -> None:
        """Sleep until the next frame is due, one refresh period after the last (60 Hz when the
        display's rate is unknown), whether or not vsync was granted: without vsync the loop
        used to spin at 240 frames a second on an idle screen. A frame that ended late starts
        the next at once, and the schedule restarts from now (no burst of catch-up frames)."""
        now = time.perf_counter()
        due = (self._next_frame or now) + self.refresh_period
        if due < now - self.refresh_period:
            due = now
        self._next_frame = due
        if due > now:
            time.sleep(due - now)

    def run(self, frames: int | None = None, screenshot: str | None = None,
            seconds: float | None = None) -> int:
        """Run until quit, `frames` frames or `seconds` of wall-clock time (bench idle)."""
        last = started = time.perf_counter()
        while self.running and self.stack.scenes:
            if not self.paced:
                elapsed = self.clock.step
            else:
                now = time.perf_counter()
                elapsed, last = now - last, now
            self.step(elapsed)
            if frames is not None and self.frames >= frames:
                break
            if seconds is not None and time.perf_counter() - started >= seconds:
                break
            if self.paced:
                self.pace()
        if screenshot:
            self.save_screenshot(screenshot)
        storage.wait_idle()     # the game's last save (written off the frame) is on disk before we leave
        warning = self.settings.save()
        if warning:             # the window is closing: the terminal is the only place left
            print(f"warning: {warning}", file=sys.stderr)
        return 0

    def capture(self) -> pygame.Surface:
        """The frame as the window shows it: scaled to the window size and letterboxed."""
        if self.window == theme.LOGICAL_SIZE:
            return self.screen
        scale = fit_scale(self.window)
        size = (round(theme.WIDTH * scale), round(theme.HEIGHT * scale))
        frame = pygame.Surface(self.window)
        frame.fill((0, 0, 0))
        scaled = pygame.transform.smoothscale(self.screen.convert() if self.screen.get_bitsize() != 32
                                              else self.screen, size)
        frame.blit(scaled, scaled.get_rect(center=frame.get_rect().center))
        return frame

    def save_screenshot(self, path: str) -> None:
        folder = os.path.dirname(os.path.abspath(path))
        try:
            os.makedirs(folder, exist_ok=True)
            pygame.image.save(self.capture(), path)
        except (OSError, pygame.error) as exc:
            raise UserError(path, f"cannot save screenshot ({exc})") from None
        print(f"screenshot saved to {os.path.abspath(path)}", file=sys.stderr)


def run_scene(make_scene: Callable[[App], Scene], args: argparse.Namespace) -> int:
    """Open the window, push the scene made by `make_scene(app)`, run until quit or --frames."""
    if args.frames is not None and args.frames < 1:
        raise UserError("command line", "--frames must be at least 1")
    if args.screenshot:             # a bad path is a one-line error before the run, not after it
        storage.check_output(args.screenshot, "screenshot", create_folders=True)
    app = App(fullscreen=args.fullscreen, window=getattr(args, "window", None))
    try:
        app.stack.push(make_scene(app))
        return app.run(frames=args.frames, screenshot=args.screenshot)
    finally:
        if app.audio is not None:
            app.audio.stop()    # the sound builder must not touch a mixer that pygame.quit() closed
        pygame.quit()
        ai_worker.shutdown()   # lets a worker still starting finish first (else it prints an error)
        dataclass_code.save()  # what screens opened after the first frame compiled
        text_layout.end_start(wait=True)    # a start that ended before its first frame; a table being written


def run_title(argv: list[str], epilog: str | None = None) -> int:
    parser = argparse.ArgumentParser(prog="main.py", usage="main.py [COMMAND] [options]",
                                     description="Robo Arcade: robot tabletop games with AI players in empty seats. "
                                                 "Without a command, the title screen opens.",
                                     epilog=epilog, formatter_class=argparse.RawDescriptionHelpFormatter)
    add_display_args(parser)
    parser.add_argument("--demo", action="store_true", help="attract mode: AI plays on the title screen")
    args = parser.parse_args(argv)
    from game.client.menus import TitleScene

    return run_scene(lambda app: TitleScene(demo=args.demo), args)
