"""How the host sends updates after a choice: the seat that chose and the seat that decides next
first, everybody else's built on the loop's next turn (bench table: choice-to-update latency)."""
from __future__ import annotations

import asyncio
import json
import threading

from game.table.server import Client, TableHost
from tests.table.helpers import small_session


class _Loop:
    """Stands in for the table's event loop: keeps what was put off for its next turn."""

    def __init__(self) -> None:
        self.later: list = []

    def call_soon(self, callback, *args) -> None:
        self.later.append((callback, args))

    def run_later(self) -> None:
        later, self.later = self.later, []
        for callback, args in later:
            callback(*args)


def _seated_host() -> tuple[TableHost, list[Client]]:
    session = small_session("roborally", 4, sample=0)
    host = TableHost(session, ["remote"] * session.engine.seat_count(session.state), drop_timeout=None)
    host._loop, host._wake = _Loop(), threading.Event()
    clients = []
    for seat in host.seats:
        client = Client(conn=None, outbox=asyncio.Queue(1000), seat=seat.index)
        seat.client = client
        clients.append(client)
    return host, clients


def _moves(client: Client) -> list[int]:
    out = []
    while not client.outbox.empty():
        message = json.loads(client.outbox.get_nowait())
        if message["type"] == "update":
            out.append(message["move"])
    return out


def test_the_seat_that_chose_and_the_next_decider_hear_before_the_others_are_built():
    host, clients = _seated_host()
    chooser = host.engine.current_seat(host.session.state)
    choice = host.session.legal_choices()[0]
    assert host._choose(chooser, 0, host.engine.choice_to_json(choice)) is None
    after = host.engine.current_seat(host.session.state)
    first = {chooser, after}
    assert [_moves(c) for c in clients] == [[1] if i in first else [] for i in range(len(clients))]
    host._loop.run_later()                    # the loop's next turn: the other seats' updates
    assert [_moves(c) for c in clients] == [[] if i in first else [1] for i in range(len(clients))]


def test_every_seat_hears_every_move_once_and_in_order():
    host, clients = _seated_host()
    heard: list[list[int]] = [[] for _ in clients]
    for move in range(12):
        seat = host.engine.current_seat(host.session.state)
        assert host._choose(seat, move, host.engine.choice_to_json(host.session.legal_choices()[0])) is None
        host._loop.run_later()
        for i, client in enumerate(clients):
            heard[i] += _moves(client)
    assert heard == [list(range(1, 13))] * len(clients)
