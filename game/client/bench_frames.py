"""`python main.py bench frames --screen SCREEN [--ai-thinking] [--frames N]`: whole-frame times of a screen.

SCREEN is `title` or a game id from game/catalog.py. A game's busy scene comes from its own
hook, `make_busy_scene(app)`, in the module of its catalog `entry` factory (a scene where
the AIs play every seat, so animations run all the time); `busy_ai_job(scene)` in the same
module gives one real AI decision on the scene's current position, as (fn, args, kwargs).
A game without the hook is measured on its entry screen (the JSON's "scene" says so); a game
whose entry module does not exist yet is "not built" (one line, exit status 2).

How a frame is timed (issue 16): frames are paced to a 60 Hz clock as on a real screen. A
frame starts at its tick and ends when its flip returns, so any wait for the interpreter lock
at the tick (an AI thread holding it) is inside the frame. `missed_60hz` is the fraction of
frames that ended after the next tick. The baseline is the cheapest possible frame (one
full-screen blit and a flip), every 4th tick, paced like the measured frames so both see the
same machine load and cold caches; `ratio` is median / baseline, which travels between machines.

`--ai-thinking` keeps an AI seat thinking for the whole run: the game's real AI decides the
scene's current position again and again (game.client.ai_worker.think_for), through the
same AI worker the scenes use (`--worker thread` runs it in a thread: the old way, for the
"before" figures).

Prints ONE JSON object: median_frame_ms, p99_frame_ms, max_frame_ms, baseline_frame_ms,
ratio, missed_60hz, plus screen, scene, frames, ai_thinking, ai_backend, thinking_share and
p99/max_frame_cpu_ms: the render thread's own CPU time per frame (its work, without the waits:
on a loaded machine it tells a slow frame from a descheduled one).
"""
from __future__ import annotations

import argparse
import importlib
import json
import os
import statistics
import time
from typing import Callable

from game.core.errors import UserError
from game.core.stats import percentile

TICK = 1 / 60
THINK_SLICE = 0.25        # seconds per keep-thinking job; a new one starts as soon as one ends


def _hook_module(game_id: str):
    """The module of a game's catalog `entry` factory; None if the game is not built yet."""
    from game.catalog import BY_ID

    entry = BY_ID[game_id]
    if entry.entry is None:
        return None
    name = entry.entry.partition(":")[0]
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name and (exc.name == name or name.startswith(exc.name + ".")):
            return None
        raise


def screens() -> list[str]:
    from game.catalog import GAMES

    return ["title", *(g.id for g in GAMES)]


def _scene_factory(screen: str) -> tuple[Callable, Callable | None, str]:
    """(make_scene(app), ai_job(scene) or None, what is measured); UserError when not built."""
    if screen == "title":
        from game.client.menus import TitleScene

        return (lambda app: TitleScene()), None, "title screen"
    module = _hook_module(screen)
    if module is None:
        raise UserError("bench frames", f"{screen} is not built yet (no entry screen to measure)")
    if hasattr(module, "make_busy_scene"):
        return module.make_busy_scene, getattr(module, "busy_ai_job", None), "busy scene"
    from game.catalog import BY_ID

    entry_factory = getattr(module, BY_ID[screen].entry.partition(":")[2])
    return entry_factory, None, "entry screen (the game has no make_busy_scene hook yet)"


class Baseline:
    """The cheapest possible frame: one full-screen blit of a prepared background and a flip.

    Every BASELINE_EVERY-th tick is a baseline frame, paced and timed like the measured ones
    (from its tick, after the same sleep, with the same cold caches and machine load).
    """

    def __init__(self, screen) -> None:
        from game.client import theme
        from game.client.widgets import vertical_gradient

        self.screen = screen
        self.background = vertical_gradient(theme.LOGICAL_SIZE, (28, 34, 52), (14, 16, 24))
        self.times: list[float] = []

    def frame(self, tick: float) -> None:
        import pygame

        self.screen.blit(self.background, (0, 0))
        pygame.display.flip()
        self.times.append(time.perf_counter() - tick)


BASELINE_EVERY = 4


def _wait_until(moment: float) -> None:
    """Sleep until shortly before `moment` (releasing the lock, as a real loop does in its
    vsync wait), then spin to it. Waking needs the interpreter lock back: an AI thread holding
    it delays us here exactly as it delays a real frame, and that delay is inside the frame.
    """
    remaining = moment - time.perf_counter()
    if remaining > 0.002:
        time.sleep(remaining - 0.0015)
    while time.perf_counter() < moment:
        pass


def run(screen: str, frames: int, ai_thinking: bool = False, worker: str = "process") -> dict:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    make_scene, ai_job, measured = _scene_factory(screen)
    previous_worker = os.environ.get("ROBOARCADE_AI_WORKER")
    os.environ["ROBOARCADE_AI_WORKER"] = worker
    import pygame

    from game.client import ai_worker
    from game.client.app import App

    ai_worker.shutdown()                     # a fresh worker that honours --worker
    app = App(fullscreen=False, headless=True)
    app.settings.animation_speed = 1.0
    app.audio.release()                      # sounds are built when each screen opens, as after a first frame
    ai_worker.release()                      # the worker is started before measuring (set-up, not play)
    ai_worker.prestart()
    ai_worker.backend()
    thinker = ai_worker.AIWorker() if ai_thinking else None
    thinking = None
    times: list[float] = []
    cpu: list[float] = []                    # the render thread's own CPU time per frame (no waits)
    thinking_frames = 0
    missed = 0
    ticks = 0
    scene = None
    try:
        baseline = Baseline(app.screen)
        tick = time.perf_counter()
        while len(times) < frames:
            if scene is None or app.stack.top is not scene:
                app.stack.clear_to(make_scene(app))
                scene = app.stack.top
                app.step(TICK)               # a screen's first frame builds its cached layers: set-up
                tick = time.perf_counter()
                continue
            if thinker is not None and ai_job is not None and (thinking is None or thinking.done()):
                job = ai_job(scene)
                if job is not None:
                    fn, args, kwargs = job
                    thinking = thinker.submit(ai_worker.think_for, THINK_SLICE, _Call(fn, kwargs), *args)
            tick += TICK
            if tick < time.perf_counter() - TICK:        # fell behind (set-up): resync
                tick = time.perf_counter()
            _wait_until(tick)
            ticks += 1
            if ticks % BASELINE_EVERY == 0:
                baseline.frame(tick)
                continue
            started = time.perf_counter()
            cpu_started = time.thread_time()
            app.frame_times.clear()
            app.step(TICK)
            cpu.append(time.thread_time() - cpu_started)
            ended = started + app.frame_times[-1]      # when the flip returned
            times.append(ended - tick)
            missed += ended > tick + TICK
            thinking_frames += bool(thinking is not None and not thinking.done()) or _scene_thinking(scene)
    finally:
        if thinker is not None:
            thinker.close()
        app.stack.clear_to(_Empty())
        pygame.quit()
        backend = ai_worker.backend()
        ai_worker.shutdown()
        if previous_worker is None:
            os.environ.pop("ROBOARCADE_AI_WORKER", None)
        else:
            os.environ["ROBOARCADE_AI_WORKER"] = previous_worker
    median = statistics.median(times) * 1000
    base = statistics.median(baseline.times) * 1000
    return {
        "screen": screen,
        "scene": measured,
        "median_frame_ms": round(median, 3),
        "p99_frame_ms": round(percentile(times, 0.99) * 1000, 3),
        "max_frame_ms": round(max(times) * 1000, 3),
        "baseline_frame_ms": round(base, 3),
        "ratio": round(median / base, 2) if base > 0 else None,
        "missed_60hz": round(missed / len(times), 4),
        "p99_frame_cpu_ms": round(percentile(cpu, 0.99) * 1000, 3),
        "max_frame_cpu_ms": round(max(cpu) * 1000, 3),
        "frames": len(times),
        "ai_thinking": bool(ai_thinking and ai_job is not None),
        "ai_backend": backend,
        "thinking_share": round(thinking_frames / len(times), 2),
    }


def _scene_thinking(scene) -> bool:
    future = getattr(scene, "future", None)
    return future is not None and not future.done()


class _Call:
    """fn with keyword arguments, picklable (a lambda would not reach the worker process)."""

    def __init__(self, fn: Callable, kwargs: dict | None) -> None:
        self.fn, self.kwargs = fn, kwargs or {}

    def __call__(self, *args):
        return self.fn(*args, **self.kwargs)


class _Empty:
    """A do-nothing scene so clearing the stack runs the measured scene's exit() (stops its AI)."""

    app = None

    def enter(self) -> None: ...
    def exit(self) -> None: ...


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="main.py bench frames", description=__doc__.splitlines()[0])
    parser.add_argument("--screen", required=True, help="title or a game id: " + ", ".join(screens()))
    parser.add_argument("--frames", type=int, default=600, help="frames to measure (default 600, 10 s)")
    parser.add_argument("--ai-thinking", action="store_true", help="keep an AI seat thinking the whole run")
    parser.add_argument("--worker", choices=("process", "thread"), default="process",
                        help="where AI seats think (default process; thread = the old way, for comparison)")
    args = parser.parse_args(argv)
    if args.screen not in screens():
        raise UserError("command line", f"unknown screen '{args.screen}' (choose from: {', '.join(screens())})")
    if args.frames < 10:
        raise UserError("command line", "--frames must be at least 10")
    print(json.dumps(run(args.screen, args.frames, args.ai_thinking, args.worker)))
    return 0
