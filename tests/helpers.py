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


def step_until(app, done, seconds: float = 60.0, frames_per_look: int = 20) -> bool:
    """Step `app` until `done()` (True) or `seconds` of wall clock pass (False).

    AI seats answer from a worker process, so how many choices a fixed number of frames holds
    depends on the machine's load: a test waits for what it needs, bounded, not a frame count."""
    import time

    deadline = time.monotonic() + seconds
    while not done():
        if time.monotonic() > deadline:
            return False
        for _ in range(frames_per_look):
            app.step(1 / 60)
        time.sleep(0.005)
    return True


def let_the_ai_answer(app, seconds: float = 60.0) -> None:
    """Before the next frame, wait for the answer of any screen's AI seat that is thinking (a
    `future` the screen polls each frame). The frames drawn meanwhile show nothing new (the
    "thinking..." dots), cost a whole screen's drawing each, and their number only measured
    the machine's load: in whole games played through a screen, up to half of the frames.
    Only for local AI seats: a future the table answers would wait for the table."""
    from concurrent import futures

    for scene in app.stack.scenes:
        future = getattr(scene, "future", None)
        if isinstance(future, futures.Future) and not future.done():
            futures.wait([future], timeout=seconds)


def missing_tests_named_in_doc(doc: str, test_folder: str) -> list[str]:
    """Test names a rules doc (docs/<doc>) cites that no file of tests/<test_folder>/ defines
    (test module names it cites are not test names),
    so a renamed or deleted test cannot leave a rule pointing at nothing."""
    import re
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    cited = set(re.findall(r"\btest_\w+", (root / "docs" / doc).read_text(encoding="utf-8")))
    defined = set()
    for path in (root / "tests" / test_folder).glob("test_*.py"):
        defined |= {path.stem} | set(re.findall(r"^def (test_\w+)", path.read_text(encoding="utf-8"), re.M))
    return sorted(cited - defined)
