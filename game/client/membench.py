"""`python main.py bench memory --screen title|roborun|robomissions|roborescue|runrunrun|roborally --seconds N`

Feeds random keys, clicks and mouse moves to one screen, headless and with quitting
disabled (a screen that closes the last scene is opened again), and prints one JSON object
with the resident memory (RSS, from /proc/self/statm) sampled every second and the growth
after the first minute: every cache must be bounded, so a long run stays flat.

It is a benchmark, not a test: run it for ten minutes per screen and read the figures.
"""
from __future__ import annotations

import argparse
import json
import math
import os
import random
import statistics
import time

import pygame

from game.catalog import BY_ID, GAMES, load
from game.client.app import App
from game.core.errors import UserError

SCREENS = ("title", *(game.id for game in GAMES))
# where each game's first screen lives until its catalog row's module exists on this branch
_OLD_ENTRY = {"roborun": "game.roborun.play_scene:make_entry_scene",
              "robomissions": "game.robomissions.scene:make_entry_scene",
              "roborescue": "game.roborescue.scene:make_entry_scene"}
KEYS = (pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_RETURN, pygame.K_SPACE,
        pygame.K_TAB, pygame.K_u, pygame.K_h, pygame.K_p, pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_a,
        pygame.K_z, pygame.K_F1)
BACK_KEYS = (pygame.K_ESCAPE, pygame.K_BACKSPACE)   # rarer, so the input also gets deep into a game
BACK_SHARE = 0.02


def rss_mb() -> float:
    """Resident memory of this process in MiB (Linux /proc/self/statm); nan elsewhere."""
    try:
        with open("/proc/self/statm", encoding="ascii") as handle:
            pages = int(handle.read().split()[1])
    except (OSError, ValueError, IndexError):
        return math.nan
    return pages * os.sysconf("SC_PAGE_SIZE") / (1 << 20)


def scene_factory(screen: str):
    if screen == "title":
        from game.client.menus import TitleScene

        return lambda app: TitleScene()
    factory = load(BY_ID[screen].entry) or (load(_OLD_ENTRY[screen]) if screen in _OLD_ENTRY else None)
    if factory is None:
        raise UserError("command line", f"the {screen} screen is not in this build")
    return factory


def random_event(rng: random.Random, size: tuple[int, int]) -> list[pygame.event.Event]:
    roll = rng.random()
    if roll < 0.55:
        key = rng.choice(BACK_KEYS) if rng.random() < BACK_SHARE else rng.choice(KEYS)
        return [pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0),
                pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode="", scancode=0)]
    pos = (rng.randrange(size[0]), rng.randrange(size[1]))
    if roll < 0.85:
        return [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
                pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)]
    return [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 0), buttons=(0, 0, 0))]


def measure(screen: str, seconds: float, seed: int = 1, every: float = 1.0) -> dict:
    factory = scene_factory(screen)
    rng = random.Random(seed)
    app = App(fullscreen=False, headless=True)
    app.quit = lambda: None                  # quitting disabled: the run goes on
    try:
        app.stack.push(factory(app))
        size = app.screen.get_size()
        started = time.perf_counter()
        next_sample, samples, frames, reopened, seen = 0.0, [], 0, 0, {}
        while True:
            now = time.perf_counter() - started
            if now >= next_sample:
                samples.append([round(now, 1), round(rss_mb(), 1)])
                next_sample += every
            if now >= seconds:
                break
            for event in random_event(rng, size):
                pygame.event.post(event)
            app.running = True
            app.step(app.clock.step)
            frames += 1
            if app.stack.scenes:             # which screens the random input reached, in frames
                name = type(app.stack.scenes[-1]).__name__
                seen[name] = seen.get(name, 0) + 1
            if not app.stack.scenes:         # the screen closed itself: open it again
                app.stack.push(factory(app))
                reopened += 1
            elif screen != "title" and type(app.stack.scenes[0]).__name__ == "TitleScene":
                app.stack.clear_to(factory(app))   # "quit to title" from a game: back into the game
                reopened += 1
    finally:
        pygame.quit()
    return {**summary(screen, seconds, samples, frames, reopened), "screens_seen": seen}


def summary(screen: str, seconds: float, samples: list, frames: int, reopened: int) -> dict:
    """The figures: RSS over time and the growth from the first minute (or half the run) to the end."""
    base_at = min(60.0, seconds / 2)
    base = next((mb for t, mb in samples if t >= base_at), samples[-1][1])
    end = samples[-1][1]
    # single samples swing with garbage collection; medians of the second minute and of the
    # last quarter of the run show the trend
    early = [mb for t, mb in samples if base_at <= t <= 2 * base_at] or [base]
    late = [mb for t, mb in samples if t >= seconds * 0.75] or [end]
    early_median, late_median = round(statistics.median(early), 1), round(statistics.median(late), 1)
    return {"screen": screen, "seconds": seconds, "frames": frames, "reopened": reopened,
            "rss_start_mb": samples[0][1], "rss_peak_mb": max(mb for _, mb in samples),
            "baseline_at_s": base_at, "rss_baseline_mb": base, "rss_end_mb": end,
            "growth_after_baseline_pct": round((end - base) / base * 100, 1) if base else None,
            "rss_median_second_minute_mb": early_median, "rss_median_last_quarter_mb": late_median,
            "median_growth_pct": round((late_median - early_median) / early_median * 100, 1) if early_median else None,
            "samples": samples}


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="main.py bench memory", description=__doc__.splitlines()[0])
    parser.add_argument("--screen", choices=SCREENS, default="title")
    parser.add_argument("--seconds", type=float, default=60.0, help="how long to run (default 60)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the random input")
    parser.add_argument("--every", type=float, default=1.0, help="seconds between RSS samples (default 1)")
    args = parser.parse_args(argv)
    if not 0 < args.seconds <= 86400 or not 0.05 <= args.every <= 3600:     # refuses nan and inf too
        raise UserError("command line", "--seconds must be above 0 and --every from 0.05 to 3600")
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    print(json.dumps(measure(args.screen, args.seconds, args.seed, args.every)))
    return 0
