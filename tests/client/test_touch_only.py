"""Everything a finger needs on the 800x480 touchscreen (docs/client-screens.md, "Windows and
touch"): the hint bar's pills are its only Menu, Back, Undo and Skip buttons."""
from __future__ import annotations

import pygame
import pytest

from game.client import input as inp
from game.client import widgets
from game.client.app import App
from game.client.menus import PauseScene, TitleScene

STEP = 1 / 60
BAR_Y = 720 - widgets.HINT_BAR_HEIGHT // 2


@pytest.fixture()
def app():
    widgets.font.cache_clear()
    widgets.render_text.cache_clear()
    return App(headless=True, window=(800, 480))


def _robo_run():
    from game.roborun.ui.play_scene import PlayScene
    from game.roborun.ui.session import GameOptions

    return PlayScene(GameOptions(level_ref="1.1", partner="ai", seed=3, intro=False, tutorial=False))


def _robomissions():
    from game.robomissions.ui.scene import make_config
    from game.robomissions.ui.table_scene import TableScene

    return TableScene(make_config("ffa", 3, humans=1, ai="normal", seed=3))


def _robo_rescue():
    from game.roborescue.ui.lab_config import HUMAN, GameConfig
    from game.roborescue.ui.lab_scene import LabScene

    return LabScene(GameConfig(1, (HUMAN,), False, 5))


def _touch(app: App, x: float, y: float) -> None:
    """A real finger's down and up (SDL's FINGER events, 0..1 of the window) through the App's input."""
    for kind in (pygame.FINGERDOWN, pygame.FINGERUP):
        pygame.event.post(pygame.event.Event(kind, x=x, y=y, dx=0.0, dy=0.0, finger_id=0, touch_id=1,
                                             pressure=1.0))
        for _ in range(2):
            app.step(STEP)


def _on_glass(pos: tuple[int, int]) -> tuple[float, float]:
    """A logical point as SDL reports a finger there: 0..1 of the 800x480 window, whose 1280x720
    frame is scaled by 0.625 with 15 px bars above and below (written out, not the App's mapping)."""
    return pos[0] * 0.625 / 800, (15 + pos[1] * 0.625) / 480


def _pill(app: App, action_name: str) -> tuple[int, int] | None:
    """Where on the hint bar a pill for `action_name` is, if one was drawn."""
    for x in range(0, 1280, 4):
        if widgets.hint_action_at((x, BAR_Y), app.stack.visible()) == action_name:
            return x, BAR_Y
    return None


@pytest.mark.parametrize("make", [_robo_run, _robomissions, _robo_rescue],
                         ids=["roborun", "robomissions", "roborescue"])
def test_with_control_hints_off_a_finger_still_gets_the_menu_button(app, make):
    """Observed: with Settings > Control hints Off these three play screens drew no hint bar, so
    on the touchscreen nothing could pause the game, undo or leave it. The bar stays hidden for
    keys and mouse, and shows as soon as a finger touches the screen."""
    app.settings.show_hints = False
    app.stack.push(TitleScene())
    scene = make()
    app.stack.push(scene)
    for _ in range(30):
        app.step(STEP)
    assert app.stack.top is scene, type(app.stack.top).__name__        # no tutorial or story card over it
    assert _pill(app, inp.MENU) is None, "hints off: no bar for the keyboard"
    _touch(app, 0.5, 0.4)                                               # a finger taps the board
    where = _pill(app, inp.MENU)
    assert where is not None, "no Menu pill for the finger"
    _touch(app, *_on_glass(where))                                      # one tap on the pill
    assert isinstance(app.stack.top, PauseScene)


def test_each_tap_on_a_chosen_value_row_steps_it(app):
    """Observed on Type an address and Settings at 800x480: the first tap on a row chooses it, a
    second confirms, and after that confirm the next tap only chose the row again, so every step
    of a value cost two taps (36 to set an address part from 2 to 20). Now the first tap chooses
    the row and every tap after it steps the value."""
    from game.client.menus import SettingsScene

    app.stack.push(TitleScene())
    settings = SettingsScene()
    app.stack.push(settings)
    app.step(STEP)
    row = settings.menu.rects[1]                                       # Effects volume, 80%
    assert settings.menu.items[1].label == "Effects volume" and app.settings.sfx_volume == 0.8
    for _ in range(4):                                                 # four taps on its left half
        _touch(app, *_on_glass((row.left + 40, row.centery)))
    assert settings.menu.focus == 1
    assert app.settings.sfx_volume == 0.5, "one tap chose the row, three stepped it down"
    start = settings.menu.rects[0]                                     # Music volume: not chosen yet
    _touch(app, *_on_glass((start.right - 40, start.centery)))
    assert settings.menu.focus == 0 and app.settings.music_volume == 0.5, "a first tap only chooses"


def test_an_address_and_a_join_code_are_typed_with_taps_on_the_keys_beside_them(app):
    """Observed at 800x480: Type an address could only step a value, so a finger needed 36 taps
    for an address part 2 -> 20 and about 80 for a join code. Keys beside the menu type them:
    digits for an address part or the port, the code's letters for a code letter."""
    from game.client.table_menus import JoinAddressScene

    joined = []
    app.stack.push(TitleScene())
    scene = JoinAddressScene(lambda address, code: joined.append((address, code)))
    app.stack.push(scene)
    app.step(STEP)
    labels = [item.label for item in scene.menu.items]

    def tap_row(label: str) -> None:
        _touch(app, *_on_glass(scene.menu.rects[labels.index(label)].center))

    def tap_key(label: str) -> None:
        rect = dict(scene.keys())[label]
        _touch(app, *_on_glass(rect.center))

    tap_row("Address part 4")
    for key in "20":
        tap_key(key)
    assert scene.octets[3] == 20
    tap_key("Next")
    assert labels[scene.menu.focus] == "Port"
    tap_row("Join code letter 1")
    for key in "H2K48":
        tap_key(key)
    assert scene.code_text() == "H2K48" and labels[scene.menu.focus] == "Join"
    assert scene.keys() == [], "no keys beside the Join button"
    for _ in range(2):                                               # Join: tap, tap again
        _touch(app, *_on_glass(scene.menu.rects[labels.index("Join")].center))
    assert joined == [(scene.address(), "H2K48")] and scene.address().endswith(".20:8765")
