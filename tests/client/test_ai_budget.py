"""Issue 26: every play screen's AI is bounded by work, not time; the wall clock is only a safety net."""
import threading
import time
from concurrent.futures import Future

import pygame
import pytest

from game.client import ai_worker
from game.client.app import App
from game.client.bench_quota import ai_scene, capture_jobs, choice_of, run_job
from game.client.scene import Scene

GAMES = ("roborun", "robomissions", "roborescue", "runrunrun", "roborally")


@pytest.fixture
def app(monkeypatch):
    monkeypatch.setenv("ROBOARCADE_AI_WORKER", "thread")
    ai_worker.shutdown()
    app = App(headless=True)
    yield app
    app.stack.clear_to(Scene())
    pygame.quit()
    ai_worker.shutdown()


class Throttled:
    """A CPU four times slower, as a Raspberry Pi: every clock runs 4x fast, and a busy thread
    competes for the interpreter the whole time."""

    CLOCKS = ("perf_counter", "monotonic", "process_time", "thread_time", "time")

    def __init__(self, monkeypatch):
        self.monkeypatch, self.stop = monkeypatch, threading.Event()

    def __enter__(self):
        for name in self.CLOCKS:
            real = getattr(time, name)
            start = real()
            self.monkeypatch.setattr(time, name, lambda real=real, start=start: start + (real() - start) * 4)
        self.spinner = threading.Thread(target=self._spin, daemon=True)
        self.spinner.start()
        return self

    def _spin(self):
        while not self.stop.is_set():
            sum(range(1000))

    def __exit__(self, *exc):
        self.stop.set()
        self.spinner.join()
        for name in self.CLOCKS:
            self.monkeypatch.undo()


@pytest.mark.parametrize("game", GAMES)
def test_the_same_position_gets_the_same_choice_on_a_throttled_cpu(app, monkeypatch, game):
    jobs = capture_jobs(app, game, 3)
    assert jobs, f"{game}: the screen asked its AI nothing"
    plain = [run_job(job) for job in jobs]
    with Throttled(monkeypatch):
        slow = [run_job(job) for job in jobs]
    assert [choice_of(answer) for answer in slow] == [choice_of(answer) for answer in plain]


def test_a_decision_not_answered_in_time_is_given_up():
    ai_worker.shutdown()
    release = threading.Event()
    try:
        future = ai_worker.AIWorker().submit(release.wait, 30)
        assert ai_worker.expire_overdue(time.monotonic() + 1) == 0          # not yet
        assert ai_worker.expire_overdue(time.monotonic() + ai_worker.SAFETY_SECONDS + 1) == 1
        assert isinstance(future.exception(timeout=1), ai_worker.DecisionOverdue)
    finally:
        release.set()
        ai_worker.shutdown()


@pytest.mark.parametrize("game", GAMES)
def test_a_play_screen_plays_a_legal_move_when_its_ai_is_overdue(app, monkeypatch, game):
    def overdue(self, fn, *args, **kwargs):
        future = Future()
        future.set_exception(ai_worker.DecisionOverdue("no answer"))
        return future

    monkeypatch.setattr(ai_worker.AIWorker, "submit", overdue)
    scene = ai_scene(game)
    app.stack.push(scene)
    session = scene.session
    for _ in range(60 * 20):
        app.step(1 / 60)
        if len(session.choices) >= 3:
            break
    assert len(session.choices) >= 3, f"{game}: the game stopped when its AI gave no answer"


@pytest.mark.parametrize("argv, says", [(["--quota", "quarter"], "--quota is QUOTA/PERIOD"),
                                        (["--quota", "10/100000"], "at least 1000 microseconds"),
                                        (["--decisions", "0"], "--decisions must be at least 1")])
def test_bench_quota_says_what_is_wrong_with_its_options_in_one_line(argv, says, capsys):
    from game.cli import main

    assert main(["bench", "quota", *argv]) == 2
    err = capsys.readouterr().err.strip()
    assert says in err and "\n" not in err
