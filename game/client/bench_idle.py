"""`python main.py bench idle --screen SCREEN [--animate] [--seconds N]`: what a screen costs left alone.

Issue 26: a screen where nothing moves must not burn a core. The App paces its loop to the
display's refresh (60 Hz when unknown) and draws nothing while nothing changes; this bench
runs one screen in real time, as a player sees it, and prints ONE JSON object:
`cpu_per_wall` (this process's CPU seconds, every thread, per wall-clock second),
`frames_drawn` and `frames_per_s` (frames drawn and flipped), plus the loop's iterations,
the refresh rate used, whether vsync was granted and the video driver.

SCREEN is `title` or a game id. Without --animate a game shows its play table waiting for
the player (`make_idle_scene(app)` beside `make_busy_scene` in the module of the game's
catalog `entry`), the title is left alone; the bench first waits until the screen has come
to rest (no frame drawn for a second, at most --settle seconds: the title's robots march for
game.client.app.LIVELY seconds after the last input). With --animate a game shows its busy
scene (AIs play every seat, animations all the time: see bench frames) and the title keeps
its robots marching, as while the player is about.

Run it in a real window to measure what a player's machine does: under Xvfb without vsync
(`xvfb-run -a python main.py bench idle --screen title`), the issue's targets are
cpu_per_wall <= 0.03 at rest and <= 0.25 animating. With SDL_VIDEODRIVER=dummy (the default
when no display is set) the loop is paced the same, but no real flip happens.
"""
from __future__ import annotations

import argparse
import json
import os
import tempfile
import time
from typing import Callable

from game.core.errors import UserError

REST = 60                 # frames without a draw that count as "come to rest"


def _factory(screen: str, animate: bool) -> tuple[Callable, str]:
    """(make_scene(app), what is measured) for a screen; UserError when the game is not built."""
    from game.client.bench_frames import _hook_module

    if screen == "title":
        from game.client.menus import TitleScene

        return (lambda app: TitleScene()), "title screen" + (", robots marching" if animate else ", left alone")
    module = _hook_module(screen)
    hook = "make_busy_scene" if animate else "make_idle_scene"
    if module is None or not hasattr(module, hook):
        raise UserError("bench idle", f"{screen} has no {hook} hook to measure")
    return getattr(module, hook), ("busy scene (AIs play every seat)" if animate else "table waiting for the player")


def run(screen: str, seconds: float, animate: bool = False, settle: float = 30.0) -> dict:
    if not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    # the idle tables save their games: keep them out of the player's saves
    os.environ.setdefault("ROBOARCADE_HOME", os.path.join(tempfile.gettempdir(), "robo-arcade-bench-idle"))
    make_scene, measured = _factory(screen, animate)
    import pygame

    from game.client import ai_worker
    from game.client.app import App
    from game.client.bench_frames import _Empty

    app = App(fullscreen=False)
    app.paced = True                         # headless runs too: in real time, as on a screen
    app.draw_idle_frames = False
    keep_lively = animate and screen == "title"
    try:
        app.stack.push(make_scene(app))
        started = time.perf_counter()
        rested, last_drawn, at_rest = 0, -1, None
        while time.perf_counter() - started < (2.0 if animate else settle):   # set-up, then rest
            _frame(app, keep_lively)
            if not animate:
                rested = rested + 1 if app.frames_drawn == last_drawn else 0
                last_drawn = app.frames_drawn
                if rested >= REST:
                    at_rest = round(time.perf_counter() - started, 1)
                    break
        cpu, wall, drawn, loops = time.process_time(), time.perf_counter(), app.frames_drawn, app.frames
        while time.perf_counter() - wall < seconds:
            _frame(app, keep_lively)
        cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
        drawn, loops = app.frames_drawn - drawn, app.frames - loops
        report = {"screen": screen, "scene": measured, "animate": animate, "seconds": round(wall, 2),
                  "cpu_per_wall": round(cpu / wall, 4), "frames_drawn": drawn,
                  "frames_per_s": round(drawn / wall, 1), "loop_frames": loops,
                  "refresh_hz": round(1 / app.refresh_period, 1), "vsync": _vsync(),
                  "driver": pygame.display.get_driver()}
        if not animate:
            report["came_to_rest_after_s"] = at_rest
        return report
    finally:
        app.audio.stop()
        app.stack.clear_to(_Empty())
        pygame.quit()
        ai_worker.shutdown()


def _frame(app, keep_lively: bool) -> None:
    """One loop iteration exactly as App.run does it: the elapsed real time, a step, the pacing."""
    now = time.perf_counter()
    elapsed = now - getattr(app, "_bench_last", now)
    app._bench_last = now
    if keep_lively:
        app.since_input = 0.0                # as if the player had just touched something
    app.step(elapsed)
    app.pace()


def _vsync() -> bool | None:
    import pygame

    try:
        return bool(pygame.display.is_vsync())
    except (AttributeError, pygame.error):
        return None


def main(argv: list[str]) -> int:
    from game.client.bench_frames import screens

    parser = argparse.ArgumentParser(prog="main.py bench idle", description=__doc__.splitlines()[0])
    parser.add_argument("--screen", required=True, help="title or a game id: " + ", ".join(screens()))
    parser.add_argument("--seconds", type=float, default=10.0, help="how long to measure (default 10)")
    parser.add_argument("--animate", action="store_true", help="with an animation running the whole time")
    parser.add_argument("--settle", type=float, default=30.0,
                        help="at most this long to wait for the screen to come to rest first (default 30)")
    args = parser.parse_args(argv)
    if args.screen not in screens():
        raise UserError("command line", f"unknown screen '{args.screen}' (choose from: {', '.join(screens())})")
    if not 0.5 <= args.seconds <= 3600 or not 0 <= args.settle <= 3600:
        raise UserError("command line", "--seconds must be 0.5 to 3600 and --settle 0 to 3600")
    print(json.dumps(run(args.screen, args.seconds, args.animate, args.settle)))
    return 0
