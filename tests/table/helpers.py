"""Shared set-up of the table tests: a host on 127.0.0.1 and table-bots in threads, all bounded in time."""
from __future__ import annotations

import random
import threading

from game import catalog
from game.core.engine import play_out
from game.core.session import GameSession, engine_module
from game.table.bot import play_seat
from game.table.server import TableHost

BOT_TIMEOUT = 90.0          # seconds a bot waits for its game to end; the tests' safety net


def small_session(game_id: str, seed: int, sample: int = 0) -> GameSession:
    entry = catalog.BY_ID[game_id]
    _label, config = catalog.load(entry.samples)()[sample]
    return GameSession.start(engine_module(entry.rules), config, seed)


def played_at_random(session: GameSession, seed: int, moves: int) -> GameSession:
    """`session` after up to `moves` random legal choices drawn from `seed` (fewer if it ends)."""
    rng = random.Random(seed)
    for _ in range(moves):
        if session.is_over():
            break
        session.apply(rng.choice(session.legal_choices()))
    return session


def weakest_level(game_id: str) -> str:
    return catalog.BY_ID[game_id].levels[0]


def local_choices(game_id: str, seed: int, sample: int, level: str) -> tuple[list, object]:
    """The same game played without a network by the same AI players: (choice JSON list, result)."""
    entry = catalog.BY_ID[game_id]
    session = small_session(game_id, seed, sample)
    rules = session.engine
    make = catalog.load(entry.ai)
    players = [make(level, 0 * 101 + s) for s in range(rules.seat_count(session.state))]
    out = play_out(rules, session.state, players, cap=5000)
    return out.choices, rules.result(out.state)


def run_bots(host: TableHost, seats: list[int], level: str, per_seat: dict | None = None) -> list:
    """A table-bot per seat, each in a thread; returns their reports (an exception is re-raised)."""
    reports: list = [None] * len(seats)
    failures: list = []

    def play(i: int, seat: int) -> None:
        try:
            reports[i] = play_seat(host.address, seat, level, code=host.code, timeout=BOT_TIMEOUT,
                                   **(per_seat or {}).get(seat, {}))
        except BaseException as exc:        # noqa: BLE001 - handed to the test thread
            failures.append(exc)

    threads = [threading.Thread(target=play, args=(i, s), daemon=True) for i, s in enumerate(seats)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(BOT_TIMEOUT + 10)
    if failures and not hasattr(host, "session"):
        raise failures[0]
    if failures:
        state = host.session
        raise AssertionError(f"a bot failed: {failures[0]!r}; the table is at move {host.move}, seat "
                             f"{state.current_seat()} decides, over={state.is_over()}, seats {host.seat_status()}, "
                             f"errors sent {host.errors_sent}, the last {host.last_error}") from failures[0]
    return reports
