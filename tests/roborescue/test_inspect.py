"""Inspect anything in the Robo Rescue lab: pointing at (or stepping to with INFO and the
arrows) any card, area, base card, pile or score says what it is and does."""
from __future__ import annotations

from game.client import input as inp
from game.client.input import Action
from game.roborescue.ui.lab_config import HUMAN
from game.roborescue.ui.lab_render import base_pos, display_rect, pile_rect
from tests.roborescue.test_lab import STEP, app, play_by_confirm, settle, start  # noqa: F401 (fixture)


def test_pointing_at_a_display_card_says_what_it_is_and_where_it_may_go(app):
    lab = start(app)
    settle(app, lab)
    card = lab.cards[lab.models[0].display[0]]
    app.post(Action(inp.POINT, "mouse", display_rect(0).center))
    app.step(STEP)
    title, text = lab.detail()
    assert title == f"Display: {card.label}" and "Workshop area" in text and "Storage area" in text


def test_pointing_at_the_base_cards_and_the_pile_gives_their_rules(app):
    lab = start(app)
    settle(app, lab)
    app.post(Action(inp.POINT, "mouse", (base_pos("storage")[0] + 10, base_pos("storage")[1] + 10)))
    title, text = lab.detail()
    assert title == "The Storage card" and "one card per colour" in text
    app.post(Action(inp.POINT, "mouse", (base_pos("workshop")[0] + 10, base_pos("workshop")[1] + 10)))
    title, text = lab.detail()
    assert title == "The Workshop card" and "six types" in text
    app.post(Action(inp.POINT, "mouse", pile_rect().center))
    title, text = lab.detail()
    assert title == "Draw pile" or title.startswith("Draw a second")   # the pile is a choice on turns 3-4


def test_a_card_in_an_area_is_named_with_its_area(app):
    lab = start(app)
    play_by_confirm(app, lambda: any(lab.models[0].areas) and not lab.queue.busy and lab.choice is not None)
    area = next(a for a in range(4) if lab.models[0].areas[a])
    card = lab.cards[lab.models[0].areas[area][0]]
    targets = [t for t in lab._inspect_targets() if t.kind == "card"]
    assert any(t.title.startswith(card.label) for t in targets)


def test_info_steps_through_the_lab_and_closes_without_playing(app):
    lab = start(app, n_players=2, seats=(HUMAN, "easy"))
    settle(app, lab)
    choices = len(lab.session.choices)
    app.post(Action(inp.INFO))
    assert lab.inspecting and lab.inspected is not None
    seen = set()
    for _ in range(30):
        seen.add(lab.inspected.title)
        app.post(Action(inp.RIGHT))
        app.step(STEP)
    assert {"Draw pile", "The Storage card", "The Workshop card", "Scores"} <= seen
    assert any(title.startswith("Display: ") for title in seen) and any(t.startswith("Drawn: ") for t in seen)
    assert lab.detail() == (lab.inspected.title, lab.inspected.text)
    app.post(Action(inp.BACK))
    assert not lab.inspecting and len(lab.session.choices) == choices
