"""The partner styles (game.roborun.partners) behave as their names say, on small boards.

Seat 0 is the active player at its card choice. Arrows are read from seat 0 (up = north).
Card faces used: 4 yellow moves my robot up, up and the teammate's robot right; 1 blue slides
the teammate's robot up to the next obstacle; 3 blue slides the teammate's robot down;
6 blue moves my robot one space in a direction I pick and the teammate's by my CHIP.
"""
from game.roborun.levels.ascii_board import game_from_ascii
from game.roborun.partners import HUMAN_STYLES, STYLES, make_partner
from game.roborun.rules.engine import legal_choices
from game.roborun.rules.state import Choice, PlayerSetup, Setup
from game.roborun.rules.view import seat_view

# Green (seat 0) four moves below its exit, red (seat 1) four moves below its own.
RACE = """
Xr    .     Xg    .     .
.     .     .     .     .
.     .     .     .     .
.     .     .     .     .
.+R   .     .+G   .     .
"""
# Seat 0 sees: 4 yellow, 1 blue (its stand); 3 blue, 6 blue (seat 1's stand, the other side).
STANDS = [[(4, "yellow"), (1, "blue")], [(3, "yellow"), (6, "yellow")]]
PLAY = {c: Choice("play", (c,)) for c in range(1, 7)}


def game(board=RACE, stands=STANDS, beep=False):
    setup = Setup((PlayerSetup("smart_three", (), 1, 0), PlayerSetup("smart_three", (), 1, 0)),
                  equipment_deck=tuple(range(1, 11)))
    return game_from_ascii(board, setup=setup, first=0, stands=[list(s) for s in stands], beep=beep)


def choice_of(style, state, seed=0):
    seat = state.decision_seat
    return make_partner(style, seed).choose(seat_view(state, seat), legal_choices(state))


def test_every_style_answers_with_a_legal_choice_and_is_the_same_for_a_seed():
    s = game()
    for style in STYLES:
        first = choice_of(style, s, seed=7)
        assert first in legal_choices(s) and choice_of(style, s, seed=7) == first


def test_selfish_takes_its_own_robot_home_and_ignores_the_teammate():
    """4 yellow: green 2 nearer its exit; 1 blue: red slides all the way out, green stays.
    Counting both robots, 1 blue is far better; counting only its own, 4 yellow is."""
    s = game()
    assert choice_of("selfish", s) == PLAY[4]
    assert choice_of("reckless", s) == PLAY[1] and choice_of("greedy", s) == PLAY[1]


def test_timid_keeps_away_from_a_bad_robot_that_reckless_walks_next_to():
    board = RACE.replace(".     .     .     .     .\n.     .     .     .     .\n.+R",
                         ".     .     .     .     .\n.     .+b   .     .     .\n.+R", 1)
    s = game(board, stands=[[(4, "yellow")], [(3, "yellow")]])       # 4 yellow: green ends next to blue
    assert choice_of("reckless", s) == PLAY[4]
    assert choice_of("timid", s) in (PLAY[3], Choice("pass"))


def test_novice_plays_any_card_but_one_that_loses_at_once():
    board = RACE.replace(".     .     .     .     .\n.+R", ".     .     .+b   .     .\n.+R", 1)
    s = game(board)                                    # 4 yellow walks green into the blue robot
    picks = {choice_of("novice", s, seed) for seed in range(20)}
    assert PLAY[4] not in picks and len(picks) >= 2


def test_follower_keeps_off_a_beeped_card_that_selfish_plays():
    s = game()
    s.beep = ("placed", 4)
    assert choice_of("selfish", s) == PLAY[4]
    assert choice_of("follower", s) != PLAY[4]


def test_follower_obeys_a_walkie_talkie_message():
    s = game()
    s.messages.append((1, "dont_play_4"))
    assert choice_of("follower", s) != PLAY[4]


def test_cautious_beeps_the_card_it_sees_would_lose_and_greedy_never_beeps():
    board = RACE.replace(".     .     .     .     .\n.+R", ".     .     .+b   .     .\n.+R", 1)
    s = game(board, beep=True)
    assert s.pending.kind == "beep" and s.decision_seat == 1
    assert choice_of("cautious", s) == Choice("beep", (4,))
    assert choice_of("greedy", s) == Choice("no_beep")


def test_confused_reads_the_arrows_from_the_wrong_side_about_one_card_in_ten():
    """Read rightly 1 blue is clearly best (greedy's pick); read from the other seat, red's
    'up' slide points into the map edge, and another card looks best."""
    s = game()
    view, options = seat_view(s, 0), legal_choices(s)
    assert choice_of("greedy", s) == PLAY[1]
    other = 0
    for seed in range(100):
        other += make_partner("confused", seed).choose(view, options) != PLAY[1]
    assert 3 <= other <= 20


def test_noisy_is_greedy_but_sometimes_random():
    s = game()
    picks = [choice_of("noisy", s, seed) for seed in range(40)]
    assert picks.count(PLAY[1]) >= 28 and len(set(picks)) > 1


def test_the_six_human_styles_are_there():
    assert set(HUMAN_STYLES) == {"selfish", "reckless", "timid", "novice", "follower", "confused"}
    assert set(HUMAN_STYLES) < set(STYLES)


def test_reckless_ignores_the_bad_robots_part_of_a_card_and_greedy_does_not():
    """6 yellow takes green left and up, nearer its exit, then every bad robot down: the blue
    one lands on green. Reckless imagines the bad robots standing still."""
    board = """
    Xg    .     .     .     Xr
    .     .     .     .     .
    .     .+b   .     .     .
    .     .     .     .     .
    .     .     .+G   .     .+R
    """
    s = game(board, stands=[[(6, "yellow")], [(3, "blue")]])
    assert choice_of("reckless", s) == PLAY[6]
    assert choice_of("greedy", s) == PLAY[3] and choice_of("novice", s) == PLAY[3]
