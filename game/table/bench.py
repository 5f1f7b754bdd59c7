"""`python main.py bench table --clients 6 --game roborally`: what a table costs, as JSON.

A host on 127.0.0.1 with a table-bot in every seat, each bot in its own process (so the
bots' AI does not share the host's interpreter lock); the table runs in a process of its
own as `host` runs it (`--in-process`: on a thread of the window's process instead). While they play whole games, a
stand-in for the host's window runs a 60 Hz frame loop with `--frame-work` ms of work per
frame in the host's process and counts frames that started late by more than half a frame.
Reported: choice-to-update latency p50/p95/max in ms (a bot sends a choice, the host
checks and applies it and sends the seat its next update), and the host's missed frames
(goal p95 <= 50 ms and 0 missed frames), next to the same frame loop's missed frames with
no table before (`baseline_*`) and in a process of its own during the games (`control_*`),
since a busy machine misses frames of its own. `--hostile N` adds N connections that send junk.
"""
from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import random
import statistics
import threading
import time

from game.core.errors import UserError
from game.table.process import TableProcess
from game.table.protocol import MAX_CONNECTIONS
from game.table.server import TableHost
from game.table.setup import add_game_options, table_session

FRAME = 1 / 60


def _bot(address: str, seat: int, level: str, code: str, timeout: float) -> list[float]:
    from game.table.bot import play_seat

    return play_seat(address, seat, level, code=code, timeout=timeout).latencies


def _stand_aside(nice: int) -> None:
    """A bot process stands for a phone, which on a real table has a CPU of its own: `--bot-nice`
    runs it at a lower priority, so its AI and JSON decoding take less of the host's CPU."""
    if nice > 0 and hasattr(os, "nice"):
        os.nice(nice)


def _warm(game_id: str) -> None:
    """Import everything a bot needs before anything is timed."""
    from game import catalog
    from game.table import bot  # noqa: F401

    entry = catalog.BY_ID[game_id]
    catalog.load(entry.rules), catalog.load(entry.ai)


def _pest(address: str, stop: threading.Event, seed: int) -> None:
    from websockets.sync.client import connect

    rng = random.Random(seed)
    while not stop.is_set():
        try:
            with connect(f"ws://{address}/", open_timeout=5) as conn:
                for _ in range(50):
                    conn.send(rng.randbytes(rng.randrange(1, 200)) if rng.random() < 0.5
                              else json.dumps({"type": "choose", "move": 0, "choice": {"kind": "pass"}}))
                    time.sleep(0.002)
        except Exception:           # noqa: BLE001 - closed for abuse, as it should be
            time.sleep(0.01)


class FrameLoop(threading.Thread):
    """A fixed 60 Hz loop doing `work` seconds of Python per frame; counts late frames."""

    def __init__(self, work: float) -> None:
        super().__init__(daemon=True, name="bench-frames")
        self.work, self.frames, self.missed, self.worst = work, 0, 0, 0.0
        self.running = True

    def run(self) -> None:
        start = time.perf_counter()
        while self.running:
            due = start + self.frames * FRAME
            late = time.perf_counter() - due
            self.worst = max(self.worst, late)
            if late > FRAME / 2:
                self.missed += 1
                start += late            # a missed frame is counted once, not again for every frame after it
            end = time.perf_counter() + self.work
            while time.perf_counter() < end:
                pass
            self.frames += 1
            pause = start + self.frames * FRAME - time.perf_counter()
            if pause > 0:
                time.sleep(pause)


def _control(work: float, stop, results) -> None:
    """The same frame loop in a process with no table, at the same time: what the machine's own
    load costs a window while the table plays (a loaded machine misses frames of its own)."""
    loop = FrameLoop(work)
    loop.start()
    stop.wait()
    loop.running = False
    loop.join()
    results.put((loop.frames, loop.missed, loop.worst))


def _percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="main.py bench table", description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="roborally")
    parser.add_argument("--clients", type=int, default=6, help="remote seats, each a table-bot process")
    parser.add_argument("--games", type=int, default=1)
    parser.add_argument("--ai", default="random", help="the bots' AI level (random: the table, not the AI, is measured)")
    parser.add_argument("--frame-work", type=float, default=4.0, metavar="MS", help="work per frame of the stand-in window")
    parser.add_argument("--hostile", type=int, default=0, metavar="N", help="connections sending junk meanwhile")
    parser.add_argument("--timeout", type=float, default=300.0)
    parser.add_argument("--in-process", action="store_true",
                        help="the table on a thread of the window's process (default: its own process, as `host` runs it)")
    parser.add_argument("--baseline", type=float, default=3.0, metavar="S",
                        help="seconds of the frame loop alone first, to show the machine's own missed frames")
    parser.add_argument("--bot-nice", type=int, default=0, metavar="N",
                        help="lower the bot processes' priority (they stand for phones, which have CPUs of their "
                             "own; on a loaded machine a niced bot wakes late, which the latency then counts)")
    parser.add_argument("--table-nice", type=int, default=0, metavar="N", help="niceness of the table process")
    add_game_options(parser)
    args = parser.parse_args(argv)
    if not 1 <= args.clients <= 6 or args.games < 1 or not 0 < args.timeout <= 86400 or \
            not 0 <= args.hostile <= MAX_CONNECTIONS or not 0 <= args.baseline <= 3600 or not 0 <= args.frame_work <= 1000:
        raise UserError("command line", "--clients must be 1 to 6 (a table has at most 6 seats), --games at least 1, "
                        f"--timeout 0 to 86400 s, --hostile 0 to {MAX_CONNECTIONS}, --baseline 0 to 3600 s, "
                        "--frame-work 0 to 1000 ms")
    if args.players is None:
        args.players = args.clients
    table_session(args.game, args)      # an unknown game or a bad set-up is one line before any process starts
    latencies: list[float] = []
    context = multiprocessing.get_context("spawn")
    errors = closed = opening_missed = 0
    table_cpu = 0.0
    with context.Pool(args.clients, initializer=_stand_aside, initargs=(args.bot_nice,)) as pool:
        pool.map(_warm, [args.game] * args.clients)          # imports done before anything is timed
        baseline = FrameLoop(args.frame_work / 1000)         # the same frame loop with no table: the machine's own noise
        baseline.start()
        time.sleep(args.baseline)
        baseline.running = False
        baseline.join()
        frames = FrameLoop(args.frame_work / 1000)
        control_stop, control_results = context.Event(), context.Queue()
        control = context.Process(target=_control, args=(args.frame_work / 1000, control_stop, control_results),
                                  daemon=True, name="bench-control")
        control.start()
        frames.start()
        began = time.perf_counter()
        for game in range(args.games):
            if args.seed is None:
                args.seed = 1
            session = table_session(args.game, args)
            seats = session.engine.seat_count(session.state)
            missed_before = frames.missed
            if args.in_process:
                host = TableHost(session, ["remote"] * seats, drop_timeout=None).start()
            else:
                host = TableProcess(args.game, session=session, seats=["remote"] * seats, drop_timeout=None,
                                    nice=args.table_nice).start()
            opening_missed += frames.missed - missed_before
            stop = threading.Event()
            pests = [threading.Thread(target=_pest, args=(host.address, stop, k), daemon=True) for k in range(args.hostile)]
            for pest in pests:
                pest.start()
            try:
                jobs = [pool.apply_async(_bot, (host.address, s, args.ai, host.code, args.timeout)) for s in range(seats)]
                for job in jobs:
                    latencies += job.get(args.timeout + 30)
            finally:
                stop.set()
                for pest in pests:
                    pest.join(10)
                host.stop()
            report = ({"cpu": host.cpu_seconds, "errors": host.errors_sent, "closed": host.closed_for_abuse}
                      if args.in_process else host.stopped)
            errors, closed = errors + report.get("errors", 0), closed + report.get("closed", 0)
            table_cpu += report.get("cpu", 0.0)
            args.seed += 1
        frames.running = False
        frames.join()
        control_stop.set()
        control_frames, control_missed, control_worst = control_results.get(timeout=30)
        control.join(10)
        seconds = time.perf_counter() - began
    ms = [1000 * x for x in latencies]
    print(json.dumps({
        "game": args.game, "clients": args.clients, "table": "thread" if args.in_process else "process", "games": args.games, "choices": len(ms),
        "choice_to_update_ms": {"p50": round(_percentile(ms, 0.5), 2), "p95": round(_percentile(ms, 0.95), 2),
                                "max": round(max(ms, default=0.0), 2),
                                "mean": round(statistics.fmean(ms), 2) if ms else 0.0},
        "host_frames": {"frames": frames.frames, "missed": frames.missed, "missed_opening": opening_missed, "worst_late_ms": round(1000 * frames.worst, 2),
                        "frame_work_ms": args.frame_work, "baseline_frames": baseline.frames,
                        "baseline_missed": baseline.missed, "baseline_worst_late_ms": round(1000 * baseline.worst, 2),
                        "control_frames": control_frames, "control_missed": control_missed,
                        "control_worst_late_ms": round(1000 * control_worst, 2)},
        "table_thread_cpu_ms_per_choice": round(1000 * table_cpu / max(1, len(ms)), 2),
        "hostile": {"connections": args.hostile, "errors_sent": errors, "closed_for_abuse": closed},
        "seconds": round(seconds, 2),
    }))
    return 0
