"""The title's "Host a table" and "Join a table" (issue 29): every screen opens, chooses what it
says, fits 800x480 and can be left."""
from __future__ import annotations

import time

import pygame
import pytest

from game.client import text, widgets
from game.client.app import App
from game.client.input import Action
from game.client.menus import TitleScene
from game.client.scene import Scene
from game.client.table_menus import HostSetupScene, JoinAddressScene, JoinFindScene
from game.core.errors import UserError
from game.table import discovery
from game.table.discovery import FoundTable
from game.table.server import TableHost
from game.table.setup import table_session
from tests.table.helpers import small_session


@pytest.fixture()
def app(monkeypatch):
    widgets.font.cache_clear()
    widgets.render_text.cache_clear()
    monkeypatch.setattr(discovery, "browse", lambda seconds: [])      # no multicast in tests
    yield App(headless=True, window=(800, 480))
    pygame.quit()


def _select(app: App, label: str) -> None:
    menu = app.stack.top.menu
    menu.focus = [item.label for item in menu.items].index(label)
    app.post(Action("confirm"))
    for _ in range(3):                       # the set-up says "Opening the table..." for a frame first
        app.step(1 / 60)


def _text_fits(app: App) -> None:
    """Every line the screen draws lies on the screen, and none is cut short."""
    area = pygame.Rect(0, 0, *app.screen.get_size())
    with text.record() as recorder:
        app.stack.top.draw(app.screen, 0.0)
    assert recorder.records
    for record in recorder.records:
        assert area.contains(record.ink), (record.text, record.ink)


@pytest.mark.parametrize("label, scene", [("Host a table", HostSetupScene), ("Join a table", JoinFindScene)])
def test_the_title_opens_each_table_screen_and_back_returns_to_it(app, label, scene):
    title = TitleScene()
    app.stack.push(title)
    app.step(1 / 60)
    _select(app, label)
    assert isinstance(app.stack.top, scene)
    _text_fits(app)
    app.post(Action("back"))
    app.step(1 / 60)
    assert app.stack.top is title


def test_the_host_set_up_chooses_game_players_and_course_and_opens_that_table(app):
    opened = []
    setup = HostSetupScene("robomissions", open_table=lambda game, options: opened.append((game, options)) or
                           _Lobby())
    app.stack.push(setup)
    app.step(1 / 60)
    assert setup.games[setup.game].id == "robomissions"
    app.post(Action("down"))                 # Set-up
    app.post(Action("down"))                 # Players
    assert setup.menu.items[setup.menu.focus].label == "Players"
    app.post(Action("right"))
    assert setup.counts[setup.players] == 3 and setup.options().players == 3
    app.post(Action("up"))
    app.post(Action("up"))                   # Game: on to the next games until Robo Rally, which has courses
    while setup.games[setup.game].id != "roborally":
        app.post(Action("right"))
    assert [item.label for item in setup.menu.items][:4] == ["Game", "Set-up", "Players", "Course"]
    setup._change_players(1)
    course_item = next(item for item in setup.menu.items if item.label == "Course")
    assert course_item.value() == "Practice floor"
    setup._change_course(1)
    # the course by its map's name, as the race's own set-up says it ("Carnage Crossing", not the id)
    from game.roborally.ui.race_scene import course_title
    course_item = next(item for item in setup.menu.items if item.label == "Course")
    assert course_item.value() == course_title(setup.courses[1]) != setup.courses[1]
    _text_fits(app)
    options = setup.options()
    session = table_session("roborally", options)
    assert session.engine.seat_count(session.state) == setup.counts[setup.players] == 3
    assert session.config.course["id"] == options.course == setup.courses[1]
    _select(app, "Open the table")
    assert opened == [("roborally", options)] and isinstance(app.stack.top, _Lobby)


class _Lobby(Scene):
    """Stands for the screen a menu opens (the host's lobby, a joined seat)."""


def test_a_table_that_cannot_open_is_said_on_the_set_up_screen_not_a_crash(app):
    def refuse(game, options):
        raise UserError("table on 10.0.0.9:8765", "cannot listen (address in use)")

    setup = HostSetupScene("roborally", open_table=refuse)
    app.stack.push(setup)
    app.step(1 / 60)
    _select(app, "Open the table")
    assert app.stack.top is setup and "cannot listen" in setup.problem
    _text_fits(app)


def test_join_lists_the_tables_found_and_joins_the_one_chosen(app):
    joined = []
    found = [FoundTable("Robo Rally ABCDE", "192.168.1.20:8765", "roborally", "ABCDE")]
    scene = JoinFindScene(browse=lambda seconds: found, join=lambda address, code: joined.append((address, code))
                          or _Lobby())
    app.stack.push(scene)
    deadline = time.monotonic() + 5
    while scene.searching and time.monotonic() < deadline:
        app.step(1 / 60)
        time.sleep(0.005)
    assert scene.menu.items[0].label == "Robo Rally ABCDE"
    _text_fits(app)
    app.post(Action("confirm"))
    assert joined == [("192.168.1.20:8765", "ABCDE")] and isinstance(app.stack.top, _Lobby)


def _address_screen(app: App, monkeypatch, joined: list) -> JoinAddressScene:
    """The address screen of a machine at 192.168.1.7, over the join screen; joins land in `joined`."""
    monkeypatch.setattr(discovery, "lan_address", lambda: "192.168.1.7")
    scene = JoinAddressScene(lambda address, code: joined.append((address, code)))
    app.stack.push(JoinFindScene(join=lambda a, c: _Lobby()))
    app.stack.push(scene)
    app.step(1 / 60)
    return scene


def test_an_address_and_code_set_by_hand_join_that_table(app, monkeypatch):
    joined = []
    _address_screen(app, monkeypatch, joined)
    for _ in range(3):
        app.post(Action("down"))             # address part 4
    for _ in range(13):
        app.post(Action("right"))
    app.post(Action("down"))                 # port: unchanged
    app.post(Action("down"))                 # code letter 1
    app.post(Action("right"))
    _text_fits(app)
    _select(app, "Join")
    assert joined == [("192.168.1.20:8765", "BAAAA")]


def test_join_from_the_title_reaches_a_real_table_and_back_leaves_it(app):
    host = TableHost(small_session("roborally", 3, sample=0), ["remote", "remote"], drop_timeout=None).start()
    try:
        finder = JoinFindScene(browse=lambda seconds: [FoundTable("Robo Rally", host.address, "roborally", host.code)])
        app.stack.push(finder)
        deadline = time.monotonic() + 10
        while (finder.searching or app.stack.top is finder) and time.monotonic() < deadline:
            app.step(1 / 60)
            if not finder.searching and app.stack.top is finder:
                app.post(Action("confirm"))
            time.sleep(0.01)
        seat = app.stack.top
        while (seat.menu is None or seat.status != "pick a seat") and time.monotonic() < deadline:
            app.step(1 / 60)
            time.sleep(0.01)
        assert seat.status == "pick a seat" and [i.label for i in seat.menu.items] == ["Seat 1", "Seat 2"]
        app.post(Action("back"))
        app.step(1 / 60)
        assert app.stack.top is finder and app.running
    finally:
        host.stop()


@pytest.mark.parametrize("game_id, setup_words, players", [
    ("roborun", "Level 1.1", None), ("robomissions", "Free for All", 2), ("roborescue", "Advanced yes", 3),
    ("runrunrun", "Difficulty difficult", 2), ("roborally", "Max rounds 6", 2)])
def test_each_game_starts_from_a_set_up_for_several_people_named_by_what_it_changes(game_id, setup_words, players):
    """ROBOMissions' set-up read 'Mode ffa' (seen at 800x480): a value is named as its own screen names it."""
    from game.client.table_menus import setup_text

    setup = HostSetupScene(game_id)
    assert setup_text(setup.games[setup.game], setup.samples[setup.sample]) == setup_words
    assert setup.options().players == players


def test_an_address_where_no_table_answers_is_said_in_words_not_an_exception_name(app):
    """Seen at 800x480: 'Join' on a typed address with no table there read
    '192.0.2.2:8765: cannot reach the table (OSError)'."""
    import socket

    with socket.socket() as free:            # a port nothing listens on: refused at once
        free.bind(("127.0.0.1", 0))
        port = free.getsockname()[1]
    scene = JoinFindScene()
    app.stack.push(scene)
    app.step(1 / 60)
    scene._join(f"127.0.0.1:{port}", "ABCDE")
    assert "nothing answers at that address" in scene.problem
    assert "Error" not in scene.problem and "(" not in scene.problem
    _text_fits(app)


def test_number_keys_type_the_address_on_the_type_an_address_screen(app, monkeypatch):
    """Seen at 800x480: 'Type an address' took no typing (only Left/Right); a keyboard player's
    digits did nothing."""
    joined = []
    _address_screen(app, monkeypatch, joined)
    for _ in range(3):
        app.post(Action("down"))                         # address part 4
    for key in (pygame.K_2, pygame.K_0):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
    app.step(1 / 60)
    app.post(Action("down"))                             # port: the first digit replaces it
    for key in (pygame.K_9, pygame.K_KP0, pygame.K_0, pygame.K_0):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
    app.step(1 / 60)
    _select(app, "Join")
    assert joined == [("192.168.1.20:9000", "AAAAA")]


def _type(text: str) -> None:
    """Keys as a keyboard sends them: the key and the character it types."""
    for char in text:
        key = pygame.key.key_code(char.lower())
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=char.lower(), scancode=0))


def test_every_address_part_and_the_join_code_can_be_typed(app, monkeypatch):
    """Seen at 800x480: only address parts 3 and 4 could be set (a table on 10.0.0.x was out of
    reach) and the join code's letters could not be typed, only stepped through with Left/Right.
    Letters that are game keys elsewhere (W, S, X, P) type too while a code letter is focused."""
    joined = []
    _address_screen(app, monkeypatch, joined)
    for part in ("10", "0", "0", "5"):
        _type(part)
        app.step(1 / 60)
        app.post(Action("down"))
    app.post(Action("down"))                             # the port, unchanged
    _type("wsx9p")                                       # the five code letters, each moving on
    app.step(1 / 60)
    assert app.stack.top.menu.items[app.stack.top.menu.focus].label == "Join"
    _text_fits(app)
    app.post(Action("confirm"))
    assert joined == [("10.0.0.5:8765", "WSX9P")]
