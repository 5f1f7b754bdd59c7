"""Start-up benchmark: time to the first frame of the title and of every game started from the command line.

    python main.py bench startup [--repeat N] [--screens title roborun ...] [--entry]

Each figure is a fresh interpreter, from the moment it is launched to the end of its first
`pygame.display.flip()`: the title as `python main.py` opens it, each game as its command
opens it (COMMANDS: `python main.py roborun --level 1.1`, ...; with --entry, the game's entry
screen as the game select screen opens it), compared with the floor: a bare program that
imports pygame, calls `pygame.init()`, `set_mode` at the arcade's logical size and flips once.
Floor and screens are measured interleaved in one run (median of --repeat launches each), so
the ratio travels between machines (a Raspberry Pi is several times slower than a desktop, not
differently slow). The run goes on to its 61st flip, in real time (paced as on a screen), so
each screen also reports the longest of the 60 frames after the first (issue 26: the title
froze there for the sound synthesis; the target is no frame over 33 ms).

Prints ONE JSON object: {"floor_ms": ..., "floor_cpu_ms": ..., "screens": {name:
{"first_frame_ms", "ratio", "cpu_ms", "cpu_ratio", "first_frame_own_ms", "first_frame_own_cpu_ms",
"max_next_60_ms", "max_next_60_cpu_ms", "frames_measured", "frames_over_33_ms_wall",
"frames_over_33_ms_cpu"}}}: the first frame's own work runs from the App's first event poll to
its flip (building every cached layer, opening the fonts); the counts cover the first frame and
the next 60 of every launch;
`cpu_ratio` compares the CPU time each process spent up to its first flip, which a machine busy
with other work does not inflate the way it inflates wall-clock time; `max_next_60_cpu_ms` is
the render thread's own CPU time in the worst of the 60 frames after the first (its work: on a
loaded machine `max_next_60_ms` also counts the waits for a core). A screen whose game is not built yet is reported
as "not built". With --instructions, each screen and the floor also run once under valgrind's
callgrind: `instructions_M` and `instructions_ratio` count the instructions to the first flip,
which no other work on the machine changes (CPU time still grows with a loaded machine's cache
misses; the ratio of instructions leaves out memory stalls and the kernel's page faults).
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# The child notes the monotonic clock at the end of each flip; after FLIPS flips it writes them
# and exits at once. perf_counter is CLOCK_MONOTONIC on Linux, shared by parent and child.
# The times go to a file named by ROBOARCADE_FIRST_FRAME_FILE, not a pipe: a helper process
# (the AI worker's fork server) may hold inherited pipes open after the probe exits.
FLIPS = 61
_PROBE = """
import os, sys, time
import pygame
_flip = pygame.display.flip
_get = pygame.event.get
_times = []
_cpu = []
_first_step = []
def _timed_get(*args, **kwargs):
    if not _first_step:                         # the App's first frame starts with its first event poll
        _first_step.extend((time.perf_counter(), time.thread_time()))
    return _get(*args, **kwargs)
def _timed_flip():
    _flip()
    _times.append(time.perf_counter())
    _cpu.append(time.thread_time())             # the render thread's own CPU: its work, not the machine's load
    if len(_times) == 1:
        _times.append(time.process_time())      # the CPU the start-up took, whatever the machine's load
    if len(_times) >= FLIPS + 1 or os.environ.get("ROBOARCADE_EXIT_AT_FIRST_FLIP"):
        with open(os.environ["ROBOARCADE_FIRST_FRAME_FILE"], "w") as out:
            out.write(" ".join(map(repr, _times)) + "\\n" + " ".join(map(repr, _cpu)) + "\\n"
                      + " ".join(map(repr, _first_step)))
        os._exit(0)
pygame.display.flip = _timed_flip
pygame.event.get = _timed_get
""".replace("FLIPS", str(FLIPS))
SLOW_FRAME_MS = 33.0        # issue 26: no frame over 33 ms, the first and the next 60

# each game as its command line starts it (the "started from the command line")
COMMANDS = {
    "roborun": ["roborun", "--level", "1.1"],
    "robomissions": ["robomissions"],
    "roborescue": ["roborescue", "--players", "1"],
    "runrunrun": ["runrunrun", "--players", "2", "--humans", "1"],
    "roborally": ["roborally"],
}

_FLOOR = """
import os, sys, time
import pygame
pygame.init()
screen = pygame.display.set_mode((1280, 720))
pygame.display.flip()
with open(os.environ["ROBOARCADE_FIRST_FRAME_FILE"], "w") as out:
    out.write(repr(time.perf_counter()) + " " + repr(time.process_time()))
"""


def _command(screen: str, entry: bool = False) -> list[str]:
    if screen == "floor":
        return [sys.executable, "-c", _FLOOR]
    if screen == "title" or (not entry and screen in COMMANDS):      # as main.py starts it
        start = (f"sys.argv = ['main.py', *{COMMANDS.get(screen, [])!r}]\n"
                 "from game.cli import main\nmain(sys.argv[1:])\n")
    else:   # the game's entry screen, found through its catalog row as the game select screen does
        start = (f"import argparse\nfrom game.catalog import BY_ID, load\nentry = BY_ID[{screen!r}].entry\n"
                 "factory = load(entry) or load(entry.replace('.ui.', '.', 1))  # before the 'ui/' move\n"
                 "from game.client.app import run_scene\n"
                 "run_scene(factory, argparse.Namespace(frames=None, screenshot=None, fullscreen=False))\n")
    return [sys.executable, "-c", _PROBE + start]


def first_frames(screen: str, env: dict[str, str], entry: bool = False) -> dict | None:
    """One launch: ms from launch to the end of the first flip (`first`), CPU ms of the process
    up to it (`cpu`), and the frames themselves, each in wall ms and in the render thread's own
    CPU ms: `frames_wall`, `frames_cpu` (the first frame's own work, from the App's first event
    poll to its flip, when the screen has an App; then each of the next 60). None if the screen
    never flipped."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "first-frame"
        env = dict(env, ROBOARCADE_FIRST_FRAME_FILE=str(path))
        started = time.perf_counter()
        subprocess.run(_command(screen, entry), cwd=ROOT, env=env, stdin=subprocess.DEVNULL,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=60)
        try:
            wall_line, cpu_line, step_line = (path.read_text().split("\n") + ["", ""])[:3]
            flips = [float(value) for value in wall_line.split()]
            frame_cpu = [float(value) for value in cpu_line.split()]
            first_step = [float(value) for value in step_line.split()]
        except (OSError, ValueError):
            return None
        if len(flips) < 2:
            return None
        cpu = flips.pop(1)
        frames_wall = [later - earlier for earlier, later in zip(flips, flips[1:])]
        frames_cpu = [later - earlier for earlier, later in zip(frame_cpu, frame_cpu[1:])]
        if len(first_step) == 2 and frame_cpu:
            frames_wall.insert(0, flips[0] - first_step[0])
            frames_cpu.insert(0, frame_cpu[0] - first_step[1])
        return {"first": (flips[0] - started) * 1000, "cpu": cpu * 1000,
                "frames_wall": [gap * 1000 for gap in frames_wall], "frames_cpu": [gap * 1000 for gap in frames_cpu]}


def frame_figures(launches: list[dict]) -> dict:
    """The frames of every launch of one screen: the first frame's own work (wall and render
    thread CPU, the worst launch), the worst of the next 60, and how many of the 61 frames of
    all launches took over SLOW_FRAME_MS, by the wall clock and by the render thread's CPU (on a
    loaded machine the wall clock counts the waits for a core; the CPU is the game's own work)."""
    has_first = [launch for launch in launches if len(launch["frames_cpu"]) > FLIPS - 1]

    def worst(key: str, frames: slice, of=launches) -> float:
        return round(max((max(launch[key][frames], default=0.0) for launch in of), default=0.0), 1)

    return {"first_frame_own_ms": worst("frames_wall", slice(0, 1), has_first),
            "first_frame_own_cpu_ms": worst("frames_cpu", slice(0, 1), has_first),
            "max_next_60_ms": worst("frames_wall", slice(-(FLIPS - 1), None)),
            "max_next_60_cpu_ms": worst("frames_cpu", slice(-(FLIPS - 1), None)),
            "frames_measured": sum(len(launch["frames_cpu"]) for launch in launches),
            "frames_over_33_ms_wall": sum(gap > SLOW_FRAME_MS for launch in launches for gap in launch["frames_wall"]),
            "frames_over_33_ms_cpu": sum(gap > SLOW_FRAME_MS for launch in launches for gap in launch["frames_cpu"])}


def instructions(screen: str, env: dict[str, str], entry: bool = False) -> float | None:
    """Millions of instructions from launch to the first flip, counted by valgrind's callgrind
    (the same on a busy machine as on an idle one); None without valgrind."""
    import re
    import shutil

    valgrind = shutil.which("valgrind")
    if valgrind is None:
        return None
    with tempfile.TemporaryDirectory() as folder:
        env = dict(env, ROBOARCADE_FIRST_FRAME_FILE=str(Path(folder) / "first-frame"),
                   ROBOARCADE_EXIT_AT_FIRST_FLIP="1")
        done = subprocess.run([valgrind, "--tool=callgrind", f"--callgrind-out-file={Path(folder) / 'out'}",
                               *_command(screen, entry)], cwd=ROOT, env=env, stdin=subprocess.DEVNULL,
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, timeout=600)
    found = re.search(r"Collected : (\d+)", done.stderr)
    return int(found[1]) / 1e6 if found else None


def built_screens() -> list[str]:
    """Games whose entry module exists (in the catalog's place or the one before the 'ui/' move);
    looked up without importing it (this process stays free of pygame)."""
    import importlib.util

    from game.catalog import GAMES

    def exists(module: str) -> bool:
        try:
            return importlib.util.find_spec(module) is not None
        except ModuleNotFoundError:
            return False

    return [g.id for g in GAMES if g.entry and (exists(g.entry.partition(":")[0])
                                               or exists(g.entry.partition(":")[0].replace(".ui.", ".", 1)))]


def run(screens: list[str], repeat: int, entry: bool = False, count_instructions: bool = False) -> dict:
    env = dict(os.environ)
    env.setdefault("SDL_VIDEODRIVER", "dummy")
    env.setdefault("SDL_AUDIODRIVER", "dummy")
    env["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
    scratch = Path(env.get("TMPDIR", "/tmp")) / "robo-arcade-bench-startup"
    env.setdefault("ROBOARCADE_HOME", str(scratch))
    # An installed game has its .pyc files; so do these runs (kept outside the source tree).
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env.setdefault("PYTHONPYCACHEPREFIX", str(scratch / "pycache"))
    times: dict[str, list[float]] = {name: [] for name in ["floor", *screens]}
    cpu: dict[str, list[float]] = {name: [] for name in times}
    launches: dict[str, list[dict]] = {name: [] for name in screens}
    for name in times:                       # one untimed launch each: .pyc files and disk caches
        first_frames(name, env, entry)
    for _ in range(repeat):
        for name in times:
            value = first_frames(name, env, entry)
            if value is not None:
                times[name].append(value["first"])
                cpu[name].append(value["cpu"])
                if name in launches:
                    launches[name].append(value)
    floor = statistics.median(times["floor"])
    floor_cpu = statistics.median(cpu["floor"])
    report: dict = {"floor_ms": round(floor, 1), "floor_cpu_ms": round(floor_cpu, 1), "repeat": repeat,
                    "started_as": "entry screen" if entry else "command line", "screens": {}}
    for name in screens:
        if not times[name]:
            report["screens"][name] = "no first frame (failed to start)"
            continue
        median, median_cpu = statistics.median(times[name]), statistics.median(cpu[name])
        report["screens"][name] = {"first_frame_ms": round(median, 1), "ratio": round(median / floor, 2),
                                   "cpu_ms": round(median_cpu, 1), "cpu_ratio": round(median_cpu / floor_cpu, 2),
                                   **frame_figures(launches[name])}
    if count_instructions:
        floor_ir = instructions("floor", env, entry)
        report["floor_instructions_M"] = floor_ir and round(floor_ir, 1)
        for name in screens:
            value = instructions(name, env, entry) if floor_ir else None
            if value is not None and isinstance(report["screens"][name], dict):
                report["screens"][name]["instructions_M"] = round(value, 1)
                report["screens"][name]["instructions_ratio"] = round(value / floor_ir, 2)
    return report


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="main.py bench startup", description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5, help="launches per screen (median; default 5)")
    parser.add_argument("--screens", nargs="+", default=None, help="title and/or game ids (default: all built)")
    parser.add_argument("--entry", action="store_true",
                        help="start each game on its entry screen (as game select does), not from its command line")
    parser.add_argument("--instructions", action="store_true",
                        help="also count the instructions to the first flip under valgrind (slow; any machine load)")
    args = parser.parse_args(argv)
    screens = args.screens or ["title", *built_screens()]
    print(json.dumps(run(screens, max(1, args.repeat), args.entry, args.instructions)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
