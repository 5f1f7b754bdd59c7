"""The maze screen's event animations play through the shared sequencer (issue 10): a roll
tumbles for ROLL_SECONDS and holds the AI back meanwhile, the skip key lands it at once, and
the animation-speed setting scales its time."""
import pygame

from game.client.app import App
from game.client.input import SKIP, Action
from game.core.session import GameSession
from game.runrunrun import rules as R
from game.runrunrun.rules.engine import Config
from game.runrunrun.ui.scene import ROLL_SECONDS, PlayScene


def _until_a_roll(app, scene, frames=6000):
    for _ in range(frames):
        app.step(1 / 60)
        if scene.rolling is not None:
            return True
        if scene.session.is_over():
            return False
    return False


def _scene(app, seed=1):
    session = GameSession.start(R, Config(3, "standard"), seed)
    scene = PlayScene(session, humans=0, pace=0.05, tutorial=False)
    app.stack.push(scene)
    return scene


def test_a_roll_tumbles_for_its_time_and_the_ai_waits_for_it():
    app = App(headless=True)
    try:
        app.settings.animation_speed = 1.0
        scene = _scene(app)
        assert _until_a_roll(app, scene), "no dice were rolled"
        assert scene.anims.busy
        made = len(scene.session.choices)
        for _ in range(int(ROLL_SECONDS * 60) - 3):        # still tumbling: nobody moves
            app.step(1 / 60)
        assert scene.rolling is not None and len(scene.session.choices) == made
        for _ in range(6):
            app.step(1 / 60)
        assert scene.rolling is None or len(scene.session.choices) > made   # landed (or a new roll began)
    finally:
        pygame.quit()


def test_skip_lands_the_dice_at_once():
    app = App(headless=True)
    try:
        scene = _scene(app, seed=2)
        assert _until_a_roll(app, scene)
        app.post(Action(SKIP))
        app.step(1 / 60)
        assert scene.rolling is None or scene.anims.current.tracks[0].t <= 1 / 60 + 1e-9   # landed; a fresh roll may start
        assert not scene.captions.busy
    finally:
        pygame.quit()


def test_double_animation_speed_halves_the_tumble():
    app = App(headless=True)
    try:
        app.settings.animation_speed = 2.0
        scene = _scene(app, seed=1)
        assert _until_a_roll(app, scene)
        made = len(scene.session.choices)
        for _ in range(int(ROLL_SECONDS * 60 / 2) + 2):
            app.step(1 / 60)
        assert scene.rolling is None or len(scene.session.choices) > made
    finally:
        pygame.quit()


def test_a_tumbling_roll_redraws_only_its_dice_not_the_table():
    """The roll's random faces change 30 times a second; the cached table layer (maze, log, side
    panel: ~8 ms a frame on a desktop) is drawn once for the roll, the dice over it (issue 26)."""
    app = App(headless=True)
    try:
        app.settings.animation_speed = 1.0
        scene = _scene(app, seed=1)
        assert _until_a_roll(app, scene), "no dice were rolled"
        app.step(1 / 60)
        layers = []
        real_draw_table = scene._draw_table
        scene._draw_table = lambda *a: (layers.append(1), real_draw_table(*a))
        shown, made = set(), len(scene.session.choices)
        for _ in range(int(ROLL_SECONDS * 60) - 6):
            app.step(1 / 60)
            assert scene.rolling is not None and len(scene.session.choices) == made
            rects = scene.tumbling_dice
            assert rects, "the side panel left no squares for the rolling dice"
            shown.add(b"".join(pygame.image.tobytes(app.screen.subsurface(r), "RGB") for r in rects))
        assert layers == [], f"the table layer was drawn {len(layers)} times during the tumble"
        assert len(shown) >= 2, "the rolling dice did not change faces"   # a mummy die has few faces
    finally:
        pygame.quit()


def test_the_log_tells_a_roll_once_its_dice_land():
    """While the dice tumble the log must not already say what they show ("Mummy dice: 2 mummy
    symbols of 3" appeared with the first frame of the tumble)."""
    app = App(headless=True)
    try:
        app.settings.animation_speed = 1.0
        scene = _scene(app, seed=1)
        for _ in range(3):
            assert _until_a_roll(app, scene), "no dice were rolled"
            told = [line for line in scene.log if "dice" in line.lower()]
            app.step(1 / 60)
            assert scene.rolling is not None
            assert [line for line in scene.log if "dice" in line.lower()] == told, "the log told the roll early"
            assert any("dice" in line.lower() for line in scene.held_log)
            while scene.rolling is not None:
                app.step(1 / 60)
            assert not scene.held_log
            assert len([line for line in scene.log if "dice" in line.lower()]) > len(told) or len(scene.log) == 12
    finally:
        pygame.quit()
