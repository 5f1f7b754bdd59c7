"""Attract mode: `python main.py --demo` plays every game that offers a demo, AI with AI, until a key."""
import pygame

from game.client.app import App
from game.client.input import Action
from game.client.menus import DEMO_FIRST_DELAY, DemoCycle, TitleScene
from game.client.scene import Scene
from tests.client.test_text_fit import _module


def test_demo_starts_after_the_title_plays_by_itself_and_any_key_returns(monkeypatch):
    attract = _module("game.roborun.ui.attract_scene", "game.roborun.attract_scene")
    from game.client import menus

    monkeypatch.setattr(menus, "demo_factories", lambda: [("Robo Run", attract.make_attract_scene)])
    app = App()
    app.stack.push(TitleScene(demo=True))
    for _ in range(int(DEMO_FIRST_DELAY * 60) + 5):
        app.step(1 / 60)
    cycle = app.stack.top
    assert isinstance(cycle, DemoCycle) and isinstance(cycle.child, attract.AttractScene)
    game = cycle.child.child
    assert game.options.spectate and game.choosers[0] is not None and game.choosers[1] is not None
    for _ in range(600):
        app.step(1 / 60)
        if len(game.history) >= 3:
            break
    assert len(game.history) >= 3            # the AIs really played
    # no human plays: the panels and the log name AI players, never "You"
    from game.client import text

    game.hud_layer, game.dirty = None, True          # redraw the cached HUD while recording
    with text.record() as recorder:
        app.step(1 / 60)
    drawn = [r.text for r in recorder.records]
    assert "AI - Green" in drawn and "AI - Red" in drawn
    assert not any(t.startswith("You") for t in drawn) and not any(line.startswith("You ") for line in game.log)
    app.post(Action("confirm", "keyboard"))  # any key
    assert isinstance(app.stack.top, TitleScene)
    pygame.quit()


class FakeDemo(Scene):
    made: list = []

    def __init__(self, name):
        super().__init__()
        self.name = name
        self.updates = 0
        FakeDemo.made.append(name)

    def update(self, dt):
        self.updates += 1


def test_the_cycle_visits_every_game_with_a_demo_in_turn():
    FakeDemo.made = []
    app = App()
    app.stack.push(TitleScene())
    demos = [(title, (lambda app, title=title: FakeDemo(title))) for title in ("Robo Run", "ROBOMissions", "Rescue")]
    cycle = DemoCycle(demos, seconds_per_game=1.0)
    app.stack.push(cycle)
    for _ in range(int(3.5 * 60)):
        app.step(1 / 60)
    assert FakeDemo.made == ["Robo Run", "ROBOMissions", "Rescue", "Robo Run"]
    app.post(Action("point", "mouse", (5, 5)))   # moving the mouse does not stop the demo
    assert app.stack.top is cycle
    app.post(Action("click", "mouse", (5, 5)))
    assert isinstance(app.stack.top, TitleScene)
    pygame.quit()


def test_title_without_demo_stays_on_the_title():
    app = App()
    app.stack.push(TitleScene())
    for _ in range(int(DEMO_FIRST_DELAY * 60) + 5):
        app.step(1 / 60)
    assert isinstance(app.stack.top, TitleScene)
    pygame.quit()
