"""The TV of a networked table shows each game's own board, fed the table's choices, with public information only.

For every game in SPECTATORS: the screen replays the choices the table sends (and nothing else);
and its picture of a position does not change when everything some seat cannot see is redealt
(`redeal_hidden`): a hand, a program, a draw pile drawn face up would change it.
"""
from __future__ import annotations

import queue
import random
import time

import pygame
import pytest

from game.client.app import App
from game.client.input import Action
from game.client.registry import load
from game.client.table_feed import FeedWorker
from game.client.table_screens import SPECTATORS, HostTableScene
from game.core.session import GameSession
from game.table.server import TableHost
from tests.client.test_table_screens import app  # noqa: F401 - the headless App fixture
from tests.table.helpers import played_at_random, small_session, weakest_level

GAMES = sorted(SPECTATORS)
SETTLE_FRAMES = 900          # at most 15 s of game time for an opening animation to end


def _played(game_id: str, seed: int, moves: int, sample: int = -1) -> GameSession:
    """A small game of `game_id` after `moves` random legal choices (fewer if it ends)."""
    return played_at_random(small_session(game_id, seed, sample=sample), seed, moves)


def _like(session: GameSession, state) -> GameSession:
    return GameSession(session.engine, session.config, session.seed, state=state, choices=list(session.choices))


def _settle(app: App, scene) -> None:
    for _ in range(SETTLE_FRAMES):
        app.step(1 / 60)
        if not scene.animating():
            break
    app.step(1 / 60)


def _frame(app: App, game_id: str, session: GameSession, feed=None) -> bytes:
    scene = load(SPECTATORS[game_id])(app, session, feed if feed is not None else queue.Queue())
    app.stack.push(scene)
    _settle(app, scene)
    app.lively_time = scene.t = 0.0             # the turn glow and thinking dots at one moment for every picture
    surface = pygame.Surface(app.screen.get_size())
    scene.draw(surface, 1.0)
    picture = pygame.image.tobytes(surface, "RGB")
    app.stack.pop()
    app.step(1 / 60)
    return picture


@pytest.mark.parametrize("game_id", GAMES)
def test_the_tv_board_shows_nothing_a_seat_keeps_hidden(app, game_id):
    session = _played(game_id, 11, 14)
    engine = session.engine
    shown = _frame(app, game_id, _like(session, session.state.copy()))
    for seat in range(engine.seat_count(session.state)):
        redealt = engine.redeal_hidden(session.state, seat, random.Random(seat + 5))
        assert _frame(app, game_id, _like(session, redealt)) == shown, \
            f"the TV shows something seat {seat + 1} may not see"


def _movie(app: App, game_id: str, session: GameSession, choice, moments=(2, 8, 16, 30, 60)) -> list[bytes]:
    """The TV's pictures at a few moments after the table sends `choice` (a position settled first)."""
    feed: queue.Queue = queue.Queue()
    scene = load(SPECTATORS[game_id])(app, session, feed)
    app.stack.push(scene)
    _settle(app, scene)
    feed.put(choice)
    pictures = []
    for frame in range(1, max(moments) + 1):
        app.step(1 / 60)
        if frame in moments:
            app.lively_time = scene.t = 0.0
            surface = pygame.Surface(app.screen.get_size())
            scene.draw(surface, 1.0)
            pictures.append(pygame.image.tobytes(surface, "RGB"))
    app.stack.pop()
    app.step(1 / 60)
    return pictures


@pytest.mark.parametrize("game_id", GAMES)
def test_the_tv_animates_a_choice_without_showing_what_it_hides(app, game_id):
    """The acting seat's choice played from its position and from one where everything that seat
    cannot see was dealt again: when the events every player is told are the same, so is every
    picture of the animation (a drawn card flying face up would differ)."""
    session = _played(game_id, 21, 10)
    engine = session.engine
    rng = random.Random(8)
    compared = 0
    for _ in range(12):
        if session.is_over() or compared >= 3:
            break
        choice = rng.choice(session.legal_choices())
        seat = engine.current_seat(session.state)
        redealt = engine.redeal_hidden(session.state, seat, random.Random(compared + 40))
        told = [engine.events_for_seat(engine.apply(state.copy(), choice), -1) for state in (session.state, redealt)]
        if told[0] == told[1]:
            compared += 1
            assert _movie(app, game_id, _like(session, redealt), choice) == \
                _movie(app, game_id, _like(session, session.state.copy()), choice), \
                f"the TV's animation of {choice!r} shows what seat {seat + 1} does not know"
        session.apply(choice)
    assert compared > 0


@pytest.mark.parametrize("game_id", [g for g in GAMES if g != "roborally"])
def test_the_tv_board_plays_the_tables_choices_in_order(app, game_id):
    table = _played(game_id, 12, 3)
    replica = _like(table, table.state.copy())
    feed: queue.Queue = queue.Queue()
    scene = load(SPECTATORS[game_id])(app, replica, feed)
    app.stack.push(scene)
    rng = random.Random(4)
    for _ in range(6):
        if table.is_over():
            break
        choice = rng.choice(table.legal_choices())
        table.apply(choice)
        feed.put(choice)
    for _ in range(4000):
        if len(replica.choices) == len(table.choices) and not scene.animating():
            break
        app.step(1 / 60)
    assert replica.choices == table.choices
    assert replica.keeps_save is False, "the TV's copy never writes over the player's own saved game"
    app.post(Action("menu"))
    app.step(1 / 60)
    assert scene not in app.stack.scenes, "Menu on the board goes back to the table's lobby"


def test_the_feed_answers_one_decision_at_a_time_in_order_and_says_when_the_screen_is_behind():
    feed: queue.Queue = queue.Queue()
    worker = FeedWorker(feed)
    first, second = worker.submit(print), worker.submit(print)
    assert not first.done() and not worker.behind()
    for choice in "abcde":
        feed.put(choice)
    assert first.done() and first.result() == "a"
    assert second.done() and second.result() == "b"
    assert worker.behind() is False                 # three wait: not yet behind
    feed.put("f")
    assert worker.behind() is True                  # four wait: skip animations to catch up
    cancelled = worker.submit(print)
    assert cancelled.cancel() and cancelled.cancelled() and feed.qsize() == 4, "a dropped ask takes nothing"


@pytest.mark.parametrize("game_id", [g for g in GAMES if g != "roborally"])
def test_the_host_window_turns_from_the_lobby_to_the_board_once_the_game_begins(app, game_id):
    session = small_session(game_id, 5, sample=-1)
    seats = ["ai"] * session.engine.seat_count(session.state)
    host = TableHost(session, seats, ai_level=weakest_level(game_id)).start()
    try:
        lobby = HostTableScene(host, host.join_url(), advertised=False)
        app.stack.push(lobby)
        deadline = time.monotonic() + 20
        while app.stack.top is lobby:
            assert time.monotonic() < deadline, "the board never replaced the lobby"
            app.step(1 / 60)
            time.sleep(0.005)
        board = app.stack.top
        while len(board.session.choices) < 3 and time.monotonic() < deadline + 20:
            app.step(1 / 60)
        played = [session.engine.choice_to_json(c) for c in board.session.choices]
        with host.lock:
            table = [session.engine.choice_to_json(c) for c in host.session.choices[:len(played)]]
        assert len(played) >= 3 and played == table, "the TV replays exactly the table's choices"
    finally:
        host.stop()


@pytest.mark.parametrize("game_id", GAMES)
def test_a_tv_waiting_for_a_phone_comes_to_rest_and_draws_nothing(app, game_id):
    session = _played(game_id, 13, 6)
    scene = load(SPECTATORS[game_id])(app, _like(session, session.state.copy()), queue.Queue())
    app.stack.push(scene)
    _settle(app, scene)
    app.since_input = 1e9                           # nobody has touched anything for a long while
    for _ in range(30):
        app.step(1 / 60)
    assert not scene.animating(), "a board waiting for a choice keeps drawing"


@pytest.mark.parametrize("game_id", GAMES)
def test_the_tv_ends_on_who_won_and_enter_goes_back_to_the_lobby(app, game_id):
    """The last choice of the game arrives: the TV shows the game's result (its own results
    screen, or the table's where its own is the campaign's), and Enter or Esc on it goes back to
    the table's lobby (before, the final board stayed up and only the lobby said who won)."""
    from game.client.scene import Scene

    whole = played_at_random(small_session(game_id, 5, sample=0), 5, 5000)
    assert whole.is_over()
    replica = GameSession.start(whole.engine, whole.config, whole.seed)
    for choice in whole.choices[:-1]:
        replica.apply(choice)
    feed: queue.Queue = queue.Queue()
    feed.put(whole.choices[-1])
    lobby = Scene()
    app.stack.push(lobby)
    board = load(SPECTATORS[game_id])(app, replica, feed)
    app.stack.push(board)
    for _ in range(2400):
        app.step(1 / 60)
        app.post(Action("skip"))
        if replica.is_over() and (app.stack.top is not board or game_id == "roborally" and not board.animating()):
            break
    app.settings.animation_speed = 1
    for _ in range(200):                            # the results hold
        app.step(1 / 60)
    ending = app.stack.top
    hints = " ".join(words for _, words in (ending.hints() if ending is board else []))
    assert ending is not board or "lobby" in hints, "the TV shows who won"
    app.post(Action("confirm"))
    for _ in range(3):
        app.step(1 / 60)
    assert app.stack.top is lobby, f"Enter leaves the results of {game_id} for the lobby"
