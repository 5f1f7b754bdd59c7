"""What a newcomer hit playing a first game of each of the five in a real 800x480 window
(issue 25, docs/newcomer-walkthrough.md): Enter mashed through the last animations skipped the
results, Esc did nothing on two results screens, and Enter on a set-up screen changed its first
setting instead of starting the game."""
from __future__ import annotations

import pytest

from game.client import input as inp
from game.client import widgets
from game.client.app import App
from game.client.input import Action
from game.client.menus import TitleScene
from game.client.scene import Scene

STEP = 1 / 60


class Marker(Scene):
    """A stand-in for the screen a results menu leads to."""

    def __init__(self, name: str) -> None:
        super().__init__()
        self.name = name


@pytest.fixture()
def app():
    widgets.font.cache_clear()
    widgets.render_text.cache_clear()
    return App(headless=True, window=(800, 480))


def robo_rescue_end(app: App, new_setup: bool = True):
    from game.roborescue.rules import engine
    from game.roborescue.ui.end_scene import EndScene
    from game.roborescue.ui.lab_config import HUMAN, GameConfig

    config = GameConfig(1, (HUMAN,), False, 5)
    state = engine.new_game(engine.Config(1, False), 5)
    app.stack.push(TitleScene())
    end = EndScene(config, state, play_again=lambda _c: Marker("again"),
                   new_setup=(lambda _c: Marker("setup")) if new_setup else None)
    app.stack.push(end)
    app.step(STEP)
    return end


def seconds(app: App, duration: float) -> None:
    for _ in range(round(duration / STEP)):
        app.step(STEP)


def test_enter_mashed_past_the_hold_still_shows_the_results_until_the_player_stops(app):
    """Observed: Enter pressed about once a second (as through the last animations) started a new
    game 1.5 s into the results. Each press during the hold starts it again."""
    end = robo_rescue_end(app)
    for _ in range(8):                               # 4 s of Enter, one press every half second
        app.post(Action(inp.CONFIRM))
        seconds(app, 0.5)
    assert app.stack.top is end and not end.hold.ready
    seconds(app, widgets.RESULTS_HOLD_SECONDS)       # the player stops and looks
    assert end.hold.ready
    app.post(Action(inp.CONFIRM))                    # now a deliberate choice: Play again
    assert isinstance(app.stack.top, Marker) and app.stack.top.name == "again"


def test_the_hold_ends_on_time_when_nothing_is_pressed(app):
    end = robo_rescue_end(app)
    seconds(app, widgets.RESULTS_HOLD_SECONDS)
    assert end.hold.ready


@pytest.mark.parametrize("with_setup", [True, False])
def test_esc_leaves_the_robo_rescue_end_screen(app, with_setup):
    """Observed: Esc did nothing on "Game over"; it goes back to the set-up (or the title)."""
    robo_rescue_end(app, new_setup=with_setup)
    seconds(app, widgets.RESULTS_HOLD_SECONDS)
    app.post(Action(inp.BACK))
    top = app.stack.top
    if with_setup:
        assert isinstance(top, Marker) and top.name == "setup"
    else:
        assert isinstance(top, TitleScene)


def test_esc_leaves_the_robomissions_results(app):
    """Observed: Esc did nothing on the ROBOMissions results; it goes to the title."""
    from game.robomissions.ui.results_scene import ResultsScene
    from game.robomissions.ui.scene import make_config
    from game.robomissions.ui.table_scene import TableScene

    table = TableScene(make_config("ffa", 3, humans=1, ai="normal", seed=7))
    app.stack.push(TitleScene())
    app.stack.push(table)
    app.step(STEP)
    results = ResultsScene(table, TableScene)
    app.stack.push(results)
    app.post(Action(inp.BACK))                       # during the hold: the results stay
    assert app.stack.top is results
    seconds(app, widgets.RESULTS_HOLD_SECONDS)
    app.post(Action(inp.BACK))
    assert isinstance(app.stack.top, TitleScene) and len(app.stack.scenes) == 1


def _robo_run_entry():
    from game.roborun.ui.campaign_screens import EntryScene

    launched = []
    return EntryScene(launch=lambda _app, options: launched.append(options)), launched


def _robomissions_setup():
    from game.robomissions.ui.scene import SetupScene

    return SetupScene(), None


def _robo_rally_setup():
    from game.roborally.ui.setup_scene import SetupScene

    return SetupScene(), None


@pytest.mark.parametrize("make", [_robo_run_entry, _robomissions_setup, _robo_rally_setup],
                         ids=["roborun", "robomissions", "roborally"])
def test_enter_on_a_fresh_set_up_screen_starts_the_game_as_shown(app, make):
    """Observed: the set-up screens of three games opened on their first row (Mode, Course), so
    Enter - what a newcomer presses first - changed that setting instead of starting. Robo
    Rescue and Run Run Run! already opened on Start."""
    scene, launched = make()
    app.stack.push(TitleScene())
    app.stack.push(scene)
    app.step(STEP)
    before = [item.value() if item.value else None for item in scene.menu.items]
    app.post(Action(inp.CONFIRM))
    if launched is not None:                       # Robo Run launches through its callback
        assert len(launched) == 1
    else:
        assert app.stack.top is not scene and not isinstance(app.stack.top, TitleScene)
    assert [item.value() if item.value else None for item in scene.menu.items] == before   # nothing changed


def test_esc_on_the_robomissions_table_pauses_when_there_is_nothing_to_back_out_of(app):
    """Observed: Esc did nothing on the ROBOMissions table (the other four games pause); it still
    backs out of a half-made choice first."""
    from game.client.menus import PauseScene
    from game.robomissions.rules.engine import Cancel
    from game.robomissions.ui.scene import make_config
    from game.robomissions.ui.table_scene import TableScene

    table = TableScene(make_config("ffa", 3, humans=1, ai="normal", seed=793440470))   # a Force Field in hand
    app.stack.push(TitleScene())
    app.stack.push(table)
    for _ in range(600):
        if table.human_to_act and not table.timeline.busy:
            break
        app.post(Action(inp.SKIP))
        app.step(STEP)
    assert table.human_to_act and not any(isinstance(o.action, Cancel) for o in table.options)
    app.post(Action(inp.BACK))
    assert isinstance(app.stack.top, PauseScene)
    app.post(Action(inp.BACK))                       # Esc again: back to the game
    assert app.stack.top is table
    asking = next(i for i, o in enumerate(table.options) if o.hand_card is not None
                  and "Force Field" in table.shown.cards[o.hand_card].name)
    table.focus = asking
    app.post(Action(inp.CONFIRM))                    # Force Field asks which robot: a half-made choice
    assert any(isinstance(o.action, Cancel) for o in table.options)
    app.post(Action(inp.BACK))
    assert app.stack.top is table and not any(isinstance(o.action, Cancel) for o in table.options)


def test_a_clicked_program_card_does_not_leave_its_text_in_the_info_box(app):
    """Observed at 800x480: after a click put a card in a register, the info box still described
    that card (the pointer had not moved), over the 'program register 2' prompt."""
    from game.roborally.ui import howto
    from game.roborally.ui.scene import new_race

    howto.mark_tutorial_done()
    race = new_race("dizzy-dash", 2, 1, "normal", seed=5, speed=8.0)
    app.stack.push(TitleScene())
    app.stack.push(race)
    for _ in range(3000):
        if race.state.phase == "program" and race._human_turn() and not race._busy():
            break
        if race.menu is not None and race._human_turn():
            race.menu.items[-1][2]()                    # the upgrade shop: "Done upgrading"
        app.step(STEP)
    app.step(STEP)
    slots = race._hand_slots()
    legal = race.session.legal_choices()
    index = next(i for i, card in enumerate(slots) if card is not None and card in legal)
    point = race._hand_rects(len(slots))[index].center
    app.post(Action(inp.POINT, pos=point))
    assert race.inspect                                 # pointing shows what the card does
    placed = len(race.session.choices)
    app.post(Action(inp.CLICK, pos=point))
    assert len(race.session.choices) == placed + 1      # the click placed it
    assert race.inspect is None


def test_enter_on_robo_runs_reward_keeps_it_and_goes_on(app):
    """Observed: "Scenario complete!" opens on Green's reward and Enter cycled the rewards, so
    pressing Enter to go on changed the pick and never left. Enter keeps the pick and moves on
    (Left/Right still change it): Enter x3 plays the next scenario with the first rewards."""
    from game.roborun.ui.campaign_screens import ResultsScene

    saved, went = [], []
    results = ResultsScene("1.1", "Colorful Start", True, None, 2, ["Won the scenario"],
                           on_retry=lambda: went.append("retry"), on_next=lambda: went.append("next"),
                           rewards=[["fifth_gear", "fuel_boost"], ["secret_pocket", "chip"]],
                           on_finish=saved.append)
    app.stack.push(TitleScene())
    app.stack.push(results)
    seconds(app, widgets.RESULTS_HOLD_SECONDS + 0.1)
    app.post(Action(inp.RIGHT))                      # Green: the other reward
    for _ in range(3):
        app.post(Action(inp.CONFIRM))                # keep Green's, keep Red's, Next scenario
    assert went == ["next"]
    assert saved == [("fuel_boost", "secret_pocket")]
