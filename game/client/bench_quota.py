"""`python main.py bench quota [--decisions N] [--quota 25000/100000]`: the play screens' AI on a quarter core.

Issue 26: a Raspberry Pi must play the same moves as this machine, in time. Each game's play
screen (its `bench frames` busy scene, or Robo Run's hard AI partner on scenario 1.1) is run
headless until it has asked its AI worker for N decisions; those jobs are kept exactly as the
worker process receives them (pickled). A child process then answers every job twice over:
once as it is, and once inside a CPU cgroup limited to QUOTA microseconds of CPU per PERIOD
(25000/100000: a quarter of one core, a Pi 4 core is 3-5x slower than this one), each job
from fresh AI memory. The JSON says, per game, whether every answer under the quota was the
same as without it, and the wall-clock p50/p95/max per decision in both runs (target: the
same answers, p95 under 300 ms).

The cgroup is made under /sys/fs/cgroup (cgroup v2: `cpu.max`; v1: the `cpu` hierarchy's
`cpu.cfs_quota_us` and `cpu.cfs_period_us`), which needs root; without it the command says so
in one line. The cgroup is removed afterwards.
"""
from __future__ import annotations

import argparse
import json
import os
import pickle
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from game.core.errors import UserError
from game.core.stats import percentile

GAMES = ("roborun", "robomissions", "roborescue", "runrunrun", "roborally")
TARGET_P95_MS = 300.0
ROOT = Path(__file__).resolve().parents[2]
CGROUP_ROOT = Path("/sys/fs/cgroup")


# ------------------------------------------------------------ the jobs a play screen submits
def ai_scene(game: str):
    """A play screen where AIs decide (Robo Run: the AI partner at hard plays both seats)."""
    if game == "roborun":
        from game.roborun.ui.play_scene import PlayScene
        from game.roborun.ui.session import GameOptions

        return PlayScene(GameOptions(level_ref="1.1", partner="ai", ai_level="hard", seed=3, spectate=True,
                                     intro=False, tutorial=False))
    from game.client.bench_frames import _hook_module

    return _hook_module(game).make_busy_scene(None)


def capture_jobs(app, game: str, count: int, max_frames: int = 60 * 60) -> list[bytes]:
    """The first `count` decisions `game`'s play screen asks its AI worker for, exactly as
    submitted (pickled at once, as the worker process receives them). `app` is a headless App
    whose AI worker runs in a thread (ROBOARCADE_AI_WORKER=thread)."""
    from game.client import ai_worker

    jobs: list[bytes] = []
    submit = ai_worker.AIWorker.submit

    def record(self, fn, *args, **kwargs):
        if len(jobs) < count:
            jobs.append(pickle.dumps((fn, args, kwargs)))
        return submit(self, fn, *args, **kwargs)

    ai_worker.AIWorker.submit = record
    try:
        app.stack.push(ai_scene(game))
        for _ in range(max_frames):
            app.step(1 / 60)
            if ai_worker.thread_busy():
                time.sleep(0.001)
            if len(jobs) >= count:
                break
    finally:
        ai_worker.AIWorker.submit = submit
    return jobs


def _fresh_players(fn) -> None:
    """Forget players an AI module keeps between calls (Robo Run keeps one per seat and map), so a
    job run twice starts from the same memory both times."""
    for name in list(sys.modules):
        if name.startswith(fn.__module__.rsplit(".", 1)[0]) and hasattr(sys.modules[name], "_PLAYERS"):
            sys.modules[name]._PLAYERS.clear()


def run_job(job: bytes):
    """Answer one captured job from fresh AI memory."""
    fn, args, kwargs = pickle.loads(job)
    _fresh_players(getattr(fn, "func", fn))
    return fn(*args, **kwargs)


def choice_of(answer):
    """Robo Rally's job answers (choice, the player with its plan): compare the choice."""
    return answer[0] if isinstance(answer, tuple) and len(answer) == 2 and not hasattr(answer, "_fields") \
        else answer


# ------------------------------------------------------------ the cgroup
def make_cgroup(quota_us: int, period_us: int) -> Path:
    """A new CPU cgroup limited to quota_us per period_us; the folder to write a pid into."""
    name = f"robo-arcade-quota-{os.getpid()}"
    try:
        if "cpu" in (CGROUP_ROOT / "cgroup.controllers").read_text().split():      # v2
            try:
                (CGROUP_ROOT / "cgroup.subtree_control").write_text("+cpu")
            except OSError:
                pass                    # already on, or set by the system
            group = CGROUP_ROOT / name
            group.mkdir()
            (group / "cpu.max").write_text(f"{quota_us} {period_us}")
            return group
    except OSError:
        pass
    group = CGROUP_ROOT / "cpu" / name                                             # v1
    try:
        group.mkdir()
        (group / "cpu.cfs_period_us").write_text(str(period_us))
        (group / "cpu.cfs_quota_us").write_text(str(quota_us))
    except OSError as exc:
        remove_cgroup(group)
        raise UserError("bench quota", f"cannot make a CPU cgroup under {CGROUP_ROOT} "
                                       f"({exc.strerror or exc}); run as root on Linux") from None
    return group


def remove_cgroup(group: Path) -> None:
    try:
        group.rmdir()
    except OSError:
        pass


# ------------------------------------------------------------ the child: answer every job, timed
def answer_all(jobs_file: Path, cgroup: Path | None) -> dict:
    """{game: [[repr(choice), wall ms, cpu ms], ...]} for every job in `jobs_file`."""
    if cgroup is not None:
        (cgroup / "cgroup.procs").write_text(str(os.getpid()))
    from game.core import files

    jobs: dict[str, list[bytes]] = pickle.loads(files.read_bytes(jobs_file, 256 << 20, "bench quota job file"))
    out: dict[str, list] = {}
    for game, game_jobs in jobs.items():
        rows = []
        for job in game_jobs:
            wall, cpu = time.perf_counter(), time.process_time()
            answer = run_job(job)
            rows.append([repr(choice_of(answer)), (time.perf_counter() - wall) * 1000,
                         (time.process_time() - cpu) * 1000])
        out[game] = rows
    return out


def _child(jobs_file: Path, cgroup: Path | None) -> dict:
    command = [sys.executable, "-m", "game.client.bench_quota", "--answer", str(jobs_file)]
    if cgroup is not None:
        command += ["--cgroup", str(cgroup)]
    env = dict(os.environ, PYGAME_HIDE_SUPPORT_PROMPT="1")
    done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=3600)
    if done.returncode != 0:
        last = (done.stderr.strip().splitlines() or ["no output"])[-1]
        raise UserError("bench quota", f"the answering process failed: {last}")
    return json.loads(done.stdout)


def _summary(rows: list) -> dict:
    walls = [row[1] for row in rows]
    return {"p50_ms": round(percentile(walls, 0.5), 1), "p95_ms": round(percentile(walls, 0.95), 1),
            "max_ms": round(max(walls), 1), "cpu_p95_ms": round(percentile([row[2] for row in rows], 0.95), 1)}


def run(games: list[str], decisions: int, quota_us: int, period_us: int) -> dict:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ["ROBOARCADE_AI_WORKER"] = "thread"
    import pygame

    from game.client import ai_worker
    from game.client.app import App

    group = make_cgroup(quota_us, period_us)       # first: no capture for nothing without root
    try:
        jobs: dict[str, list[bytes]] = {}
        for game in games:
            ai_worker.shutdown()
            app = App(headless=True)
            try:
                jobs[game] = capture_jobs(app, game, decisions)
            finally:
                pygame.quit()
                ai_worker.shutdown()
        with tempfile.TemporaryDirectory() as folder:
            jobs_file = Path(folder) / "jobs.pickle"
            jobs_file.write_bytes(pickle.dumps(jobs))
            plain = _child(jobs_file, None)
            throttled = _child(jobs_file, group)
    finally:
        remove_cgroup(group)
    report: dict = {"quota": f"{quota_us}/{period_us}", "target_p95_ms": TARGET_P95_MS, "games": {}}
    for game in games:
        same = [a[0] == b[0] for a, b in zip(plain[game], throttled[game])]
        report["games"][game] = {
            "decisions": len(same), "identical": all(same) and len(same) == len(jobs[game]),
            "unthrottled": _summary(plain[game]) if plain[game] else None,
            "quota": _summary(throttled[game]) if throttled[game] else None,
        }
    report["all_identical"] = all(g["identical"] and g["decisions"] for g in report["games"].values())
    report["all_p95_under_target"] = all(g["quota"] and g["quota"]["p95_ms"] < TARGET_P95_MS
                                         for g in report["games"].values())
    return report


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="main.py bench quota", description=__doc__.splitlines()[0])
    parser.add_argument("--decisions", type=int, default=20, help="AI decisions per game (default 20)")
    parser.add_argument("--quota", default="25000/100000",
                        help="CPU microseconds per period, QUOTA/PERIOD (default 25000/100000: a quarter core)")
    parser.add_argument("--games", nargs="+", choices=GAMES, default=list(GAMES))
    parser.add_argument("--answer", type=Path, help=argparse.SUPPRESS)     # the child's job file
    parser.add_argument("--cgroup", type=Path, help=argparse.SUPPRESS)     # the child joins it first
    args = parser.parse_args(argv)
    if args.answer is not None:
        print(json.dumps(answer_all(args.answer, args.cgroup)))
        return 0
    try:
        quota_us, period_us = (int(part) for part in args.quota.split("/"))
    except ValueError:
        raise UserError("command line", f"--quota is QUOTA/PERIOD in microseconds, not '{args.quota}'") from None
    if not (1000 <= quota_us and 1000 <= period_us <= 1_000_000):
        raise UserError("command line", "--quota: each part at least 1000 microseconds, the period at most 1 s")
    if args.decisions < 1:
        raise UserError("command line", "--decisions must be at least 1")
    print(json.dumps(run(args.games, args.decisions, quota_us, period_us)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
