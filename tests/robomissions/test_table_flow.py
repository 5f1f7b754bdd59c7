"""The ROBOMissions table asks only when it matters, and its focus and pictures behave.

Headless scene tests driving input: a card question with one answer resolves itself (and
undo takes it back with its card), the setting "Ask before every step" keeps the question,
Left then Right comes back to the same option, End turn with actions left asks once, every
Singlebot card has its own robot, and the lifted hand card never covers an own HP bar.
"""
from __future__ import annotations

import pygame
import pytest

from game.client import widgets
from game.client.app import App
from game.client.input import Action
from game.client.menus import ConfirmScene
from game.robomissions.rules import engine as E
from game.robomissions.rules.cards import default_cards
from game.robomissions.rules.engine import EndTurn, Pick, Play
from game.robomissions.rules.view import seat_view
from game.robomissions.ui import card_sprites as sprites
from game.robomissions.ui import table_render as render
from game.robomissions.ui.scene import make_config
from game.robomissions.ui.table_scene import TableScene
from tests.robomissions.test_rules import blank, chain, give, mega, single


@pytest.fixture()
def app():
    widgets.font.cache_clear()
    widgets.render_text.cache_clear()
    return App(headless=True)


def settle(app: App, table: TableScene, frames: int = 400) -> None:
    """Step until the table waits for the human again (animations skipped)."""
    app.step(1 / 60)
    for _ in range(frames):
        if table.human_to_act and not table.timeline.busy:
            return
        if table.timeline.busy:
            app.post(Action("skip"))
        app.step(1 / 60)
    raise AssertionError("the table did not come back to the human")


def table_with(app: App, state: E.GameState) -> TableScene:
    """A table whose live game is `state` (seat 0 human, on turn)."""
    table = TableScene(make_config("ffa", len(state.players), humans=1, ai="random", seed=1))
    app.stack.push(table)
    settle(app, table)
    table.session.state = state
    table.session._undo.clear()
    table._sync()
    return table


def play(app: App, table: TableScene, uid: int) -> None:
    table.focus = next(i for i, o in enumerate(table.options) if o.action == Play(uid))
    app.post(Action("confirm", "keyboard"))


def test_a_chainbot_with_only_the_end_of_the_chain_goes_there_by_itself(app):
    s = blank()
    (linkbot,) = give(s, 0, "linkbot")
    table = table_with(app, s)
    play(app, table, linkbot)
    settle(app, table)
    assert table.state.pending is None
    assert len(table.state.players[0].chain) == 1 and linkbot not in table.state.players[0].hand
    assert table.played[-2:] == [(0, Play(linkbot)), (0, Pick("slot", 0))]


def test_a_head_with_nowhere_else_to_go_starts_a_new_megabot_by_itself(app):
    s = blank()
    (head,) = give(s, 0, "titan_head")
    table = table_with(app, s)
    play(app, table, head)
    settle(app, table)
    assert table.state.pending is None and len(table.state.players[0].bots) == 1
    assert table.played[-1] == (0, Pick("new", -1))


def test_a_card_with_two_answers_still_asks(app):
    s = blank()
    mega(s, 0, "titan_head")
    (body,) = give(s, 0, "steel_body")
    table = table_with(app, s)
    play(app, table, body)
    settle(app, table)
    assert table.state.pending is not None and table.state.pending.step == "megabot"
    assert len([o for o in table.options if isinstance(o.action, Pick)]) == 2


def test_undo_takes_back_the_answer_that_resolved_itself_with_its_card(app):
    s = blank()
    (linkbot,) = give(s, 0, "linkbot")
    table = table_with(app, s)
    play(app, table, linkbot)
    settle(app, table)
    app.post(Action("undo", "keyboard"))
    for _ in range(10):
        app.step(1 / 60)
    assert table.state.pending is None and linkbot in table.state.players[0].hand
    assert table.state.players[0].chain == [] and table.state.actions_left == 2


def test_ask_before_every_step_keeps_the_one_answer_question(app):
    s = blank()
    (linkbot,) = give(s, 0, "linkbot")
    table = table_with(app, s)
    app.settings.ask_every_step = True
    play(app, table, linkbot)
    for _ in range(20):
        app.step(1 / 60)
    assert table.state.pending is not None and table.state.pending.step == "slot"


def test_left_then_right_comes_back_to_the_same_option_from_anywhere(app):
    s = blank()
    mega(s, 0, "titan_head", body="steel_body")
    single(s, 0, "medic")
    chain(s, 0, "linkbot", "linkbot")
    give(s, 0, "battery", "hammer_arm", "bolt", "force_field", "recharge", "dynamo", "blaster_head")
    single(s, 1, "bulwark")
    table = table_with(app, s)
    assert len(table.options) > 8
    for there, back in (("left", "right"), ("right", "left"), ("up", "down"), ("down", "up")):
        for start in range(len(table.options)):
            table.focus = start
            app.post(Action(there, "keyboard"))
            app.post(Action(back, "keyboard"))
            assert table.focus == start, (there, table.options[start].title)


def test_left_and_right_step_card_by_card_along_the_hand(app):
    s = blank()
    hand = give(s, 0, "bolt", "dynamo", "piercer", "magnet", "recharge", "linkbot", "blaster_head")
    table = table_with(app, s)
    by_x = sorted((o for o in table.options if o.hand_card is not None), key=lambda o: o.rect.left)
    assert {o.hand_card for o in by_x} == set(hand)
    table.focus = table.options.index(by_x[0])
    for option in by_x[1:]:
        app.post(Action("right", "keyboard"))
        assert table.options[table.focus] is option


def end_turn(app: App, table: TableScene) -> None:
    table.focus = next(i for i, o in enumerate(table.options) if isinstance(o.action, EndTurn))
    app.post(Action("confirm", "keyboard"))


def test_end_turn_with_actions_left_asks_once(app):
    s = blank()
    give(s, 0, "battery")
    table = table_with(app, s)
    end_turn(app, table)
    ask = app.stack.top
    assert isinstance(ask, ConfirmScene) and ask.question == "End turn with 2 actions left?"
    assert table.state.current == 0
    app.step(1 / 60)                                   # the question is drawn
    app.post(Action("confirm", "keyboard"))            # the safe answer has the focus: keep playing
    assert app.stack.top is table and table.state.current == 0
    end_turn(app, table)
    app.post(Action("down", "keyboard"))
    app.post(Action("confirm", "keyboard"))            # "End turn"
    assert app.stack.top is table
    for _ in range(50):
        if table.state.current == 1:
            break
        app.step(1 / 60)
    assert table.state.current == 1


def test_every_singlebot_card_has_its_own_robot(app):
    singlebots = [c for c in default_cards() if c.kind == "singlebot"]
    looks = {(sprites.singlebot_look(c), c.ability) for c in singlebots}
    assert len(looks) == len(singlebots)
    pictures = set()
    for card in singlebots:
        icon = pygame.Surface((92, 92), pygame.SRCALPHA)
        sprites.draw_robot_icon(icon, card, icon.get_rect())
        pictures.add(pygame.image.tobytes(icon, "RGBA"))
    assert len(pictures) == len(singlebots)


def test_the_lifted_hand_card_never_covers_an_own_hp_bar(app):
    s = blank()
    mega(s, 0, "titan_head", body="steel_body", legs="tread_legs", arm0="hammer_arm")
    mega(s, 0, "omega_head", body="reactor_body")
    single(s, 0, "medic")
    single(s, 0, "bulwark")
    chain(s, 0, "linkbot", "chain_tank", "linkbot")
    give(s, 0, "battery", "repair_kit", "jet_legs", "bolt", "force_field", "recharge", "chop_chop")
    view = seat_view(s, 0)
    layout = render.build_layout(view, 0)
    bars = [render.split_robot(layout.robots[r.rid], layout.scales[0], True)[1] for r in view.robots if r.owner == 0]
    assert len(bars) == 7
    for uid, rect in layout.hand_cards.items():
        lifted = rect.move(0, -render.HAND_LIFT)
        assert not any(lifted.colliderect(bar) for bar in bars), view.cards[uid].name
