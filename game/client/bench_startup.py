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
{"first_frame_ms", "ratio", "cpu_ms", "cpu_ratio", "max_next_60_ms", "max_next_60_cpu_ms"}}}:
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
_times = []
_cpu = []
def _timed_flip():
    _flip()
    _times.append(time.perf_counter())
    _cpu.append(time.thread_time())             # the render thread's own CPU: its work, not the machine's load
    if len(_times) == 1:
        _times.append(time.process_time())      # the CPU the start-up took, whatever the machine's load
    if len(_times) >= FLIPS + 1 or os.environ.get("ROBOARCADE_EXIT_AT_FIRST_FLIP"):
        with open(os.environ["ROBOARCADE_FIRST_FRAME_FILE"], "w") as out:
            out.write(" ".join(map(repr, _times)) + "\\n" + " ".join(map(repr, _cpu)))
        os._exit(0)
pygame.display.flip = _timed_flip
""".replace("FLIPS", str(FLIPS))

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


def first_frames(screen: str, env: dict[str, str], entry: bool = False) -> tuple[float, float, float, float] | None:
    """(ms from launch to the end of the first flip, the longest of the next 60 frames in ms,
    CPU ms of the process up to its first flip, the render thread's largest CPU ms in one of the
    next 60 frames); None if the screen never flipped."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "first-frame"
        env = dict(env, ROBOARCADE_FIRST_FRAME_FILE=str(path))
        started = time.perf_counter()
        subprocess.run(_command(screen, entry), cwd=ROOT, env=env, stdin=subprocess.DEVNULL,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=60)
        try:
            wall_line, _, cpu_line = path.read_text().partition("\n")
            flips = [float(value) for value in wall_line.split()]
            frame_cpu = [float(value) for value in cpu_line.split()]
        except (OSError, ValueError):
            return None
        if len(flips) < 2:
            return None
        cpu = flips.pop(1)
        gaps = [later - earlier for earlier, later in zip(flips, flips[1:])]
        cpu_gaps = [later - earlier for earlier, later in zip(frame_cpu, frame_cpu[1:])]
        return ((flips[0] - started) * 1000, max(gaps, default=0.0) * 1000, cpu * 1000,
                max(cpu_gaps, default=0.0) * 1000)


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
    worst: dict[str, float] = {name: 0.0 for name in screens}
    worst_cpu: dict[str, float] = {name: 0.0 for name in screens}
    for name in times:                       # one untimed launch each: .pyc files and disk caches
        first_frames(name, env, entry)
    for _ in range(repeat):
        for name in times:
            value = first_frames(name, env, entry)
            if value is not None:
                times[name].append(value[0])
                cpu[name].append(value[2])
                if name in worst:
                    worst[name] = max(worst[name], value[1])
                    worst_cpu[name] = max(worst_cpu[name], value[3])
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
                                   "max_next_60_ms": round(worst[name], 1),
                                   "max_next_60_cpu_ms": round(worst_cpu[name], 1)}
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
