"""Inspect anything on the ROBOMissions table: pointing at (or stepping to with INFO and the
arrows) any card, robot piece, robot, chain gap, pile or player says what it is and does."""
from __future__ import annotations

import pytest

from game.client import widgets
from game.client.app import App
from game.client.input import Action
from game.robomissions.rules import engine as E
from tests.robomissions.test_rules import blank, chain, give, mega, single
from tests.robomissions.test_table_flow import table_with


@pytest.fixture()
def app():
    widgets.font.cache_clear()
    widgets.render_text.cache_clear()
    return App(headless=True)


def board(app: App):
    s = blank()
    robot = mega(s, 0, None, body="steel_body", arm0="claw_arm")    # headless
    single(s, 1, "bulwark")
    links = chain(s, 1, "linkbot", "linkbot", "linkbot")
    s.players[1].chain[1] = None                                     # a gap
    del s.robots[links[1].rid]
    s.discard.append(links[1].parts["core"])
    give(s, 0, "medic", "battery")
    return table_with(app, s), robot


def point(app: App, table, pos) -> tuple[str, str] | None:
    app.post(Action("point", "mouse", pos))
    return table.panel_text()


def test_pointing_names_each_thing_in_the_games_words(app):
    table, robot = board(app)
    layout, view = table.layout, table.shown
    bulwark = next(r for r in view.robots if r.owner == 1 and r.kind == "singlebot")
    title, text = point(app, table, layout.robots[bulwark.rid].center)
    assert title == "Bulwark" and "every attack on Bulwark deals 10 less damage" in text and "HP 50/50" in text
    title, text = point(app, table, layout.parts[(robot.rid, "arm0")].center)
    assert title.startswith("Claw Arm on headless Megabot") and "AP 10" in title + text
    title, text = point(app, table, layout.chain_slots[(1, 1)].center)
    assert "gap" in title and "repair" in text
    title, text = point(app, table, layout.piles["draw"].center)
    assert title == "Draw a card" and f"{view.deck_size} left" in text    # a choice says what choosing does
    table.options = []                                                      # not a choice: it says what it is
    title, text = point(app, table, layout.piles["draw"].center)
    assert title == "Draw deck" and f"{view.deck_size} cards" in text and "End Game" in text
    title, text = point(app, table, layout.piles["discard"].center)
    assert title == "Discard pile" and "Linkbot" in text
    title, text = point(app, table, layout.piles["used"].center)
    assert title == "Used Battery Pile"
    zone = layout.zones[1]
    title, text = point(app, table, (zone.centerx, zone.top + 10))
    assert "Player 2" in title and "cards in hand" in text and "2 in the Robot Chain" in text


def test_a_headless_megabot_says_it_cannot_attack(app):
    table, robot = board(app)
    rect = table.layout.robots[robot.rid]
    title, text = point(app, table, (rect.centerx, rect.bottom - 4))      # its HP bar, not a piece
    assert title.startswith("headless Megabot") and "cannot attack" in text


def test_info_steps_through_everything_with_the_arrows_and_closes(app):
    table, _robot = board(app)
    app.post(Action("info", "keyboard"))
    assert table.zoom and table.inspected is not None
    seen = []
    for _ in range(40):
        seen.append(table.inspected.title)
        app.post(Action("right", "keyboard"))
        app.step(1 / 60)                                 # every step draws
    titles = set(seen)
    for expected in ("Bulwark", "Linkbot", "Medic", "Battery", "Draw deck", "Discard pile", "Used Battery Pile"):
        assert expected in titles, expected
    assert any("gap" in t for t in titles) and any(t.startswith("headless Megabot") for t in titles)
    app.post(Action("left", "keyboard"))
    app.post(Action("back", "keyboard"))
    assert not table.zoom and table.state.pending is None and table.played == []


def test_info_opens_on_the_focused_option(app):
    table, _robot = board(app)
    medic = next(i for i, o in enumerate(table.options) if o.action == E.Play(table.shown.hand[0]))
    table.focus = medic
    app.post(Action("info", "keyboard"))
    assert table.inspected.title == "Medic" and "Field Repairs" in table.inspected.text
