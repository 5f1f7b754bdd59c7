"""Issue 26: less work before the first frame, the same picture.

pygame's own font opened by its path (not through importlib.resources), the collector held off
until the first frame, and ROBOMissions' robot status bars sized without opening fonts only to
refuse them.
"""
import gc

import pygame
import pytest

from game.client import text


@pytest.fixture
def fonts():
    pygame.font.init()
    yield
    text.reset_caches()


def test_the_bundled_font_by_its_path_draws_every_size_as_font_none_does(fonts):
    assert text._bundled_font_file() is not None
    for em in (1, 2, 12, 15, 17, 20, 22, 25, 27, 30, 32, 35, 40, 44, 50, 63, 150):
        ours, pygames = text.new_font(em), pygame.font.Font(None, em)
        assert ours.get_height() == pygames.get_height(), em
        for words in ("Your turn", "HP 40/40  AP 30", "Wg"):
            a, b = ours.render(words, True, (255, 255, 255)), pygames.render(words, True, (255, 255, 255))
            assert a.get_size() == b.get_size() and pygame.image.tobytes(a, "RGBA") == pygame.image.tobytes(b, "RGBA"), (em, words)


def test_without_the_file_the_font_is_pygames_own(fonts, monkeypatch):
    monkeypatch.setattr(text, "_bundled_font_file", lambda: None)
    assert text.new_font(30).get_height() == pygame.font.Font(None, 30).get_height()


def test_the_collector_is_off_until_the_first_frame_and_on_after(monkeypatch):
    from game import cli
    from game.client.app import App
    from game.client.menus import TitleScene

    seen = []
    enter = TitleScene.enter
    step = App.step

    def recording_enter(self):
        seen.append(("before the first frame", gc.isenabled()))
        enter(self)

    def recording_step(self, elapsed):
        step(self, elapsed)
        seen.append((f"after frame {self.frames}", gc.isenabled()))

    monkeypatch.setattr(TitleScene, "enter", recording_enter)
    monkeypatch.setattr(App, "step", recording_step)
    assert gc.isenabled()
    assert cli.main(["--frames", "2"]) == 0
    assert seen == [("before the first frame", False), ("after frame 1", True), ("after frame 2", True)]
    assert gc.isenabled()


def test_the_first_collection_after_the_first_frame_does_not_walk_what_the_start_made():
    """Robo Run's second frame spent 8-10 ms in one young collection of every object the start
    had made; they are frozen when the collector comes back on (the conftest thaws them)."""
    from game.core import first_frame

    first_frame.pause()
    made_by_the_start = [[index] for index in range(20000)]       # containers the collector tracks
    first_frame.resume()
    assert gc.isenabled() and gc.get_freeze_count() >= len(made_by_the_start)
    assert gc.get_count()[0] < 700                                # no pending young collection of them


def test_a_command_that_fails_before_its_first_frame_leaves_the_collector_on(capsys):
    from game import cli

    assert cli.main(["roborun", "--frames", "0"]) == 2
    assert gc.isenabled()


def test_a_collector_turned_off_by_someone_else_stays_off():
    from game.core import first_frame

    gc.disable()
    try:
        first_frame.pause()
        first_frame.resume()
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_status_bars_pick_the_size_that_measuring_every_size_picks(fonts):
    from game.robomissions.ui.table_render import status_label
    from game.client.widgets import font

    def every_size(texts, width, top_px):
        for words in texts:
            for px in range(top_px, 11, -2):
                if font(px, True).size(words)[0] <= width:
                    return words, px
        return None

    pygame.display.init()
    try:
        for hp, left, ap in ((40, 40, 30), (60, 17, 20), (100, 100, 100), (5, 0, 5), (120, 99, 40)):
            texts = (f"HP {left}/{hp}  AP {ap}", f"HP {left}/{hp}", f"{left}/{hp}")
            for width in range(10, 260, 7):
                for top_px in (12, 16, 20, 26, 32, 40):
                    assert status_label(texts, width, top_px) == every_size(texts, width, top_px), (texts, width, top_px)
    finally:
        pygame.display.quit()


class CountingFont:
    """A font that counts its Font.size calls (each one shapes the text: the first frame's cost)."""

    def __init__(self, font):
        self.font, self.sizes = font, 0

    def size(self, words):
        self.sizes += 1
        return self.font.size(words)

    def metrics(self, words):
        return self.font.metrics(words)


def test_wrapping_measures_each_line_about_once_and_keeps_greedy_lines(fonts):
    """Lines filled to the edge used to be searched glyph by glyph with Font.size (6-8 calls a
    line) whenever the glyph advances under-counted the line; the line as it breaks is measured first."""
    f = text.font("body")
    paragraph = ("Your turn: draw a card, play a card or end your turn. AVAST! To Wyvern, Tawny: "
                 "the robots Volt, Titan and Crusher attack. ") * 4
    for width in (180, 233, 301, 377, 450):
        counting = CountingFont(f)
        lines = text.wrap(paragraph, width, counting)
        assert counting.sizes <= 1.25 * len(lines) + 2, (width, counting.sizes, len(lines))   # was 2-3x
        words = paragraph.split()
        used = 0
        for line in lines:
            assert f.size(line)[0] <= width
            used += len(line.split())
            if used < len(words):        # greedy: the next word would not have fitted on this line
                assert f.size(f"{line} {words[used]}")[0] > width, (width, line)


FIRST_FLIP_MODULES = """
import os, sys
import pygame
def _flip():
    print(sorted(name for name in sys.modules if name.startswith(("game.", "pygame._sdl2"))))
    sys.stdout.flush()
    os._exit(0)
pygame.display.flip = _flip
from game.cli import main
main({argv!r})
"""


def test_robo_run_draws_its_first_frame_without_importing_its_ai(tmp_path):
    """The AI thinks in the worker process: the screen hands it the AI by name, so the render
    process imports none of the AI's 138 kB before its first frame (issue 26)."""
    import ast
    import os
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    env = dict(os.environ, ROBOARCADE_HOME=str(tmp_path), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    done = subprocess.run([sys.executable, "-c", FIRST_FLIP_MODULES.format(argv=["roborun", "--level", "1.1"])],
                          cwd=root, env=env, capture_output=True, text=True, timeout=120)
    modules = ast.literal_eval(done.stdout.strip().splitlines()[-1])
    assert "game.roborun.ui.play_scene" in modules
    assert not [name for name in modules if name.startswith("game.roborun.ai")]
    assert "pygame._sdl2.controller" not in modules       # the gamepad API starts after the first frame


def test_the_app_opens_the_gamepads_after_its_first_frame():
    import pygame

    from game.client import app as app_module
    from game.client.app import App
    from game.client.menus import TitleScene

    app = App()
    try:
        app.stack.push(TitleScene())
        for _ in range(app_module.OPEN_PADS_AT_FRAME - 1):
            app.step(app.clock.step)
            assert not app.input._controllers_started
        app.step(app.clock.step)
        assert app.input._controllers_started
    finally:
        pygame.quit()


def test_a_named_ai_pickles_as_its_name_and_plays_as_the_function(tmp_path):
    import pickle
    import random

    from game.client.ai_worker import Named
    from game.roborun.ai.player import choose_for_level
    from game.roborun.rules import engine
    from game.roborun.ui.session import load_level_spec, make_partner

    chooser, _ = make_partner("ai", "hard")
    payload = pickle.dumps(chooser)
    assert b"game.roborun.ai.player:choose_for_level" in payload and len(payload) < 200
    again = pickle.loads(payload)
    assert again == chooser == Named("game.roborun.ai.player:choose_for_level", level="hard")
    from game.roborun.rules.view import seat_view

    state = engine.new_game(load_level_spec("1.1"), 3)
    for _ in range(3):                  # a few decisions in: cards to weigh, not only who starts
        engine.apply(state, engine.legal_choices(state)[0])
    choices = engine.legal_choices(state)
    view = seat_view(state.copy(), state.pending.seat)
    assert again(view, choices, random.Random(1)) == choose_for_level(view, choices, random.Random(1), level="hard")
