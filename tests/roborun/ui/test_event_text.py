"""The words a player reads when a robot is destroyed or a scenario is lost: the rule's reason
in plain words, never the engine's cause code ("Scenario lost (destroyed:bad_robot)" was the
banner at the end of a lost game)."""
import random

from game.roborun.rules.engine import apply, legal_choices, new_game
from game.roborun.rules.level import HAZARD_VARIANTS
from game.roborun.ui.event_text import DESTROYED_BY, describe_event
from game.roborun.ui.play_scene import load_level_spec


def lost_games(level: str, seeds: range):
    """(destroyed events, the scenario_lost event) of random games on `level` that were lost."""
    spec = load_level_spec(level)
    for seed in seeds:
        state, rng, seen = new_game(spec, seed), random.Random(seed), []
        while state.outcome is None:
            seen += apply(state, rng.choice(legal_choices(state)))
        lost = [e for e in seen if e.kind == "scenario_lost"]
        if lost:
            yield [e for e in seen if e.kind == "destroyed" and e.token is None], lost[0]


def test_a_lost_scenario_says_why_in_words():
    texts = set()
    for destroyed, lost in lost_games("1.1", range(40)):
        banner = describe_event(lost, 0)
        assert banner.startswith("Scenario lost: "), banner
        assert ":" not in banner[len("Scenario lost: "):] and "_" not in banner, banner
        for event in destroyed:
            line = describe_event(event, 0, log=True)
            assert "(" not in line and "_" not in line, line      # a cause the table names
            texts.add(line)
        texts.add(banner)
    assert any("met a bad robot" in text for text in texts)
    assert any("The Green robot" in text or "The Red robot" in text for text in texts)


def test_every_cause_the_rules_give_has_words():
    for cause in (*HAZARD_VARIANTS, "bad_robot", "crushed", "laser", "new_robot", "no_room", "hazard"):
        assert cause in DESTROYED_BY


def test_running_out_of_time_is_named_as_such():
    class Lost:
        kind, detail = "scenario_lost", "timeout"
    assert describe_event(Lost, 0) == "Scenario lost: round 4 ended with a good robot still in the factory"
