"""The Robo Rescue: Origins rulebook read as an outside checker reads it.

Every statement of the rulebook was listed and matched with a test; this file holds the
situations test_engine.py and test_scoring.py did not set up yet through the engine (some were
checked only on the scoring helpers). Each docstring quotes the rulebook sentence (Robo Rescue:
Origins rulebook, section) and the test asserts its outcome through the engine: the state,
legal_choices, apply, the events and the seat views.
"""
from __future__ import annotations

from game.roborescue.rules import engine as E
from game.roborescue.rules.cards import Card
from game.roborescue.rules.engine import (
    PLACE, SCORE, SOURCE, Config, Decommission, DiscardFaceDown, DrawSecond, Place, ScoreAreas, TakeFromDisplay,
    apply, legal_choices, new_game, seat_view,
)
from tests.helpers import missing_tests_named_in_doc
from tests.roborescue.test_engine import decommission_situation, finish_round, part, place_first_legal, play_to_phase, set_lab

WS_L, WS_R, ST_L, ST_R = 0, 1, 2, 3


def engineer(index: int, colour: str, value: int) -> Card:
    return Card(index, "engineer", colour, (("Engineer", value),))


def workbench(index: int, colour: str, value: int) -> Card:
    return Card(index, "workbench", colour, (("Workbench", value),))


def lab_game(deck: list[Card], players: int = 1, advanced: bool = False) -> E.GameState:
    """A game on a small hand-made deck (padded with yellow Wheel cards to draw from)."""
    padding = [part(i, "yellow", Wheel=1) for i in range(len(deck), len(deck) + 20)]
    return new_game(Config(players, advanced), seed=0, deck=deck + padding)


# ----------------------------------------------------------------------------- the Lab
def test_engineers_and_workbenches_go_only_to_the_two_workshop_areas():
    """"Place the Workshop and Storage cards in front of you (Storage above Workshop), with a space
    to the right and left of each called an Area." (2. Lab Setup) and "Workbench and Engineer
    cards may never be placed in your Storage." (Storage Areas)"""
    state = lab_game([engineer(0, "red", 3), workbench(1, "blue", 2), part(2, "green", Head=1)])
    set_lab(state, 0, [[], [], [], []], hand=[0, 1])
    assert E.legal_areas(state, 0, 0) == [WS_L, WS_R] and E.legal_areas(state, 0, 1) == [WS_L, WS_R]
    assert E.legal_areas(state, 0, 2) == [WS_L, WS_R, ST_L, ST_R]
    assert {a.area for a in legal_choices(state)} == {WS_L, WS_R}


def test_both_cards_of_a_turn_may_go_into_one_area_each_to_the_right():
    """"Each turn you will be playing 2 cards, each going into one of the Workshop or Storage Areas
    of your Lab (can be the same or different Areas)." (3. Gameplay) and "Place it to the right
    of any cards already there" (Turns 3 & 4)"""
    state = lab_game([part(0, "red", Head=2), part(1, "blue", Body=3), engineer(2, "green", 4)])
    set_lab(state, 0, [[0], [], [], []], hand=[1, 2])
    apply(state, Place(2, WS_L))
    apply(state, Place(1, WS_L))
    assert state.players[0].areas[WS_L] == [0, 2, 1]
    assert seat_view(state, 0).lab.areas[WS_L] == (0, 2, 1)
    assert state.turn == 2


def test_storage_colour_limit_counts_each_storage_area_on_its_own():
    """"Example: This card may be played to the left Storage Area shown above - there are no blue
    cards there yet, and this one would continue the existing Body chain. It could not be played
    to the right, however - there is a blue card there already, and this card would not continue
    either of the existing Head or Wheel chains there." (Storage Areas)"""
    deck = [part(0, "red", Body=1, Head=2), part(1, "green", Body=3),
            part(2, "blue", Head=1, Wheel=1), part(3, "yellow", Head=2, Wheel=2),
            part(4, "blue", Body=2, Arm=1), part(5, "red", Head=1, Arm=1), part(6, "blue", Body=1)]
    state = lab_game(deck)
    set_lab(state, 0, [[5], [6], [0, 1], [2, 3]], hand=[4])
    assert E.legal_areas(state, 0, 4) == [ST_L]


def test_turns_1_and_2_never_offer_the_display_and_turns_3_and_4_always_do():
    """"Turns 1 & 2 of Each Round: Draw 2 cards from your Draw Pile" and "Turns 3 & 4: Draw 1
    card from your Draw Pile, and then choose whether to draw a 2nd card from your Draw Pile or
    take 1 from your Display." (3. Gameplay)"""
    state = new_game(Config(1), seed=21)
    seen = {}
    while state.phase in (PLACE, SOURCE):
        player = state.players[0]
        seen.setdefault(state.turn, (state.phase, len(player.hand)))
        if state.phase == SOURCE:
            choices = legal_choices(state)
            assert DrawSecond() in choices and sum(isinstance(a, TakeFromDisplay) for a in choices) == 3
        place_first_legal(state)
    assert seen == {1: (PLACE, 2), 2: (PLACE, 2), 3: (SOURCE, 1), 4: (SOURCE, 1)}


# ----------------------------------------------------------------------------- placing and decommissioning
def test_after_decommissioning_a_card_that_fits_must_still_be_placed():
    """"Every card you draw must be placed into your Lab if possible" and "any other cards you
    can't place can be discarded there" (Can't Place a Card?): only a card that fits nowhere may
    go face down."""
    state = decommission_situation()
    apply(state, Decommission(WS_R, 4))
    player = state.players[0]
    player.hand.remove(5)
    player.hand.append(6)                          # a yellow Wheel: the left Workshop takes it
    choices = legal_choices(state)
    assert DiscardFaceDown(6) not in choices and Place(6, WS_L) in choices


def test_a_decommission_lasts_one_round():
    """"A Decommissioned area cannot be scored at the end of the round" (Can't Place a Card?) and
    "Then begin a new round starting from Turn 1!" (4. Round Scoring): the next round has four
    areas again, and a card that fits nowhere may force a new decommission."""
    state = decommission_situation()
    apply(state, Decommission(WS_R, 4))
    assert all(choice.areas.count(WS_R) == 0 for choice in _scoring_choices_at_end(state))
    player = state.players[0]
    assert state.round == 2 and player.decommissioned is None and player.areas == [[], [], [], []]
    assert 4 in player.discard


def _scoring_choices_at_end(state: E.GameState) -> list[ScoreAreas]:
    play_to_phase(state, SCORE)
    choices = legal_choices(state)
    apply(state, choices[0])
    return choices


def test_advanced_mode_holds_for_every_player_of_a_multiplayer_game():
    """"In either Solo or Multiplayer, you can add the following rule ... Once you reach Turn 3 of
    each round, you may no longer play cards to empty areas, and may only add them to existing
    sets." (7. Advanced Mode)"""
    deck = [part(0, "red", Head=1), part(1, "blue", Body=1)]
    state = lab_game(deck, players=2, advanced=True)
    set_lab(state, 1, [[0], [], [], []], hand=[])
    assert E.legal_areas(state, 1, 1) == [WS_L, WS_R, ST_L, ST_R]
    state.turn = 3
    assert E.legal_areas(state, 1, 1) == [WS_L]
    plain = lab_game(deck, players=2)
    set_lab(plain, 1, [[0], [], [], []], hand=[])
    plain.turn = 3
    assert E.legal_areas(plain, 1, 1) == [WS_L, WS_R, ST_L, ST_R]


# ----------------------------------------------------------------------------- round scoring
def test_scoring_waits_until_every_player_has_played_four_turns():
    """"After all players have completed 4 turns, adding a total of 8 cards to their Lab, score
    points for the round" (4. Round Scoring)"""
    state = new_game(Config(3), seed=22)
    while state.phase != SCORE:
        place_first_legal(state)
        if state.phase != SCORE:
            assert any(len(p.lab_cards()) < 8 for p in state.players)
    assert [len(p.lab_cards()) for p in state.players] == [8, 8, 8]
    assert state.decision_seat == 0 and state.pending == [0, 1, 2]


def test_any_two_eligible_areas_may_be_scored_but_never_more_or_a_one_card_area():
    """"You must choose only 2 Lab Areas to score! These can be both Workshop Areas, both Storage
    areas, or 1 of each." and "An Area may only be scored if it has at least 2 cards in it."
    (4. Round Scoring)"""
    deck = [part(0, "red", Head=1), part(1, "blue", Body=2), part(2, "green", Arm=1), part(3, "yellow", Wheel=4),
            part(4, "red", Head=1, Body=1), part(5, "blue", Head=2), part(6, "green", Body=1), part(7, "yellow", Body=3),
            part(8, "red", Arm=5)]
    state = lab_game(deck)
    set_lab(state, 0, [[0, 1], [2, 3], [4, 5], [6, 7]])
    state.phase, state.pending, state.decision_seat = SCORE, [0], 0
    choices = set(legal_choices(state))
    assert {ScoreAreas((WS_L, WS_R)), ScoreAreas((ST_L, ST_R)), ScoreAreas((WS_L, ST_R))} <= choices
    assert all(len(c.areas) == 2 for c in choices) and len(choices) == 6
    scores = E.area_scores(state, 0)
    apply(state, ScoreAreas((WS_R, ST_L)))
    assert state.players[0].round_scores == [scores[WS_R].total + scores[ST_L].total]

    lone = lab_game(deck)
    set_lab(lone, 0, [[8], [2, 3], [4], [6]])
    lone.phase, lone.pending, lone.decision_seat = SCORE, [0], 0
    assert legal_choices(lone) == [ScoreAreas((WS_R,))]


def test_only_players_tied_for_the_highest_score_gain_a_victory_point():
    """"Whoever has the highest score wins the round" and "Tying in Multiplayer: If 2 or more
    players tie for their round score, all tied players gain a Victory Point for that round"
    (Round Score): two players tied below the winner gain nothing (our reading: the tie is a tie
    for the win)."""
    state = new_game(Config(3), seed=23)
    events = finish_round(state, leaders=(1,))
    points = [e["score"] for e in events if e.kind == "round_scored"]
    assert points[0] == points[2] < points[1]
    assert [len(p.vp) for p in state.players] == [0, 1, 0]


# ----------------------------------------------------------------------------- what others see
def test_every_display_is_face_up_to_the_whole_table():
    """"Reveal the top 3 cards from your deck and place them into a face up Display next to your
    Draw Pile." (2. Lab Setup): another seat sees the display's cards, never the pile's order."""
    state = new_game(Config(2), seed=24)
    other = seat_view(state, 0).others[0]
    assert other.display == tuple(state.players[1].display) and len(other.display) == 3
    assert other.pile_count == len(state.players[1].pile) and not hasattr(other, "pile")


def test_every_test_the_rules_doc_names_exists():
    """docs/roborescue-rules.md maps each rulebook statement to its test: none may dangle."""
    assert missing_tests_named_in_doc("roborescue-rules.md", "roborescue") == []
