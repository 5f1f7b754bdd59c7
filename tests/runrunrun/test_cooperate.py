"""Run Run Run! rulebook: 'Player Action - Cooperate', 'Remember! Draw a New Tile', 'Solo Play'."""
from .support import OPEN, R, bare, ch, corridor


def test_others_may_join_for_free_then_the_token_and_the_exchange():
    s = bare(players=3, hands=[[1, 2, 3], [4, 5], [6]])
    cells = corridor(s, 5)
    s.pos = [cells[0], cells[4], cells[2]]
    s.regroup_stack = [1]                              # three Room tiles, shared as the group wishes
    R.apply(s, ch("cooperate"))
    assert R.current_seat(s) == 1 and R.legal_choices(s) == [ch("join"), ch("stay")]
    R.apply(s, ch("join"))
    assert s.pos[1] == cells[0]                        # free, whatever the distance
    assert R.current_seat(s) == 2
    R.apply(s, ch("stay"))
    assert s.pos[2] == cells[2] and s.members == [0, 1]
    assert s.phase == "draw_for"
    for _ in range(3):
        R.apply(s, ch("draw_for", 1))
    assert len(s.hands[1]) == 5
    # each member offers up to two tiles
    assert R.current_seat(s) == 0
    R.apply(s, ch("offer", 1))
    R.apply(s, ch("offer", 2))
    assert not any(c.kind == "offer" for c in R.legal_choices(s))
    R.apply(s, ch("offer_done"))
    assert R.current_seat(s) == 1
    R.apply(s, ch("offer_done"))
    assert s.phase == "give" and sorted(s.pool) == [1, 2]
    R.apply(s, ch("give", 1, 1))
    R.apply(s, ch("give", 2, 0))
    assert 1 in s.hands[1] and 2 in s.hands[0] and s.pool == []
    assert s.active == 1                               # the turn ended (with its draw)


def test_only_three_regroups_per_game():
    s = bare()
    s.regroup_stack = []
    assert ch("cooperate") not in R.legal_choices(s)


def test_solo_cooperate_still_gains_the_token():
    s = bare()
    s.regroup_stack = [0]                              # three Torches
    R.apply(s, ch("cooperate"))
    assert s.supply == 8 and s.regroup_stack == [] and s.phase == "action"


def test_sarcophagus_tokens_can_be_given_during_a_regroup():
    s = bare(players=2, hands=[[1], [2]])
    s.sarc = [[0], []]
    s.regroup_stack = [0]
    R.apply(s, ch("cooperate"))
    R.apply(s, ch("join"))
    R.apply(s, ch("pass_sarc", 0, 1))
    assert s.sarc == [[], [0]]


def test_end_of_turn_draw_and_an_empty_deck_draws_nothing():
    s = bare(players=2, deck=[9])
    R.apply(s, ch("move"))
    R.apply(s, ch("to", *OPEN))
    assert s.hands[0] == [9] and s.active == 1
    R.apply(s, ch("move"))
    R.apply(s, ch("to", *OPEN))
    assert s.hands[1] == [] and s.active == 0 and not s.over


def test_achievement_rating_counts_regroup_tokens_left():
    assert R.result(_won(3)).cause == "platinum"
    assert R.result(_won(0)).cause == "bronze"


def _won(left):
    s = bare()
    s.regroup_stack = list(range(left))
    s.boss_awake = True
    from game.runrunrun.rules import engine as E
    E._check_win(s, [])
    return s
