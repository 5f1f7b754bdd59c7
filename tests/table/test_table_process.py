"""The table in its own process (as `main.py host` runs it): summary, spectating, hand-over, stop."""
from __future__ import annotations

import time

from game.table.process import TableProcess
from tests.table.helpers import local_choices, run_bots, small_session, weakest_level


def _replay_until_over(replica, feed, seconds: float = 20.0) -> None:
    """Apply the spectator feed's choices to `replica` until its game ends (or time runs out)."""
    deadline = time.monotonic() + seconds
    while not replica.is_over() and time.monotonic() < deadline:
        if not feed.empty():
            replica.apply(feed.get_nowait())
        else:
            time.sleep(0.01)


def test_a_table_process_plays_a_game_that_a_spectator_replays_exactly():
    level = weakest_level("roborally")
    session = small_session("roborally", 8, sample=0)
    host = TableProcess("roborally", session=session, seats=["remote", "remote"], drop_timeout=None).start()
    try:
        replica, feed = host.spectate()
        assert host.summary()["move"] == 0 and host.code
        reports = run_bots(host, [0, 1], level)
        _replay_until_over(replica, feed)
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


def test_a_host_process_killed_mid_game_resumes_from_its_save_and_the_bots_rejoin(tmp_path):
    import json
    import os
    import signal
    import threading

    from game.core.session import GameSession
    from game.table.server import table_save_path

    level = weakest_level("roborally")
    session = small_session("roborally", 10, sample=0)
    path = table_save_path("roborally")
    host = TableProcess("roborally", session=session, seats=["remote", "remote"], save_path=path,
                        drop_timeout=None).start()
    outcome: dict = {}
    runner = threading.Thread(target=lambda: outcome.setdefault("reports", run_bots(host, [0, 1], level)))
    runner.start()
    def saved_choices() -> int:
        try:
            return len(GameSession.from_json(json.loads(path.read_text())["session"], session.engine, "save")[0].choices)
        except (OSError, ValueError, KeyError):       # not written yet, or caught mid-replace on another OS
            return 0

    # saves are written off the table's loop: on a loaded machine the file lags the game by a few moves
    # (it did not exist yet when the host reached move 15 once), so the crash waits for a save too
    deadline = time.monotonic() + 30
    while (host.summary()["move"] < 15 or saved_choices() < 5) and time.monotonic() < deadline:
        time.sleep(0.01)
    os.kill(host.process.pid, signal.SIGKILL)          # the host crashes: no goodbye, no last save
    host.process.join(5)
    assert saved_choices() >= 5, "the save kept up with the game"
    again = TableProcess("roborally", resume=path, port=host.port, drop_timeout=None).start()
    try:
        runner.join(60)
        deadline = time.monotonic() + 15         # the process reports its state a moment after the bots see the end
        while not again.summary()["over"] and time.monotonic() < deadline:
            time.sleep(0.05)
        assert again.summary()["over"], (outcome, again.summary())
    finally:
        again.stop()
    reports = outcome["reports"]
    assert all(r.rejoins >= 1 and r.result is not None for r in reports)


def test_opening_the_board_again_replaces_the_last_spectator_and_replays_each_choice_once():
    """The lobby's P opens the TV board again: the new board's copy gets every later choice once
    (two spectators' queues in the child used to send each choice twice to the new board)."""
    level = weakest_level("roborally")
    session = small_session("roborally", 8, sample=0)
    host = TableProcess("roborally", session=session, seats=["remote", "remote"], drop_timeout=None).start()
    try:
        host.spectate()
        replica, feed = host.spectate()
        assert len(host.feeds) == 1
        run_bots(host, [0, 1], level)
        _replay_until_over(replica, feed)
        time.sleep(0.2)
        assert replica.is_over() and feed.empty()
    finally:
        host.stop()
    played = [replica.engine.choice_to_json(c) for c in replica.choices]
    assert played == local_choices("roborally", 8, 0, level)[0]


def test_a_table_whose_window_process_is_killed_stops_quietly(capfd):
    """`python main.py host ... --no-window` killed with SIGTERM: the table's process found its
    pipe closed and printed a BrokenPipeError traceback; now it stops its table and ends, silent."""
    session = small_session("roborally", 11, sample=0)
    host = TableProcess("roborally", session=session, seats=["remote", "ai"], drop_timeout=None).start()
    child = host.process
    host.conn.close()                 # what the killed window leaves behind: the other end closed
    child.join(15)
    assert child.exitcode == 0
    assert "Traceback" not in capfd.readouterr().err


def test_a_damaged_table_save_is_one_line_naming_the_file_once(tmp_path):
    """`host roborally --resume` with a damaged save read 'error: table: PATH: PATH line 1: not
    UTF-8 text ...': the table process's error kept its place and problem only as text."""
    from game.core.errors import UserError

    path = tmp_path / "roborally.json"
    path.write_bytes(b"\xff{}")
    try:
        TableProcess("roborally", resume=path, bind="127.0.0.1", port=0).start()
    except UserError as exc:
        text = str(exc)
    else:
        raise AssertionError("a damaged save opened a table")
    assert text.startswith(f"{path} line 1: not UTF-8 text") and text.count(str(path)) == 1, text
