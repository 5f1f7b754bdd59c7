"""Robo Rescue asks only when it matters: a decision with one legal option makes itself.

Seed 11, solo: turn 1 draws two cards that may only go to the Workshop and share a type, so
once the first is placed the second fits one area only.
"""
from __future__ import annotations

from game.client import input as inp
from game.client.input import Action
from game.roborescue.rules import engine
from game.roborescue.ui.lab_config import HUMAN, GameConfig
from game.roborescue.ui.lab_scene import LabScene
from tests.roborescue.test_lab import STEP, app, settle  # noqa: F401 (fixture)


def first_placement(app, ask_every_step: bool) -> LabScene:
    app.settings.ask_every_step = ask_every_step
    lab = LabScene(GameConfig(1, (HUMAN,), False, 11))
    app.stack.push(lab)
    settle(app, lab)
    assert {type(a) for a in lab._legal()} == {engine.Place}
    lab.choice.focus = next(t for t in lab.choice.targets if t == ("area", 0))
    app.post(Action(inp.CONFIRM))
    return lab


def test_a_card_that_fits_one_area_only_places_itself(app):
    lab = first_placement(app, ask_every_step=False)
    second = lab.state.players[0].hand[0]
    for _ in range(120):
        if len(lab.session.choices) >= 2:
            break
        app.post(Action(inp.SKIP))
        app.step(STEP)
    placed = [a for a in lab.session.choices if isinstance(a, engine.Place)]
    assert len(placed) == 2 and placed[1].card == second and placed[1].area == 1
    assert any(text.startswith("Only one choice: ") for text, _ in lab.toasts)


def test_ask_before_every_step_waits_for_the_one_option(app):
    lab = first_placement(app, ask_every_step=True)
    for _ in range(30):
        app.post(Action(inp.SKIP))
        app.step(STEP)
    assert len(lab.session.choices) == 1 and len(lab._legal()) == 1
    assert lab.choice is not None and not lab._waiting()
