"""Save and resume through the screens: a game left mid-play reopens at the same position."""
import json

from game import catalog
from game.client.input import Action
from game.core import storage
from game.core.session import GameSession, has_saved_game, saved_game_path
from game.roborun import rules
from game.roborun.rules.engine import apply
from game.roborun.ui import play_scene
from game.roborun.ui.play_scene import GameOptions, PlayScene, make_entry_scene
from tests.roborun.ui.test_play import (  # noqa: F401  (app: the fixture)
    _ready_for_human, _seen_tutorial, _step_until, _to_my_card_choice, app,
)


def _saved() -> dict:
    """The save file as it is once the background saves asked for so far have landed."""
    storage.wait_idle()
    return json.loads(saved_game_path("roborun").read_text(encoding="utf-8"))


def _position(scene):
    """What both seats see and what may be chosen: the position a resume must restore.

    Views compare by value: a resumed map is rebuilt from JSON, so its wall set may repr in
    another order although it is the same map.
    """
    state = scene.state
    return ([rules.seat_view(state, seat) for seat in (0, 1)],
            [rules.choice_to_json(c) for c in rules.legal_choices(state)])


def _start_campaign_through_the_menu(app):
    app.stack.push(make_entry_scene(app))
    app.step(1 / 60)
    entry = app.stack.top
    assert entry.menu.items[entry.menu.focus].label == "Start", "the set-up opens on Start"
    app.post(Action("confirm"))
    app.step(1 / 60)
    app.post(Action("confirm"))           # the scenario page
    scene = app.stack.top
    assert isinstance(scene, PlayScene)
    return entry, scene


def test_quit_mid_game_then_resume_from_the_save_restores_the_same_position(app, monkeypatch):
    _seen_tutorial()
    # A campaign started from the menu draws a fresh seed; pin it so the game cannot end (lost
    # or won) before the test leaves it. Seed 11 lasts well past four human choices.
    monkeypatch.setattr(play_scene.random, "randrange", lambda *_: 11)
    entry, scene = _start_campaign_through_the_menu(app)
    assert not has_saved_game("roborun")
    human_choices = 0
    while human_choices < 4 or not _ready_for_human(scene):
        app.post(Action("skip"))
        assert _step_until(app, scene, lambda: _ready_for_human(scene) or scene.state.outcome is not None)
        assert scene.state.outcome is None, "the game ended before the test could leave it"
        if human_choices < 4:
            app.post(Action("confirm"))   # the focused option, as a player pressing Enter
            human_choices += 1
    assert 1 in scene.deciders and 0 in scene.deciders     # the AI teammate played as well
    before = _position(scene)
    history = [rules.choice_to_json(c) for c in scene.history]

    app.stack.pop()                       # quit the game: back to the scenario select
    assert app.stack.top is entry
    assert has_saved_game("roborun")

    data = _saved()
    assert data["game"] == "roborun" and data["choices"] == history
    assert data["ui"] == {"seat": 0, "partner": "ai", "ai_level": "normal", "campaign": True}
    session, _ = GameSession.from_json(data, rules, "save")
    resume = catalog.load(catalog.BY_ID["roborun"].resume)
    again = resume(app, session)
    app.stack.push(again)
    app.step(1 / 60)
    assert app.stack.top is again          # no scenario page or tutorial in front of a resumed game
    assert _position(again) == before
    assert [rules.choice_to_json(c) for c in again.history] == history
    assert again.deciders == scene.deciders
    assert again.options.campaign and again.viewer == 0 and again.choosers[1] is not None
    assert again.setup == scene.setup and again.level == scene.level

    # play on: the resumed game takes choices and keeps saving them
    assert _step_until(app, again, lambda: _ready_for_human(again))
    app.post(Action("confirm"))
    saved = _saved()
    assert len(saved["choices"]) == len(history) + 1


def test_a_save_without_a_ui_block_resumes_with_the_normal_ai_in_seat_one(app):
    _seen_tutorial()
    config = catalog.load(catalog.BY_ID["roborun"].samples)()[1][1]
    session = GameSession.start(rules, config, 4)
    for _ in range(3):
        session.apply(rules.legal_choices(session.state)[0])
    scene = catalog.load(catalog.BY_ID["roborun"].resume)(app, session)
    assert scene.options.seat == 0 and scene.options.partner == "ai" and scene.options.ai_level == "normal"
    assert scene.choosers[0] is None and scene.choosers[1] is not None
    assert [rules.choice_to_json(c) for c in scene.history] == [rules.choice_to_json(c) for c in session.choices]


def test_undo_takes_back_the_save_as_well(app):
    _seen_tutorial()
    for seed in range(1, 40):
        scene = PlayScene(GameOptions(level_ref="1.1", partner="random", seat=0, seed=seed))
        app.stack.clear_to(scene)
        _to_my_card_choice(app, scene)
        index = next((i for i, o in enumerate(scene.options_list) if o.choice.kind == "play"
                      and _follows_up(scene.state, o.choice)), None)
        if index is None:
            continue
        saved_before = _saved()["choices"]
        for _ in range(index):
            app.post(Action("next"))
        app.post(Action("confirm"))
        assert len(_saved()["choices"]) == \
            len(saved_before) + 1
        app.post(Action("undo"))
        assert _saved()["choices"] == saved_before
        return
    raise AssertionError("no seed gave a card with a follow-up decision")


def _follows_up(state, choice):
    trial = state.copy()
    apply(trial, choice)
    return trial.decision_seat == 0 and trial.pending.kind in ("dir", "chip", "window")
