"""Table addresses, seats and AI levels as a player or a script types them: one that no table can
have is a one-line error (before any connection, where it can be told then), and a table-bot that
finds no table says so and ends in one line (found running `join` and `table-bot` as real
processes with hostile options)."""
import json
import socket
import threading
import time

import pytest
from websockets.sync.client import connect

from game import cli
from game.core.errors import UserError
from game.table.protocol import table_url
from game.table.server import TableHost
from tests.table.helpers import small_session


@pytest.mark.parametrize("address, url", [("127.0.0.1:8765", "ws://127.0.0.1:8765/"),
                                          ("ws://192.168.1.20:8765/", "ws://192.168.1.20:8765/"),
                                          ("[::1]:8765", "ws://[::1]:8765/"), ("pi.local:1", "ws://pi.local:1/")])
def test_a_table_address_gives_its_websocket_url(address, url):
    assert table_url(address) == url


@pytest.mark.parametrize("address", ["x:y", "127.0.0.1:99999", "127.0.0.1:0", "[::1", ":", "", "host", "host:",
                                     "127.0.0.1:-5", "a" * 300 + ":1x"])
def test_an_address_that_cannot_be_a_table_is_one_line_naming_it(address):
    with pytest.raises(UserError) as caught:
        table_url(address)
    text = str(caught.value)
    assert "not a table address" in text and "\n" not in text and text.startswith(address[:20])


def test_join_says_the_address_is_wrong_instead_of_something_answers_there():
    """`join 127.0.0.1:99999` read "something answers there, but not a Robo Arcade table"."""
    from game.client.table_screens import open_link

    with pytest.raises(UserError, match="not a table address"):
        open_link("127.0.0.1:99999")


@pytest.mark.parametrize("argv", [["--connect", "x:y", "--seat", "1"],                    # a ValueError traceback
                                  ["--connect", "127.0.0.1:1", "--seat", "1", "--timeout", "nan"]])  # retried for ever
def test_a_table_bot_with_a_bad_address_or_timeout_is_one_line(argv, capsys):
    assert cli.main(["table-bot", *argv]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("error: ") and "\n" not in err


def test_a_table_bot_that_meets_no_table_says_so_and_ends_in_one_line(capsys):
    """Something that is not a table answers (here: bytes that are no HTTP): the bot said nothing
    until its deadline, then printed websockets' InvalidMessage traceback."""
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen()
    server.settimeout(5)
    port = server.getsockname()[1]

    def answer_junk():
        try:
            while True:
                conn, _ = server.accept()
                conn.sendall(b"not a table\r\n\r\n")
                conn.close()
        except OSError:
            pass

    thread = threading.Thread(target=answer_junk, daemon=True)
    thread.start()
    try:
        # 3 s, not 1: on a loaded machine the first refusal can come after a 1 s deadline, and
        # the bot then (rightly) gives up without saying it will try again
        assert cli.main(["table-bot", "--connect", f"127.0.0.1:{port}", "--seat", "1", "--timeout", "3"]) == 2
    finally:
        server.close()
    lines = capsys.readouterr().err.strip().splitlines()
    assert lines[0].startswith(f"no table answers at 127.0.0.1:{port} yet")
    assert len(lines) == 2 and lines[1].startswith(f"127.0.0.1:{port}: cannot play seat 1")


@pytest.mark.parametrize("argv, words", [
    (["--clients", "-1"], "--clients must be 1 to 6"),                # multiprocessing's ValueError traceback
    (["--clients", "100000"], "--clients must be 1 to 6"),            # began spawning a pool of 100,000 processes
    (["--timeout", "nan"], "--timeout 0 to 86400 s"),
    (["--game", "chess"], "unknown game 'chess'"),                    # a KeyError traceback from a pool worker
])
def test_bench_table_refuses_bad_options_before_any_process_starts(argv, words, capsys):
    assert cli.main(["bench", "table", *argv]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("error: ") and words in err and "\n" not in err


@pytest.mark.parametrize("seat", ["0", "-1", "7", "99999999999999999999999"])
def test_join_refuses_a_seat_no_table_has_in_one_line(seat):
    """`join ADDRESS --seat 99` opened the join screen on 'join.seat is out of range'."""
    from game.client.table_commands import join_main

    with pytest.raises(UserError, match=r"--seat must be from 1 to 6"):
        join_main(["127.0.0.1:1", "--seat", seat])


@pytest.fixture
def two_seat_table():
    host = TableHost(small_session("roborally", 12, sample=0), ["remote", "remote"], drop_timeout=None).start()
    yield host
    host.stop()


def test_the_host_says_seats_from_1_as_every_screen_does(two_seat_table):
    """A join for the third seat of a two-seat table read 'seats are 0-1' while the join screen,
    the phones and --seat number seats from 1."""
    with connect(f"ws://{two_seat_table.address}/") as conn:
        conn.recv(timeout=5)
        conn.send(json.dumps({"type": "join", "seat": 2, "code": two_seat_table.code}))
        refused = json.loads(conn.recv(timeout=5))
    assert refused["code"] == "no_such_seat"
    assert refused["message"] == "this table has no seat 3 (its seats are 1-2)"


@pytest.mark.parametrize("argv, words", [
    (["--seat", "7"], "--seat is a seat index from 0 to 5"),    # waited out its --timeout, then 'timed out'
    (["--seat", "1", "--ai", "nope"], "unknown AI level 'nope'"),  # a ValueError traceback once at the table
])
def test_a_table_bot_with_a_seat_or_level_no_table_has_ends_in_one_line(two_seat_table, argv, words, capsys):
    started = time.monotonic()
    assert cli.main(["table-bot", "--connect", two_seat_table.address, "--code", two_seat_table.code,
                     "--timeout", "20", *argv]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("error: ") and words in err and "\n" not in err
    assert time.monotonic() - started < 10


def test_a_handshake_that_trips_websockets_own_assertion_is_a_refused_connection(monkeypatch):
    """Under load, a junk answer raced the websockets sync client's reader thread and its
    internal 'assert self.close_deadline is None' escaped the bot as a traceback (seen in
    make test); the bot treats it as a connection that did not open, and says so in one line."""
    from game.table import bot

    def tripping(url, **options):
        raise AssertionError
    with pytest.raises(EOFError, match="handshake"):
        bot._open(tripping, "ws://127.0.0.1:1/")
