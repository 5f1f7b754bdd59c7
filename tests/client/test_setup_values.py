"""Every game's set-up menu shows its values as words a player reads, the same way in every game:
'< Normal >' in Robo Run read '< normal >' in Robo Rally and Robo Rescue, and Run Run Run!
showed 'Difficulty  < difficult >' (seen in a real 800x480 window)."""
import pygame
import pytest

from game.catalog import GAMES, load
from game.client.app import App
from game.client.widgets import Menu


@pytest.fixture()
def app():
    yield App(headless=True)
    pygame.quit()


def _menus(scene):
    """The set-up screen's menus (most keep one as `menu`; some hold it under another name)."""
    return [value for value in vars(scene).values() if isinstance(value, Menu)]


@pytest.mark.parametrize("entry", [e for e in GAMES if e.entry], ids=lambda e: e.id)
def test_a_set_up_value_never_starts_with_a_small_letter(app, entry):
    scene = load(entry.entry)(app)
    app.stack.push(scene)
    app.step(1 / 60)
    values = [item.value() for menu in _menus(app.stack.top) for item in menu.items if item.value]
    assert values, f"{entry.id}: no set-up values found"
    for text in values:
        assert not text[:1].islower(), f"{entry.id}: '{text}'"
