"""The Robo Run AI teammate (game/roborun/ai/player.py): honest, legal, sensible, and it talks by BEEP."""
import random
from unittest import mock

from game.roborun import rules
from game.roborun.ai import make_player
from game.roborun.ai import player as ai_player
from game.roborun.ai.player import RoboRunAI, choose, choose_for_level
from game.roborun.ai.seat_state import state_from_view
from game.roborun.levels.ascii_board import game_from_ascii
from game.roborun.rules.engine import apply, legal_choices, new_game
from game.roborun.rules.state import Choice
from game.roborun.levels.tmx_loader import find_level, load_level
from game.roborun.rules.config import RoboRunConfig
from game.roborun.rules.view import seat_view

BIG = 60_000.0          # a budget no test decision reaches, so the result never depends on timing


def ai_turn(state, seat, player):
    """Let `player` make every decision of `seat` until someone else decides or the game ends."""
    while state.outcome is None and state.decision_seat == seat:
        view = seat_view(state, seat)
        choice = player.choose(view, legal_choices(state), random.Random(1), budget_ms=BIG)
        assert choice in legal_choices(state)
        apply(state, choice)
        if state.pending is not None and state.pending.kind == "beep":
            break


# Green (seat 0) stands one space below its exit. Red has already escaped (below), so the
# green robot's escape wins. Seat 0 reads "U" as north.
ONE_STEP_TO_WIN = """
.   Xg  .   .
.   .+G .   .
.   .   .   .+w
Xr  .+R .   .
"""


def _escape_red(state):
    red = next(r for r, c in state.colour.items() if c == "red")
    p = state.pos.pop(red)
    del state.at[p]
    state.escaped.append(red)


def test_reconstructed_state_offers_the_same_choices():
    level = load_level(find_level("1.1"))
    checked = 0
    for seed in range(4):
        state = new_game(level, seed)
        rng = random.Random(seed)
        while state.decision_seat is not None:
            view = seat_view(state, state.decision_seat)
            if view.decision_kind in ("start", "beep", "card"):
                rebuilt = state_from_view(view, random.Random(checked))
                assert legal_choices(rebuilt) == legal_choices(state)
                assert rebuilt.pos == state.pos and rebuilt.stands == state.stands
                checked += 1
            apply(state, rng.choice(legal_choices(state)))
    assert checked >= 10


def test_choice_ignores_hidden_information():
    # Two states that differ only in what seat 0 cannot see (Event and Equipment deck order)
    # give the same view and therefore the same decision.
    level = load_level(find_level("1.2"))
    state = new_game(level, 11)
    rng = random.Random(11)
    compared = 0
    while state.decision_seat is not None and compared < 4:
        seat = state.decision_seat
        if state.pending.kind in ("card", "start", "beep") and seat == 0:
            other = state.copy()
            other.event_deck = list(reversed(other.event_deck))
            other.equip_deck = list(reversed(other.equip_deck))
            assert other.event_deck != state.event_deck
            assert seat_view(other, 0) == seat_view(state, 0)
            a = RoboRunAI("hard").choose(seat_view(state, 0), legal_choices(state), random.Random(3), BIG)
            b = RoboRunAI("hard").choose(seat_view(other, 0), legal_choices(other), random.Random(3), BIG)
            assert a == b
            compared += 1
        apply(state, rng.choice(legal_choices(state)))
    assert compared == 4


def test_always_returns_a_legal_choice_for_either_seat():
    level = load_level(find_level("1.3"))
    for seed, lvl in ((1, "easy"), (2, "normal")):
        state = new_game(level, seed)
        players = (RoboRunAI(lvl), RoboRunAI(lvl))
        rng = random.Random(seed)
        for _ in range(400):
            seat = state.decision_seat
            if seat is None:
                break
            choices = legal_choices(state)
            choice = players[seat].choose(seat_view(state, seat), choices, rng, budget_ms=5)
            assert choice in choices
            apply(state, choice)
        assert state.outcome in ("won", "lost")


def test_module_level_entry_points_agree_with_the_client_calling_order():
    state = game_from_ascii(ONE_STEP_TO_WIN, stands=[[(2, "yellow")], [(3, "yellow")]])
    view = seat_view(state, 0)
    a = choose(view, legal_choices(state), "normal", random.Random(0), BIG)
    b = choose_for_level(view, legal_choices(state), random.Random(0), "normal")
    assert a in legal_choices(state) and b in legal_choices(state)


def test_finds_the_card_that_walks_its_robot_into_the_exit():
    # Card 2 yellow: my robot U (into the exit). Card 5 blue: my robot D. Card 3 blue: only
    # the teammate's robot moves. Only card 2 wins now.
    state = game_from_ascii(ONE_STEP_TO_WIN, stands=[[(2, "yellow"), (5, "blue")], [(3, "yellow")]])
    _escape_red(state)
    ai_turn(state, 0, RoboRunAI("normal"))
    assert state.outcome == "won"


def test_avoids_walking_a_good_robot_onto_a_bad_robot():
    board = """
    .   Xg  .   .
    .   .+b .   .
    .   .+G .   .
    .   .   .   .
    Xr  .+R .   .
    """
    stands = [[(2, "yellow"), (5, "blue")], [(3, "yellow")]]
    losing = game_from_ascii(board, stands=stands)
    apply(losing, Choice("play", (2,)))               # card 2: green steps up onto the blue robot
    while losing.outcome is None and losing.pending.kind not in ("card", "beep"):
        apply(losing, legal_choices(losing)[0])
    assert losing.outcome == "lost"
    state = game_from_ascii(board, stands=stands)
    ai_turn(state, 0, RoboRunAI("normal"))
    assert state.outcome is None
    assert (2, "yellow") not in state.played[0]


def test_avoids_a_shredder():
    board = """
    .   Xg  .   .
    .   H   .   .
    .   .+G .   .
    .   .   .   .
    Xr  .+R .   .
    """
    state = game_from_ascii(board, stands=[[(4, "yellow"), (5, "blue")], [(3, "yellow")]])
    ai_turn(state, 0, RoboRunAI("hard"))               # card 4 (U, U) would walk into the shredder
    assert state.outcome is None
    assert all(card != 4 for card, _ in state.played[0])


FAR_FROM_EXITS = """
.   .   .   .   .
.   .   .   .   .
.   .+G .   .   .
.   .   .   .   .+w
Xr  .   .   .+R Xg
"""


def test_obeys_the_teammates_beep():
    # Whatever card the AI would play, a BEEP on it makes it choose another (none wins now).
    stands = [[(2, "yellow"), (6, "yellow")], [(3, "yellow")]]
    free = game_from_ascii(FAR_FROM_EXITS, stands=stands)
    first = RoboRunAI("normal").choose(seat_view(free, 0), legal_choices(free), random.Random(0), BIG)
    assert first.kind == "play"
    beeped = game_from_ascii(FAR_FROM_EXITS, stands=stands, beep=True)
    apply(beeped, Choice("beep", (first.args[0],)))     # seat 1 BEEPs exactly that card
    view = seat_view(beeped, 0)
    again = RoboRunAI("normal").choose(view, legal_choices(beeped), random.Random(0), BIG)
    assert again.kind == "play" and again.args[0] != first.args[0]


def test_beeps_a_card_that_would_lose_for_the_partner():
    # Seat 0 is active; seat 1 (the AI) sees the BEEP window. Card 4 yellow (U, U) played by
    # seat 0 walks green into the shredder; card 5 blue / card 3 are harmless.
    board = """
    .   Xg  .   .
    .   H   .   .
    .   .+G .   .
    .   .   .   .
    Xr  .+R .   .
    """
    state = game_from_ascii(board, stands=[[(4, "yellow"), (5, "blue")], [(3, "yellow")]], beep=True)
    assert state.pending.kind == "beep" and state.decision_seat == 1
    choice = RoboRunAI("normal").choose(seat_view(state, 1), legal_choices(state), random.Random(0), BIG)
    assert choice == Choice("beep", (4,))


def test_no_beep_when_every_card_is_safe():
    board = """
    .   Xg  .   .
    .   .   .   .
    .   .+G .   .
    Xr  .+R .   .
    """
    state = game_from_ascii(board, stands=[[(2, "yellow"), (5, "blue")], [(3, "yellow")]], beep=True)
    choice = RoboRunAI("normal").choose(seat_view(state, 1), legal_choices(state), random.Random(0), BIG)
    assert choice == Choice("no_beep")


def test_warns_with_the_walkie_talkie_about_the_teammates_losing_card():
    # Seat 0 holds the Walkie-Talkie (Equipment 2). Card 2 is deadly for both: seat 0 sees
    # its blue side (top L: green into the shredder west of it), seat 1 its yellow side (top
    # U, which is south for seat 1: red into the shredder below it). Seat 0 does not play it,
    # so before its card it tells seat 1 "Don't play card 2".
    from game.roborun.rules.state import PlayerSetup, Setup

    board = """
    .   .   .   .   .
    H   .+G .   .   .
    .   .   .   .   .
    .   .+R .   .   .
    .   H   .   .   .
    Xr  .   .   .   Xg
    """
    setup = Setup((PlayerSetup("quick_one", (), 1, 0, (2,)), PlayerSetup("smart_three", (), 1, 0)),
                  equipment_deck=tuple(range(1, 11)))
    state = game_from_ascii(board, setup=setup,
                            stands=[[(5, "blue"), (3, "yellow")], [(2, "yellow"), (6, "blue")]])
    assert Choice("equip", (2, "dont_play_2")) in legal_choices(state)
    choice = RoboRunAI("normal").choose(seat_view(state, 0), legal_choices(state), random.Random(0), BIG)
    assert choice == Choice("equip", (2, "dont_play_2"))
    apply(state, choice)
    assert state.messages == [(0, "dont_play_2")]
    # The teammate's AI reads the message and keeps away from card 2 this round.
    players = (RoboRunAI("normal"), RoboRunAI("normal"))
    reader = players[1]
    while state.outcome is None and not (state.decision_seat == 1 and state.pending.kind == "card"):
        seat = state.decision_seat
        apply(state, players[seat].choose(seat_view(state, seat), legal_choices(state), random.Random(0), BIG))
    assert state.outcome is None and Choice("play", (2,)) in legal_choices(state)
    pick = reader.choose(seat_view(state, 1), legal_choices(state), random.Random(0), BIG)
    assert reader.warned_cards(seat_view(state, 1)) == {2}
    assert pick != Choice("play", (2,))


def test_seat_one_reads_arrows_from_its_own_side():
    # Seat 1 sits at the top edge: its "up" is south. Its red robot stands just north of
    # the red exit; green has escaped, so the right card wins at once.
    board = """
    .   .   .   .
    .   .   .+w .
    .   .+R .   .
    .   Xr  .+G Xg
    """
    state = game_from_ascii(board, first=1, stands=[[(5, "yellow")], [(2, "yellow"), (6, "blue")]])
    green = next(r for r, c in state.colour.items() if c == "green")
    del state.at[state.pos.pop(green)]
    state.escaped.append(green)
    assert state.decision_seat == 1
    ai_turn(state, 1, RoboRunAI("normal"))
    assert state.outcome == "won"


def test_the_catalog_player_answers_the_same_view_the_same_way_whatever_the_clock():
    """make_player bounds its search by checkpoints, not CPU time: a slow machine gets the same answer."""
    state = rules.new_game(RoboRunConfig(load_level(find_level("1.3"))), 2)
    rng = random.Random(2)
    for _ in range(30):
        if rules.is_over(state):
            break
        seat, choices = rules.current_seat(state), rules.legal_choices(state)
        view = rules.seat_view(state, seat)
        fast = make_player("hard", 7).choose(view, choices)
        with mock.patch.object(ai_player, "cpu_now", side_effect=lambda c=iter(range(10**6)): next(c) * 1.0):
            slow = make_player("hard", 7).choose(view, choices)     # every CPU reading a second later
        assert slow == fast and fast in choices
        rules.apply(state, rng.choice(choices))


def test_when_every_option_looks_lost_the_ai_never_plays_a_card_that_loses_at_once():
    """Issue 11: with all options scored as losses it used to play the first listed, even a card
    that destroys a robot at once while another option would not."""
    from game.roborun.levels.ascii_board import game_from_ascii
    from game.roborun.ai.player import RoboRunAI, complete
    from game.roborun.rules.engine import apply
    from game.roborun.rules.view import seat_view
    import random as _random
    # card 4 yellow (listed first) sends green up into the bad robot; PASS does not.
    s = game_from_ascii("""
    .     .     .
    .+b   .     .+R
    .+G   .     .
    """, stands=[[(4, "yellow")], [(2, "blue")]])
    s.round = 4                                      # last round: the AI's search sees every line lose
    ai = RoboRunAI("hard", checks=190)
    choice = ai.choose(seat_view(s, 0), list(s.pending.options), _random.Random(1))
    trial = s.copy()
    apply(trial, choice)
    complete(trial)
    assert trial.outcome != "lost", choice


def test_with_only_a_losing_card_left_the_ai_uses_second_wind_to_pass_instead():
    from game.roborun.levels.ascii_board import game_from_ascii
    from game.roborun.ai.player import RoboRunAI
    from game.roborun.rules.state import Choice, PlayerSetup, Setup
    from game.roborun.rules.view import seat_view
    import random as _random
    setup = Setup((PlayerSetup("strong_two", (), 1, 0, (7,)), PlayerSetup("smart_three", (), 1, 0)),
                  equipment_deck=tuple(c for c in range(1, 11) if c != 7))
    s = game_from_ascii("""
    .     .     .
    .+b   .     .+R
    .+G   .     .
    """, setup=setup, stands=[[(4, "yellow")], []])
    s.pass_state = "used"
    from game.roborun.rules import engine
    s.pending = None
    s.queue.append(("card_choice",))                 # the card choice again, with PASS used
    engine._run(s, [])
    assert {c.kind for c in s.pending.options} == {"play", "equip"}
    ai = RoboRunAI("hard", checks=190)
    assert ai.choose(seat_view(s, 0), list(s.pending.options), _random.Random(1)) == Choice("equip", (7,))


def test_partner_model_expects_no_card_that_loses_at_once():
    """The look-ahead expects the partner's card under its belief (ai/belief.py). A card that
    destroys a robot at once is not expected while the partner has a safe card, even from a
    partner believed to play at random: any partner sees it (and a BEEP warns a careless one).
    Here red (seat 1, to play) stands between two acid spaces; card 2 would step
    it east into the acid, card 4 takes it two spaces south. With the losing card in the mean,
    the position was worth about a third of a lost scenario and the AI fled from it."""
    from game.roborun.ai.evaluate import evaluate as judge
    from game.roborun.ai.player import LOSING, _Clock, complete
    board = """
    .     .     .     .
    Ha    .+R   Ha    .
    .     .     .     .
    .     .     .     Xr
    .+G   #     .     Xg
    """
    state = game_from_ascii(board, stands=[[], [(2, "blue"), (4, "yellow")]], first=1)
    assert state.pending.kind == "card" and state.pending.seat == 1
    values = {}
    for option in state.pending.options:
        trial = state.copy()
        apply(trial, option)
        complete(trial)
        values[option] = judge(trial)
    assert min(values.values()) <= LOSING < max(values.values())      # one card loses at once
    ai = RoboRunAI("hard")
    ai.seat_now = 0                          # seat 0's AI, quite unsure of its partner:
    ai.belief.weights = {"like_me": 0.2, "selfish": 0.1, "reckless": 0.1, "cautious": 0.1, "random": 0.5}
    value = ai._reply_value(state, _Clock(1000.0), 1)
    assert value >= min(v for v in values.values() if v > LOSING)


def test_a_careless_partner_is_imagined_steering_its_card_the_worst_way_that_does_not_lose():
    # Card 3 (yellow top: one step any way) for green, one space below its exit, a shredder
    # to its left and void to its right: the AI's own steering goes up; a partner steering at
    # random among safe directions is imagined going down (the worst safe one), never left.
    state = game_from_ascii("""
    .     Xg    .     .
    H     .+G   #     .
    .     .     .     .+R
    .     .     .     Xr
    """, stands=[[(3, "yellow")], []])
    apply(state, Choice("play", (3,)))
    while state.pending.kind != "dir":
        apply(state, state.pending.options[0])
    assert ai_player.inner_choice(state) == Choice("dir", ("green", "U"))
    assert ai_player.careless_choice(state) == Choice("dir", ("green", "D"))



def _abs_saves_green():
    """Card 4's top part (U, U) walks green into the blue bad robot at its second step; green's
    owner has ABS and Energy, so the engine opens a reaction window there."""
    from game.roborun.rules.state import PlayerSetup, Setup
    setup = Setup((PlayerSetup("strong_two", ("abs",), 1, 2), PlayerSetup("smart_three", (), 1, 0)),
                  equipment_deck=tuple(range(1, 11)))
    return game_from_ascii("""
    .     .     .
    .     .+b   .
    .     .     .+R
    .     .+G   .
    """, setup=setup, first=0, stands=[[(4, "yellow")], [(c, "blue") for c in (1, 2, 3)]])


def test_the_look_ahead_uses_a_reaction_that_saves_the_robot_instead_of_judging_the_card_lost():
    # ABS "ends this movement action on the space before". The greedy look-ahead used to take
    # "continue" at every window and judge such a card lost: the AI BEEPed a card its partner
    # then played safely, and read that partner as playing at random.
    state = _abs_saves_green()
    apply(state, Choice("play", (4,)))
    ai_player.complete(state)
    assert state.outcome is None and state.energy[0] == 1          # ABS was used, the robot lives
    assert not ai_player.loses_now(_abs_saves_green(), Choice("play", (4,)))


def _resolved(state):
    """What the look-ahead reads of a resolved card: outcome, robots, decision, value."""
    from game.roborun.ai.evaluate import evaluate
    pending = state.pending and (state.pending.kind, state.pending.seat, state.pending.options)
    return state.outcome, dict(state.pos), state.round, pending, evaluate(state)


def test_one_pass_gives_both_the_greedy_and_the_careless_resolution_of_a_card():
    # complete_both replaces resolving each partner card twice (greedy, then careless) in the
    # look-ahead: both resolutions must come out exactly as the two separate ones, on every
    # card of a game on a crowded map, including cards where the two steer apart.
    level = load_level(find_level("5.6"))
    state = new_game(level, 4400)
    rng = random.Random(3)
    checked = forked = 0
    while state.outcome is None and checked < 40:
        if state.pending.kind == "card":
            for option in [c for c in state.pending.options if c.kind == "play"]:
                one = state.copy()
                apply(one, option)
                greedy, careless = one.copy(), one.copy()
                ai_player.complete(greedy)
                ai_player.complete(careless, ai_player.careless_choice)
                fork = ai_player.complete_both(one)
                assert _resolved(one) == _resolved(greedy)
                if fork is not None:
                    forked += 1
                    ai_player.complete(fork[0], ai_player.careless_choice, fork[1])
                    assert _resolved(fork[0]) == _resolved(careless)
                else:
                    assert _resolved(one) == _resolved(careless)
                checked += 1
        apply(state, rng.choice(legal_choices(state)))
    assert checked >= 20 and 0 < forked < checked
