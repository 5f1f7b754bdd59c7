"""ROBOMissions on the shared engine contract (game.core.engine): the names, the set-up, the
result, reveals, re-dealing hidden cards and the random generator living in the state."""
from __future__ import annotations

import json
import random

import pytest

from game.core.engine import ENGINE_NAMES, IllegalChoice, missing_names
from game.robomissions import rules
from game.robomissions.rules import engine as E
from game.robomissions.rules.engine import Config, EndTurn, Pick, Play
from game.robomissions.rules.events import Event
from tests.robomissions.test_rules import blank, do, give, mega


def test_the_rules_package_exports_exactly_the_contract():
    assert missing_names(rules) == []
    assert sorted(rules.__all__) == sorted(ENGINE_NAMES)
    assert rules.GAME_ID == "robomissions"


def test_config_round_trips_and_a_bad_one_is_refused():
    for config in (Config(), Config("ffa", 4), Config("2v1", 3), Config("2v2", 4)):
        assert rules.config_from_json(json.loads(json.dumps(rules.config_to_json(config)))) == config
    with pytest.raises(ValueError):
        rules.config_from_json({"mode": "ffa", "players": "two"})
    with pytest.raises(ValueError):
        rules.config_from_json(["ffa", 2])
    with pytest.raises(ValueError, match="no '2v2' game for 3 players"):
        rules.config_from_json({"mode": "2v2", "players": 3})


def test_a_malformed_choice_is_a_value_error_naming_the_problem():
    assert rules.choice_from_json(rules.choice_to_json(Pick("robot", 3))) == Pick("robot", 3)
    with pytest.raises(ValueError, match="Teleport"):
        rules.choice_from_json({"type": "Teleport"})
    with pytest.raises(ValueError, match="needs 'card'"):
        rules.choice_from_json({"type": "Play"})


def test_an_illegal_choice_is_an_illegal_choice_and_changes_nothing():
    s = rules.new_game(Config("ffa", 2), 4)
    not_mine = s.players[1].hand[0]
    before = rules.seat_view(s, 0), rules.legal_choices(s)
    with pytest.raises(IllegalChoice):
        rules.apply(s, Play(not_mine))
    with pytest.raises(E.IllegalAction):
        rules.apply(s, Pick("robot", 0))       # nothing is being played: no pick is asked
    assert (rules.seat_view(s, 0), rules.legal_choices(s)) == before


def test_seat_count_current_seat_and_result_follow_the_game():
    s = rules.new_game(Config("ffa", 3), 2)
    assert rules.seat_count(s) == 3 and rules.current_seat(s) == 0
    assert not rules.is_over(s) and rules.result(s) is None
    rules.apply(s, EndTurn())
    assert rules.current_seat(s) == 1
    rng = random.Random(2)
    while not rules.is_over(s):
        rules.apply(s, rng.choice(rules.legal_choices(s)))
    result = rules.result(s)
    assert rules.current_seat(s) is None and rules.legal_choices(s) == []
    assert result.winners == s.winners and result.cause == s.end_reason and result.outcome == "won"


def test_draws_shuffles_and_unseen_discards_are_reveals_and_plays_are_not():
    assert rules.is_reveal(Event("card_drawn", 0, 5))
    assert rules.is_reveal(Event("end_game_started", amount=12))
    assert rules.is_reveal(Event("discarded", 1, 7, text="sabotage"))
    assert rules.is_reveal(Event("discarded", 1, 7, text="eliminated"))
    assert not rules.is_reveal(Event("discarded", 0, 7, text="hand_limit"))   # the player chose it
    assert not rules.is_reveal(Event("card_played", 0, 7))
    assert not rules.is_reveal(Event("attacked", 0, robot=1, target=2, amount=30))


def test_redeal_hidden_deals_the_deck_and_the_other_hands_again_keeping_sizes():
    s = rules.new_game(Config("ffa", 4), 9)
    seen = rules.seat_view(s, 2)
    hidden = sorted(s.deck + [u for p in s.players if p.seat != 2 for u in p.hand])
    changed = False
    for k in range(5):
        other = rules.redeal_hidden(s, 2, random.Random(k))
        assert rules.seat_view(other, 2) == seen
        assert other.players[2].hand == s.players[2].hand
        assert [len(p.hand) for p in other.players] == [len(p.hand) for p in s.players]
        assert sorted(other.deck + [u for p in other.players if p.seat != 2 for u in p.hand]) == hidden
        changed |= other.deck != s.deck or any(a.hand != b.hand for a, b in zip(other.players, s.players))
    assert changed
    assert rules.seat_view(s, 2) == seen                     # the original is untouched


def test_sabotage_draws_its_random_card_from_the_state_rng():
    s = blank("ffa", 2)
    mega(s, 0)
    mega(s, 1)
    give(s, 1, "recharge", "repair_kit", "chop_chop", "force_field")
    sabotage = give(s, 0, "sabotage")[0]
    before = s.copy()
    twin = s.copy()
    assert do(s, Play(sabotage), Pick("player", 1)) == do(twin, Play(sabotage), Pick("player", 1))
    thrown = set()
    for seed in range(12):                                   # another stream in the state: other cards
        other = before.copy()
        other.rng = random.Random(seed)
        thrown.add(do(other, Play(sabotage), Pick("player", 1))[-1].card)
    assert len(thrown) > 1


def test_redeal_hidden_keeps_the_card_the_acting_seat_is_in_the_middle_of_playing():
    """A head card played but not yet placed waits in its player's hand; another seat cannot see
    which card it is, but a redeal for that seat must not take it away half-way (the table's leak
    test applies the acting seat's next pick to the redealt game)."""
    s = blank("ffa", 2)
    head = next(u for u in s.deck if s.cards[u].kind == "head")
    s.deck.remove(head)
    s.players[0].hand.append(head)
    give(s, 0, *[s.cards[u].key for u in s.deck[:3]])
    E.apply(s, Play(head))
    assert s.pending is not None and s.pending.card == head
    pick = next(c for c in rules.legal_choices(s) if isinstance(c, Pick))
    for k in range(8):
        other = rules.redeal_hidden(s, 1, random.Random(k))
        assert head in other.players[0].hand
        assert len(other.players[0].hand) == len(s.players[0].hand)
        assert rules.seat_view(other, 1) == rules.seat_view(s, 1)
        E.apply(other, pick)                                 # the play finishes as it would have
        assert head not in other.players[0].hand
