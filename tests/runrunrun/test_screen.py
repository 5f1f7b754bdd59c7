"""The maze screen, headless: whole games played through the scene (input actions and the AI thread)."""
import time

import pygame

from game.client.app import App
from game.client.input import CONFIRM, MENU, SKIP, Action
from game.core.session import GameSession, has_saved_game
from game.runrunrun import rules as R
from game.runrunrun.rules.engine import Config
from tests.helpers import let_the_ai_answer, step_until
from game.runrunrun.ui.table import LOG_BOX, MAZE
from game.runrunrun.ui.scene import HandOverScene, HowToScene, PlayScene, SetupScene, make_entry_scene, resume_scene


def _run(app, scene, frames, press=None):
    for _ in range(frames):
        let_the_ai_answer(app)
        app.step(1 / 60)
        if scene.session.is_over():
            return True
        if press and isinstance(app.stack.top, (PlayScene, HandOverScene)):
            if isinstance(app.stack.top, HandOverScene) or scene.session.current_seat() in scene.humans:
                app.post(Action(CONFIRM))
    return scene.session.is_over()


def test_a_whole_game_is_played_through_the_screen_by_a_human_and_an_ai():
    app = App(headless=True)
    try:
        session = GameSession.start(R, Config(2, "standard"), 3)
        scene = PlayScene(session, humans=1, ai_level="normal", pace=0.0, tutorial=False)
        app.stack.push(scene)
        assert _run(app, scene, 30000, press=True), "the game did not finish"
        result = R.result(scene.session.state)
        assert result.outcome in ("won", "lost")
        assert any("Mummy dice" in line for line in scene.log) or scene.log
        scene.flush_saves()
        assert not has_saved_game(R.GAME_ID)          # a finished game leaves no save behind
        app.post(Action(CONFIRM))        # Enter pressed through the last animation: the ending stays (issue 25)
        assert app.stack.top is scene
        for _ in range(100):
            app.post(Action(SKIP))
            app.step(1 / 60)
        assert scene.banner                 # the ending stays up, on the log: the final maze stays in sight
        assert not scene.banner_box().colliderect(MAZE) and scene.banner_box().colliderect(LOG_BOX)
        app.post(Action(CONFIRM))        # then Enter: a new game's set-up
        assert isinstance(app.stack.top, SetupScene)
    finally:
        pygame.quit()


def test_ai_only_game_saves_and_resumes_mid_way():
    app = App(headless=True)
    try:
        session = GameSession.start(R, Config(3, "standard"), 1)
        scene = PlayScene(session, humans=0, pace=0.0, tutorial=False)
        app.stack.push(scene)
        # AI seats answer from a worker, so how many choices 200 frames hold depends on the
        # machine's load: step until more than ten are made (a bounded wait, not a frame count).
        deadline = time.monotonic() + 60
        while len(session.choices) <= 10 and not session.is_over() and time.monotonic() < deadline:
            _run(app, scene, 20)
            time.sleep(0.005)
        scene.flush_saves()
        assert len(session.choices) > 10 and has_saved_game(R.GAME_ID)
        again = resume_scene(app, session)
        assert isinstance(again, PlayScene) and again.session is session
    finally:
        pygame.quit()


def test_two_humans_get_a_hand_over_screen():
    app = App(headless=True)
    try:
        session = GameSession.start(R, Config(2, "standard"), 5)
        scene = PlayScene(session, humans=2, pace=0.0, tutorial=False)
        app.stack.push(scene)
        seen = False
        for _ in range(3000):
            app.step(1 / 60)
            if isinstance(app.stack.top, HandOverScene):
                seen = True
                break
            app.post(Action(CONFIRM))
        assert seen
        assert app.stack.top.opaque                   # the table below is not drawn
    finally:
        pygame.quit()


def test_how_to_play_is_reachable_from_pause_and_the_entry_scene_builds():
    app = App(headless=True)
    try:
        session = GameSession.start(R, Config(1, "insane"), 2)
        scene = PlayScene(session, humans=1, pace=0.0, tutorial=False)
        app.stack.push(scene)
        app.step(1 / 60)
        app.post(Action(MENU))
        pause = app.stack.top
        labels = [item.label for item in pause.menu.items]
        assert "How to play" in labels
        pause.menu.items[labels.index("How to play")].on_select()
        assert isinstance(app.stack.top, HowToScene)
        app.step(1 / 60)
        assert isinstance(make_entry_scene(app), SetupScene)
    finally:
        pygame.quit()


def test_the_issue_screenshot_frame_shows_rooms_a_mummy_and_a_triangle():
    """`main.py runrunrun --players 3 --humans 0 --seed 1 --frames 1800`: what frame 1800 holds."""
    app = App(headless=True)
    try:
        session = GameSession.start(R, Config(3, "standard"), 1)
        scene = PlayScene(session, humans=0, tutorial=False)   # the command's default pace
        app.stack.push(scene)
        for _ in range(1800):
            app.step(1 / 60)
        s = session.state
        assert not s.over and len(s.tiles) >= 8
        assert s.mummies and (s.torch_tris or s.door_tris)
    finally:
        pygame.quit()


def test_a_human_marks_a_room_by_clicking_it():
    from game.client.input import CLICK
    app = App(headless=True)
    try:
        session = GameSession.start(R, Config(2, "standard"), 6)
        scene = PlayScene(session, humans=1, pace=0.0, tutorial=False)
        app.stack.push(scene)
        for _ in range(50):
            app.step(1 / 60)
            if session.current_seat() == 0 and session.state.phase == "action":
                break
        x, y = scene.layout.center((1, 0))                   # the Vault's open room
        app.post(Action(CLICK, "mouse", (int(x), int(y))))
        assert dict(R.seat_view(session.state, 1).marks) == {0: (1, 0)}
    finally:
        pygame.quit()


def test_continue_from_the_set_up_menu_reopens_the_saved_position():
    app = App(headless=True)
    try:
        session = GameSession.start(R, Config(2, "standard"), 9)
        scene = PlayScene(session, humans=0, pace=0.0, tutorial=False)
        app.stack.push(scene)
        assert step_until(app, lambda: len(session.choices) > 3)
        played = len(session.choices)
        app.stack.pop()
        setup = SetupScene()
        app.stack.push(setup)
        labels = [item.label for item in setup.menu.items]
        setup.menu.items[labels.index("Continue saved game")].on_select()
        resumed = app.stack.top
        assert isinstance(resumed, PlayScene) and len(resumed.session.choices) == played
        assert repr(R.seat_view(resumed.session.state, 0)) == repr(R.seat_view(session.state, 0))
    finally:
        pygame.quit()
