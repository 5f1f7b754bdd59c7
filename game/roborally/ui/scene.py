"""Robo Rally screens, the entry points: `main` (python main.py roborally), the catalog's
set-up (`make_entry_scene`), resume (`resume_scene`) and attract mode, and the frame-bench
hooks. The screens themselves: setup_scene.py (the set-up menu), race_scene.py (the race,
hand-over, starting and resuming), with what the race shows split by role: hand.py
(programming: a stable hand, the confirm before the fifth card runs), side_panel.py
(robots, registers, upgrades), playback.py (events as animation); howto.py, explain.py and
board_view.py as before.
"""
from __future__ import annotations

import argparse
import random

from game.client.app import App, add_display_args, run_scene
from game.client.scene import Scene
from game.core.errors import UserError
from game.roborally import rules as R
from game.roborally.ai import LEVELS, make_player, think
from game.roborally.ui.course_files import course_ids, find_course
from game.roborally.ui.playback import DURATIONS
from game.roborally.ui.race_scene import (
    TIMER_SECONDS, ChoiceList, HandoverScene, RaceScene, course_title, new_race, resume_scene, seat_label)
from game.roborally.ui.setup_scene import SetupScene


__all__ = ["main", "make_entry_scene", "make_attract_scene", "resume_scene", "new_race", "RaceScene", "SetupScene",
           "HandoverScene", "ChoiceList", "DURATIONS", "TIMER_SECONDS", "course_title", "seat_label",
           "make_busy_scene", "busy_ai_job"]


def make_attract_scene(app: App) -> Scene:
    """Attract mode: AI robots (labelled AI) race on a random course; nothing is saved."""
    rng = random.Random()
    return new_race(rng.choice(course_ids()), rng.choice((3, 4, 5, 6)), 0, "normal", rng.randrange(1 << 30),
                    max_rounds=12, save=False, demo=True)


def spectator_scene(app: App, session, feed) -> Scene:
    """The shared board of a networked table: every seat plays on a phone, the choices come from `feed`."""
    scene = RaceScene(session, ["table"] * R.seat_count(session.state), save=False, tutorial=False, feed=feed)
    scene.results_exit = "back to the lobby"
    return scene


def make_entry_scene(app: App) -> Scene:
    return SetupScene()


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="main.py roborally", description="Race in Robo Rally: Chaos & Carnage")
    parser.add_argument("--course", default="dizzy-dash", help=f"course id ({', '.join(course_ids())}) or a .tmx file")
    parser.add_argument("--players", type=int, default=2, help="2-6 robots")
    parser.add_argument("--humans", type=int, default=1, help="seats 0..H-1 are human (0 = watch the AIs)")
    parser.add_argument("--ai", default="normal", help="level of the AI seats: " + ", ".join(LEVELS))
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--speed", type=float, default=None, help="animation speed factor")
    parser.add_argument("--watch", action="store_true",
                        help="designer's loop: start the race again whenever the course file changes")
    parser.add_argument("--timer", choices=("on", "off"), default=None,
                        help="the optional 30 s sand timer (default: on only between two or more humans)")
    add_display_args(parser)
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:
        if exc.code:
            raise UserError("command line", "bad roborally options (see --help)") from None
        raise
    if args.speed is not None and not 0.25 <= args.speed <= 16:     # also NaN: 0 froze the race for good
        raise UserError("command line", f"--speed must be from 0.25 to 16 (got {args.speed:g})")
    timer = None if args.timer is None else args.timer == "on"
    seed = random.randrange(1 << 30) if args.seed is None else args.seed
    scene = new_race(args.course, args.players, args.humans, args.ai, seed, args.speed, timer=timer,
                     save=not args.watch)
    if args.watch:
        scene.watch(str(find_course(args.course)), seed)
    return run_scene(lambda app: scene, args)



# ---------------------------------------------------------------------------- bench frames hooks
_busy_seeds = iter(range(1, 1_000_000))


def make_idle_scene(app: App) -> Scene:
    """`bench idle --screen roborally`: the command line's default race, waiting for the player's program."""
    return new_race("dizzy-dash", 2, 1, "normal", 1, save=False, tutorial=False)


def make_busy_scene(app: App) -> Scene:
    """`bench frames --screen roborally`: six AI robots on long-haul, at normal animation speed,
    so activations (moves, belts, lasers, floating labels, the side panel) run all the time."""
    return new_race("long-haul", 6, 0, "normal", next(_busy_seeds), max_rounds=0, save=False, demo=True)


def busy_ai_job(scene: RaceScene):
    """One hard-AI decision on the race's position, as (fn, args, kwargs), for --ai-thinking."""
    seat = scene.session.current_seat()
    if seat is not None and not scene.session.is_over():
        view = R.seat_view(scene.state, seat)
        if view.phase == "program" and view.hand:
            scene._bench_job = (think, (make_player("hard", seat), view, R.legal_choices(scene.state)), {})
    return getattr(scene, "_bench_job", None)
