"""Issue 26: every play screen's AI is bounded by work, not time; the wall clock is only a safety net."""
import pickle
import threading
import time
from concurrent.futures import Future

import pygame
import pytest

from game.client import ai_worker
from game.client.app import App
from game.client.bench_frames import _hook_module
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


def _ai_scene(game: str):
    """A play screen where AIs decide (Robo Run: the AI partner at hard plays both seats)."""
    if game == "roborun":
        from game.roborun.ui.play_scene import PlayScene
        from game.roborun.ui.session import GameOptions

        return PlayScene(GameOptions(level_ref="1.1", partner="ai", ai_level="hard", seed=3, spectate=True,
                                     intro=False, tutorial=False))
    return _hook_module(game).make_busy_scene(None)


def _capture_jobs(app, monkeypatch, game: str, count: int) -> list[bytes]:
    """The first `count` decisions the play screen asks its AI worker for, exactly as submitted
    (pickled at once, as the worker process receives them)."""
    jobs: list[bytes] = []
    submit = ai_worker.AIWorker.submit

    def record(self, fn, *args, **kwargs):
        if len(jobs) < count:
            jobs.append(pickle.dumps((fn, args, kwargs)))
        return submit(self, fn, *args, **kwargs)

    monkeypatch.setattr(ai_worker.AIWorker, "submit", record)
    app.stack.push(_ai_scene(game))
    for _ in range(60 * 60):
        app.step(1 / 60)
        if ai_worker.thread_busy():
            time.sleep(0.001)
        if len(jobs) >= count:
            break
    monkeypatch.setattr(ai_worker.AIWorker, "submit", submit)
    return jobs


def _fresh_players(fn) -> None:
    """Forget players an AI module keeps between calls (Robo Run keeps one per seat and map), so a
    job run twice starts from the same memory both times."""
    import sys

    for name in list(sys.modules):
        if name.startswith(fn.__module__.rsplit(".", 1)[0]) and hasattr(sys.modules[name], "_PLAYERS"):
            sys.modules[name]._PLAYERS.clear()


def _run(job: bytes):
    fn, args, kwargs = pickle.loads(job)
    _fresh_players(getattr(fn, "func", fn))
    return fn(*args, **kwargs)


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
    jobs = _capture_jobs(app, monkeypatch, game, 3)
    assert jobs, f"{game}: the screen asked its AI nothing"
    plain = [_run(job) for job in jobs]
    with Throttled(monkeypatch):
        slow = [_run(job) for job in jobs]
    assert [_choice(answer) for answer in slow] == [_choice(answer) for answer in plain]


def _choice(answer):
    """Robo Rally's job answers (choice, the player with its plan): compare the choice."""
    return answer[0] if isinstance(answer, tuple) and len(answer) == 2 and not hasattr(answer, "_fields") \
        else answer


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
    scene = _ai_scene(game)
    app.stack.push(scene)
    session = scene.session
    for _ in range(60 * 20):
        app.step(1 / 60)
        if len(session.choices) >= 3:
            break
    assert len(session.choices) >= 3, f"{game}: the game stopped when its AI gave no answer"
