"""The title screen's surprises a newcomer met (issue 25): Esc quitting at once, the Continue
line running onto the robot parade."""
from __future__ import annotations

import pytest

from game import catalog
from game.client import text, widgets
from game.client.app import App
from game.client.input import Action
from game.client.menus import ConfirmScene, TitleScene

PARADE_TOP = 533        # the marching robots' antennae: 610 - 6 (bob) - 0.9 * 78 (centre to antenna top)


@pytest.fixture()
def app():
    widgets.font.cache_clear()
    widgets.render_text.cache_clear()
    return App(headless=True, window=(800, 480))


def test_esc_on_the_title_asks_before_quitting(app):
    title = TitleScene()
    app.stack.push(title)
    app.step(1 / 60)
    app.post(Action("back"))
    assert app.running and isinstance(app.stack.top, ConfirmScene)    # asked, not gone
    app.post(Action("back"))                                            # Esc again: stay
    assert app.running and app.stack.top is title
    app.post(Action("back"))
    app.post(Action("down"))                                            # "Quit"
    app.post(Action("confirm"))
    assert not app.running


@pytest.mark.parametrize("saved", [catalog.GAMES[:1], catalog.GAMES[4:5], catalog.GAMES[:3], catalog.GAMES])
def test_the_continue_line_stays_one_line_above_the_robot_parade(app, saved):
    title = TitleScene()
    app.stack.push(title)
    app.step(1 / 60)
    title.saved = list(saved)
    title.menu = title._menu()
    title.menu.focus = 0
    with text.record() as recorder:
        title.draw(app.screen, 0.0)
    detail = [r for r in recorder.records if r.box.top >= title.menu.rects[-1].bottom]   # the line under the menu
    assert detail, [r.text for r in recorder.records]
    assert all(r.ink.bottom <= PARADE_TOP for r in detail), [(r.text, r.ink) for r in detail]
    assert len({r.ink.top for r in detail}) == 1          # one line
    assert len(saved) > 1 or saved[0].title in "".join(r.text for r in detail)


def test_every_game_chooser_card_shows_its_whole_description_at_800x480(app):
    """Issue 25: the chooser cut the descriptions ("zap every...")."""
    from game.client.menus import GameSelectScene

    select = GameSelectScene()
    app.stack.push(select)
    app.step(1 / 60)
    with text.record() as recorder:
        select.draw(app.screen, 0.0)
    for entry, card in zip(catalog.GAMES, select.cards):
        lines = [r.text for r in recorder.records if card.inflate(0, 30).contains(r.box) and r.box.top >= card.top + 300]
        assert " ".join(lines) == entry.blurb, (entry.id, lines)
        assert all(card.inflate(0, 30).contains(r.ink) for r in recorder.records if card.contains(r.box))


def test_a_notice_over_the_opening_title_shows_the_whole_title_under_it(app):
    """A damaged settings file's notice opens with the title: the title is not updated while the
    notice is over it, and its pop-in stayed at its first frame (a speck of "ROBO ARCADE")."""
    from game.client.menus import NoticeScene

    title = TitleScene()
    app.warn("settings.json line 1 column 24: invalid JSON; moved aside to settings.json.damaged")
    app.stack.push(title)
    for _ in range(5):
        app.step(1 / 60)
    assert isinstance(app.stack.top, NoticeScene)
    assert title.title_rect.width >= title.title_text.get_width(), title.title_rect
    app.post(Action("confirm"))                                        # the notice closes
    assert app.stack.top is title


def test_the_mouse_quits_the_title_the_way_its_hint_bar_says(app):
    """Observed at 800x480: with the mouse the title's bar says "Right-click Quit", but a right-click
    and a click on that pill did nothing. Both ask, as Esc does."""
    from game.client import input as inp
    from game.client.widgets import hint_action_at

    title = TitleScene()
    app.stack.push(title)
    app.post(Action(inp.POINT, "mouse", (640, 100)))
    app.input.last_device = "mouse"                                     # as the real pointer's motion sets it
    app.step(1 / 60)
    app.post(Action(inp.BACK, "mouse", (640, 100)))                     # a right-click
    assert isinstance(app.stack.top, ConfirmScene) and app.running
    app.post(Action(inp.BACK, "mouse"))                                 # Stay
    assert app.stack.top is title
    app.step(1 / 60)
    pill = next((x, 700) for x in range(0, 1280, 4) if hint_action_at((x, 700), app.stack.visible()) == inp.BACK)
    app.post(Action(inp.CLICK, "mouse", pill))                          # a click on "Right-click Quit"
    assert isinstance(app.stack.top, ConfirmScene) and app.running


def test_a_right_click_leaves_the_robo_rescue_set_up_as_its_hint_bar_says(app):
    """Its bar says "Right-click Back" to a mouse player; the right-click did nothing there (the
    other set-up screens go back)."""
    from game.client import input as inp
    from game.roborescue.ui.scene import SetupScene

    title = TitleScene()
    app.stack.push(title)
    app.stack.push(SetupScene())
    app.step(1 / 60)
    app.post(Action(inp.BACK, "mouse", (640, 100)))
    assert app.stack.top is title
