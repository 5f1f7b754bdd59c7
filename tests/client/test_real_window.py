"""Every screen as a player sees it in a REAL window (Xvfb), not the game's own --screenshot.

tests/client/real_window_probe.py opens the title and each game's screen through the command
line in a real X11 window on a 800x480, 1024x600 or 1920x1080 screen, captures the X screen
itself and finds the logical 1280x720 frame scaled inside it (issue 25: an 800x480 window
showed an unscaled cut from the middle, which --screenshot could not see). On the title a real
X pointer click (xdotool) at the Settings button's scaled place must open Settings.

Each case is one Xvfb and one process: about 3 s of CPU (5-20 s on a busy shared machine).
The title is checked at every screen size, windowed and fullscreen; each game's screen once at
800x480 (the 7-inch touchscreen).
ROBO_REAL_WINDOW_ALL=1 checks every screen in every case (about 2 minutes).
"""
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.helpers import require_tool

ROOT = Path(__file__).resolve().parents[2]
PROBE = Path(__file__).with_name("real_window_probe.py")
ALL_SCREENS = "title,roborun,robomissions,roborescue,runrunrun,roborally"
MAX_COLOUR_ERROR = 8.0      # mean |difference| per channel; measured 2.3-2.7, a cut-off frame 36-133

CASES = [   # screen, command-line options, screens checked, the window expected
    ("800x480", ["--window", "800x480", "--windowed"], "title,roborun,roborescue,roborally", (800, 480)),
    ("800x480", ["--fullscreen"], "title,robomissions,runrunrun", (800, 480)),
    ("1024x600", ["--windowed"], "title", (1024, 576)),      # no --window: the largest 16:9 that fits
    ("1024x600", ["--fullscreen"], "title", (1024, 600)),
    ("1920x1080", ["--windowed"], "title", (1280, 720)),
    ("1920x1080", ["--fullscreen"], "title", (1920, 1080)),
]


def _probe(tmp_path: Path, screen: str, options: list[str], screens: str) -> dict:
    xvfb = require_tool("xvfb-run", package="xvfb")
    require_tool("xwd", package="x11-apps")
    require_tool("xdotool")
    env = {k: v for k, v in os.environ.items() if k != "SDL_VIDEODRIVER"}
    env.update(SDL_AUDIODRIVER="dummy", ROBOARCADE_HOME=str(tmp_path / "home"),
               PROBE_SCREENS=ALL_SCREENS if os.environ.get("ROBO_REAL_WINDOW_ALL") else screens)
    report = tmp_path / "report.json"
    result = subprocess.run([xvfb, "-a", "-s", f"-screen 0 {screen}x24", sys.executable, str(PROBE), str(report),
                             *options], cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr[-3000:]
    return json.loads(report.read_text())


@pytest.mark.parametrize("screen,options,screens,window", CASES,
                         ids=[f"{c[0]}-{'fullscreen' if '--fullscreen' in c[1] else 'window'}" for c in CASES])
def test_the_whole_frame_is_on_the_screen_scaled_to_fit_and_a_click_lands(tmp_path, screen, options, screens,
                                                                            window):
    report = _probe(tmp_path, screen, options, screens)
    width, height = (int(n) for n in screen.split("x"))
    assert set(screens.split(",")) <= set(report)
    for name, seen in report.items():
        assert "error" not in seen, f"{name}: {seen['error']}"
        assert tuple(seen["window_size"]) == window, name
        found = seen["found"]
        scale = min(window[0] / 1280, window[1] / 720)
        assert (found["width"], found["height"]) == (round(1280 * scale), round(720 * scale)), name
        # the whole frame is on the screen, and it is the frame (not a cut of it)
        assert 0 <= found["x"] and found["x"] + found["width"] <= width, (name, found)
        assert 0 <= found["y"] and found["y"] + found["height"] <= height, (name, found)
        assert found["error"] < MAX_COLOUR_ERROR, (name, found, tmp_path)
    click = report["title"]["click"]
    assert click["top_scene"] == "SettingsScene", click       # the real click pressed Settings
