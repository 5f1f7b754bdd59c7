"""The host's table screen and the join screen, headless, against a real table on 127.0.0.1."""
from __future__ import annotations

import time

import pygame
import pytest

from game import cli
from game.client import input as inp
from game.client import widgets
from game.client.app import App
from game.client.input import Action
from game.client.table_screens import HostTableScene, JoinTableScene, TableLink, choice_label, qr_surface
from game.table.server import TableHost
from tests.table.helpers import small_session


@pytest.fixture()
def app():
    widgets.font.cache_clear()
    widgets.render_text.cache_clear()
    yield App(headless=True)
    pygame.quit()


@pytest.fixture()
def table():
    host = TableHost(small_session("roborally", 3, sample=0), ["remote", "ai"], drop_timeout=None).start()
    yield host
    host.stop()


def _frames_until(app: App, predicate, seconds: float = 10.0) -> None:
    deadline = time.monotonic() + seconds
    while not predicate():
        assert time.monotonic() < deadline, "timed out"
        app.step(1 / 60)
        time.sleep(0.01)


def test_the_host_screen_shows_the_code_and_hands_a_seat_to_the_ai(app, table):
    scene = HostTableScene(table, table.join_url(), advertised=False)
    app.stack.push(scene)
    app.step(1 / 60)
    assert table.move == 0, "the open seat waits for its player"
    app.post(Action("confirm"))                       # seat 1: phone -> AI
    _frames_until(app, lambda: table.move > 0 and scene.summary["move"] > 0)
    assert scene.summary["seats"][0]["kind"] == "ai"


def test_the_join_screen_plays_its_seats_choices(app, table):
    link = TableLink(table.address)
    scene = JoinTableScene(link, seat=0, code=table.code, token="")
    app.stack.push(scene)
    _frames_until(app, lambda: scene.screen is not None and scene.screen.asking() and table.seats[0].client is not None)
    assert type(scene.screen).__name__ == "JoinedRaceScene", "a Robo Rally seat plays on the race screen"
    before = table.move
    app.post(Action("confirm"))
    _frames_until(app, lambda: table.move > before)
    assert scene.seat == 0 and scene.token == table.seats[0].token


def test_a_qr_code_is_drawn_with_its_quiet_zone():
    surface = qr_surface("http://192.168.1.2:8765/?code=ABCDE", 300)
    assert surface.get_width() == surface.get_height() <= 300
    assert surface.get_at((2, 2))[:3] == (255, 255, 255)
    corner = surface.get_width() // (25 + 8) * 4       # the finder pattern starts after 4 quiet modules
    assert surface.get_at((corner + 1, corner + 1))[:3] == (0, 0, 0)


def test_choice_labels_read_as_words():
    assert choice_label({"kind": "card", "arg": "move2"}) == "Program Move 2"
    assert choice_label({"kind": "buy", "arg": 1}, {"shop": ["recharge", "rear_laser"]}) == "Buy Rear laser"
    assert choice_label({"type": "EndTurn"}) == "End Turn"
    assert choice_label({"kind": "no_beep", "args": []}) == "No beep"
    assert choice_label({"type": "Play", "card": 38}) == "Play: 38"


@pytest.mark.parametrize("argv", [["host", "--help"], ["join", "--help"], ["table-bot", "--help"], ["bench", "table", "--help"]])
def test_the_table_commands_have_normal_help(argv, capsys):
    assert cli.main(argv) == 0
    assert capsys.readouterr().out.startswith("usage: main.py")


def test_host_without_a_game_is_a_one_line_error(capsys):
    assert cli.main(["host"]) == 2
    assert capsys.readouterr().err.count("\n") == 1


def test_the_tv_shows_the_robo_rally_board_replaying_the_tables_choices(app):
    host = TableHost(small_session("roborally", 3, sample=0), ["ai", "ai"], ai_level="random").start()
    try:
        lobby = HostTableScene(host, host.join_url(), advertised=False)
        app.stack.push(lobby)
        _frames_until(app, lambda: app.stack.top is not lobby, seconds=20)   # the board replaces the lobby
        board = app.stack.top
        _frames_until(app, lambda: len(board.session.choices) >= 6, seconds=30)
        assert [c for c in board.session.choices] == host.session.choices[:len(board.session.choices)]
        assert "phone" in board.seat_label(0) or "table" in board.seat_label(0)
        app.post(Action("back"))
        app.step(1 / 60)
        assert app.stack.top is lobby, "Esc on the board goes back to the join code"
    finally:
        host.stop()


def test_game_select_hosts_a_table_of_the_focused_game_and_closing_it_stops_the_table(app, monkeypatch):
    from game.client import table_screens
    from game.client.menus import GameSelectScene
    from game.client.table_menus import HostSetupScene
    from game.table import discovery

    monkeypatch.setattr(discovery, "lan_address", lambda: "127.0.0.1")
    picker = GameSelectScene()
    app.stack.push(picker)
    picker.focus = [g.id for g in table_screens.load("game.catalog:GAMES")].index("roborally")
    app.post(Action("menu"))
    app.step(1 / 60)
    setup = app.stack.top
    assert isinstance(setup, HostSetupScene) and setup.games[setup.game].id == "roborally"
    setup.menu.focus = [item.label for item in setup.menu.items].index("Open the table")
    app.post(Action("confirm"))
    for _ in range(3):                       # "Opening the table..." is drawn first
        app.step(1 / 60)
    lobby = app.stack.top
    assert isinstance(lobby, HostTableScene) and lobby.host.engine.GAME_ID == "roborally"
    assert lobby.host.process.is_alive()
    process = lobby.host.process
    app.post(Action("back"))
    app.step(1 / 60)
    assert app.stack.top is setup and not process.is_alive()
    app.post(Action("back"))
    app.step(1 / 60)
    assert app.stack.top is picker


def test_a_local_seat_is_claimed_at_once_played_at_the_host_screen_and_kept_after_back(app):
    """`host --seats local,ai`: the host's window plays seat 1 (before, nothing played a local
    seat and the game waited forever). The seat is the window's from the start - no phone can
    take it - and Back to the lobby then P rejoins it with its token."""
    host = TableHost(small_session("roborally", 3, sample=0), ["remote", "ai"], drop_timeout=None).start()
    try:
        lobby = HostTableScene(host, host.join_url(), advertised=False, local_seat=0)
        app.stack.push(lobby)
        _frames_until(app, lambda: host.seats[0].client is not None)
        assert host.seats[0].token and lobby.local_scene is not None
        phone = TableLink(host.address)
        phone.send({"type": "join", "seat": 0, "code": host.code})
        reply = phone.inbox.get(timeout=5)
        while reply.get("type") == "table":
            reply = phone.inbox.get(timeout=5)
        assert reply["type"] == "error" and reply["code"] == "seat_taken"
        phone.close()
        _frames_until(app, lambda: app.stack.top is lobby.local_scene)   # it decides first: its seat screen opens
        seat_screen = app.stack.top
        _frames_until(app, lambda: seat_screen.screen is not None and seat_screen.screen.asking())
        # Esc's hint says where it goes: "Leave the table" read as closing the table for everyone
        assert (inp.BACK, "Back to the lobby") in seat_screen.hints()
        before = host.move
        app.post(Action("confirm"))
        _frames_until(app, lambda: host.move > before)
        app.post(Action("back"))
        app.step(1 / 60)
        assert app.stack.top is lobby and lobby.local_token == host.seats[0].token
        app.post(Action("menu"))                       # P: play the seat again
        app.step(1 / 60)
        _frames_until(app, lambda: host.seats[0].client is not None and app.stack.top.seat == 0)
        assert app.stack.top is not seat_screen and app.stack.top.token == host.seats[0].token
    finally:
        app.stack.clear_to(HostTableScene(host, host.join_url(), advertised=False))
        host.stop()


def test_two_local_seats_or_a_local_seat_without_a_window_is_a_one_line_error(capsys):
    for seats in ("local,local", "local,ai --no-window"):
        argv = ["host", "roborally", "--bind", "127.0.0.1", "--port", "0", "--seats", *seats.split(" ")]
        assert cli.main(argv) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "local" in err


def test_hosting_from_the_title_can_play_a_seat_on_this_screen(app, monkeypatch):
    """The host's set-up offers "This screen": the board only (every seat a phone, as before), or
    a seat played here. The lobby then claims that seat over the loopback, so no phone takes it,
    and P plays it on the game's own screen."""
    from game.client.table_menus import HostSetupScene
    from game.table import discovery

    monkeypatch.setattr(discovery, "lan_address", lambda: "127.0.0.1")
    setup = HostSetupScene("roborally")
    app.stack.push(setup)
    app.step(1 / 60)
    labels = [item.label for item in setup.menu.items]
    setup.menu.focus = labels.index("This screen")
    assert setup.options().local_seat is None, "the board only, unless chosen"
    app.post(Action("right"))
    app.post(Action("right"))
    assert setup.options().local_seat == 1
    setup.menu.focus = labels.index("Open the table")
    app.post(Action("confirm"))
    for _ in range(3):
        app.step(1 / 60)
    lobby = app.stack.top
    try:
        assert isinstance(lobby, HostTableScene) and lobby.local_seat == 1
        _frames_until(app, lambda: len(lobby.summary["seats"]) == 2 and lobby.summary["seats"][1]["connected"],
                      seconds=20)
        assert lobby.local_scene is not None and lobby.local_scene.seat == 1
        app.post(Action("menu"))                       # P: play seat 2 here
        _frames_until(app, lambda: app.stack.top is not lobby)
        assert app.stack.top is lobby.local_scene
    finally:
        app.stack.clear_to(setup)                      # closes the table


@pytest.mark.parametrize("game_id", ["robomissions", "roborescue"])
def test_a_local_seat_follows_the_game_unseen_and_opens_on_the_games_own_screen(app, game_id):
    """The lobby's local seat receives the table's updates before its screen is on the stack (it
    has no App yet): its play screen is made once it is shown (before, making it there crashed
    the host's window for every game whose screen needs the App to open)."""
    session = small_session(game_id, 3, sample=0)
    seats = session.engine.seat_count(session.state)
    host = TableHost(session, ["remote"] + ["ai"] * (seats - 1), ai_level="random", drop_timeout=None).start()
    try:
        lobby = HostTableScene(host, host.join_url(), advertised=False, local_seat=0)
        app.stack.push(lobby)
        _frames_until(app, lambda: app.stack.top is lobby.local_scene and lobby.local_scene.screen is not None,
                      seconds=20)
        assert type(lobby.local_scene.screen).__module__ == f"game.{game_id}.ui.joined"
    finally:
        app.stack.clear_to(HostTableScene(host, host.join_url(), advertised=False))
        host.stop()


def test_the_tables_results_name_who_won_from_the_seats_point_of_view():
    from game.client.table_results import headline

    names = ["Green", "Red"]
    assert headline({"winners": [0, 1], "outcome": "won"}, names, None) == "The table won together!"
    assert headline({"winners": [0, 1], "outcome": "won"}, names, 1) == "You won together!"
    assert headline({"winners": [], "outcome": "lost"}, names, 0) == "The table lost"
    assert headline({"winners": [1], "outcome": "won"}, names, 0) == "Red wins!"
    assert headline({"winners": [0], "outcome": "won"}, names, 0) == "You won!"
    assert headline({"winners": [], "outcome": "timeout"}, names, None) == "Nobody won"


def test_join_takes_the_link_the_host_screen_shows(capsys):
    """The host screen shows http://ADDRESS/?code=CODE; 'main.py join' with that link tried to
    open ws://http://... instead of the table at ADDRESS."""
    import socket

    with socket.socket() as free:            # nothing listens there: the error names the address
        free.bind(("127.0.0.1", 0))
        port = free.getsockname()[1]
    assert cli.main(["join", f"http://127.0.0.1:{port}/?code=WT2P5"]) == 2
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and f"127.0.0.1:{port}: cannot reach the table: nothing answers" in error


def test_the_host_screen_says_whose_turn_and_how_far_in_words(app, table):
    """Seen at 800x480: 'Seat 1: open: waiting for a player  <- decides' and a bare 'Move 0'."""
    from game.client import text

    scene = HostTableScene(table, table.join_url(), advertised=False)
    app.stack.push(scene)
    app.step(1 / 60)
    with text.record() as recorder:
        scene.draw(app.screen, 0.0)
    lines = [record.text for record in recorder.records]
    assert "Seat 1: open, waiting for a player - their turn" in lines
    assert "No move yet" in lines and not any(line.startswith("Move ") for line in lines)


def test_closing_the_table_while_phones_play_asks_first(app, table):
    """One Esc on the TV ended the game on every phone: now it asks, and keeping it open is the default."""
    from game.client.menus import ChoiceScene

    lobby = HostTableScene(table, table.join_url(), advertised=False, owned=True)
    app.stack.push(lobby)
    app.step(1 / 60)
    lobby.summary = {**lobby.summary, "seats": [{**seat, "claimed": True, "connected": True}
                                                if seat["kind"] == "remote" else seat
                                                for seat in lobby.summary["seats"]]}
    app.post(Action("back"))
    question = app.stack.top
    assert isinstance(question, ChoiceScene) and question.question == "Close the table?"
    assert "1 phone still playing" in question.detail
    app.post(Action("back"))                          # Back is the safe answer: the table stays open
    assert app.stack.top is lobby
    app.post(Action("back"))
    app.post(Action("down"))
    app.post(Action("confirm"))                       # "Close the table"
    assert lobby not in app.stack.scenes


def test_a_table_with_no_phone_playing_closes_at_once(app, table):
    lobby = HostTableScene(table, table.join_url(), advertised=False, owned=True)
    app.stack.push(lobby)
    app.step(1 / 60)
    app.post(Action("back"))
    assert lobby not in app.stack.scenes


def test_the_host_screen_left_alone_draws_nothing_until_the_table_changes(app, table):
    """docs/raspberry-pi.md (issue 26): a screen where nothing moves draws nothing. The lobby
    waiting for phones drew all 60 frames a second; it draws when a seat or the game changes."""
    from game.client.app import LIVELY

    app.draw_idle_frames = False                      # as the real, paced loop
    scene = HostTableScene(table, table.join_url(), advertised=False)
    app.stack.push(scene)
    for _ in range(int(LIVELY * 60) + 30):            # the player walks away
        app.step(1 / 60)
    drawn = app.frames_drawn
    for _ in range(60):
        app.step(1 / 60)
    assert app.frames_drawn == drawn, "a second of a lobby where nothing happened was drawn"
    table.hand_over(1, "remote")                      # a seat changes hands on the table, not on this screen
    _frames_until(app, lambda: scene.summary["seats"][1]["kind"] == "remote")
    assert app.frames_drawn > drawn, "the change was never drawn"


def test_the_join_screens_seat_picker_left_alone_draws_nothing(app, table):
    """docs/raspberry-pi.md (issue 26): the seat picker of `main.py join` (no --seat) drew every
    frame; it draws when the table's message arrives, then rests until the next input."""
    from game.client.app import LIVELY

    app.draw_idle_frames = False
    scene = JoinTableScene(TableLink(table.address), seat=None, code=table.code, token="")
    app.stack.push(scene)
    _frames_until(app, lambda: scene.menu is not None)             # "pick a seat": the table answered
    for _ in range(int(LIVELY * 60) + 30):
        app.step(1 / 60)
    drawn = app.frames_drawn
    for _ in range(60):
        app.step(1 / 60)
    assert app.frames_drawn == drawn, "a second of a seat picker where nothing happened was drawn"
    app.post(Action("confirm"))                                      # Seat 1: drawn again
    app.step(1 / 60)
    assert app.frames_drawn > drawn


def test_the_seat_this_screen_plays_says_your_turn(app):
    """Real window, 1024x600 (h48): "Seat 1: this screen, playing - their turn" for the seat the
    host's own window plays; it is this player's turn, so it reads "your turn"."""
    from game.client import text

    host = TableHost(small_session("roborally", 3, sample=0), ["remote", "ai"], drop_timeout=None).start()
    try:
        lobby = HostTableScene(host, host.join_url(), advertised=False, local_seat=0)
        app.stack.push(lobby)
        _frames_until(app, lambda: host.seats[0].client is not None and lobby.summary["seats"][0]["connected"])
        with text.record() as recorder:
            lobby.draw(app.screen, 0.0)
        lines = [record.text for record in recorder.records]
        assert "Seat 1: this screen, playing - your turn" in lines, lines
        assert not any(line.endswith("their turn") for line in lines)
    finally:
        app.stack.clear_to(HostTableScene(host, host.join_url(), advertised=False))
        host.stop()
