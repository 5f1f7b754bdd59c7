"""Attract mode: `python main.py --demo` plays AI-with-AI Robo Run behind the title until a key."""
import pygame

from game.client.app import App
from game.client.input import Action
from game.client.menus import DEMO_FIRST_DELAY, TitleScene


def test_demo_starts_after_the_title_plays_by_itself_and_any_key_returns():
    from game.roborun.ui.attract_scene import AttractScene

    app = App()
    app.stack.push(TitleScene(demo=True))
    for _ in range(int(DEMO_FIRST_DELAY * 60) + 5):
        app.step(1 / 60)
    demo = app.stack.top
    assert isinstance(demo, AttractScene)
    game = demo.child
    assert game.options.spectate and game.choosers[0] is not None and game.choosers[1] is not None
    for _ in range(600):
        app.step(1 / 60)
        if len(game.history) >= 3:
            break
    assert len(game.history) >= 3            # the AIs really played
    app.post(Action("confirm", "keyboard"))  # any key
    assert isinstance(app.stack.top, TitleScene)
    pygame.quit()


def test_title_without_demo_stays_on_the_title():
    app = App()
    app.stack.push(TitleScene())
    for _ in range(int(DEMO_FIRST_DELAY * 60) + 5):
        app.step(1 / 60)
    assert isinstance(app.stack.top, TitleScene)
    pygame.quit()
