"""Helpers shared by tests in any folder."""
import os
import shutil

import pytest


def require_tool(name: str, package: str | None = None) -> str:
    """Path of an outside tool; skip the test without it, except in CI where it must exist."""
    path = shutil.which(name)
    if path is None:
        if os.environ.get("ROBOARCADE_REQUIRE_TOOLS"):
            pytest.fail(f"{name} is required in CI (ROBOARCADE_REQUIRE_TOOLS is set) but not installed")
        pytest.skip(f"{name} is not installed (sudo apt install {package or name})")
    return path
