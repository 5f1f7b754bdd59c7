"""The shared runtime: fixed-timestep clock, scene stack, input mapping, menus, screenshots."""
import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from tests.helpers import require_tool
from game.client import input as inp
from game.client.input import Action, InputMapper
from game.client.loop import FixedStepClock, ease_in_out
from game.client.scene import Scene, SceneStack

ROOT = Path(__file__).resolve().parents[2]


def test_clock_runs_whole_steps_and_keeps_the_remainder_for_interpolation():
    clock = FixedStepClock(step=0.01)
    assert clock.advance(0.025) == (2, pytest.approx(0.5))
    updates, alpha = clock.advance(0.005)
    assert updates == 1 and alpha == pytest.approx(0.0, abs=1e-9)
    assert clock.time == pytest.approx(0.03)


def test_clock_clamps_a_long_frame_so_the_game_never_spirals():
    clock = FixedStepClock(step=1 / 60, max_frame=0.25, max_updates=8)
    updates, alpha = clock.advance(5.0)  # a 5 s stall (e.g. the Pi swapping)
    assert updates == 8
    assert 0 <= alpha < 1
    assert clock.advance(0.0)[0] == 0  # the backlog beyond the cap was dropped


def test_clock_ignores_negative_time():
    clock = FixedStepClock(step=0.1)
    assert clock.advance(-1.0) == (0, 0.0)


def test_easing_starts_and_ends_in_place():
    assert ease_in_out(0) == 0 and ease_in_out(1) == 1 and ease_in_out(0.5) == pytest.approx(0.5)


class Recorder(Scene):
    def __init__(self, name, log, opaque=True):
        super().__init__()
        self.name, self.log, self.opaque = name, log, opaque

    def update(self, dt):
        self.log.append(("update", self.name))

    def draw(self, surface, alpha):
        self.log.append(("draw", self.name))

    def resume(self):
        self.log.append(("resume", self.name))


def test_stack_updates_only_the_top_and_draws_from_the_highest_opaque_scene():
    log = []
    stack = SceneStack(app=None)
    stack.push(Recorder("game", log))
    stack.push(Recorder("covered", log))
    stack.push(Recorder("overlay", log, opaque=False))
    stack.update(1 / 60)
    stack.draw(None, 0.0)
    assert log == [("update", "overlay"), ("draw", "covered"), ("draw", "overlay")]
    log.clear()
    stack.pop()
    assert log == [("resume", "covered")]


def _key(key):
    return pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0)


def test_keyboard_mouse_and_pad_map_to_the_same_actions():
    pygame.init()
    mapper = InputMapper()
    assert [a.name for a in mapper.translate(_key(pygame.K_RETURN))] == ["confirm"]
    assert mapper.hint("confirm") == "Enter"
    click = pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(10, 20))
    assert mapper.translate(click) == [Action("click", "mouse", (10, 20))]
    assert mapper.last_device == "mouse"
    pad = pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, button=0, instance_id=0)
    assert [a.name for a in mapper.translate(pad)] == ["confirm"]
    assert mapper.hint("confirm") == "A"
    stick = pygame.event.Event(pygame.CONTROLLERAXISMOTION, axis=0, value=30000, instance_id=0)
    assert [a.name for a in mapper.translate(stick)] == ["right"]
    assert mapper.translate(stick) == []  # held stick does not repeat


def test_title_to_game_select_to_settings_and_back(tmp_path):
    from game.client.app import App
    from game.client.menus import GameSelectScene, SettingsScene, TitleScene

    app = App()
    app.stack.push(TitleScene())
    app.step(1 / 60)
    app.post(Action("confirm"))           # Play
    assert isinstance(app.stack.top, GameSelectScene)
    app.post(Action("back"))
    for _ in range(3):                    # past Host a table and Join a table
        app.post(Action("down"))
    app.post(Action("confirm"))           # Settings
    assert isinstance(app.stack.top, SettingsScene)
    app.post(Action("down"))              # effects volume
    app.post(Action("left"))
    assert app.settings.sfx_volume == pytest.approx(0.7)
    app.post(Action("back"))              # leaving settings saves them
    assert isinstance(app.stack.top, TitleScene)
    from game.client.settings import Settings

    assert Settings.load()[0].sfx_volume == pytest.approx(0.7)
    pygame.quit()


def test_cli_title_screenshot(tmp_path):
    shot = tmp_path / "title.png"
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    result = subprocess.run([sys.executable, "main.py", "--frames", "30", "--screenshot", str(shot)],
                            cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    image = pygame.image.load(str(shot))
    assert image.get_size() == (1280, 720)
    # the title is drawn in the accent colour somewhere in the top third
    colours = {tuple(image.get_at((x, y)))[:3] for x in range(300, 1000, 7) for y in range(100, 200, 5)}
    assert (255, 196, 61) in colours


def test_damaged_settings_file_is_reported_not_fatal(tmp_path):
    from game.core.storage import data_dir
    from game.client.settings import Settings

    (data_dir() / "settings.json").write_text("{oops")
    settings, warning = Settings.load()
    assert settings.sfx_volume == 0.8 and "damaged" in warning


def test_real_window_under_xvfb(tmp_path):
    """Open a real X11 window (not the dummy driver) so window creation and SCALED work."""
    xvfb = require_tool("xvfb-run", package="xvfb")
    shot = tmp_path / "x11.png"
    env = {k: v for k, v in os.environ.items() if k not in ("SDL_VIDEODRIVER",)}
    env["SDL_AUDIODRIVER"] = "dummy"
    result = subprocess.run([xvfb, "-a", "-s", "-screen 0 1280x720x24", sys.executable, "main.py", "--frames", "20",
                             "--screenshot", str(shot)], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert pygame.image.load(str(shot)).get_size() == (1280, 720)


def _finger(kind, x, y, finger=1):
    return pygame.event.Event(kind, x=x, y=y, dx=0.0, dy=0.0, finger_id=finger, touch_id=1, pressure=1.0)


def test_touch_tap_selects_and_a_second_tap_confirms():
    pygame.init()
    now = [0.0]
    mapper = InputMapper(to_logical=lambda x, y: (int(x * 1000), int(y * 1000)), clock=lambda: now[0])
    assert mapper.translate(_finger(pygame.FINGERDOWN, 0.1, 0.1)) == [Action("point", "touch", (100, 100))]
    assert mapper.translate(_finger(pygame.FINGERUP, 0.1, 0.1)) == [Action("point", "touch", (100, 100), tap=True)]
    assert mapper.last_device == "touch" and mapper.hint("confirm") == "Tap twice"
    now[0] = 1.0
    mapper.translate(_finger(pygame.FINGERDOWN, 0.105, 0.1))
    assert mapper.translate(_finger(pygame.FINGERUP, 0.105, 0.1)) == [Action("click", "touch", (105, 100), tap=True)]
    # a tap somewhere else only selects; so does a tap on the same spot long after
    mapper.translate(_finger(pygame.FINGERDOWN, 0.5, 0.5))
    assert mapper.translate(_finger(pygame.FINGERUP, 0.5, 0.5))[0].name == "point"
    now[0] = 10.0
    mapper.translate(_finger(pygame.FINGERDOWN, 0.5, 0.5))
    assert mapper.translate(_finger(pygame.FINGERUP, 0.5, 0.5))[0].name == "point"


def test_a_drag_points_along_and_never_confirms():
    pygame.init()
    mapper = InputMapper(to_logical=lambda x, y: (int(x * 1000), int(y * 1000)), clock=lambda: 0.0)
    mapper.translate(_finger(pygame.FINGERDOWN, 0.1, 0.1))
    assert mapper.translate(_finger(pygame.FINGERMOTION, 0.3, 0.1)) == [Action("point", "touch", (300, 100))]
    assert mapper.translate(_finger(pygame.FINGERUP, 0.3, 0.1))[0].name == "point"
    mapper.translate(_finger(pygame.FINGERDOWN, 0.3, 0.1))
    assert mapper.translate(_finger(pygame.FINGERUP, 0.3, 0.1))[0].name == "point"   # the drag was no first tap


def test_mouse_copies_of_touches_are_ignored():
    pygame.init()
    mapper = InputMapper()
    click = pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(10, 20), touch=True)
    assert mapper.translate(click) == []


def test_touch_plays_the_game_select_screen_like_the_mouse():
    from game.client.app import App
    from game.client.menus import GameSelectScene

    app = App(window=(800, 480))
    select = GameSelectScene()
    app.stack.push(select)
    card = select.cards[2]
    x, y = app.window_to_logical(0, 0)
    assert (x, y) == (0, 0 - int((480 - 720 * 0.625) / 2 / 0.625))   # letterbox: 12 px bars top and bottom
    tap = ((card.centerx * 0.625) / 800, (card.centery * 0.625 + 15) / 480)
    for kind in (pygame.FINGERDOWN, pygame.FINGERUP):
        pygame.event.post(_finger(kind, *tap))
    app.step(1 / 60)
    assert select.focus == 2 and app.stack.top is select      # first tap: selected, nothing started
    pygame.quit()


def test_window_size_sets_the_text_floor_and_the_capture_size():
    from game.client import text
    from game.client.app import App
    from game.client.menus import TitleScene

    app = App(window=(800, 480))
    assert text.min_em() == 20                     # 12 px / 0.625
    assert text.em_px(12) == 20 and text.em_px("body") == 35   # small sizes rise to the floor, others stay
    app.stack.push(TitleScene())
    app.step(1 / 60)
    assert app.capture().get_size() == (800, 480)
    pygame.quit()
    app = App()
    assert text.min_em() == 12
    pygame.quit()


def test_a_tap_on_a_hint_pill_does_what_it_says():
    from game.client.app import App
    from game.client.menus import GameSelectScene, TitleScene
    from game.client.widgets import hint_action_at

    app = App()
    app.stack.push(TitleScene())
    app.stack.push(GameSelectScene())
    app.input.last_device = "touch"
    app.step(1 / 60)                                          # draws the hint bar: Play, Choose, Back
    back = next((x, 700) for x in range(0, 1280, 4) if hint_action_at((x, 700), app.stack.visible()) == "back")
    assert hint_action_at((640, 300), app.stack.visible()) is None
    app.post(Action("point", "touch", back, tap=True))
    assert isinstance(app.stack.top, TitleScene)              # one tap on "Back" went back
    pygame.quit()


def test_a_real_window_opens_at_the_size_asked_for_under_xvfb():
    """--window 800x480 on X11: SCALED would refuse a window smaller than 1280x720 by itself."""
    xvfb = require_tool("xvfb-run", package="xvfb")
    env = {k: v for k, v in os.environ.items() if k not in ("SDL_VIDEODRIVER",)}
    env["SDL_AUDIODRIVER"] = "dummy"
    probe = ("import pygame\nfrom game.client.app import App\nfrom game.client import text\n"
             "app = App(window=(800, 480))\n"
             "print(pygame.display.get_driver(), *pygame.display.get_window_size(), text.min_em())\n"
             "pygame.quit()\n")
    result = subprocess.run([xvfb, "-a", "-s", "-screen 0 1280x1024x24", sys.executable, "-c", probe], cwd=ROOT,
                            env=env, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert result.stdout.split()[-4:] == ["x11", "800", "480", "20"]


def test_a_pointer_resting_where_the_window_opens_does_not_move_the_title_focus():
    """Xvfb (and a desktop) report the resting pointer with a motion of (0, 0) when the window
    opens; at 800x480 it rests on 'Join a table', and Enter then joined a table instead of Play."""
    from game.client.app import App
    from game.client.menus import TitleScene

    app = App()
    title = TitleScene()
    app.stack.push(title)
    app.step(1 / 60)
    labels = [item.label for item in title.menu.items]
    join = title.menu.rects[labels.index("Join a table")].center
    focused = title.menu.focus
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=join, rel=(0, 0), buttons=(0, 0, 0)))
    app.step(1 / 60)
    assert labels[title.menu.focus] == labels[focused] == "Play"
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=join, rel=(2, 1), buttons=(0, 0, 0)))
    app.step(1 / 60)                      # a pointer that moves still points
    assert labels[title.menu.focus] == "Join a table"
    pygame.quit()


def test_a_mouse_click_on_a_hint_pill_does_what_it_says():
    """Seen at 800x480: a click on 'Right-click Close' in How to play turned the page instead."""
    from game.client.app import App
    from game.client.menus import GameSelectScene, HowToPage, HowToPlayScene
    from game.client.widgets import hint_action_at

    app = App()
    app.stack.push(GameSelectScene())
    howto = HowToPlayScene("Run Run Run!", [HowToPage("Goal", "Win."), HowToPage("Explore", "Walk.")])
    app.stack.push(howto)
    app.input.last_device = "mouse"
    app.step(1 / 60)                                          # draws the hint bar: Right-click Close
    close = next((x, 700) for x in range(0, 1280, 4) if hint_action_at((x, 700), app.stack.visible()) == "back")
    app.post(Action("click", "mouse", close))
    assert app.stack.top is not howto and isinstance(app.stack.top, GameSelectScene)
    pygame.quit()


def test_the_hint_bar_names_both_keys_of_a_pair_and_a_click_on_it_steps():
    """Seen at 800x480: 'Left Choose' on the game chooser, where Left and Right both choose."""
    from game.client import widgets
    from game.client.app import App
    from game.client.menus import GameSelectScene

    mapper = InputMapper(controllers=False)
    mapper.last_device = "keyboard"
    assert [mapper.hint(inp.LEFT_RIGHT), mapper.hint(inp.UP_DOWN)] == ["Left/Right", "Up/Down"]
    app = App()
    chooser = GameSelectScene()
    app.stack.push(chooser)
    app.input.last_device = "keyboard"
    app.step(1 / 60)
    focus = chooser.focus
    pill = next((x, 700) for x in range(0, 1280, 4) if widgets.hint_action_at((x, 700), app.stack.visible()) == "right")
    app.post(Action("click", "mouse", pill))                  # a click on "Left/Right Choose": the next game
    assert chooser.focus != focus
    pygame.quit()
