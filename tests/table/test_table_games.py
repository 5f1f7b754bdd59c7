"""Whole games over the loopback: a host on 127.0.0.1, a table-bot in every remote seat.

Each game is the engine's small sample set-up with the game's weakest AI, so a game takes
about a second. The strongest check is determinism: the bots see only their wire views,
yet the table plays exactly the choices the same AI players make without a network.
"""
from __future__ import annotations

import time

import pytest

from game import catalog
from game.table.server import TableHost, resume_table, table_save_path
from tests.table.helpers import local_choices, run_bots, small_session, weakest_level

GAMES = [entry.id for entry, _ in catalog.available_engines()]


def _json_choices(session) -> list:
    return [session.engine.choice_to_json(c) for c in session.choices]


@pytest.mark.parametrize("game_id", GAMES)
def test_a_whole_game_with_a_table_bot_in_every_seat_plays_as_it_would_locally(game_id):
    level = weakest_level(game_id)
    session = small_session(game_id, 7, sample=-1)
    seats = session.engine.seat_count(session.state)
    host = TableHost(session, ["remote"] * seats).start()
    try:
        reports = run_bots(host, list(range(seats)), level)
    finally:
        host.stop()
    expected_choices, expected_result = local_choices(game_id, 7, -1, level)
    assert session.is_over()
    assert _json_choices(session) == expected_choices
    assert all(r.result == expected_result.to_json() for r in reports)
    assert sum(r.choices for r in reports) == len(expected_choices)
    assert not any(r.errors for r in reports)


def test_a_seat_that_drops_mid_game_rejoins_with_its_token_and_the_game_is_unchanged():
    level = weakest_level("roborally")
    session = small_session("roborally", 3, sample=-1)
    host = TableHost(session, ["remote"] * 4, drop_timeout=30.0).start()
    try:
        reports = run_bots(host, [0, 1, 2, 3], level, {1: {"drop_after": 4, "away": 0.3}})
    finally:
        host.stop()
    assert reports[1].rejoins == 1
    assert _json_choices(session) == local_choices("roborally", 3, -1, level)[0]


def test_the_ai_plays_a_dropped_seat_after_the_timeout_until_its_player_returns():
    level = weakest_level("roborally")
    session = small_session("roborally", 4, sample=0)
    host = TableHost(session, ["remote", "remote"], drop_timeout=0.2).start()
    try:
        reports = run_bots(host, [0, 1], level, {0: {"drop_after": 2, "away": 1.5}})
    finally:
        host.stop()
    assert session.is_over() and reports[0].rejoins == 1 and reports[0].result is not None
    # seat 0's bot made fewer choices than seat 0 had decisions: the AI covered the gap
    assert reports[0].choices + reports[1].choices < len(session.choices)


def test_a_host_that_crashes_resumes_from_its_save_and_the_bots_rejoin():
    level = weakest_level("roborally")
    session = small_session("roborally", 9, sample=0)
    path = table_save_path("roborally")
    host = TableHost(session, ["remote", "remote"], save_path=path).start()
    port = host.port
    import threading
    outcome: dict = {}
    runner = threading.Thread(target=lambda: outcome.setdefault("reports", run_bots(host, [0, 1], level)))
    runner.start()
    deadline = time.monotonic() + 30
    while len(session.choices) < 12 and time.monotonic() < deadline:
        time.sleep(0.005)
    host.stop()                                   # the host goes away mid-game
    saved = _json_choices(session)
    again = resume_table(path, port=port)
    assert again is not None
    played = _json_choices(again.session)
    assert played == saved[:len(played)] and len(played) >= 12
    again.start()
    try:
        runner.join(60)
    finally:
        again.stop()
    reports = outcome["reports"]
    assert again.session.is_over()
    assert _json_choices(again.session)[:len(played)] == played
    assert all(r.rejoins >= 1 and r.result is not None for r in reports)
    assert not path.exists(), "a finished table leaves no save behind"


def test_an_unclaimed_seat_waits_until_the_host_hands_it_to_the_ai_and_back_to_a_late_player():
    level = weakest_level("roborally")
    session = small_session("roborally", 6, sample=0)
    host = TableHost(session, ["remote", "remote"], drop_timeout=0.1).start()
    try:
        time.sleep(0.5)
        assert host.move == 0, "nobody plays a seat no player has claimed"
        host.hand_over(0, "ai")
        deadline = time.monotonic() + 20
        while host.move < 3 and time.monotonic() < deadline:
            if session.current_seat() == 1 and host.seats[1].kind == "remote":
                host.hand_over(1, "ai")
            time.sleep(0.01)
        host.hand_over(0, "remote")             # a late player may now claim seat 0
        host.hand_over(1, "remote")
        reports = run_bots(host, [0, 1], level)
    finally:
        host.stop()
    assert session.is_over() and all(r.result is not None for r in reports)
    assert reports[0].choices + reports[1].choices < len(session.choices)
