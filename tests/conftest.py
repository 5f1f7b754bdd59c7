"""Test-wide set-up: every test is headless, and saves go to a temporary folder."""
import os
import shutil

import pytest

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


@pytest.fixture(autouse=True)
def _isolated_data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("ROBOARCADE_HOME", str(tmp_path / "userdata"))


def require_tool(name: str, package: str | None = None) -> str:
    """Path of an outside tool; skip the test without it, except in CI where it must exist."""
    path = shutil.which(name)
    if path is None:
        if os.environ.get("ROBOARCADE_REQUIRE_TOOLS"):
            pytest.fail(f"{name} is required in CI (ROBOARCADE_REQUIRE_TOOLS is set) but not installed")
        pytest.skip(f"{name} is not installed (sudo apt install {package or name})")
    return path
