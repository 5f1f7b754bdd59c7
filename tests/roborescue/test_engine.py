"""Robo Rescue: Origins engine: turn structure, display, decommission, rounds, multiplayer VP,
Advanced Mode, pile exhaustion, views and action JSON. Each test sets up the situation."""
import pytest

from game.roborescue.rules import engine as E
from game.roborescue.rules.cards import Card
from game.roborescue.rules.engine import (
    PLACE,
    SCORE,
    SOURCE,
    VP,
    Decommission,
    DiscardFaceDown,
    DrawSecond,
    KeepVP,
    Place,
    ScoreAreas,
    TakeFromDisplay,
    action_from_json,
    apply,
    legal_choices,
    Config,
    new_game,
    seat_view,
)

WS_L, WS_R, ST_L, ST_R = 0, 1, 2, 3


def part(index, colour, **parts):
    return Card(index, "part", colour, tuple(parts.items()))


def place_first_legal(state):
    """Play the first legal action (any non-scoring decision); returns the events."""
    return apply(state, legal_choices(state)[0])


def play_to_phase(state, phase):
    while state.phase != phase:
        place_first_legal(state)


def set_lab(state, seat, areas, hand=(), decommissioned=None):
    player = state.players[seat]
    everything = [c for a in areas for c in a] + list(hand)
    for pile in (player.pile, player.display, player.hand):
        for c in everything:
            if c in pile:
                pile.remove(c)
    player.areas = [list(a) for a in areas]
    player.hand = list(hand)
    player.decommissioned = decommissioned


# --- setup ------------------------------------------------------------------------------------
def test_setup_each_player_has_own_shuffled_deck_and_three_card_display():
    state = new_game(Config(3), seed=5)
    for player in state.players:
        seen = player.pile + player.display + player.hand
        assert sorted(seen) == list(range(64))
        assert len(player.display) == 3
    assert state.players[0].pile != state.players[1].pile  # each deck shuffled on its own


# --- turns ------------------------------------------------------------------------------------
def test_turns_1_and_2_draw_two_cards_from_the_pile():
    state = new_game(Config(1), seed=1)
    player = state.players[0]
    assert state.turn == 1 and state.phase == PLACE and len(player.hand) == 2
    assert len(player.pile) == 64 - 3 - 2
    top_two = player.pile[-2:]
    place_first_legal(state)
    place_first_legal(state)
    assert state.turn == 2 and sorted(player.hand) == sorted(top_two)


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_every_round_opens_at_turn_1_with_two_cards_and_no_hand_ever_holds_more(players):
    """Rulebook "Turns 1 & 2": draw 2, place 2. After the last KeepVP / ScoreAreas of a round the
    first seat's new turn 1 was ended by the acting seat's empty hand: round 2 opened at Turn 2
    with 4 cards (issue 25)."""
    for seed in range(6):
        state = new_game(Config(players), seed=seed)
        rounds_seen = {}
        while state.phase != E.OVER:
            seat = state.decision_seat
            assert len(state.players[seat].hand) <= 2, (seed, state.round, state.turn)
            rounds_seen.setdefault(state.round, (state.turn, seat, len(state.players[seat].hand), state.phase))
            place_first_legal(state)
        for number, opening in rounds_seen.items():
            assert opening == (1, state.active_seats[0] if number > 5 else 0, 2, PLACE), (seed, number, opening)


def test_turn_3_draws_one_then_offers_pile_or_display():
    state = new_game(Config(1), seed=2)
    for _ in range(4):
        place_first_legal(state)
    player = state.players[0]
    assert state.turn == 3 and state.phase == SOURCE and len(player.hand) == 1
    actions = legal_choices(state)
    assert DrawSecond() in actions
    assert [a for a in actions if isinstance(a, TakeFromDisplay)] == [
        TakeFromDisplay(slot, card) for slot, card in enumerate(player.display)
    ]


def test_taking_from_display_refills_the_same_slot_at_once_from_the_pile():
    state = new_game(Config(1), seed=3)
    play_to_phase(state, SOURCE)
    player = state.players[0]
    taken = player.display[1]
    next_top = player.pile[-1]
    events = apply(state, TakeFromDisplay(1, taken))
    assert taken in player.hand and len(player.hand) == 2
    assert player.display[1] == next_top and len(player.display) == 3
    assert [e.kind for e in events] == ["taken_from_display", "display_refilled"]


def test_draw_second_takes_the_top_of_the_pile():
    state = new_game(Config(1), seed=3)
    play_to_phase(state, SOURCE)
    top = state.players[0].pile[-1]
    apply(state, DrawSecond())
    assert top in state.players[0].hand and state.phase == PLACE


def test_a_placeable_card_must_be_placed_no_decommission_offered():
    state = new_game(Config(1), seed=4)
    assert all(isinstance(a, Place) for a in legal_choices(state))


def test_round_is_eight_cards_then_choose_two_areas_to_score():
    state = new_game(Config(1), seed=6)
    play_to_phase(state, SCORE)
    player = state.players[0]
    assert sum(len(a) for a in player.areas) == 8
    assert all(isinstance(a, ScoreAreas) for a in legal_choices(state))


# --- decommission -------------------------------------------------------------------------------
def decommission_situation():
    """Both Storage Areas hold a red card and both Workshop Areas a Body: a red Body card fits nowhere."""
    deck = [
        part(0, "blue", Body=1), part(1, "green", Body=2),
        part(2, "red", Head=1), part(3, "red", Arm=1),
        part(4, "red", Body=3), part(5, "red", Body=2, Arm=1), part(6, "yellow", Wheel=1),
    ] + [part(i, "yellow", Wheel=1) for i in range(7, 20)]
    state = new_game(Config(1), seed=0, deck=deck)
    set_lab(state, 0, [[0], [1], [2], [3]], hand=[4, 5])
    return state


def test_unplaceable_card_forces_decommissioning_one_of_four_areas():
    state = decommission_situation()
    actions = legal_choices(state)
    assert {a for a in actions if a.__dict__.get("card") == 4} == {Decommission(area, 4) for area in range(4)}
    events = apply(state, Decommission(WS_R, 4))
    player = state.players[0]
    assert player.decommissioned == WS_R and player.areas[WS_R] == [1, 4]
    assert events[0].kind == "decommissioned"


def test_later_unplaceable_cards_are_discarded_face_down_in_the_decommissioned_area():
    state = decommission_situation()
    apply(state, Decommission(WS_R, 4))
    assert legal_choices(state) == [DiscardFaceDown(5)]
    events = apply(state, DiscardFaceDown(5))
    assert state.players[0].areas[WS_R] == [1, 4, 5]
    assert events[0].kind == "discarded_facedown" and events[0]["area"] == WS_R


def test_decommissioned_area_cannot_be_placed_in_or_scored():
    state = decommission_situation()
    apply(state, Decommission(WS_L, 4))
    assert WS_L not in E.legal_areas(state, 0, 6)
    assert E.area_scores(state, 0)[WS_L] is None


# --- round end ----------------------------------------------------------------------------------
def test_round_end_discards_played_cards_and_keeps_display():
    state = new_game(Config(1), seed=7)
    play_to_phase(state, SCORE)
    display_before = list(state.players[0].display)
    played = sorted(state.players[0].lab_cards())
    choice = legal_choices(state)[0]
    expected = sum(E.area_scores(state, 0)[a].total for a in choice.areas)
    events = apply(state, choice)
    player = state.players[0]
    assert player.round_scores == [expected]
    assert sorted(player.discard) == played and player.lab_cards() == []
    assert player.display == display_before
    assert state.round == 2 and state.turn == 1
    assert "round_ended" in [e.kind for e in events]


def test_solo_game_lasts_six_rounds_and_ends_with_a_rating():
    state = new_game(Config(1), seed=8)
    events = []
    while state.decision_seat is not None:
        events += place_first_legal(state)
    assert len(state.players[0].round_scores) == 6
    over = events[-1]
    assert over.kind == "game_over" and over["scores"] == [sum(state.players[0].round_scores)]
    assert over["rating"] in ("start", "not_bad", "wow", "legendary")


# --- multiplayer --------------------------------------------------------------------------------
def finish_round(state, leaders):
    """Play the round to scoring; the `leaders` get identical Labs (the same card ids from their
    own decks) so they tie on the top score; every other seat keeps one card and scores 0."""
    play_to_phase(state, SCORE)
    template = state.players[leaders[0]]
    for seat in state.active_seats:
        player = state.players[seat]
        if seat in leaders:
            player.areas, player.decommissioned = [list(a) for a in template.areas], template.decommissioned
        else:
            player.areas, player.decommissioned = [[], [], [], [player.lab_cards()[0]]], None
    events = []
    while state.phase in (SCORE, VP):
        events += place_first_legal(state)
    return events


def test_multiplayer_turns_go_in_seat_order_each_with_own_lab():
    state = new_game(Config(2), seed=9)
    assert state.decision_seat == 0
    place_first_legal(state)
    place_first_legal(state)
    assert state.decision_seat == 1 and state.turn == 1
    assert state.players[1].lab_cards() == [] and len(state.players[0].lab_cards()) == 2


def test_round_winner_sets_aside_one_played_card_as_vp():
    state = new_game(Config(2), seed=10)
    play_to_phase(state, SCORE)
    state.players[1].areas = [[], [], [], [state.players[1].lab_cards()[0]]]  # seat 1 scores 0
    apply(state, legal_choices(state)[0])
    apply(state, ScoreAreas(()))
    assert state.round_points[0] > 0
    assert state.phase == VP and state.decision_seat == 0 and state.pending == [0]
    played = state.players[0].lab_cards()
    assert legal_choices(state) == [KeepVP(c) for c in played]
    events = apply(state, KeepVP(played[3]))
    assert state.players[0].vp == [played[3]] and played[3] not in state.players[0].discard
    assert sorted(state.players[0].discard) == sorted(played[:3] + played[4:])
    assert events[0].kind == "vp_awarded" and state.round == 2 and state.players[1].vp == []


def test_tied_round_scores_give_every_tied_player_a_vp():
    state = new_game(Config(3), seed=11)
    events = finish_round(state, leaders=(0, 2))
    assert [len(p.vp) for p in state.players] == [1, 0, 1]
    assert [e["seats"] for e in events if e.kind == "round_won"] == [[0, 2]]


def test_multiplayer_ends_after_five_rounds_most_vp_wins():
    state = new_game(Config(2), seed=12)
    for _ in range(5):
        finish_round(state, leaders=(0,))
    assert state.phase == E.OVER and state.winners == (0,) and [len(p.vp) for p in state.players] == [5, 0]


def test_vp_tie_after_five_rounds_plays_sixth_round_for_tied_players_then_shares_victory():
    state = new_game(Config(3), seed=13)
    events = []
    for _ in range(5):
        events += finish_round(state, leaders=(0, 1))
    assert [len(p.vp) for p in state.players] == [5, 5, 0]
    assert state.round == 6 and state.active_seats == (0, 1)
    assert any(e.kind == "tiebreak_round" and e["seats"] == [0, 1] for e in events)
    play_to_phase(state, SCORE)
    assert state.players[2].lab_cards() == []  # seat 2 sits the tie-break out
    finish_round(state, leaders=(0, 1))
    assert state.phase == E.OVER and state.winners == (0, 1)  # still tied: shared victory


def test_sixth_round_winner_breaks_the_tie():
    state = new_game(Config(2), seed=14)
    for _ in range(5):
        finish_round(state, leaders=(0, 1))
    assert state.round == 6
    finish_round(state, leaders=(1,))
    assert state.phase == E.OVER and state.winners == (1,)


# --- Advanced Mode ------------------------------------------------------------------------------
def test_advanced_mode_forbids_empty_areas_from_turn_3():
    deck = [part(i, "red", Head=1) for i in range(30)]
    state = new_game(Config(1, advanced=True), seed=0, deck=deck)
    set_lab(state, 0, [[0], [], [], []], hand=[1])
    state.turn = 2
    assert set(E.legal_areas(state, 0, 1)) == {WS_R, ST_L, ST_R}
    state.turn = 3
    assert E.legal_areas(state, 0, 1) == []  # only empty areas would take it: now unplaceable
    assert all(isinstance(a, Decommission) for a in legal_choices(state))


def test_without_advanced_mode_empty_areas_stay_open_on_turn_3():
    deck = [part(i, "red", Head=1) for i in range(30)]
    state = new_game(Config(1), seed=0, deck=deck)
    set_lab(state, 0, [[0], [], [], []], hand=[1])
    state.turn = 3
    assert set(E.legal_areas(state, 0, 1)) == {WS_R, ST_L, ST_R}


# --- running out of cards -----------------------------------------------------------------------
def test_empty_pile_reshuffles_the_discards_into_a_new_pile():
    state = new_game(Config(1), seed=15)
    player = state.players[0]
    player.discard, player.pile = player.pile[:-1], player.pile[-1:]
    place_first_legal(state)
    events = place_first_legal(state)  # turn 2 starts: two draws, the second needs a reshuffle
    kinds = [e.kind for e in events]
    assert "pile_reshuffled" in kinds and len(player.hand) == 2
    assert player.discard == [] and len(player.pile) == 64 - 3 - 4


def test_no_cards_at_all_skips_the_draws_and_forces_the_display():
    state = new_game(Config(1), seed=16)
    player = state.players[0]
    for _ in range(4):
        place_first_legal(state)
    assert state.phase == SOURCE
    player.pile, player.discard = [], []
    assert legal_choices(state) == [TakeFromDisplay(s, c) for s, c in enumerate(player.display)]
    apply(state, legal_choices(state)[0])
    assert len(player.display) == 2  # no refill possible


def test_shipped_deck_never_runs_out_in_six_rounds():
    state = new_game(Config(1), seed=17)
    events = []
    while state.decision_seat is not None:
        events += place_first_legal(state)
    assert "pile_reshuffled" not in [e.kind for e in events]
    assert len(state.players[0].pile) == 64 - 3 - 6 * 8


# --- views and actions --------------------------------------------------------------------------
def test_view_shows_pile_contents_sorted_never_its_order():
    state = new_game(Config(2), seed=18)
    seen = seat_view(state, 0)
    assert seen.unseen == tuple(sorted(state.players[0].pile)) and seen.lab.pile_count == len(state.players[0].pile)
    assert not hasattr(seen, "pile")
    assert seen.others[0].seat == 1


def test_view_hides_another_players_face_down_cards():
    state = decommission_situation()
    apply(state, Decommission(WS_R, 4))
    assert seat_view(state, 0).lab.areas[WS_R] == (1, 4)
    two = new_game(Config(2), seed=0)
    two.players[1].areas[0] = [9, 10]
    two.players[1].decommissioned = 0
    other = seat_view(two, 0).others[0]
    assert other.areas[0] == () and other.facedown_count == 2


def test_actions_round_trip_through_json_and_have_labels():
    actions = [Place(3, 2), DrawSecond(), TakeFromDisplay(1, 7), Decommission(0, 4), DiscardFaceDown(5),
               ScoreAreas((0, 3)), ScoreAreas(()), KeepVP(9)]
    for action in actions:
        assert action_from_json(action.to_json()) == action
        assert action.label
    with pytest.raises(ValueError):
        action_from_json({"type": "fly"})


def test_illegal_action_is_refused():
    state = new_game(Config(1), seed=19)
    with pytest.raises(ValueError):
        apply(state, ScoreAreas((0, 1)))


def test_same_seed_same_game():
    def events_of(seed):
        state = new_game(Config(2), seed=seed)
        log = []
        while state.decision_seat is not None:
            log += [e.to_json() for e in place_first_legal(state)]
        return log
    assert events_of(20) == events_of(20)
    assert events_of(20) != events_of(21)
