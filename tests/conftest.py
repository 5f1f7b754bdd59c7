"""Test-wide set-up: every test is headless, and saves go to a temporary folder."""
import os

import pytest

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


def pytest_configure(config):
    """One cache folder for the whole run, shared by the xdist workers (they inherit the
    environment): caches are re-computed, never saved progress, so sharing them isolates
    nothing a test checks, while a fresh one per test made every test that opened a window
    synthesise all the sounds again in a child process (about 500 runs, 2 CPU-minutes).
    Tests of the caches themselves unset ROBOARCADE_CACHE (`cold_caches`)."""
    if hasattr(config, "workerinput") or os.environ.get("ROBOARCADE_CACHE"):
        return
    import tempfile

    folder = tempfile.mkdtemp(prefix="robo-arcade-test-cache-")
    os.environ["ROBOARCADE_CACHE"] = folder
    config._robo_shared_cache = folder


def pytest_unconfigure(config):
    folder = getattr(config, "_robo_shared_cache", None)
    if folder:
        import shutil

        shutil.rmtree(folder, ignore_errors=True)
        os.environ.pop("ROBOARCADE_CACHE", None)


@pytest.fixture
def cold_caches(monkeypatch):
    """Caches in the test's own save folder, as on a player's machine (data_dir()/cache)."""
    monkeypatch.delenv("ROBOARCADE_CACHE", raising=False)


@pytest.fixture(autouse=True)
def _isolated_data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("ROBOARCADE_HOME", str(tmp_path / "userdata"))
    from game.core import storage

    storage.forget_run_state()      # warnings and protected saves of an earlier test are not this one's


@pytest.fixture(autouse=True)
def _repeatable_global_random(request):
    """Screens draw a fresh seed from the global generator when a player starts a game; seed it
    per test so a test that walks through the menus plays the same deal on every run (a CI run
    once failed because a random deal was lost before the test could leave it)."""
    import random
    import zlib

    state = random.getstate()
    random.seed(zlib.crc32(request.node.nodeid.encode("utf-8")))
    yield
    random.setstate(state)


@pytest.fixture(autouse=True)
def _collector_not_left_frozen():
    """A window command run in-process (cli.main) freezes the objects it started with at its first
    frame (game.core.first_frame); the test process is not a game start: thaw them after the test."""
    import gc

    yield
    if gc.get_freeze_count():
        gc.unfreeze()
