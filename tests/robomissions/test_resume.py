"""Save, leave and continue a ROBOMissions game through the screens; undo through the session.

The table keeps a game.core.session.GameSession and saves it after every choice; the
catalog's `resume` factory reopens the save at the same position with the same seats.
"""
from __future__ import annotations

import pytest

from game import catalog
from game.client import widgets
from game.client.app import App
from game.client.input import Action
from game.client.menus import GameSelectScene, HowToPlayScene, PauseScene, TitleScene
from game.core.session import GameSession, has_saved_game, saved_game_path
from game.core.storage import load_json
from game.robomissions import rules
from game.robomissions.rules import engine
from game.robomissions.rules.engine import Pick, Play
from game.robomissions.ui.handover_scene import HandOverScene
from game.robomissions.ui.scene import SetupScene, make_config
from game.robomissions.ui.table_scene import TableScene

MAX_FRAMES = 3000


@pytest.fixture()
def app():
    widgets.font.cache_clear()
    widgets.render_text.cache_clear()
    return App(headless=True)


def run_until(app: App, table: TableScene, done, confirm_humans: bool = False) -> None:
    for _ in range(MAX_FRAMES):
        if done():
            return
        top = app.stack.top
        if isinstance(top, HandOverScene):
            app.post(Action("confirm"))
        elif top is table:
            if table.timeline.busy:
                app.post(Action("skip"))
            elif confirm_humans and table.human_to_act:
                app.post(Action("confirm"))
        app.step(1 / 60)
    raise AssertionError("the table did not get there in time")


def start_through_the_screens(app: App) -> TableScene:
    """Title -> game select -> set-up menu (seat 1 human, two normal AIs) -> Start game."""
    app.stack.push(TitleScene())
    select = GameSelectScene()
    app.stack.push(select)
    select.focus = next(i for i, entry in enumerate(catalog.GAMES) if entry.id == "robomissions")
    app.post(Action("confirm"))
    setup = app.stack.top
    assert isinstance(setup, SetupScene)
    setup.menu.focus = next(i for i, item in enumerate(setup.menu.items) if item.label == "Start game")
    app.post(Action("confirm"))
    if isinstance(app.stack.top, HowToPlayScene):      # a first game opens with the tutorial
        app.post(Action("back"))
    table = app.stack.top
    assert isinstance(table, TableScene)
    return table


def test_a_game_left_through_the_pause_menu_continues_at_the_same_position(app):
    table = start_through_the_screens(app)
    seats = table.config.seats
    run_until(app, table, lambda: len(table.session.choices) >= 6 and table.human_to_act, confirm_humans=True)
    viewer = table.viewer
    view_before = rules.seat_view(table.state, viewer)
    legal_before = rules.legal_choices(table.state)
    choices_before = list(table.session.choices)
    assert has_saved_game("robomissions")

    app.post(Action("menu"))                                  # leave: pause, Quit to title
    pause = app.stack.top
    assert isinstance(pause, PauseScene)
    pause.menu.focus = len(pause.menu.items) - 1
    app.post(Action("confirm"))
    assert isinstance(app.stack.top, TitleScene)

    data, warning = load_json(saved_game_path("robomissions"))
    assert warning is None
    session, _ = GameSession.from_json(data, rules, "save")
    resume = catalog.load(catalog.BY_ID["robomissions"].resume)
    again = resume(app, session)
    app.stack.push(again)
    app.step(1 / 60)
    assert isinstance(again, TableScene) and again.config.seats == seats
    assert session.choices == choices_before
    assert rules.seat_view(again.state, viewer) == view_before
    assert rules.legal_choices(again.state) == legal_before
    run_until(app, again, lambda: again.human_to_act)
    assert [o.action for o in again.options] and all(o.action in legal_before for o in again.options)
    # and the game goes on from there
    run_until(app, again, lambda: len(again.session.choices) > len(choices_before) + 3, confirm_humans=True)


def test_undo_takes_back_the_humans_own_choice_through_the_session(app):
    table = TableScene(make_config("ffa", 2, humans=1, ai="normal", seed=3))
    app.stack.push(table)
    run_until(app, table, lambda: table.human_to_act)
    hand = table.state.players[table.viewer].hand
    card = next(uid for uid in hand if table.state.cards[uid].kind in ("head", "part", "chainbot")
                and Play(uid) in engine.legal_choices(table.state))
    table._apply(table.viewer, Play(card))
    run_until(app, table, lambda: table.human_to_act)
    after_play = rules.seat_view(table.state, table.viewer)
    pick = next(a for a in engine.legal_choices(table.state) if isinstance(a, Pick))
    table._apply(table.viewer, pick)
    run_until(app, table, lambda: table.human_to_act)
    assert card not in table.state.players[table.viewer].hand      # the card is on the table now
    assert table.session.can_undo(table.viewer)
    app.post(Action("undo"))
    assert rules.seat_view(table.state, table.viewer) == after_play  # back to choosing where it goes
    data, _ = load_json(saved_game_path("robomissions"))
    assert len(data["choices"]) == len(table.session.choices)         # the undo is saved too
