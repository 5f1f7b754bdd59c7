"""The title screen offers Continue for every game left mid-play, and never loses a save."""
from __future__ import annotations

import random

import pytest

from game import catalog
from game.client import widgets
from game.client.app import App
from game.client.input import Action
from game.client.menus import ContinueScene, NoticeScene, TitleScene
from game.core.session import GameSession, has_saved_game, save_session, saved_game_path

BUILT = [(entry, rules) for entry, rules in catalog.available_engines() if entry.resume]


@pytest.fixture()
def app():
    widgets.font.cache_clear()
    widgets.render_text.cache_clear()
    return App(headless=True)


def _leave_a_game(rules, entry, seed: int = 4, moves: int = 6) -> GameSession:
    """A game a few choices in, saved the way every play screen saves it."""
    label, config = catalog.load(entry.samples)()[0]
    session = GameSession.start(rules, config, seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if session.is_over():
            break
        session.apply(rng.choice(session.legal_choices()))
    assert not session.is_over()
    save_session(session)
    return session


def _title(app: App) -> TitleScene:
    title = TitleScene()
    app.stack.push(title)
    app.step(1 / 60)
    return title


def test_no_save_no_continue(app):
    title = _title(app)
    assert [item.label for item in title.menu.items] == ["Play", "Host a table", "Join a table", "Settings", "Quit"]


@pytest.mark.parametrize("entry, rules", BUILT, ids=[e.id for e, _ in BUILT])
def test_continue_reopens_the_saved_game_at_the_same_position(app, entry, rules):
    left = _leave_a_game(rules, entry)
    title = _title(app)
    assert title.menu.items[0].label == "Continue" and entry.title in title.menu.items[0].detail
    title.menu.focus = 0
    app.post(Action("confirm"))
    app.step(1 / 60)
    assert not isinstance(app.stack.top, NoticeScene)
    # the resumed play scene (a first-game tutorial may sit over it)
    resumed = next(value for scene in app.stack.scenes if scene is not title
                   for value in vars(scene).values() if isinstance(value, GameSession))
    assert [rules.choice_to_json(c) for c in resumed.choices] == [rules.choice_to_json(c) for c in left.choices]
    assert [rules.choice_to_json(c) for c in resumed.legal_choices()] == \
        [rules.choice_to_json(c) for c in left.legal_choices()]


def test_several_saved_games_offer_a_choice_of_which(app):
    for entry, rules in BUILT[:2]:
        _leave_a_game(rules, entry)
    title = _title(app)
    title.menu.focus = 0
    app.post(Action("confirm"))
    app.step(1 / 60)
    picker = app.stack.top
    assert isinstance(picker, ContinueScene)
    assert {item.label for item in picker.menu.items} == {e.title for e, _ in BUILT[:2]} | {"Back"}


def test_a_save_that_cannot_be_read_is_reported_and_set_aside_not_lost(app):
    entry, rules = BUILT[0]
    _leave_a_game(rules, entry)
    path = saved_game_path(entry.id)
    text = path.read_text().replace('"choices": [', '"choices": [{"kind": "nonsense"}, ', 1)
    path.write_text(text)
    title = _title(app)
    title.menu.focus = 0
    app.post(Action("confirm"))
    app.step(1 / 60)
    notice = app.stack.top
    assert isinstance(notice, NoticeScene) and entry.title in notice.message and "choice 0" in notice.message
    # set aside, never deleted nor left where the next game's save would overwrite it (issue 17)
    assert "moved aside" in notice.message and not has_saved_game(entry.id)
    assert path.with_name(path.name + ".damaged").read_text() == text


def test_the_continue_list_says_when_each_game_was_left_not_how_many_play_it(app):
    """Seen at 800x480: under the focused save the picker showed the catalogue's '2-6 players'."""
    import os
    import time

    for entry, rules in BUILT[:2]:
        _leave_a_game(rules, entry)
    old = saved_game_path(BUILT[1][0].id)
    hour_ago = time.time() - 3600
    os.utime(old, (hour_ago, hour_ago))
    picker = ContinueScene([entry for entry, _ in BUILT[:2]])
    details = {item.label: item.detail for item in picker.menu.items}
    assert details[BUILT[0][0].title] == "Saved just now"
    assert details[BUILT[1][0].title] == "Saved 60 minutes ago"
    assert not any("players" in (detail or "") for detail in details.values())
