"""Save, leave and continue a Robo Rescue: Origins game through the screens; undo.

The lab keeps a game.core.session.GameSession and saves it after every choice; the catalog's
`resume` factory reopens the save at the same position with the same seats. UNDO goes
through GameSession.undo (a seat's own choices, never past a draw).
"""
from __future__ import annotations

import pytest

from game import catalog
from game.client import input as inp
from game.client.app import App
from game.client.input import Action
from game.client.menus import GameSelectScene, HowToPlayScene, PauseScene, TitleScene
from game.core.session import GameSession, has_saved_game, saved_game_path
from game.core.storage import load_json, wait_idle
from game.roborescue import rules
from game.roborescue.ui.end_scene import EndScene
from game.roborescue.ui.lab_config import HUMAN, GameConfig
from game.roborescue.ui.lab_scene import LabScene
from game.roborescue.ui.scene import SetupScene
from tests.helpers import let_the_ai_answer

STEP = 1 / 60


@pytest.fixture
def app():
    app = App(fullscreen=False)
    yield app
    app.stack.scenes.clear()


def ready(scene: LabScene) -> bool:
    return scene.app.stack.top is scene and scene.choice is not None and not scene.queue.busy and not scene._waiting()


def play(app: App, scene: LabScene, until, confirm: bool = True, max_frames: int = 6000) -> None:
    for _ in range(max_frames):
        if until():
            return
        app.post(Action(inp.SKIP))
        if confirm and ready(scene):
            app.post(Action(inp.CONFIRM))
        let_the_ai_answer(app)
        app.step(STEP)
    raise AssertionError("the lab did not get there")


def test_a_game_left_through_the_pause_menu_continues_at_the_same_position(app):
    app.stack.push(TitleScene())
    select = GameSelectScene()
    app.stack.push(select)
    select.focus = next(i for i, entry in enumerate(catalog.GAMES) if entry.id == "roborescue")
    app.post(Action(inp.CONFIRM))
    setup = app.stack.top
    assert isinstance(setup, SetupScene)
    setup.menu.focus = 0
    app.post(Action(inp.RIGHT))                              # players 1 -> 2: you and a robot
    setup.menu.focus = next(i for i, item in enumerate(setup.menu.items) if item.label == "AI level")
    app.post(Action(inp.RIGHT))                              # normal -> hard
    setup.menu.focus = next(i for i, item in enumerate(setup.menu.items) if item.label == "Start game")
    app.post(Action(inp.CONFIRM))
    if isinstance(app.stack.top, HowToPlayScene):          # a first game opens with the tutorial
        app.post(Action(inp.BACK))
    lab = app.stack.top
    assert isinstance(lab, LabScene) and lab.config.seats == (HUMAN, "hard")

    play(app, lab, lambda: len(lab.session.choices) >= 8 and ready(lab))
    view_before = rules.seat_view(lab.state, 0)
    legal_before = rules.legal_choices(lab.state)
    choices_before = list(lab.session.choices)
    assert has_saved_game("roborescue")

    app.post(Action(inp.MENU))                               # leave: pause, Quit to title
    pause = app.stack.top
    assert isinstance(pause, PauseScene)
    pause.menu.focus = len(pause.menu.items) - 1
    app.post(Action(inp.CONFIRM))
    assert isinstance(app.stack.top, TitleScene)

    data, warning = load_json(saved_game_path("roborescue"))
    assert warning is None
    session, _ = GameSession.from_json(data, rules, "save")
    again = catalog.load(catalog.BY_ID["roborescue"].resume)(app, session)
    app.stack.push(again)
    app.step(STEP)
    assert isinstance(again, LabScene) and again.config.seats == (HUMAN, "hard")
    assert session.choices == choices_before
    assert rules.seat_view(again.state, 0) == view_before
    assert rules.legal_choices(again.state) == legal_before
    play(app, again, lambda: ready(again), confirm=False)
    assert again.choice is not None
    # and the game goes on from there to its end, which removes the save
    play(app, again, lambda: isinstance(app.stack.top, EndScene), max_frames=20000)
    assert not has_saved_game("roborescue")
    assert not saved_game_path("roborescue").with_name("roborescue.seats.json").exists()


def test_a_damaged_seat_note_still_resumes_with_you_in_seat_one(app):
    lab = LabScene(GameConfig(3, (HUMAN, "easy", "easy"), False, 5))
    app.stack.push(lab)
    play(app, lab, lambda: len(lab.session.choices) >= 4 and ready(lab))
    wait_idle()     # the background saver's last write of the note lands first, not over the damage
    (saved_game_path("roborescue").with_name("roborescue.seats.json")).write_text("{not json")
    data, _ = load_json(saved_game_path("roborescue"))
    session, _ = GameSession.from_json(data, rules, "save")
    again = catalog.load(catalog.BY_ID["roborescue"].resume)(app, session)
    assert again.config.seats == (HUMAN, "normal", "normal")
    assert rules.seat_view(again.state, 0) == rules.seat_view(lab.state, 0)


def test_undo_takes_back_a_placement_of_this_turn_but_never_a_draw(app):
    lab = LabScene(GameConfig(1, (HUMAN,), False, 12))   # the second card of turn 1 has a choice (seed 11: one area)
    app.stack.push(lab)
    play(app, lab, lambda: ready(lab), confirm=False)
    before = rules.seat_view(lab.state, 0)
    assert not lab.session.can_undo(0)                       # nothing of this turn to take back yet
    app.post(Action(inp.CONFIRM))                            # place the focused card
    play(app, lab, lambda: ready(lab), confirm=False)
    assert len(lab.state.players[0].hand) == len(before.hand) - 1
    assert (inp.UNDO, "Undo") in lab.hints()
    app.post(Action(inp.UNDO))
    assert rules.seat_view(lab.state, 0) == before            # the card is back in hand
    assert list(lab.models[0].hand) == list(before.hand)      # and on screen
    data, _ = load_json(saved_game_path("roborescue"))
    assert data["choices"] == []                              # the save follows the undo
    play(app, lab, lambda: lab.state.turn == 2 and ready(lab))   # place both cards: the turn ends, turn 2 draws
    app.post(Action(inp.UNDO))
    assert lab.state.turn == 2 and not lab.session.can_undo(0)   # never back past the draw
