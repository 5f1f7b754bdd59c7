"""Test-wide set-up: every test is headless, and saves go to a temporary folder."""
import os

import pytest

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


@pytest.fixture(autouse=True)
def _isolated_data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("ROBOARCADE_HOME", str(tmp_path / "userdata"))
    from game.core import storage

    storage.forget_run_state()      # warnings and protected saves of an earlier test are not this one's
