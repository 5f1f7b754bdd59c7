"""The table in its own process (as `main.py host` runs it): summary, spectating, hand-over, stop."""
from __future__ import annotations

import time

from game.table.process import TableProcess
from tests.table.helpers import local_choices, run_bots, small_session, weakest_level


def test_a_table_process_plays_a_game_that_a_spectator_replays_exactly():
    level = weakest_level("roborally")
    session = small_session("roborally", 8, sample=0)
    host = TableProcess("roborally", session=session, seats=["remote", "remote"], drop_timeout=None).start()
    try:
        replica, feed = host.spectate()
        assert host.summary()["move"] == 0 and host.code
        reports = run_bots(host, [0, 1], level)
        deadline = time.monotonic() + 20
        while not replica.is_over() and time.monotonic() < deadline:
            if not feed.empty():
                replica.apply(feed.get_nowait())
            else:
                time.sleep(0.01)
        assert replica.is_over() and host.summary()["over"]
    finally:
        host.stop()
    played = [replica.engine.choice_to_json(c) for c in replica.choices]
    assert played == local_choices("roborally", 8, 0, level)[0]
    assert all(r.result is not None for r in reports)
    assert host.stopped["errors"] == 0 and host.stopped["cpu"] > 0


def test_a_seat_handed_to_the_ai_in_the_process_plays_on():
    session = small_session("roborally", 9, sample=0)
    host = TableProcess("roborally", session=session, seats=["remote", "ai"], ai_level="random").start()
    try:
        time.sleep(0.3)
        assert host.summary()["move"] == 0
        host.hand_over(0, "ai")
        deadline = time.monotonic() + 30
        while not host.summary()["over"] and time.monotonic() < deadline:
            time.sleep(0.05)
        assert host.summary()["over"]
    finally:
        host.stop()
