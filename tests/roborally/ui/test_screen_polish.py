"""Robo Rally screen polish (issue 15): one-option decisions resolve themselves, the side panel's
upgrades and shop follow the animation, inspect anything, the first-race tutorial, attract mode."""
from __future__ import annotations

import random

import pygame
import pytest

from game.client import input as inp
from game.client.app import App
from game.client.menus import HowToPlayScene
from game.core.session import has_saved_game
from game.roborally.rules.engine import Choice
from game.roborally.ui import howto
from game.roborally.ui.choice_words import choice_words
from game.roborally.ui.scene import RaceScene, make_attract_scene, new_race
from tests.helpers import step_until


@pytest.fixture
def app():
    a = App(headless=True)
    yield a
    pygame.quit()


def _to_human_upgrade(scene: RaceScene) -> None:
    """Play the AI seats directly until seat 0 (the human) decides in the upgrade phase."""
    rng = random.Random(1)
    while not (scene.state.phase == "upgrade" and scene.session.current_seat() == 0):
        scene.future = None
        scene._apply(rng.choice(scene.session.legal_choices()))
        scene.skip_animation()


def test_a_decision_with_one_legal_option_resolves_itself(app):
    howto.mark_tutorial_done()
    scene = new_race("dizzy-dash", 2, 1, "normal", seed=3, speed=8.0)
    app.stack.push(scene)
    _to_human_upgrade(scene)
    scene.state.robots[0].energy = 0
    scene.state.robots[0].owned = ["firewall", "mirror"]      # nothing affordable: "Done upgrading" is all
    assert scene.session.legal_choices() == [Choice("pass")]
    before = len(scene.session.choices)
    app.step(1 / 60)
    assert len(scene.session.choices) == before + 1 and scene.session.choices[-1] == Choice("pass")


def test_ask_before_every_step_keeps_the_one_option_decision(app):
    howto.mark_tutorial_done()
    app.settings.ask_every_step = True
    scene = new_race("dizzy-dash", 2, 1, "normal", seed=3, speed=8.0)
    app.stack.push(scene)
    _to_human_upgrade(scene)
    scene.state.robots[0].energy = 0
    scene.state.robots[0].owned = ["firewall", "mirror"]
    before = len(scene.session.choices)
    for _ in range(5):
        app.step(1 / 60)
    assert len(scene.session.choices) == before and scene.menu is not None
    app.post(inp.Action(inp.CONFIRM))
    assert scene.session.choices[-1] == Choice("pass")


def test_installing_shows_when_the_install_plays(app):
    howto.mark_tutorial_done()
    scene = new_race("dizzy-dash", 2, 1, "normal", seed=3, speed=1.0)
    app.stack.push(scene)
    _to_human_upgrade(scene)
    scene.state.robots[0].energy = 9
    scene.state.robots[0].owned = ["firewall"]
    scene._sync_side()
    scene.anims.add(scene._beat(_round_event()))                                # something still animating
    scene._apply(Choice("install", "firewall"))
    assert "firewall" not in scene.side[0]["ups"] and scene.side[0]["energy"] == 9
    scene.skip_animation()
    assert "firewall" in scene.side[0]["ups"] and scene.side[0]["energy"] == 6


def _round_event():
    from game.roborally.rules.engine import Event
    return Event("bump", 1, {})


def test_pointing_at_anything_says_what_it_is(app):
    howto.mark_tutorial_done()
    scene = new_race("chaos-canyon", 3, 1, "normal", seed=8, speed=8.0)
    app.stack.push(scene)
    app.step(1 / 60)
    board = scene.state.board
    bv = scene.board_view
    pit = next((x, y) for y in range(board.height) for x in range(board.width) if board.kind_at(x, y) == "pit")
    app.post(inp.Action(inp.POINT, "mouse", bv.cell_rect(*pit).center))
    assert scene.inspect.startswith("Pit")
    r = scene.state.robots[1]
    app.post(inp.Action(inp.POINT, "mouse", bv.cell_rect(r.x, r.y).center))
    assert scene.inspect.startswith("Blue (AI normal) here.")
    app.post(inp.Action(inp.POINT, "mouse", (1000, 44 + 10)))          # the first robot row of the side panel
    assert "checkpoint 0 of" in scene.inspect and scene.inspect.startswith("Yellow (you)")
    app.post(inp.Action(inp.INFO))                                    # keyboard: an inspect cursor
    assert scene.cursor is not None and scene.inspect
    app.post(inp.Action(inp.INFO))
    assert scene.cursor is None and scene.inspect is None


def test_the_first_race_opens_the_tutorial_once(app):
    scene = new_race("dizzy-dash", 2, 1, "normal", seed=1, speed=8.0)
    app.stack.push(scene)
    assert isinstance(app.stack.top, HowToPlayScene)
    app.post(inp.Action(inp.BACK))                                    # closed early: remembered too
    assert app.stack.top is scene and not howto.tutorial_due()
    again = new_race("dizzy-dash", 2, 1, "normal", seed=2, speed=8.0)
    app.stack.replace(again)
    assert app.stack.top is again


def test_attract_mode_races_ai_robots_and_saves_nothing(app):
    scene = make_attract_scene(app)
    app.stack.push(scene)
    assert all(kind != "human" for kind in scene.seats)
    assert all("AI" in scene.seat_label(s) for s in range(len(scene.seats)))
    scene.speed_override = 16.0
    for _ in range(600):
        app.step(1 / 60)
        app.post(inp.Action(inp.MENU))                                # input belongs to the attract cycle
    assert app.stack.top is scene
    assert step_until(app, lambda: len(scene.session.choices) > 5)
    assert not has_saved_game("roborally")       # nothing written, nor queued for the saver


def test_a_pointer_resting_on_the_board_keeps_the_programming_prompt_in_view(app, monkeypatch):
    """A mouse left over the board showed what the square is in place of 'Yellow: program
    register N' (seen in a real 800x480 window): a player could not see what to do."""
    from game.roborally.ui import hand, race_scene

    howto.mark_tutorial_done()
    scene = new_race("chaos-canyon", 3, 1, "normal", seed=8, speed=8.0)
    app.stack.push(scene)
    rng = random.Random(1)
    while not (scene.state.phase == "program" and scene.session.current_seat() == 0):
        scene.future = None
        scene._apply(rng.choice(scene.session.legal_choices()))
        scene.skip_animation()
    app.step(1 / 60)
    drawn: list[str] = []
    for module in (hand, race_scene):
        real = module.draw_fit
        monkeypatch.setattr(module, "draw_fit", lambda surface, text, *a, _real=real, **k: (drawn.append(text),
                                                                                              _real(surface, text, *a, **k))[1])
    board = scene.state.board
    pit = next((x, y) for y in range(board.height) for x in range(board.width) if board.kind_at(x, y) == "pit")
    app.post(inp.Action(inp.POINT, "mouse", scene.board_view.cell_rect(*pit).center))
    assert scene.inspect.startswith("Pit")
    app.step(1 / 60)
    assert scene.inspect in drawn
    assert any(text.startswith("Yellow: program register 1") for text in drawn), drawn


def test_the_star_before_a_robots_name_is_explained_where_the_row_is_inspected(app):
    """Seen at 800x480 and 1920x1080: '* Yellow (you)' in the side panel, the '*' explained nowhere."""
    howto.mark_tutorial_done()
    scene = new_race("chaos-canyon", 3, 1, "normal", seed=8, speed=8.0)
    app.stack.push(scene)
    app.step(1 / 60)
    row_height = min(72, 330 // len(scene.state.robots))
    app.post(inp.Action(inp.POINT, "mouse", (1000, 44 + 10)))                  # the token holder's row
    assert scene.shown_token == 0 and "first-player token" in scene.inspect
    app.post(inp.Action(inp.POINT, "mouse", (1000, 44 + row_height + 10)))     # another robot's row
    assert scene.inspect.startswith("Blue") and "first-player token" not in scene.inspect


def test_declining_controlled_chaos_is_worded_as_a_discard_not_register_0():
    """Controlled Chaos's "you may": the decline choice (register 0) reads as what it does."""
    label, detail = choice_words(Choice("haywire", 0))
    assert label == "Discard the Haywire" and "damage discard" in detail
    assert choice_words(Choice("haywire", 3))[0] == "Haywire under register 3"
