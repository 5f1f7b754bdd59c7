"""`python main.py bench render [--frames N]`: frame times of the Robo Run play screen.

Why measure this way: the Pi's weak spot is per-frame drawing, so we compare the real play
screen against the cheapest possible frame on the same machine (one full-screen blit of a
prepared background and a flip) and report the ratio, which travels between machines
better than milliseconds. The play screen runs a busy scenario (the largest map, both seats
played by the partner AI so cards, slides, collections and spawns animate all the time).

Prints ONE JSON object: median_frame_ms, p99_frame_ms, max_frame_ms, baseline_frame_ms,
ratio (median / baseline), plus the main thread's CPU time per frame (p99 / max: the work a
frame really did, apart from waiting for a busy machine), frames, animating_share, level.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import time
from game.core.stats import percentile


class Baseline:
    """The cheapest possible frame: one full-screen blit of a prepared background and a flip.

    Sampled in short bursts between the play frames, so both see the same machine load (on
    a shared machine that keeps the ratio honest); the first frame of each burst is dropped
    so the baseline stays the warm, cheapest frame the definition asks for.
    """

    def __init__(self, screen) -> None:
        from game.client import theme
        from game.client.widgets import vertical_gradient

        self.screen = screen
        self.background = vertical_gradient(theme.LOGICAL_SIZE, (28, 34, 52), (14, 16, 24))
        self.times: list[float] = []

    def burst(self, frames: int = 5) -> None:
        import pygame

        for index in range(frames):
            started = time.perf_counter()
            self.screen.blit(self.background, (0, 0))
            pygame.display.flip()
            if index:
                self.times.append(time.perf_counter() - started)


def run(frames: int, level_ref: str, partner: str) -> dict:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    from game.client.app import App
    from game.roborun.ui.play_scene import GameOptions, PlayScene, load_level_spec

    app = App(fullscreen=False, headless=True)
    app.settings.animation_speed = 1.0
    try:
        level = load_level_spec(level_ref)
        seed = 1
        times: list[float] = []
        cpu: list[float] = []              # this thread's CPU time per frame: our work without the OS's
        animating = 0
        scene = None
        baseline = Baseline(app.screen)
        while len(times) < frames:
            if scene is None or scene.results_shown:
                app.stack.clear_to(PlayScene(GameOptions(level=level, level_ref=level_ref, partner=partner,
                                                         seed=seed, spectate=True, tutorial=False)))
                scene = app.stack.top
                seed += 1
                app.step(1 / 60)           # the first frame builds the cached layers: set-up, not play
                continue
            busy = scene.animator.busy or scene.future is not None
            app.frame_times.clear()
            cpu_started = time.thread_time()
            app.step(1 / 60)
            cpu.append(time.thread_time() - cpu_started)
            times.append(app.frame_times[-1])
            animating += busy
            if len(times) % 10 == 0:
                baseline.burst()
    finally:
        app.stack.clear_to(_Empty())
        pygame.quit()
    median = statistics.median(times) * 1000
    base = statistics.median(baseline.times) * 1000
    return {
        "median_frame_ms": round(median, 3),
        "p99_frame_ms": round(percentile(times, 0.99) * 1000, 3),
        "max_frame_ms": round(max(times) * 1000, 3),
        "baseline_frame_ms": round(base, 3),
        "ratio": round(median / base, 2) if base > 0 else None,
        "p99_frame_cpu_ms": round(percentile(cpu, 0.99) * 1000, 3),
        "max_frame_cpu_ms": round(max(cpu) * 1000, 3),
        "frames": len(times),
        "animating_share": round(animating / len(times), 2),
        "level": level_ref,
    }


class _Empty:
    """A do-nothing scene so clearing the stack runs the play scene's exit() (stops its worker)."""

    app = None

    def enter(self) -> None: ...
    def exit(self) -> None: ...


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="main.py bench render", description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=600, help="frames to measure (default 600)")
    parser.add_argument("--level", default="1.6", help="scenario to render (default 1.6, the largest map)")
    parser.add_argument("--partner", choices=("ai", "random"), default="random",
                        help="who plays both seats (default random: the AI's thinking time is not ours)")
    args = parser.parse_args(argv)
    if args.frames < 10:
        from game.core.errors import UserError
        raise UserError("command line", "--frames must be at least 10")
    print(json.dumps(run(args.frames, args.level, args.partner)))
    return 0
