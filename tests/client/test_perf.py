"""Issue 16 (smooth on a Raspberry Pi): start-up path, the AI worker, bench frames, cached drawing."""
import json
import os
import random
import subprocess
import sys
import threading
from pathlib import Path

import pygame
import pytest

from game.core.errors import UserError

ROOT = Path(__file__).resolve().parents[2]

# The child runs the real title command and reports, at the end of its first flip, whether
# numpy (or multiprocessing) has been imported yet.
_FIRST_FRAME_PROBE = """
import json, os, sys
import pygame
_flip = pygame.display.flip
def _probe():
    _flip()
    print(json.dumps({name: name in sys.modules for name in ("numpy", "multiprocessing")}), flush=True)
    os._exit(0)
pygame.display.flip = _probe
from game.cli import main
main(ARGV)
"""


def _first_frame_modules(argv, tmp_path):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", ROBOARCADE_HOME=str(tmp_path))
    env.pop("ROBOARCADE_CACHE", None)      # caches in the fresh home, as on a first start
    code = _FIRST_FRAME_PROBE.replace("ARGV", repr(list(argv)))
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=60)
    lines = [line for line in done.stdout.splitlines() if line.startswith("{")]
    assert lines, done.stderr
    return json.loads(lines[-1])


def test_the_title_screen_reaches_its_first_frame_without_numpy(tmp_path):
    loaded = _first_frame_modules(["--frames", "1"], tmp_path)
    assert loaded == {"numpy": False, "multiprocessing": False}


def test_the_title_screen_import_path_does_not_import_numpy():
    code = ("import sys; import game.cli, game.client.app, game.client.menus, game.client.audio, "
            "game.client.widgets; print('numpy' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60,
                          env=dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy"))
    assert done.stdout.strip().splitlines()[-1] == "False", done.stderr


def test_sounds_are_built_after_the_first_frame_in_the_background_never_on_the_render_loop(monkeypatch, tmp_path,
                                                                                          cold_caches):
    import threading

    from game.client.app import App
    from game.client.audio import EFFECTS, Audio
    from game.client.menus import TitleScene

    monkeypatch.setenv("ROBOARCADE_HOME", str(tmp_path))      # an empty sound cache: the synthesiser runs
    threads = []
    read = Audio._pcm
    monkeypatch.setattr(Audio, "_pcm", lambda self, *a: threads.append(threading.current_thread()) or read(self, *a))
    app = App()
    try:
        if not app.audio.enabled:
            pytest.skip("no mixer on this machine")
        app.stack.push(TitleScene())
        assert app.audio.sounds == {} and app.audio.music is None     # nothing built before the first frame
        app.step(1 / 60)
        assert app.audio._read_all.wait(60)
        for _ in range(len(EFFECTS) + 1):       # one sound made per frame
            app.step(1 / 60)
        assert set(app.audio.sounds) == set(EFFECTS) and app.audio.music is not None and app.audio.ready()
        assert threads and threading.main_thread() not in threads     # every sound read off the render loop
        assert sorted(p.name for p in next((tmp_path / "cache").iterdir()).iterdir()) == \
            sorted(f"{name}.pcm" for name in [*EFFECTS, "music"])      # written by the synthesiser process
    finally:
        app.audio.stop()
        pygame.quit()


_SOUND_PROBE = """
import json, sys, time
from game.client.app import App
from game.client.menus import TitleScene
app = App()
app.stack.push(TitleScene())
app.step(1 / 60)
ready = app.audio.wait_ready(60)
print(json.dumps({"ready": ready, "sounds": len(app.audio.sounds), "numpy": "numpy" in sys.modules}))
"""


def test_the_game_process_never_imports_numpy_to_make_its_sounds(tmp_path):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", ROBOARCADE_HOME=str(tmp_path))
    env.pop("ROBOARCADE_CACHE", None)      # caches in the fresh home, as on a first start
    for run in ("empty cache", "cached"):
        done = subprocess.run([sys.executable, "-c", _SOUND_PROBE], cwd=ROOT, env=env, capture_output=True,
                              text=True, timeout=120)
        report = json.loads(done.stdout.strip().splitlines()[-1])
        if report["sounds"] == 0 and report["ready"]:
            pytest.skip("no mixer on this machine")
        assert report == {"ready": True, "sounds": 12, "numpy": False}, run


def test_synthesised_sounds_come_back_from_the_disk_cache_byte_for_byte(cold_caches):
    from game.client.audio import Audio

    pygame.mixer.init()
    try:
        if pygame.mixer.get_init() is None:
            pytest.skip("no mixer on this machine")
        first = Audio()
        first.warm(["zap"])
        second = Audio()
        second._make = None                     # a cache miss would have to synthesise: it must not
        second.warm(["zap"])
        assert second.sounds["zap"].get_raw() == first.sounds["zap"].get_raw()
    finally:
        pygame.quit()


# ------------------------------------------------------------------ the AI worker
@pytest.fixture
def process_worker(monkeypatch):
    """The worker process, as a real (not headless) game uses it."""
    from game.client import ai_worker

    ai_worker.shutdown()
    monkeypatch.setenv("ROBOARCADE_AI_WORKER", "process")
    yield ai_worker
    ai_worker.shutdown()


def test_headless_runs_think_in_the_thread_so_captures_stay_reproducible(monkeypatch):
    from game.client import ai_worker

    ai_worker.shutdown()
    monkeypatch.delenv("ROBOARCADE_AI_WORKER", raising=False)
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    assert ai_worker.backend() == "thread"
    monkeypatch.setenv("SDL_VIDEODRIVER", "kmsdrm")
    assert ai_worker._mode() == "process"
    ai_worker.shutdown()


def test_the_worker_process_returns_the_same_choice_as_in_process(process_worker):
    ai_worker = process_worker
    from game.robomissions import ai as rm_ai
    from game.robomissions.rules import engine as rm_engine
    from game.robomissions.rules.view import seat_view as rm_view
    from game.roborescue import ai as rr_ai
    from game.roborescue.rules import engine as rr_engine

    worker = ai_worker.AIWorker()
    try:
        assert worker.backend == "process"
        state = rr_engine.new_game(rr_engine.Config(3, False), 11)
        seat = state.decision_seat
        args = (rr_engine.seat_view(state, seat), rr_engine.legal_choices(state))
        for level in ("easy", "normal", "hard"):
            away = worker.submit(rr_ai.choose, *args, random.Random(5), level).result(timeout=60)
            assert away == rr_ai.choose(*args, random.Random(5), level)
        table = rm_engine.new_game(rm_engine.Config("ffa", 3), 4)
        seen = rm_view(table, table.current)
        legal = rm_engine.legal_choices(table)
        for level in ("normal", "hard"):
            away = worker.submit(rm_ai.choose, seen, legal, random.Random(9), level).result(timeout=60)
            assert away == rm_ai.choose(seen, legal, random.Random(9), level)
    finally:
        worker.close()
        ai_worker.shutdown()


def test_a_job_that_cannot_be_pickled_runs_in_the_thread_instead(process_worker):
    ai_worker = process_worker

    worker = ai_worker.AIWorker()
    try:
        assert worker.submit(lambda a, b: a * b, 6, 7).result(timeout=30) == 42
    finally:
        ai_worker.shutdown()


def test_the_thread_fallback_is_chosen_by_the_environment(monkeypatch):
    from game.client import ai_worker

    ai_worker.shutdown()
    monkeypatch.setenv("ROBOARCADE_AI_WORKER", "thread")
    try:
        worker = ai_worker.AIWorker()
        assert worker.backend == "thread"
        assert worker.submit(max, 3, 9).result(timeout=30) == 9
    finally:
        ai_worker.shutdown()


def test_think_for_keeps_thinking_and_returns_the_first_answer():
    from game.client.ai_worker import think_for

    calls = []
    assert think_for(0.02, lambda: calls.append(1) or len(calls)) == 1
    assert len(calls) > 1


# ------------------------------------------------------------------ bench frames
def test_bench_frames_prints_the_issue_json_for_a_tiny_run(capsys):
    from game.client import bench_frames

    assert bench_frames.main(["--screen", "title", "--frames", "12"]) == 0
    report = json.loads(capsys.readouterr().out)
    for key in ("median_frame_ms", "p99_frame_ms", "max_frame_ms", "baseline_frame_ms", "ratio"):
        assert isinstance(report[key], float) and report[key] > 0
    assert 0.0 <= report["missed_60hz"] <= 1.0
    assert report["frames"] == 12 and report["screen"] == "title"
    assert report["max_frame_ms"] >= report["p99_frame_ms"] >= report["median_frame_ms"]


def test_bench_frames_says_in_one_line_when_a_game_is_not_built(monkeypatch, capsys):
    from game import catalog
    from game.cli import main

    missing = catalog.GameEntry("notyet", "Not Yet", "1", "-", entry="game.notyet.ui.scene:make_entry_scene")
    monkeypatch.setattr(catalog, "GAMES", catalog.GAMES + (missing,))
    monkeypatch.setitem(catalog.BY_ID, "notyet", missing)
    assert main(["bench", "frames", "--screen", "notyet", "--frames", "10"]) == 2
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0 and err.startswith("error: ") and "notyet is not built" in err
    with pytest.raises(UserError):
        from game.client import bench_frames
        bench_frames.main(["--screen", "nosuchscreen"])


# ------------------------------------------------------------------ cached drawing
def test_a_cached_region_redraws_only_when_its_key_changes():
    from game.client.layers import CachedRegion

    pygame.display.init()
    try:
        backdrop = pygame.Surface((100, 60))
        backdrop.fill((10, 20, 30))
        target = pygame.Surface((100, 60))
        region, calls = CachedRegion(), []

        def draw(layer):
            calls.append(1)
            layer.fill((200, 0, 0), pygame.Rect(10, 10, 20, 20))

        area = pygame.Rect(5, 5, 40, 40)
        region.blit(target, backdrop, area, ("same",), draw)
        # issue 26: the first use draws straight onto the target (no full-size layer before a
        # first frame); the layer is made, and drawn once, at the second use
        assert len(calls) == 1 and region.layer is None
        assert target.get_at((15, 15))[:3] == (200, 0, 0) and target.get_at((50, 50))[:3] == (0, 0, 0)
        for _ in range(3):
            region.blit(target, backdrop, area, ("same",), draw)
        assert len(calls) == 2 and region.layer is not None
        assert target.get_at((15, 15))[:3] == (200, 0, 0) and target.get_at((50, 50))[:3] == (0, 0, 0)
        region.blit(target, backdrop, area, ("changed",), lambda layer: calls.append(3))
        assert calls == [1, 1, 3] and target.get_at((15, 15))[:3] == (10, 20, 30)   # backdrop under the new key
        target.set_clip(pygame.Rect(0, 0, 12, 12))      # a target's own clip holds on the first use too
        fresh = CachedRegion()
        fresh.blit(target, backdrop, area, ("same",), draw)
        assert target.get_at((11, 11))[:3] == (200, 0, 0) and target.get_at((15, 15))[:3] == (10, 20, 30)
    finally:
        pygame.quit()


def test_the_title_screen_makes_no_font_and_no_new_image_once_it_is_running(monkeypatch):
    from game.client.app import App
    from game.client.menus import TitleScene

    app = App()
    try:
        app.stack.push(TitleScene())
        for _ in range(4 * 60):            # every title angle and mascot pose has been seen
            app.step(1 / 60)
        made = []
        monkeypatch.setattr(pygame.font, "Font", lambda *a, **k: made.append("Font"))
        real_rotozoom = pygame.transform.rotozoom
        monkeypatch.setattr(pygame.transform, "rotozoom", lambda *a: made.append("rotozoom") or real_rotozoom(*a))
        for _ in range(60):
            app.step(1 / 60)
        assert made == []
    finally:
        pygame.quit()


@pytest.mark.parametrize("screen", ["robomissions", "roborescue"])
def test_a_game_table_never_builds_a_sound_on_the_render_loop(screen, monkeypatch):
    from game.client import ai_worker
    from game.client.app import App
    from game.client.audio import Audio
    from game.client.bench_frames import _scene_factory

    app = App()
    try:
        if not app.audio.enabled:
            pytest.skip("no mixer on this machine")
        app.audio.release()                # as after the App's first frame
        assert app.audio.wait_ready(60)
        original = Audio._pcm

        def pcm_off_the_loop(*args):
            """Reading a sound is the background reader's job (a reader left by an earlier App may
            still run); on the render loop's thread it fails the test."""
            if threading.current_thread() is threading.main_thread():
                pytest.fail("a sound read or made on the render loop")
            return original(*args)

        monkeypatch.setattr(Audio, "_pcm", pcm_off_the_loop)
        make_scene, _, _ = _scene_factory(screen)
        app.stack.push(make_scene(app))
        for _ in range(120):
            app.step(1 / 60)
    finally:
        app.stack.clear_to(type("Empty", (), {"app": None, "enter": lambda s: None, "exit": lambda s: None})())
        pygame.quit()
        ai_worker.shutdown()


def test_a_job_submitted_while_the_worker_starts_is_answered_once_it_is_up(process_worker):
    ai_worker = process_worker
    from game.roborescue import ai as rr_ai
    from game.roborescue.rules import engine as rr_engine

    ai_worker.shutdown()
    try:
        ai_worker.prestart()                        # starting in the background...
        worker = ai_worker.AIWorker()
        state = rr_engine.new_game(rr_engine.Config(2, False), 3)
        args = (rr_engine.seat_view(state, state.decision_seat), rr_engine.legal_choices(state), random.Random(1),
                "hard")
        future = worker.submit(rr_ai.choose, *args)  # ...never blocks the caller
        assert future.result(timeout=60) == rr_ai.choose(*args[:2], random.Random(1), "hard")
        assert ai_worker.backend() == "process"
    finally:
        ai_worker.shutdown()


def test_the_title_redraws_only_what_moves_and_the_picture_is_the_same_as_a_full_redraw():
    from game.client.app import App
    from game.client.input import Action
    from game.client.menus import NoticeScene, TitleScene

    app = App()
    try:
        title = TitleScene()
        app.stack.push(title)
        for frame in range(1, 241):
            if frame == 100:
                app.post(Action("down", "keyboard"))              # the menu changes
            if frame == 150:
                app.stack.push(NoticeScene("hello"))              # an overlay comes and goes
            if frame == 170:
                app.post(Action("confirm", "keyboard"))
            app.step(1 / 60)
            if frame in (2, 60, 101, 160, 171, 172, 240):
                partial = app.screen.copy()
                title.drawn_alone = None                          # force a full redraw of the same moment
                app.stack.draw(app.screen, 0.0)
                assert pygame.image.tobytes(partial, "RGB") == pygame.image.tobytes(app.screen, "RGB"), frame
    finally:
        pygame.quit()
