"""Issue 26: the loop is paced without vsync, and a screen where nothing moves draws nothing."""
import time

import pygame
import pytest

from game.client import ai_worker
from game.client.app import LIVELY, App
from game.client.bench_frames import _hook_module
from game.client.input import Action
from game.client.menus import TitleScene
from game.client.scene import Scene

STEP = 1 / 60


@pytest.fixture
def app():
    app = App(headless=True)
    app.draw_idle_frames = False        # as the real, paced loop
    yield app
    app.stack.clear_to(Scene())
    pygame.quit()
    ai_worker.shutdown()


def _steps(app, count):
    drawn = app.frames_drawn
    for _ in range(count):
        app.step(STEP)
    return app.frames_drawn - drawn


def test_the_loop_sleeps_to_the_refresh_rate_when_vsync_does_not_pace_it(app):
    app.paced = True                    # the dummy driver never waits for vsync
    app.stack.push(TitleScene())
    started = time.perf_counter()
    app.run(seconds=0.5)
    wall = time.perf_counter() - started
    assert app.refresh_period == pytest.approx(1 / 60)
    assert app.frames <= wall * 60 + 3          # 60 frames a second, not the 240 of the old tick
    assert app.frames >= 2                      # it ran (a starved worker on a loaded machine drew 4 of 30)


def test_the_title_left_alone_comes_to_rest_and_wakes_on_input(app):
    app.stack.push(TitleScene())
    assert _steps(app, 60) == 60                # the player just arrived: the robots march
    _steps(app, int(LIVELY * 60))
    assert _steps(app, 120) == 0                # left alone: nothing drawn at all
    app.post(Action("down", "keyboard"))
    assert _steps(app, 30) == 30                # input: drawn again, robots marching


class Counting(Scene):
    """Moves for `frames` updates, then rests; the picture is its counter."""

    covers_screen = True

    def __init__(self, frames):
        super().__init__()
        self.left, self.count, self.shown = frames, 0, None

    def animating(self):
        return self.left > 0

    def update(self, dt):
        if self.left > 0:
            self.left -= 1
            self.count += 1

    def draw(self, surface, alpha):
        self.shown = self.count


def test_an_animation_is_drawn_every_frame_and_its_last_update_is_shown(app):
    scene = Counting(30)
    app.stack.push(scene)
    app.since_input = LIVELY            # the player is away: only the animation can ask for frames
    drawn = _steps(app, 100)
    assert scene.shown == 30            # the frame after the last update was drawn: the picture landed
    assert 30 <= drawn <= 32


def test_an_ai_answer_wakes_the_drawing(app):
    scene = Counting(0)
    app.stack.push(scene)
    app.since_input = LIVELY
    _steps(app, 20)
    assert _steps(app, 20) == 0
    future = ai_worker.AIWorker().submit(sum, (1, 2))
    assert future.result(timeout=30) == 3
    assert _steps(app, 3) >= 1


GAMES = ("roborun", "robomissions", "roborescue", "runrunrun", "roborally")


@pytest.mark.parametrize("game", GAMES)
def test_a_table_waiting_for_the_player_comes_to_rest_showing_the_true_picture(app, game):
    """The play table, left alone, stops drawing within a few seconds, and what the screen holds
    then is exactly a full redraw of the scene: nothing changed without saying so."""
    scene = _hook_module(game).make_idle_scene(app)
    app.stack.push(scene)
    app.since_input = LIVELY
    rested = 0
    for _ in range(60 * 30):
        drawn = app.frames_drawn
        app.step(STEP)
        if ai_worker.thread_busy():
            time.sleep(0.002)           # a headless AI thread answers in real time
        rested = rested + 1 if app.frames_drawn == drawn else 0
        if rested >= 120:
            break
    assert rested >= 120, f"{game}: still drawing after 30 s of game time"
    shown = pygame.image.tobytes(app.screen, "RGB")
    app.stack.draw(app.screen, 0.0)
    assert pygame.image.tobytes(app.screen, "RGB") == shown


def test_bench_idle_prints_the_issue_json(capsys, monkeypatch, tmp_path):
    from game.client import bench_idle

    monkeypatch.setenv("ROBOARCADE_HOME", str(tmp_path))
    assert bench_idle.main(["--screen", "title", "--seconds", "0.5", "--settle", "0.2"]) == 0
    report = __import__("json").loads(capsys.readouterr().out)
    assert {"cpu_per_wall", "frames_drawn", "frames_per_s"} <= set(report)
    assert 0 <= report["cpu_per_wall"] and 0 <= report["frames_drawn"] <= report["loop_frames"] <= 40


def test_bench_idle_refuses_an_unknown_screen_in_one_line():
    from game.client import bench_idle
    from game.core.errors import UserError

    with pytest.raises(UserError, match="unknown screen 'nowhere'"):
        bench_idle.main(["--screen", "nowhere"])
