"""Run under Xvfb: open every screen in a REAL window, capture the X screen itself, report.

`python tests/client/real_window_probe.py OUT.json [--window WxH] [--fullscreen]` opens the
title screen and a game screen of each of the five games the way a player does (through
`game.cli.main`), lets each draw a few frames, captures the whole X screen with `xwd -root`
(not the game's own --screenshot, which cannot see how the window shows the picture), finds
the logical 1280x720 frame scaled to fit inside it, and on the title clicks (xdotool, a real
X pointer event) the Settings button at its scaled position. It writes one JSON report that
tests/client/test_real_window.py checks; the captures go next to it as PNGs to look at.
"""
from __future__ import annotations

import json
import os
import struct
import subprocess
import sys
import time

import numpy as np
import pygame

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, ROOT)

from game.client import app as app_module  # noqa: E402
from game.client import theme  # noqa: E402
from game.core import storage  # noqa: E402

SETTLE_FRAMES = 8           # frames drawn before the capture (entry animations under way)
SEARCH = 6                  # px around the expected place the frame may be found

SCREENS: dict[str, list[str]] = {
    "title": [],
    "roborun": ["roborun", "--level", "1.1", "--partner", "ai"],
    "robomissions": ["robomissions", "--mode", "ffa", "--players", "3"],
    "roborescue": ["roborescue", "--players", "1"],
    "runrunrun": ["runrunrun", "--players", "2", "--humans", "1"],
    "roborally": ["roborally", "--course", "dizzy-dash", "--players", "4", "--humans", "1"],
}


def load_xwd(data: bytes) -> np.ndarray:
    """An `xwd` dump (ZPixmap, 24/32 bits per pixel, as Xvfb writes) as an H x W x 3 RGB array."""
    header = struct.unpack(">25I", data[:100])
    header_size, width, height, byte_order = header[0], header[4], header[5], header[7]
    bits, line_bytes, colours = header[11], header[12], header[19]
    step = bits // 8
    start = header_size + colours * 12
    raw = np.frombuffer(data, dtype=np.uint8, count=line_bytes * height, offset=start)
    pixels = raw.reshape(height, line_bytes)[:, :width * step].reshape(height, width, step)
    if byte_order == 0:                      # least significant byte first: B, G, R(, pad)
        return np.ascontiguousarray(pixels[:, :, 2::-1])
    return np.ascontiguousarray(pixels[:, :, step - 3:step])


def capture_screen() -> np.ndarray:
    dump = subprocess.run(["xwd", "-root", "-silent"], capture_output=True, check=True, timeout=20).stdout
    return load_xwd(dump)


def fitted_rect(window_pos: tuple[int, int], window_size: tuple[int, int]) -> tuple[int, int, int, int]:
    """Where the logical frame should be on the screen: scaled to fit the window, centred in it.

    Written here from the sizes alone (not with the App's own mapping) so the test checks it."""
    scale = min(window_size[0] / theme.WIDTH, window_size[1] / theme.HEIGHT)
    width, height = round(theme.WIDTH * scale), round(theme.HEIGHT * scale)
    return (window_pos[0] + (window_size[0] - width) // 2, window_pos[1] + (window_size[1] - height) // 2,
            width, height)


def frame_mismatch(screen: np.ndarray, frame: pygame.Surface, rect: tuple[int, int, int, int]) -> dict:
    """Find `frame` scaled to rect's size near rect on `screen`: best place and its mean colour error.

    The error is the mean absolute difference per channel (0..255) over the whole frame; a
    frame cut off by the screen edge counts its missing part as fully wrong."""
    x, y, width, height = rect
    expected = pygame.surfarray.array3d(pygame.transform.smoothscale(frame.convert(24), (width, height)))
    step = 3                                    # every third pixel each way: fast and plenty
    wanted = expected.swapaxes(0, 1).astype(np.int16)[::step, ::step]
    rows, cols = wanted.shape[:2]
    best = None
    for dy in range(-SEARCH, SEARCH + 1):
        for dx in range(-SEARCH, SEARCH + 1):
            left, top = x + dx, y + dy
            # the sampled pixels that fall on the screen (whole rows and columns of the grid)
            r0, c0 = -(-max(0, -top) // step), -(-max(0, -left) // step)
            r1, c1 = min(rows, -(-(screen.shape[0] - top) // step)), min(cols, -(-(screen.shape[1] - left) // step))
            wrong = seen = 0
            if r1 > r0 and c1 > c0:
                part = screen[top + step * r0:top + step * r1:step, left + step * c0:left + step * c1:step]
                wrong = int(np.abs(part.astype(np.int16) - wanted[r0:r1, c0:c1]).sum())
                seen = part.size
            error = (wrong + 255 * (wanted.size - seen)) / wanted.size     # each missing value fully wrong
            if best is None or error < best["error"]:
                best = {"error": error, "x": left, "y": top, "width": width, "height": height}
    return best


def window_geometry() -> tuple[tuple[int, int], tuple[int, int]]:
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        window = pygame.Window.from_display_module()
    return tuple(window.position), tuple(window.size)


def probe(out_dir: str, name: str, argv: list[str], report: dict) -> None:
    """Run one screen through the real command line; App.run is replaced by a capture."""
    from game import cli

    def capture_run(app, frames=None, screenshot=None):
        started = time.perf_counter()
        for _ in range(SETTLE_FRAMES):
            app.step(1 / 60)
            time.sleep(0.005)
        app.step(1 / 60)
        frame = app.screen.copy()
        time.sleep(0.1)                     # let the X server finish the last picture
        screen = capture_screen()
        position, size = window_geometry()
        rect = fitted_rect(position, size)
        found = frame_mismatch(screen, frame, rect)
        # the wrong picture for comparison: the frame's middle, unscaled (what SCALED showed before)
        middle = frame.subsurface(pygame.Rect((theme.WIDTH - size[0]) // 2 if size[0] < theme.WIDTH else 0,
                                              (theme.HEIGHT - size[1]) // 2 if size[1] < theme.HEIGHT else 0,
                                              min(size[0], theme.WIDTH), min(size[1], theme.HEIGHT)))
        entry = {"screen_size": [int(screen.shape[1]), int(screen.shape[0])], "window_pos": list(position),
                 "window_size": list(size), "expected": list(rect), "found": found,
                 "top_scene": type(app.stack.top).__name__, "settle_seconds": time.perf_counter() - started}
        if size != middle.get_size():
            entry["wrong_picture_error"] = frame_mismatch(screen, pygame.transform.scale(middle, size),
                                                          (*position, *size))["error"]
        pygame.image.save(pygame.surfarray.make_surface(screen.swapaxes(0, 1)), os.path.join(out_dir, f"{name}.png"))
        pygame.image.save(frame, os.path.join(out_dir, f"{name}-logical.png"))
        if name == "title":
            entry["click"] = click_settings(app, found)
        storage.wait_idle()     # the game's saves are written before the next screen's App starts
        entry["seconds"] = time.perf_counter() - started
        report[name] = entry
        return 0

    app_module.App.run = capture_run
    storage.forget_run_state()      # each screen is its own run, as if main.py had just started
    started = time.perf_counter()
    code = cli.main([*argv, *sys.argv[2:]])
    report.setdefault(name, {})["total_seconds"] = time.perf_counter() - started
    if name not in report:
        report[name] = {"error": f"exit code {code} before the first frame"}


def click_settings(app, found: dict) -> dict:
    """Click the title's Settings button at its scaled place on the screen with a real X pointer."""
    from game.client.menus import TitleScene

    title = app.stack.top
    assert isinstance(title, TitleScene)
    index = [item.label for item in title.menu.items].index("Settings")
    target = title.menu.rects[index].center
    scale = found["width"] / theme.WIDTH
    x, y = round(found["x"] + target[0] * scale), round(found["y"] + target[1] * scale)
    subprocess.run(["xdotool", "mousemove", "--sync", str(x), str(y)], check=True, timeout=20)
    subprocess.run(["xdotool", "click", "1"], check=True, timeout=20)
    deadline = time.monotonic() + 3.0
    while type(app.stack.top).__name__ == "TitleScene" and time.monotonic() < deadline:
        app.step(1 / 60)
        time.sleep(0.01)
    return {"at": [x, y], "logical": list(target), "top_scene": type(app.stack.top).__name__}


def main() -> int:
    out = sys.argv[1]
    out_dir = os.path.dirname(os.path.abspath(out))
    report: dict = {}
    only = os.environ.get("PROBE_SCREENS")
    for name, argv in SCREENS.items():
        if only and name not in only.split(","):
            continue
        probe(out_dir, name, argv, report)
    with open(out, "w") as handle:
        json.dump(report, handle, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
