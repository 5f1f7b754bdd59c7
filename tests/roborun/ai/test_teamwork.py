"""The AI as a teammate: Equipment in the teammate window, BEEPs given and received."""
import random

from game.roborun.ai.belief import PRIOR
from game.roborun.ai.player import RoboRunAI, _WorkClock
from game.roborun.levels.ascii_board import game_from_ascii
from game.roborun.rules.engine import apply
from game.roborun.rules.state import Choice, PlayerSetup, Setup
from game.roborun.rules.view import seat_view

# Green (seat 0, the partner, to play) stands just below a blue robot. Card 4 yellow (top: up,
# up) and card 2 yellow (top: up) both send green into it, and PASS is used: whatever the
# partner plays, the scenario is lost - unless the AI, the teammate, acts first.
DOOMED = """
.     .     .
.+b   .     .+R
.+G   .     .
"""


def _doomed(hand: tuple[int, ...]):
    setup = Setup((PlayerSetup("strong_two", (), 1, 0), PlayerSetup("smart_three", (), 1, 0, hand)),
                  equipment_deck=tuple(c for c in range(1, 11) if c not in hand))
    state = game_from_ascii(DOOMED, setup=setup, stands=[[(4, "yellow"), (2, "yellow")], []], beep=True)
    state.pass_state = "used"
    return state


def test_the_ai_plays_emp_pulse_in_the_teammate_window_to_save_its_partners_robot():
    state = _doomed((6,))                        # the AI holds EMP Pulse
    assert state.pending.kind == "beep" and state.pending.seat == 1
    choice = RoboRunAI("hard", checks=190).choose(seat_view(state, 1), list(state.pending.options),
                                                   random.Random(1))
    assert choice.kind == "equip" and choice.args[:2] == (6, 0)
    apply(state, choice)                         # the blue robot is pushed off green's column
    assert state.outcome is None
    apply(state, Choice("no_beep"))
    apply(state, Choice("play", (2,)))
    assert state.outcome != "lost"


def test_the_ai_keeps_its_equipment_when_the_partner_is_not_in_danger():
    state = _doomed((6,))
    bad = next(r for r, c in state.colour.items() if c == "blue")
    del state.at[state.pos[bad]]
    state.pos[bad] = (2, 0)                      # the blue robot far from green's way up
    state.at[(2, 0)] = bad
    choice = RoboRunAI("hard", checks=190).choose(seat_view(state, 1), list(state.pending.options),
                                                   random.Random(1))
    assert choice.kind != "equip"


def test_the_ai_beeps_a_card_its_partner_could_see_would_lose():
    # Card 4 (up, up) runs green into the blue robot two spaces up; card 1 from the AI's
    # stand (seen blue face: no top part) does not.
    state = game_from_ascii("""
    .+b   .     .
    .     .     .+R
    .+G   .     .
    """, stands=[[(4, "yellow")], [(1, "yellow")]], beep=True)
    assert state.pending.kind == "beep" and state.pending.seat == 1
    choice = RoboRunAI("hard", checks=190).choose(seat_view(state, 1), list(state.pending.options),
                                                   random.Random(1))
    assert choice == Choice("beep", (4,))


def test_a_beep_received_changes_what_the_ai_expects_its_partner_to_play():
    # The partner (seat 1) is to play; the AI (seat 0) judges the partner's turn under its
    # belief. A BEEP in front of the partner's best card (placed by either player) says the
    # partner thinks it bad: the AI no longer counts on it.
    state = game_from_ascii("""
    .     .     .     .
    .+G   .     .     .+R
    .     .     .     Xr
    """, stands=[[], [(4, "yellow"), (3, "yellow")]], first=1)
    ai = RoboRunAI("hard")
    ai.seat_now = 0
    ai.belief.weights = {"like_me": 0.8, "selfish": 0.05, "reckless": 0.05, "cautious": 0.05, "random": 0.05}
    plain = ai._reply_value(state, _WorkClock(1000), 1)
    best_card = max((4, 3), key=lambda c: _one_card_value(state, c))
    warned = state.copy()
    warned.beep = ("placed", best_card)
    assert ai._reply_value(warned, _WorkClock(1000), 1) < plain - 1.0


def _one_card_value(state, card):
    from game.roborun.ai.evaluate import evaluate
    from game.roborun.ai.player import complete
    trial = state.copy()
    apply(trial, Choice("play", (card,)))
    complete(trial)
    return evaluate(trial)


def test_the_belief_starts_from_the_prior_for_each_new_player():
    assert RoboRunAI("hard").belief.weights == PRIOR


def test_the_play_screens_ai_keeps_its_partner_belief_across_views_sent_to_a_worker():
    # The play screen pickles each view to a worker process: the LevelSpec arrives as a new
    # object every time. The module-level player must still be the same one (its belief).
    import pickle
    from game.roborun.ai import player as ai_player
    state = game_from_ascii(DOOMED, stands=[[(4, "yellow"), (2, "yellow")], [(1, "yellow")]], first=1)
    first = pickle.loads(pickle.dumps(seat_view(state, 0)))
    second = pickle.loads(pickle.dumps(seat_view(state, 0)))
    assert first.level is not second.level
    assert ai_player._player(first, "hard") is ai_player._player(second, "hard")
    assert ai_player._player(first, "hard") is not ai_player._player(first, "normal")


def test_the_same_position_gets_the_same_choice_on_a_machine_four_times_slower():
    # The search is bounded by work (checkpoints), not time: a slow CPU (here: a clock that
    # runs four times faster than this one's) changes nothing - the play screen's player too.
    from unittest import mock
    from game.roborun.ai import player as ai_player
    from game.roborun.levels.tmx_loader import find_level, load_level
    from game.roborun.rules.engine import legal_choices, new_game
    state = new_game(load_level(find_level("2.3")), 77)
    while state.pending.kind != "card":
        apply(state, legal_choices(state)[0])
    view, choices = seat_view(state, state.pending.seat), legal_choices(state)
    fast = RoboRunAI("hard").choose(view, choices, random.Random(5))
    real = ai_player.cpu_now
    with mock.patch.object(ai_player, "cpu_now", lambda: real() * 4.0):
        slow = RoboRunAI("hard").choose(view, choices, random.Random(5))
    assert slow == fast
    ai_player._PLAYERS.clear()
    assert ai_player.choose_for_level(view, choices, random.Random(5), "hard") == fast


def test_an_option_the_search_finds_not_lost_on_every_line_is_kept_over_the_last_stand():
    # When every option scores below the "lost" line, the static last stand ranks them; but an
    # option the search saw survive on some lines (score above a certain loss) must be kept:
    # the last stand once replaced such a card with a PASS that left two deadly last cards.
    from unittest import mock
    from game.roborun.ai.evaluate import LOSS
    state = game_from_ascii("""
    .     .     .     .
    .+G   .     .     .+R
    .     .     .+b   .
    """, stands=[[(4, "yellow"), (1, "yellow")], [(2, "blue"), (3, "yellow")]])
    choices = list(state.pending.options)
    ai = RoboRunAI("hard", checks=190)
    root = ai._root(seat_view(state, 0), choices, random.Random(1))
    main = [c for c in choices if c.kind in ("play", "pass")]
    stand = ai._last_stand(root, main)
    other = next(c for c in main if c != stand and c.kind == "play")
    scores = {c: float(LOSS) for c in main}
    scores[other] = LOSS * 0.6                       # lost on most lines, not on all
    with mock.patch.object(RoboRunAI, "_score", lambda self, *a, **k: dict(scores)):
        assert RoboRunAI("hard", checks=190).choose(seat_view(state, 0), choices, random.Random(1)) == other
    scores[other] = float(LOSS)                       # lost on every line: the last stand decides
    with mock.patch.object(RoboRunAI, "_score", lambda self, *a, **k: dict(scores)):
        assert RoboRunAI("hard", checks=190).choose(seat_view(state, 0), choices, random.Random(1)) == stand


def test_the_ai_does_not_obey_its_own_beep():
    # The BEEP stays in front of a card for the round. Placed by the partner it means "do not
    # play this" (the AI avoids it); placed by this AI it warned the partner about the
    # partner's face of the card, and the AI itself may still play it (here: card 4, up-up,
    # takes green out through its exit).
    def game():
        state = game_from_ascii("""
        .     Xg    .     .
        .     .+G   .     .
        .     .     .     .+R
        .     .     .     .
        """, stands=[[(4, "yellow")], [(1, "yellow"), (3, "yellow")]])
        state.beep = ("placed", 4)
        return state
    state = game()
    partners_beep = RoboRunAI("hard", checks=190).choose(seat_view(state, 0), list(state.pending.options),
                                                          random.Random(1))
    assert partners_beep != Choice("play", (4,))
    ai = RoboRunAI("hard", checks=190)
    ai.my_beep = (state.round, 4)
    state = game()
    assert ai.choose(seat_view(state, 0), list(state.pending.options), random.Random(1)) == Choice("play", (4,))


def test_a_busy_machine_does_not_change_the_choice():
    # Other programs taking the CPU stretch wall-clock time, not this thread's CPU time: the
    # safety cap of a work-bounded decision reads CPU time, so a wall clock racing ahead (here
    # 1000x) changes nothing. (A 3 s wall-clock cap changed a 4.6 deal under load average 23.)
    import time as _time
    from unittest import mock
    from game.roborun.levels.tmx_loader import find_level, load_level
    from game.roborun.rules.engine import legal_choices, new_game
    state = new_game(load_level(find_level("2.3")), 77)
    while state.pending.kind != "card":
        apply(state, legal_choices(state)[0])
    view, choices = seat_view(state, state.pending.seat), legal_choices(state)
    calm = RoboRunAI("hard").choose(view, choices, random.Random(5))
    real = _time.perf_counter
    with mock.patch.object(_time, "perf_counter", lambda: real() * 1000.0):
        busy = RoboRunAI("hard").choose(view, choices, random.Random(5))
    assert busy == calm


# Green (seat 0, the partner) is to play card 4 (up, up: its robot two moves nearer home, but
# the middle part steps red right, between two bad robots) or card 2 (up, then red left or
# right). Neither loses at once; card 4 is much worse for the team.
WASTEFUL = """
Xg    .     .     .+b   .
.     .     .+R   .     .+w
.     .     .     .     .
.+G   .     .     .     .
.     .     Xr    .     .
"""


def _ai_believing(weights: dict) -> RoboRunAI:
    ai = RoboRunAI("hard", checks=190)
    ai.belief.weights = dict(weights)
    return ai


def test_the_ai_beeps_a_card_that_does_not_lose_but_that_the_partner_it_reads_would_play_to_the_teams_cost():
    state = game_from_ascii(WASTEFUL, stands=[[(4, "yellow"), (2, "yellow")], []], beep=True)
    state.pass_state = "used"
    assert state.pending.kind == "beep" and state.pending.seat == 1
    options = list(state.pending.options)
    selfish = {"like_me": 0.02, "selfish": 0.92, "reckless": 0.02, "cautious": 0.02, "random": 0.02}
    like_me = {"like_me": 0.92, "selfish": 0.02, "reckless": 0.02, "cautious": 0.02, "random": 0.02}
    # A partner read as selfish (its own robot home first) would likely play card 4: warned.
    assert _ai_believing(selfish).choose(seat_view(state, 1), options, random.Random(1)) == Choice("beep", (4,))
    # A partner that plays like the AI would play card 2 anyway: the BEEP is kept for later.
    assert _ai_believing(like_me).choose(seat_view(state, 1), options, random.Random(1)) == Choice("no_beep")


# Scenario 4.2, deal 2000, round 1, as it was played by a cautious partner (seat 0) and the
# hard AI (seat 1) up to the AI's choice with two cards left, 3 and 1, and the partner's PASS
# still available. Card 1 leaves card 3 to the partner, who may PASS it back; card 3 with the
# AI's face then slides the partner's robot into a crusher (this deal was lost that way).
LINE_4_2 = [{"kind": "start", "args": [1]}, {"kind": "beep", "args": [3]}, {"kind": "play", "args": [4]}, {"kind": "continue", "args": []}, {"kind": "continue", "args": []}, {"kind": "continue", "args": []}, {"kind": "continue", "args": []}, {"kind": "continue", "args": []}, {"kind": "continue", "args": []}, {"kind": "chip", "args": [1]}, {"kind": "dir", "args": ["purple", "U"]}, {"kind": "continue", "args": []}, {"kind": "play", "args": [5]}, {"kind": "chip", "args": [1]}, {"kind": "dir", "args": ["green", "UL"]}, {"kind": "dir", "args": ["blue", "D"]}, {"kind": "play", "args": [2]}, {"kind": "continue", "args": []}, {"kind": "continue", "args": []}, {"kind": "continue", "args": []}, {"kind": "continue", "args": []}, {"kind": "dir", "args": ["green", "L"]}, {"kind": "continue", "args": []}, {"kind": "dir", "args": ["blue", "U"]}, {"kind": "dir", "args": ["purple", "D"]}, {"kind": "dir", "args": ["white", "U"]}, {"kind": "continue", "args": []}, {"kind": "play", "args": [6]}, {"kind": "dir", "args": ["green", "L"]}, {"kind": "chip", "args": [2]}, {"kind": "dir", "args": ["red", "U"]}]


def test_the_ai_does_not_leave_the_partner_a_last_card_it_may_pass_back_into_a_loss():
    from game.roborun.ai.player import loses_now
    from game.roborun.levels.tmx_loader import find_level, load_level
    from game.roborun.rules.engine import legal_choices, new_game
    state = new_game(load_level(find_level("4.2")), 2000)
    for data in LINE_4_2:
        apply(state, Choice.from_json(data))
    assert state.pending.kind == "card" and state.decision_seat == 1
    trap = state.copy()                        # the trap: card 1, the partner PASSes, card 3 loses
    apply(trap, Choice("play", (1,)))
    while trap.pending.kind != "card" or trap.decision_seat != 0:
        apply(trap, legal_choices(trap)[0])
    apply(trap, Choice("pass"))
    assert loses_now(trap, Choice("play", (3,)))
    choice = RoboRunAI("hard").choose(seat_view(state, 1), legal_choices(state), random.Random(1))
    assert choice != Choice("play", (1,))
