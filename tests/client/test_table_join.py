"""A seat played from another Robo Arcade (`python main.py join`): the game's board drawn from
the seat's view, its legal choices in the game's words, whole games over the loopback with
table-bots in the other seats."""
from __future__ import annotations

import random
import threading
import time

import pygame
import pytest

from game.client.app import App
from game.client.input import Action
from game.client.scene import Scene
from game.client.table_screens import JOINED_SCREENS, VIEW_BOARDS, JoinTableScene, MenuJoinScene, TableLink, choice_label
from game.table.server import TableHost
from tests.client.test_table_screens import app  # noqa: F401 - the headless App fixture
from tests.table.helpers import run_bots, small_session, weakest_level

GAME_SECONDS = 150.0        # a whole game drawn on the play screen, on a loaded machine


def _table_with_ais(game_id: str, seed: int = 4) -> tuple:
    """A small game of `game_id`: seat 1 open for the join screen, the weakest AI in the others."""
    session = small_session(game_id, seed, sample=-1)
    seats = session.engine.seat_count(session.state)
    host = TableHost(session, ["remote"] + ["ai"] * (seats - 1), ai_level=weakest_level(game_id),
                     drop_timeout=None).start()
    return session, host


def _join(app: App, host: TableHost) -> JoinTableScene:
    scene = JoinTableScene(TableLink(host.address), seat=0, code=host.code, token="")
    app.stack.push(scene)
    return scene


KEYS_PER_FRAME = 4      # random keys pressed between two frames on the seat's turn


def _wait_for_the_table(scene: JoinTableScene, most: float = 0.02) -> None:
    """Sleep until the table's next message is in (at most `most` seconds): frames drawn before
    it only redraw the same picture, and their number measured the machine's load."""
    deadline = time.monotonic() + most
    while scene.link.inbox.empty() and time.monotonic() < deadline:
        time.sleep(0.002)


def _play_with_the_join_screen(app: App, scene: JoinTableScene, host: TableHost, rng: random.Random) -> int:
    """Step the join screen, picking a random legal choice from its menu whenever it is its turn."""
    chosen = 0
    deadline = time.monotonic() + GAME_SECONDS
    while not (host.session.is_over() and scene.status.startswith("game over")):
        assert time.monotonic() < deadline, f"the game did not end (move {host.move}, status {scene.status!r})"
        app.step(1 / 60)
        if scene.screen is not None:            # the game's own play screen: its keys, at random
            if scene.status == "your turn":     # a few keys a frame: most only move the focus
                for _ in range(KEYS_PER_FRAME):
                    app.post(Action(rng.choice(["right", "left", "up", "down", "next", "confirm", "confirm", "skip"])))
                    chosen += 1
                    if scene.status != "your turn":     # a choice went out: the seat's turn is over
                        break
            else:
                app.post(Action("skip"))        # the other seats' moves: seen, then skipped (X)
                _wait_for_the_table(scene)
        elif scene.menu is not None and scene.status == "your turn":
            for _ in range(rng.randrange(len(scene.menu.items))):
                app.post(Action("down"))
            app.post(Action("confirm"))
            chosen += scene.status == "sent"
        else:
            time.sleep(0.002)
    return chosen


@pytest.mark.parametrize("game_id, sample", [
    ("roborun", 0), ("roborally", 0),
    # 70-330 choices, each drawn and animated on the game's real screen: 3-7 CPU-s
    pytest.param("runrunrun", 1, marks=pytest.mark.slow), pytest.param("roborescue", 1, marks=pytest.mark.slow),
    pytest.param("robomissions", 0, marks=pytest.mark.slow)])
def test_a_whole_game_with_one_seat_on_the_join_screen_and_table_bots_in_the_others(app, game_id, sample):
    app.settings.animation_speed = 8        # the play screens' animations, quicker
    session = small_session(game_id, 9, sample=sample)
    seats = session.engine.seat_count(session.state)
    host = TableHost(session, ["remote"] * seats, drop_timeout=None).start()
    reports: list = []
    bots = threading.Thread(target=lambda: reports.extend(run_bots(host, list(range(1, seats)),
                                                                   weakest_level(game_id))), daemon=True)
    try:
        scene = JoinTableScene(TableLink(host.address), seat=0, code=host.code, token="")
        app.stack.push(scene)
        bots.start()
        chosen = _play_with_the_join_screen(app, scene, host, random.Random(3))
        bots.join(30)
    finally:
        host.stop()
    assert session.is_over() and chosen > 0
    shown = scene.screen if game_id in JOINED_SCREENS else scene.board    # the game's own screen, else its board
    assert shown is not None and type(shown).__module__.startswith(f"game.{game_id}.ui")
    assert host.errors_sent == 0, f"a refused message: {host.last_error}"
    assert scene.log or scene.screen is not None, "the join screen tells what happened in the game's words"
    winners = session.engine.result(session.state).winners
    assert ("you won" in scene.status) == (0 in winners), scene.status
    if game_id == "roborun":                    # its own results are the campaign's: the table's over the board
        from game.client.table_results import TableResultsScene

        for _ in range(90):
            app.step(1 / 60)
        assert isinstance(app.stack.top, TableResultsScene), "the join screen ends on who won"
    assert all(r.result == session.engine.result(session.state).to_json() for r in reports)


@pytest.fixture()
def boards_only(monkeypatch):
    """The join screen without the games' own play screens: the board painted from the view and
    the choices beside it, what a seat falls back to when its play screen cannot read an update."""
    from game.client import table_screens

    monkeypatch.setattr(table_screens, "JOINED_SCREENS", {})


@pytest.mark.parametrize("game_id", sorted(VIEW_BOARDS))
def test_the_join_screen_draws_its_seats_board_and_names_choices_in_the_games_words(app, boards_only, game_id):
    session, host = _table_with_ais(game_id)
    try:
        scene = _join(app, host)
        deadline = time.monotonic() + 20
        while scene.menu is None or scene.status != "your turn":
            assert time.monotonic() < deadline, scene.status
            app.step(1 / 60)
            time.sleep(0.005)
        app.step(1 / 60)
        from_view = pygame.Surface(app.screen.get_size())
        scene.board.draw(from_view, scene.decoded)
        assert pygame.transform.average_color(from_view, scene.board.area if hasattr(scene.board, "area")
                                              else from_view.get_rect())[:3] != (0, 0, 0)
        generic = [choice_label(c) for _, c, _ in scene.choices]
        shown = [label for label, _, _ in scene.choices]
        if hasattr(scene.board, "label"):
            assert shown != generic, "the board names the choices in the game's words"
    finally:
        host.stop()


class _Link:
    """A stand-in for TableLink: what the join screen sends, kept."""

    def __init__(self) -> None:
        self.sent: list = []

    def send(self, message: dict) -> None:
        self.sent.append(message)

    def close(self) -> None:
        pass


def test_a_decision_with_one_legal_option_is_sent_without_asking_unless_the_player_wants_every_step(app):
    update = {"type": "update", "move": 7, "seat": 0, "current": 0, "over": False, "result": None,
              "view": {"phase": "action"}, "events": [], "choices": [{"kind": "continue"}], "seats": []}
    for ask_every_step, asked in ((False, False), (True, True)):
        app.settings.ask_every_step = ask_every_step
        link = _Link()
        scene = JoinTableScene(link, seat=0, code="ABCDE", token="tok")
        app.stack.push(scene)
        scene._receive({"type": "table", "game": "a game with no board", "title": "Test", "seats": []})
        scene._receive(dict(update))
        sent = [m for m in link.sent if m["type"] == "choose"]
        assert (scene.menu is not None) == asked
        assert sent == ([] if asked else [{"type": "choose", "move": 7, "choice": {"kind": "continue"}}])
        app.stack.pop()


def test_a_join_screen_that_loses_its_connection_rejoins_its_seat_with_its_token_and_plays_on(app):
    session = small_session("roborun", 6, sample=0)
    host = TableHost(session, ["remote", "ai"], ai_level=weakest_level("roborun"), drop_timeout=None).start()
    try:
        scene = JoinTableScene(TableLink(host.address), seat=0, code=host.code, token="")
        app.stack.push(scene)

        def wait_for_turn() -> None:
            deadline = time.monotonic() + 20
            while scene.status != "your turn" or not (scene.menu is not None or (
                    scene.screen is not None and scene.screen.options_list)):
                assert time.monotonic() < deadline, scene.status
                app.step(1 / 60)
                time.sleep(0.005)

        wait_for_turn()
        token, first = scene.token, scene.link
        first.close()                                   # Wi-Fi gone
        deadline = time.monotonic() + 10
        while scene.link is first:
            assert time.monotonic() < deadline, scene.status
            app.step(1 / 60)
            time.sleep(0.01)
        wait_for_turn()
        assert scene.token == token and host.seats[0].client is not None
        before = host.move
        app.post(Action("confirm"))
        deadline = time.monotonic() + 10
        while host.move == before:
            assert time.monotonic() < deadline, scene.status
            app.step(1 / 60)
            time.sleep(0.005)
        assert host.errors_sent == 0, host.last_error
    finally:
        host.stop()


@pytest.mark.parametrize("game_id", ["robomissions", "roborun", "roborescue"])
def test_pointing_at_a_choice_on_the_board_focuses_it_and_a_click_sends_it(app, boards_only, game_id):
    session, host = _table_with_ais(game_id)
    try:
        scene = _join(app, host)
        deadline = time.monotonic() + 20
        while scene.menu is None or scene.status != "your turn" or not any(scene.places):
            assert time.monotonic() < deadline, "no choice with a place on the board came up"
            if scene.menu is not None and scene.status == "your turn":
                app.post(Action("confirm"))             # a decision with nothing on the board: play on
            app.step(1 / 60)
            time.sleep(0.005)
        app.step(1 / 60)
        index = max(i for i, places in enumerate(scene.places) if places)
        spot = scene.board.to_screen(scene.places[index][0]).center
        assert scene._choice_at(spot) is not None
        app.post(Action("point", "mouse", spot))
        picked = scene._choice_at(spot)
        if picked < len(scene.menu.items):
            assert scene._focused_choice() == picked, "pointing at it focuses its row"
        label, choice, move = scene.choices[picked]
        before = host.move
        app.post(Action("click", "mouse", spot))
        deadline = time.monotonic() + 10
        while host.move == before:
            assert time.monotonic() < deadline, scene.status
            app.step(1 / 60)
            time.sleep(0.005)
        with host.lock:
            assert session.engine.choice_to_json(host.session.choices[before]) == choice, label
    finally:
        host.stop()


def test_a_long_list_of_choices_pages_instead_of_losing_the_last_ones(app):
    choices = [{"kind": "pick", "arg": n} for n in range(12)]
    link = _Link()
    scene = JoinTableScene(link, seat=0, code="ABCDE", token="tok")
    app.stack.push(scene)
    scene._receive({"type": "table", "game": "a game with no board", "title": "Test", "seats": []})
    scene._receive({"type": "update", "move": 3, "seat": 0, "current": 0, "over": False, "result": None,
                    "view": {}, "events": [], "choices": choices, "seats": []})
    assert len(scene.menu.items) == 9 and scene.menu.items[-1].label.startswith("More choices")
    for _ in range(8):
        app.post(Action("down"))
    app.post(Action("confirm"))                     # the ninth row: the next page
    assert [item.label for item in scene.menu.items][:4] == [choice_label(c) for c in choices[8:]]
    app.post(Action("down"))
    app.post(Action("down"))
    app.post(Action("down"))
    app.post(Action("confirm"))                     # the last choice of all
    assert link.sent[-1] == {"type": "choose", "move": 3, "choice": choices[11]}


def test_a_robo_rally_seat_plays_on_the_race_screen_itself_and_sees_every_robot_move(app):
    """The joined Robo Rally seat is the local race screen: the hand dealt as cards, Enter places
    the focused card in the next register by its name, and the table's events play as the race's
    animations (the other robot's moves too); the race ends on its result box, which Enter leaves."""
    from game.roborally.rules.engine import Choice
    from game.roborally.ui.joined import JoinedRaceScene

    app.settings.animation_speed = 8
    session = small_session("roborally", 9, sample=0)
    host = TableHost(session, ["remote", "ai"], ai_level=weakest_level("roborally"), drop_timeout=None).start()
    try:
        scene = MenuJoinScene(TableLink(host.address), seat=0, code=host.code, token="")
        app.stack.push(TitleStandIn())
        app.stack.push(scene)
        rng, placed, animated_while_waiting = random.Random(2), [], False
        deadline = time.monotonic() + GAME_SECONDS
        while not (session.is_over() and scene.screen is not None and scene.screen.session.is_over()
                   and not scene.screen._busy()):
            assert time.monotonic() < deadline, f"the race did not end (move {host.move}, {scene.status!r})"
            app.step(1 / 60)
            race = scene.screen
            if race is None:
                time.sleep(0.005)
                continue
            assert isinstance(race, JoinedRaceScene)
            animated_while_waiting |= race._busy() and race.session.current_seat() != 0
            if race._human_turn() and race.state.phase == "program" and race.confirm is None \
                    and not race.session.waiting and len(placed) < 3:
                slots = race._hand_slots()
                focused = slots[race._live_focus(slots, race.session.legal_choices())]
                before = host.move
                app.post(Action("confirm"))
                app.step(1 / 60)
                until = time.monotonic() + 10
                while host.move == before:
                    assert time.monotonic() < until
                    time.sleep(0.002)
                with host.lock:
                    placed.append((focused, host.session.choices[before]))
            elif race.session.current_seat() == 0 and not race.session.waiting:
                app.post(Action(rng.choice(["right", "confirm", "down", "confirm"])))
            time.sleep(0.001)
        assert host.errors_sent == 0, host.last_error
        assert placed and all(isinstance(f, Choice) and f.kind == "card" and f == sent for f, sent in placed)
        assert animated_while_waiting, "the other robot's moves and the registers played as animation"
        for _ in range(120):
            app.step(1 / 60)                    # the results hold
        assert "Leave the table" in [words for _, words in race.hints()]
        app.post(Action("confirm"))
        app.step(1 / 60)
        assert app.stack.top is not scene, "Enter on the result leaves the table"
    finally:
        host.stop()


class TitleStandIn(Scene):
    """The menu a joined seat was opened from."""


def test_a_robo_rescue_seat_sees_every_players_lab_as_the_others_see_it(app):
    """The joined Robo Rescue seat is the lab screen: Tab shows another player's Lab, built from
    what this seat may see of it (its decommissioned area as face-down cards, counted, never named)."""
    from game.roborescue.ui.lab_render import FACE_DOWN

    session, host = _table_with_ais("roborescue")
    try:
        scene, rng = _join(app, host), random.Random(8)
        deadline = time.monotonic() + 30
        while scene.screen is None or not any(lab.decommissioned is not None for lab in scene.screen.session.view.others):
            assert time.monotonic() < deadline, "no other Lab was decommissioned"
            app.step(1 / 60)
            if scene.status == "your turn":
                app.post(Action(rng.choice(["left", "up", "confirm", "confirm", "skip"])))
            time.sleep(0.002)
        lab = scene.screen
        seat = next(seen.seat for seen in lab.session.view.others if seen.decommissioned is not None)
        while lab.viewed != seat:
            app.post(Action("next"))
            app.step(1 / 60)
        host.stop()                                 # the table stops: the screen settles on its last view
        while lab.queue.busy or lab.dirty:
            app.step(1 / 60)
        other = next(seen for seen in lab.session.view.others if seen.seat == seat)
        model = lab.models[seat]
        hidden = model.areas[other.decommissioned]
        assert hidden == [FACE_DOWN] * other.facedown_count, "the face-down area: only how many cards"
        assert [list(a) for i, a in enumerate(model.areas) if i != other.decommissioned] == \
            [list(a) for i, a in enumerate(other.areas) if i != other.decommissioned]
    finally:
        host.stop()


def test_a_run_run_run_seat_sees_another_seats_dice_roll_and_leaves_from_the_ending(app):
    """The joined Run Run Run! seat is the play screen: another seat's roll tumbles as the dice
    do in a local game, and Enter on the ending leaves the table."""
    from game.client.table_seat import SeatUpdate
    from game.runrunrun import rules as R
    from game.runrunrun.ui.joined import JoinedPlay

    session = small_session("runrunrun", 9, sample=1)
    left: list = []
    view = R.seat_view(session.state, 0)
    screen = JoinedPlay(0, SeatUpdate(0, 1, False, None, view, fresh=True), lambda c: None, lambda: left.append(1))
    app.stack.push(screen)
    roll = [e for e in _events_until(session, "mummy_roll", "combat_roll") if e["type"] in ("mummy_roll", "combat_roll")]
    screen.receive(SeatUpdate(len(session.choices), 1, False, None, R.seat_view(session.state, 0),
                              R.events_for_seat(roll, 0)))
    assert screen.anims.busy and screen.rolling is not None, "the dice tumble"
    rng = random.Random(6)
    while not session.is_over():
        session.apply(rng.choice(session.legal_choices()))
    screen.receive(SeatUpdate(len(session.choices), None, True, session.engine.result(session.state).to_json(),
                              R.seat_view(session.state, 0)))
    for _ in range(240):
        app.step(1 / 60)
    app.post(Action("confirm"))
    app.step(1 / 60)
    assert left, "Enter on the ending leaves the table"


def _events_until(session, *kinds) -> list:
    """Play `session` at random until an event of one of `kinds` happens; the events of that choice."""
    rng = random.Random(5)
    for _ in range(400):
        events = session.apply(rng.choice(session.legal_choices()))
        if any(e["type"] in kinds for e in events):
            return events
    raise AssertionError(f"no {kinds} in 400 choices")


def _join_play_screen(app: App, host: TableHost) -> JoinTableScene:
    """The join screen on seat 1, stepped until the game's own play screen has opened."""
    scene = _join(app, host)
    deadline = time.monotonic() + 30
    while scene.screen is None:
        assert time.monotonic() < deadline, "the play screen never opened"
        app.step(1 / 60)
        time.sleep(0.002)
    return scene


@pytest.mark.parametrize("game_id", sorted(JOINED_SCREENS))
def test_a_joined_seat_has_no_pause_menu_and_no_undo_over_the_live_table(app, game_id):
    """P and Z do nothing on a joined play screen and its hints offer neither: the table takes no
    choice back, and the pause menu's "Quit to title" closed a host's whole table from its local seat."""
    from game.client import input as inp

    _session, host = _table_with_ais(game_id)
    try:
        scene = _join_play_screen(app, host)
        screen = scene.screen
        for name in (inp.MENU, inp.UNDO):
            app.post(Action(name))
            app.step(1 / 60)
            assert app.stack.top is scene and scene.screen is screen, name
        hints = screen.overlay_hints(True) if hasattr(screen, "overlay_hints") else screen.hints()
        assert not {key for key, _words in hints} & {inp.MENU, inp.UNDO}, hints
        assert (inp.BACK, "Leave the table") in hints
    finally:
        host.stop()


def _seat_labels(screen, count: int) -> list[str]:
    """Every seat as the joined play screen names it (Robo Rescue names seats through its config)."""
    name = getattr(screen, "seat_label", None) or screen.config.seat_name
    return [name(seat) for seat in range(count)]


@pytest.mark.parametrize("game_id", ["roborally", "robomissions", "roborescue"])
def test_a_joined_seat_names_the_other_seats_by_what_plays_them_not_table(app, game_id):
    """The other seats read 'Blue (AI)' / 'Player 2 · AI' / 'Player 2 (AI)' on a phone; they read
    '(table)', a word for the host machine, or a bare 'Player 2', not who plays the seat."""
    _session, host = _table_with_ais(game_id)
    try:
        scene = _join_play_screen(app, host)
        labels = _seat_labels(scene.screen, len(scene.seats))
    finally:
        host.stop()
    assert "you" in labels[0].lower() and all("AI" in label for label in labels[1:]), labels
    assert not any("table" in label for label in labels), labels


def test_a_seat_handed_to_the_ai_reads_ai_on_the_phone_at_the_next_update(app):
    """The host hands a seat played at its screen to the AI: the phone said 'host' for it until it
    reconnected (its seat list came only with the table's first message)."""
    session = small_session("roborally", 4, sample=-1)
    seats = ["remote", "local"] + ["ai"] * (session.engine.seat_count(session.state) - 2)
    host = TableHost(session, seats, ai_level=weakest_level("roborally"), drop_timeout=None).start()
    try:
        scene = _join_play_screen(app, host)
        assert "host" in scene.screen.seat_label(1), scene.screen.seat_label(1)
        host.hand_over(1, "ai")
        deadline = time.monotonic() + 30
        while "AI" not in scene.screen.seat_label(1):
            assert time.monotonic() < deadline, scene.screen.seat_label(1)
            app.step(1 / 60)
            time.sleep(0.002)
    finally:
        host.stop()


@pytest.mark.parametrize("game_id", sorted(JOINED_SCREENS))
def test_a_click_on_the_leave_pill_leaves_the_table_with_the_mouse(app, game_id):
    """The mouse's hint bar says "Right-click Leave the table" and its pill is a button; on Robo
    Rescue's joined lab the click on it did nothing (a mouse's Back was ignored there, so that a
    stray right-click would not leave the seat: it still does not)."""
    from game.client import input as inp
    from game.client.widgets import hint_action_at

    _session, host = _table_with_ais(game_id)
    try:
        scene = _join_play_screen(app, host)
        app.input.last_device = "mouse"                  # as the real pointer's motion sets it
        for _ in range(3):
            app.step(1 / 60)
        pill = next(((x, 700) for x in range(0, 1280, 4)
                     if hint_action_at((x, 700), app.stack.visible()) == inp.BACK), None)
        assert pill is not None, scene.screen.hints()
        app.post(Action(inp.CLICK, "mouse", pill))
        assert not app.running, "the click on the pill did not leave"
    finally:
        host.stop()
