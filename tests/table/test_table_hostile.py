"""Hostile clients never crash the host or change the game.

While two table-bots play a Robo Rally game, other connections send random bytes, huge
frames, malformed JSON, wrong codes and tokens, out-of-turn choices and floods. Each gets
errors and, when it keeps on, a closed connection; the game still plays exactly the choices
the same AIs make without a network.
"""
from __future__ import annotations

import contextlib
import json
import os
import random
import socket
import threading
import time

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from game.table import protocol
from game.table.protocol import BadMessage, Limiter, parse_client_message
from game.table.server import TableHost
from tests.table.helpers import local_choices, run_bots, small_session, weakest_level


def _url(host: TableHost) -> str:
    return f"ws://{host.address}/"


def _replies_until_closed(conn, limit: int = 200) -> tuple[list, int | None]:
    """Every message the host sends until it closes the connection (or `limit`), and the close code."""
    seen = []
    try:
        for _ in range(limit):
            seen.append(json.loads(conn.recv(timeout=5)))
    except ConnectionClosed as exc:
        return seen, exc.rcvd.code if exc.rcvd else None
    except TimeoutError:
        pass
    return seen, None


def _codes(messages) -> list:
    return [m.get("code") for m in messages if m.get("type") == "error"]


@pytest.fixture
def table():
    session = small_session("roborally", 12, sample=0)
    host = TableHost(session, ["remote", "remote"], drop_timeout=None).start()
    yield host
    host.stop()


def test_random_bytes_and_garbage_text_get_errors_then_a_closed_connection(table):
    rng = random.Random(1)
    with connect(_url(table)) as conn:
        assert json.loads(conn.recv(timeout=5))["type"] == "table"
        for k in range(protocol.STRIKES_TO_CLOSE):
            conn.send(rng.randbytes(50) if k % 2 else "{not json" + "[" * 30)
        replies, code = _replies_until_closed(conn)
    assert set(_codes(replies)) <= {"binary", "malformed"} and len(_codes(replies)) == protocol.STRIKES_TO_CLOSE
    assert code == 1008


def test_a_huge_frame_closes_the_connection_at_once(table):
    with connect(_url(table), max_size=None) as conn:
        conn.recv(timeout=5)
        conn.send("x" * (protocol.MAX_FRAME_BYTES + 10))
        _, code = _replies_until_closed(conn)
    assert code == 1009


def test_an_oversized_message_below_the_frame_cap_is_an_error(table):
    with connect(_url(table)) as conn:
        conn.recv(timeout=5)
        conn.send(json.dumps({"type": "ping", "pad": "x" * protocol.MAX_MESSAGE_BYTES}))
        assert json.loads(conn.recv(timeout=5))["code"] == "too_big"


def test_wrong_codes_and_tokens_never_take_a_seat(table):
    with connect(_url(table)) as owner, connect(_url(table)) as thief:
        owner.recv(timeout=5)
        thief.recv(timeout=5)
        thief.send(json.dumps({"type": "join", "seat": 0, "code": "WRONG"}))
        assert json.loads(thief.recv(timeout=5))["code"] == "bad_code"
        owner.send(json.dumps({"type": "join", "seat": 0, "code": table.code}))
        welcome = json.loads(owner.recv(timeout=5))
        assert welcome["type"] == "welcome" and welcome["seat"] == 0
        thief.send(json.dumps({"type": "join", "seat": 0, "code": table.code}))
        assert json.loads(thief.recv(timeout=5))["code"] == "seat_taken"
        thief.send(json.dumps({"type": "rejoin", "seat": 0, "token": welcome["token"][:-1] + ("B" if welcome["token"].endswith("A") else "A")}))
        assert json.loads(thief.recv(timeout=5))["code"] == "bad_token"
        thief.send(json.dumps({"type": "rejoin", "seat": 7, "token": "x"}))
        assert json.loads(thief.recv(timeout=5))["code"] == "no_such_seat"
        thief.send(json.dumps({"type": "choose", "move": 0, "choice": {"kind": "pass"}}))
        assert json.loads(thief.recv(timeout=5))["code"] == "no_seat"
    assert table.seats[0].token == welcome["token"]


def test_a_flood_of_choices_is_slowed_then_closed_and_changes_nothing(table):
    with connect(_url(table)) as conn:
        conn.recv(timeout=5)
        conn.send(json.dumps({"type": "join", "seat": 1, "code": table.code}))
        conn.recv(timeout=5)                  # welcome
        conn.recv(timeout=5)                  # the first update: seat 0 decides first
        for _ in range(300):
            try:
                conn.send(json.dumps({"type": "choose", "move": 0, "choice": {"kind": "pass"}}))
            except ConnectionClosed:
                break
        replies, code = _replies_until_closed(conn)
    assert code == 1008
    assert _codes(replies) == ["not_your_turn"] * protocol.STRIKES_TO_CLOSE
    assert table.session.choices == [] and table.move == 0


def test_a_flood_of_harmless_messages_is_told_to_slow_down_then_closed():
    table = TableHost(small_session("roborally", 12, sample=0), ["remote", "remote"], drop_timeout=None,
                      rate=(2.0, 10.0)).start()         # a slow rate, so no machine is too slow to flood it
    with connect(_url(table)) as conn:
        conn.recv(timeout=5)
        for _ in range(200):
            try:
                conn.send('{"type": "ping"}')
            except ConnectionClosed:
                break
        replies, code = _replies_until_closed(conn, limit=1000)
    assert code == 1008
    table.stop()
    assert _codes(replies) == ["too_fast"] * protocol.STRIKES_TO_CLOSE
    assert sum(m["type"] == "pong" for m in replies) >= 10


def test_a_plain_tcp_client_sending_junk_leaves_the_host_serving(table):
    with socket.create_connection(("127.0.0.1", table.port), timeout=5) as sock:
        sock.sendall(os.urandom(4096))
        try:
            sock.recv(1024)
        except OSError:
            pass
    with connect(_url(table)) as conn:
        assert json.loads(conn.recv(timeout=5))["type"] == "table"


def test_hostile_clients_during_a_game_do_not_change_it():
    level = weakest_level("roborally")
    session = small_session("roborally", 5, sample=0)
    host = TableHost(session, ["remote", "remote"], drop_timeout=None).start()
    stop = threading.Event()

    def pester(seed: int) -> None:
        rng = random.Random(seed)
        while not stop.is_set():
            try:
                with connect(_url(host), open_timeout=5) as conn:
                    for _ in range(30):
                        kind = rng.randrange(5)
                        if kind == 0:
                            conn.send(rng.randbytes(rng.randrange(1, 300)))
                        elif kind == 1:
                            conn.send(json.dumps({"type": "rejoin", "seat": rng.randrange(2), "token": "guess"}))
                        elif kind == 2:
                            conn.send(json.dumps({"type": "choose", "move": rng.randrange(40),
                                                  "choice": {"kind": "card", "arg": "move3"}}))
                        elif kind == 3:
                            conn.send(json.dumps({"type": "join", "seat": rng.randrange(2), "code": "AAAAA"}))
                        else:
                            conn.send("[" * 5000)
            except (ConnectionClosed, OSError, TimeoutError):
                pass

    pests = [threading.Thread(target=pester, args=(s,), daemon=True) for s in range(2)]
    for thread in pests:
        thread.start()
    try:
        run_bots(host, [0, 1], level)
    finally:
        stop.set()
        for thread in pests:
            thread.join(10)
        host.stop()
    assert host.errors_sent > 0 and host.closed_for_abuse > 0
    assert [session.engine.choice_to_json(c) for c in session.choices] == local_choices("roborally", 5, 0, level)[0]


@pytest.mark.parametrize("raw, code", [
    (b"\x00\x01", "binary"), ("[]", "malformed"), ('{"type": "dance"}', "unknown_type"),
    ('{"type": "join", "seat": "0", "code": "A"}', "malformed"), ('{"type": "join", "seat": 0}', "malformed"),
    ('{"type": "choose", "move": true, "choice": {}}', "malformed"), ('{"type": "ping", "x": 1}', "malformed"),
    ('{"type": "rejoin", "seat": 99, "token": "t"}', "malformed"), ("1" * 80, "malformed"),
    ('{"type": "ping"}' + " " * protocol.MAX_MESSAGE_BYTES, "too_big"),
])
def test_parse_client_message_refuses_with_a_code(raw, code):
    with pytest.raises(BadMessage) as caught:
        parse_client_message(raw)
    assert caught.value.code == code


def test_the_limiter_allows_a_burst_then_the_sustained_rate():
    limiter = Limiter(rate=10, burst=5, tokens=5, stamp=0.0)
    assert [limiter.allow(0.0) for _ in range(6)] == [True] * 5 + [False]
    assert limiter.allow(0.1) and not limiter.allow(0.1)


def test_the_table_listens_only_on_the_interface_it_was_given_and_only_while_hosting():
    from game.table.discovery import lan_address

    other = lan_address()
    if other.startswith("127."):
        pytest.skip("this machine has no interface besides the loopback")
    host = TableHost(small_session("roborally", 1, sample=0), ["remote", "remote"]).start()
    port = host.port
    try:
        with pytest.raises(OSError):
            socket.create_connection((other, port), timeout=2).close()
        socket.create_connection(("127.0.0.1", port), timeout=2).close()
    finally:
        host.stop()
    with pytest.raises(OSError):
        socket.create_connection(("127.0.0.1", port), timeout=2).close()


def test_a_damaged_table_save_is_a_one_line_error(tmp_path):
    from game.core.errors import UserError
    from game.table.server import resume_table

    path = tmp_path / "roborally.json"
    path.write_text('{"format": "robo-arcade-table", "version": 1, "session": {"game": "chess"}, "seats": []}')
    with pytest.raises(UserError) as caught:
        resume_table(path)
    assert "\n" not in str(caught.value) and str(path) in str(caught.value)


def test_connections_past_the_cap_are_closed_and_the_seats_still_play(table):
    with contextlib.ExitStack() as crowd:
        conns = [crowd.enter_context(connect(_url(table))) for _ in range(protocol.MAX_CONNECTIONS)]
        for conn in conns:
            assert json.loads(conn.recv(timeout=5))["type"] == "table"
        with connect(_url(table)) as late:
            _, code = _replies_until_closed(late)
        assert code == 1013 and table.refused_connections == 1
    deadline = time.monotonic() + 5
    while table._open and time.monotonic() < deadline:
        time.sleep(0.02)
    with connect(_url(table)) as conn:
        assert json.loads(conn.recv(timeout=5))["type"] == "table"


def _saved_table(path, **changes):
    from game.core import storage

    host = TableHost(small_session("roborun", 3), ["remote", "remote"], drop_timeout=None, save_path=path)
    host._save()
    storage.wait_idle()
    data = {**json.loads(path.read_text()), **changes}
    path.write_text(json.dumps(data))
    return data


def test_a_table_save_of_another_game_is_not_opened_as_this_one(tmp_path):
    """tables/roborun.json holding a ROBOMissions table: `host roborun --resume` opened the
    ROBOMissions table (with Robo Run's words and card art)."""
    from game.core.errors import UserError
    from game.table.server import resume_table

    path = tmp_path / "roborun.json"
    _saved_table(path, session=small_session("robomissions", 3).to_json())
    with pytest.raises(UserError, match="holds a robomissions table, not a roborun one"):
        resume_table(path)


@pytest.mark.parametrize("code", ["A" * 5000, "abcde", "AB CD", "ÄBCDE"])
def test_a_saved_join_code_no_phone_could_type_is_refused(tmp_path, code):
    """A 5,000-character join code in the save reopened a table nobody could join (a phone's join
    message holds at most 15 characters, and codes are compared in capitals)."""
    from game.core.errors import UserError
    from game.table.server import resume_table

    path = tmp_path / "roborun.json"
    _saved_table(path, code=code)
    with pytest.raises(UserError, match="a join code is up to 15 capital letters and digits"):
        resume_table(path)
    assert json.loads(path.read_text())["code"] == code          # the file is left as it was


def test_a_good_table_save_still_resumes(tmp_path):
    from game.table.server import resume_table

    path = tmp_path / "roborun.json"
    saved = _saved_table(path)
    again = resume_table(path)
    assert again is not None and again.code == saved["code"] and again.session.engine.GAME_ID == "roborun"
