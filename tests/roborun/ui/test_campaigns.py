"""All five campaigns, start to finish, through the screens' own progress functions: what a
won scenario earned (abilities, CHIP level, Energy, Equipment) is the next scenario's set-up,
a failure restores the set-up the scenario started with (Robo Run rulebook, 'Campaign Mode':
success keeps progress, failure deletes it), and Single Scenario mode offers all 30 maps."""
import pytest

from game.client.app import App
from game.client.input import Action
from game.roborun.rules.campaign import after_scenario
from game.roborun.rules.engine import new_game
from game.roborun.ui import progress as prog
from game.roborun.ui.campaign_screens import EntryScene, scenario_titles
from game.roborun.ui.session import (
    GameOptions, campaign_setup, load_level_spec, next_level_ref, record_result, unlock_options,
)
from tests.roborun.ui.test_play import fresh_caches

CAMPAIGNS = (1, 2, 3, 4, 5)


def _finish(state, outcome: str) -> None:
    """End the scenario as a game would: the players took an Equipment card and spent Energy."""
    state.outcome, state.won_round = outcome, 3
    if state.equip_deck:
        state.hands[0].append(state.equip_deck.pop(0))
    state.energy = [max(0, e - 1) for e in state.energy]


def _rewards(setup) -> tuple:
    """Each player's campaign reward: the first thing they may unlock (chapter 5)."""
    picks = []
    for p in setup.players:
        options = unlock_options(p.robot, p.unlocked, p.chip_level)
        picks.append(options[0] if options else None)
    return tuple(picks)


@pytest.mark.parametrize("number", CAMPAIGNS)
def test_a_whole_campaign_carries_progress_and_a_failure_resets_it(number):
    options = GameOptions(level_ref=f"{number}.1", campaign=True, choose_boards=True,
                          boards=("quick_one", "smart_three"), first_skills=("chip", None))
    ref, expected, played = f"{number}.1", None, []
    while ref is not None:
        options = GameOptions(**{**options.__dict__, "level_ref": ref})
        setup = campaign_setup(options)
        if expected is not None:
            assert setup == expected, ref               # what the last scenario earned, exactly
        level = load_level_spec(ref)
        if ref.endswith(".3"):                          # lose once: progress of this try is deleted
            lost = new_game(level, 7, setup)
            _finish(lost, "lost")
            record_result(options, setup, lost)
            retry = campaign_setup(options)
            assert retry.players == setup.players
            assert retry == after_scenario(setup, lost)
            assert ref not in prog.load_progress()[0].campaign(number).completed
            setup = retry
        state = new_game(level, 11, setup)
        _finish(state, "won")
        rewards = _rewards(setup)
        record_result(options, setup, state, rewards)
        expected = after_scenario(setup, state, rewards)
        assert expected.players[0].equipment != () and expected.players[0].energy == state.energy[0]
        played.append(ref)
        ref = next_level_ref(ref)
    assert played == [f"{number}.{n}" for n in range(1, 7)]
    saved = prog.load_progress()[0].campaign(number)
    assert saved.completed == played
    final = campaign_setup(GameOptions(**{**options.__dict__, "level_ref": f"{number}.6"}))
    assert final == expected
    # six rewards each on top of the first pick: the players grew over the campaign
    assert sum(len(p.unlocked) + p.chip_level for p in final.players) >= 6


def test_campaigns_keep_separate_progress():
    one = GameOptions(level_ref="3.1", campaign=True, choose_boards=True, boards=("quick_one", "smart_three"))
    setup = campaign_setup(one)
    state = new_game(load_level_spec("3.1"), 1, setup)
    _finish(state, "won")
    record_result(one, setup, state, _rewards(setup))
    other = GameOptions(**{**one.__dict__, "level_ref": "4.1"})
    assert campaign_setup(other) == campaign_setup(GameOptions(**{**other.__dict__, "level_ref": "5.1"}))
    assert campaign_setup(other) != campaign_setup(GameOptions(**{**one.__dict__, "level_ref": "3.2"}))


@pytest.fixture()
def app():
    fresh_caches()
    return App()


def test_single_scenario_mode_offers_all_thirty(app):
    titles = scenario_titles()
    assert len(titles) == 30
    launched = []
    entry = EntryScene(launch=lambda _app, options: launched.append(options))
    app.stack.push(entry)
    app.step(1 / 60)
    app.post(Action("down"))                             # from Start (the first focus) round to Mode
    app.post(Action("right"))                            # Mode: Single scenario
    assert entry.choices.mode == "single"
    seen = []
    for _campaign in CAMPAIGNS:
        app.post(Action("down"))                         # Campaign
        for _scenario in range(6):
            app.post(Action("down"))                     # Scenario
            label = entry.menu.items[entry.menu.focus].value()
            ref = f"{entry.choices.campaign}.{entry.choices.scenario}"
            assert label.startswith(f"{ref} {titles[ref]}") and "locked" not in label
            for _ in range(len(entry.menu.items) - 3):
                app.post(Action("down"))                 # Start
            app.post(Action("confirm"))
            seen.append(launched[-1].level_ref)
            assert launched[-1].campaign is False
            for _ in range(len(entry.menu.items) - 3):
                app.post(Action("up"))                   # back to Scenario
            app.post(Action("right"))                    # next scenario
            app.post(Action("up"))                       # back to Campaign
        app.post(Action("right"))                        # next campaign
        app.post(Action("up"))                           # back to Mode
    assert seen == list(titles)


def test_single_scenario_set_up_speaks_to_players_not_of_rulebook_chapters(app):
    """The first-skill rows and the scenario list's note said "Chapter 8 table" and "boards from
    chapter 8" (the rulebook's Single Scenario Mode chapter), words a player never saw."""
    entry = EntryScene(launch=lambda _app, options: None)
    app.stack.push(entry)
    app.step(1 / 60)
    app.post(Action("down"))
    app.post(Action("right"))                            # Mode: Single scenario
    labels = [item.value() for item in entry.menu.items if item.value is not None]
    assert "set by the scenario" in labels
    assert not any("chapter" in label.lower() for label in labels)
