"""Cards, seats, turn structure, PASS/BEEP, cleanup, Events, New Robot phase, end of game."""
from game.roborun.rules import engine
from game.roborun.levels.ascii_board import game_from_ascii
from game.roborun.rules.engine import apply, legal_choices
from game.roborun.rules.state import Choice
from game.roborun.rules.view import seat_view

NIKA = """
.     .     Xg    .     .     .     Xr
.     .+G   .     .     .+q   .+R   .
.     .     .     .     .     .     .
T1    t1+b  .     .     .+w   .     .
.+p   .     .     .     .+p   .     .
gate 1,3 N blue
"""


def play(state, *choices):
    events = []
    for c in choices:
        events += apply(state, c)
    return events


def run_steps(state, *steps):
    events = []
    state.pending = None
    state.queue.clear()
    engine._schedule(state, *steps)
    engine._run(state, events)
    return events


def test_rulebook_nika_card_example():
    # Nika (seat 0) plays card 1 from Michal's stand: she sees its yellow side.
    s = game_from_ascii(NIKA, first=0, stands=[[(2, "yellow")], [(1, "blue")]])
    green, red = s.at[(1, 1)], s.at[(5, 1)]
    r1, r2, r3, r4 = s.at[(1, 3)], s.at[(4, 4)], s.at[(0, 4)], s.at[(4, 3)]
    apply(s, Choice("play", (1,)))
    assert s.pending.kind == "dir" and set(legal_choices(s)) == {Choice("dir", ("green", "UL")),
                                                                 Choice("dir", ("green", "UR"))}
    ev = apply(s, Choice("dir", ("green", "UR")))
    assert green in s.escaped and any(e.kind == "escaped" for e in ev)     # diagonal into the Map Exit
    ev = apply(s, Choice("dir", ("red", "L")))
    assert s.pos[red] == (4, 1) and s.hands[1]                            # Michal draws the Equipment card
    assert s.pos[r1] == (2, 2)                                            # up through the blue gate, then right
    assert s.pos[r2] == (5, 4)                                            # blocked up by white R4, then right
    assert s.pos[r3] == (2, 3)                                            # up into the tunnel, out, then right
    assert s.pos[r4] == (4, 3)
    assert any(e.kind == "teleported" and e.robot == r3 for e in ev)
    assert s.played[0] == [(1, "yellow")]                                 # the card keeps the face she saw


def test_arrows_are_read_from_the_active_players_seat():
    board = """
    .     .     .
    .+G   .     .+R
    .     .     .
    """
    s = game_from_ascii(board, first=0, stands=[[(2, "yellow")], [(4, "yellow")]])
    apply(s, Choice("play", (2,)))           # card 2 yellow: my robot U, teammate L|R
    apply(s, Choice("dir", ("red", "L")))
    assert s.pos[0] == (0, 0)     # seat 0's up is north
    assert s.pos[1] == (1, 1)                 # seat 0's left is west
    s = game_from_ascii(board, first=1, stands=[[(4, "yellow")], [(2, "yellow")]])
    apply(s, Choice("play", (2,)))
    apply(s, Choice("dir", ("green", "L")))
    assert s.pos[1] == (2, 2)                 # seat 1's up is south
    assert s.pos[0] == (1, 1)                 # seat 1's left is east


def test_each_seat_sees_one_side_of_each_stand_card():
    s = game_from_ascii(".+G .+R", stands=[[(1, "yellow"), (2, "blue")], [(3, "yellow")]])
    v0, v1 = seat_view(s, 0), seat_view(s, 1)
    assert [(c.card, c.face) for c in v0.stands[0]] == [(1, "yellow"), (2, "blue")]
    assert [(c.card, c.face) for c in v1.stands[0]] == [(1, "blue"), (2, "yellow")]
    assert [(c.card, c.face) for c in v0.stands[1]] == [(3, "blue")]
    assert v0.choices and not v1.choices                      # only the deciding seat gets its options
    assert not hasattr(v0, "event_deck") and v0.event_deck_size == 4


def test_playing_from_the_teammates_stand_uses_the_side_facing_me():
    s = game_from_ascii(".+G . .\n. . .+R", first=0, stands=[[(3, "yellow")], [(2, "blue")]])
    apply(s, Choice("play", (2,)))
    assert s.played[0] == [(2, "yellow")]


def test_pass_once_per_round_and_teammate_continues():
    s = game_from_ascii(".+G . .\n. . .+R", first=0)
    assert Choice("pass") in legal_choices(s)
    apply(s, Choice("pass"))
    assert s.active == 1 and s.pass_state == "used"
    while s.pending.kind != "card":
        apply(s, legal_choices(s)[0])
    assert Choice("pass") not in legal_choices(s)


def test_no_pass_and_no_beep_rules():
    s = game_from_ascii(".+G . .\n. . .+R\nrules no_pass,no_beep", first=0, beep=True)
    assert s.pending.kind == "card" and Choice("pass") not in legal_choices(s)


def test_beep_is_the_teammates_signal_and_is_exhausted_when_that_card_is_played():
    s = game_from_ascii(".+G . . .\n. . . .+R", first=0, beep=True,
                        stands=[[(1, "yellow"), (2, "yellow"), (3, "yellow")], [(4, "blue"), (5, "blue"), (6, "blue")]])
    assert s.pending.kind == "beep" and s.decision_seat == 1
    ev = apply(s, Choice("beep", (3,)))
    assert ev[0].kind == "beeped" and s.beep == ("placed", 3)
    assert seat_view(s, 0).stands[0][2].beeped
    apply(s, Choice("play", (3,)))           # the suggestion may be ignored
    while s.pending.kind not in ("card", "beep"):
        apply(s, legal_choices(s)[0])
    assert s.beep == "exhausted" and s.pending.kind == "card"      # no BEEP window any more this round


def test_parts_for_escaped_robots_are_skipped():
    s2 = game_from_ascii("Xg .+R .\n.+G . .", first=0, stands=[[(2, "yellow")], [(3, "blue")]])
    g = s2.at[(0, 1)]
    s2.escaped.append(g)
    s2.pos.pop(g)
    del s2.at[(0, 1)]
    apply(s2, Choice("play", (2,)))           # top part 'U' is skipped; middle L|R asks about red
    assert s2.pending.kind == "dir" and s2.pending.options[0].args[0] == "red"


def test_cleanup_flips_played_cards_into_the_players_own_stand():
    s = game_from_ascii(".+G . . . . .\n. . . . . .\n. . . . . .+R", first=0,
                        stands=[[(1, "yellow"), (2, "yellow"), (3, "yellow")], [(4, "blue"), (5, "blue"), (6, "blue")]])
    # seat 0 plays three cards from seat 1's stand and PASSes nothing; seat 1 plays from seat 0's stand
    for _ in range(20):
        if s.round > 1:
            break
        seat = s.decision_seat
        opts = legal_choices(s)
        if s.pending.kind == "card":
            other = [c for c in opts if c.kind == "play" and c.args[0] in (4, 5, 6)]
            apply(s, other[0] if seat == 0 and other else [c for c in opts if c.kind == "play"][0])
        else:
            apply(s, [c for c in opts if c.kind != "dir" or c.args[1] != "skip"][0])
    flat = {c for st in s.stands for c, _ in st}
    assert flat == {1, 2, 3, 4, 5, 6} and s.round == 2
    assert s.pass_state == "available" and s.beep == "available"


def test_cleanup_lets_players_hold_different_numbers_of_cards():
    s = game_from_ascii(".+G .\n. .+R")
    s.played = [[(1, "yellow"), (2, "blue"), (3, "yellow"), (4, "yellow")], [(5, "blue"), (6, "yellow")]]
    s.stands = [[], []]
    run_steps(s, ("cleanup",))
    assert s.stands[0] == [(1, "blue"), (2, "yellow"), (3, "blue"), (4, "blue")]
    assert s.stands[1] == [(5, "yellow"), (6, "blue")]


def test_seat_zero_chooses_who_starts_each_round():
    s = game_from_ascii(".+G .\n. .+R")
    run_steps(s, ("round_start",))
    assert s.pending.kind == "start" and s.decision_seat == 0
    apply(s, Choice("start", (1,)))
    assert s.active == 1


def test_event_moves_towards_nearest_good_robot_through_tunnels():
    s = game_from_ascii("""
    .+b   T1    .     .     .
    #     #     #     #     .
    .     .     .     t1    .+G
    """)
    b = s.at[(0, 0)]
    run_steps(s, ("event_move", (b,), 1, "good", ()))
    assert s.pos[b] == (3, 2)                  # into the tunnel, out at its exit: the short way


def test_event_ties_are_chosen_by_the_last_player():
    s = game_from_ascii("""
    .+G   .     .
    .     .     .
    .     .     .+b
    """)
    s.last_player = 1
    b = s.at[(2, 2)]
    run_steps(s, ("event_move", (b,), 1, "good", ()))
    assert s.pending.kind == "target" and s.decision_seat == 1
    assert {c.args[1] for c in legal_choices(s)} == {"N", "W"}
    apply(s, Choice("target", (b, "W")))
    assert s.pos[b] == (1, 2)


def test_event_robot_on_an_active_exit_does_not_move():
    s = game_from_ascii("Xg+b  .  Xg  .+G")
    b = s.at[(0, 0)]
    run_steps(s, ("event_move", (b,), 1, "exit", ()))
    assert s.pos[b] == (0, 0)


def test_event_with_no_listed_robots_does_nothing_and_is_revealed():
    s = game_from_ascii(".+G .\n. .+R")
    ev = run_steps(s, ("event_phase",))
    assert [e.kind for e in ev] == ["event_revealed"] and len(s.events_seen) == 1


def test_new_robot_phase_three_outcomes():
    board = ".+G  .  .+R\nspawn 1 1,0\nsupport purple"
    s = game_from_ascii(board)
    run_steps(s, ("new_robot",))
    assert s.colour[s.at[(1, 0)]] == "purple"
    s = game_from_ascii(board.replace(".+G  .  .+R", ".+G  .+w  .+R"))
    ev = run_steps(s, ("new_robot",))
    assert ev[0].kind == "returned" and len(s.bad_on_map()) == 1
    s = game_from_ascii(board.replace(".+G  .  .+R", ".  .+G  .+R"))
    run_steps(s, ("new_robot",))
    assert s.outcome == "lost" and s.loss_cause == "destroyed:new_robot"


def test_round_four_has_only_the_action_phase_and_then_time_is_up():
    s = game_from_ascii(".+G .\n. .+R")
    s.round = 4
    ev = run_steps(s, ("phase_end",))
    assert s.outcome == "lost" and s.loss_cause == "timeout" and [e.kind for e in ev] == ["scenario_lost"]
    s = game_from_ascii(".+G .\n. .+R")
    run_steps(s, ("phase_end",))
    assert s.round == 2 and s.pending.kind == "start"


def test_illegal_choice_raises_value_error():
    import pytest
    s = game_from_ascii(".+G .\n. .+R")
    with pytest.raises(ValueError):
        apply(s, Choice("play", (99,)))


def test_choice_json_round_trip():
    c = Choice("key", ((1, 2),))
    assert Choice.from_json(c.to_json()) == c and c.label == "Key to 1,2"
    assert Choice("dir", ("green", "UL")).label == "green up-left" and Choice("play", (3,)).label == "play card 3"


def finish(state):
    while state.pending is not None and state.pending.kind in ("window", "dir"):
        opts = legal_choices(state)
        apply(state, Choice("continue") if Choice("continue") in opts else opts[0])


def test_blocked_option_lets_the_player_skip_the_action():
    s = game_from_ascii(".  .  .\n.+G  .+W  .\n.  .  .+R", first=1, stands=[[(1, "yellow")], [(4, "blue")]])
    apply(s, Choice("play", (4,)))             # seat 1 plays 4 blue: middle U|D|L|R moves green
    opts = legal_choices(s)
    assert Choice("dir", ("green", "skip")) in opts        # seat 1's left (east) is a Wall token
    apply(s, Choice("dir", ("green", "skip")))
    assert s.pos[0] == (0, 1)


def test_fixed_blocked_action_is_skipped_without_a_decision():
    s = game_from_ascii(".+G  .  .\n.  .  .+R", first=0, stands=[[(4, "yellow")], [(1, "blue")]])
    ev = apply(s, Choice("play", (4,)))        # 'up' twice at the map edge, then red 'right'
    assert s.pos[0] == (0, 0) and [e.detail for e in ev if e.kind == "blocked"] == ["N", "N", "E"]


def test_key_pushed_during_an_event_is_placed_by_the_last_player():
    s = game_from_ascii(".+b  .+k  .  .+G")
    s.last_player, s.phase = 1, "event"
    run_steps(s, ("event_move", (s.at[(0, 0)],), 1, "good", ()))
    assert s.pending.kind == "key" and s.decision_seat == 1


def test_lift_runs_after_the_whole_card_only():
    s = game_from_ascii("L1   .  L1\n.    .  .\n.+G  .  .+R", first=0, stands=[[(4, "yellow")], [(1, "blue")]])
    g = s.at[(0, 2)]
    ev = apply(s, Choice("play", (4,)))        # up, up onto the Lift; red right; then the Lift
    kinds = [e.kind for e in ev]
    assert s.pos[g] == (2, 0) and kinds.index("lifted") > max(i for i, k in enumerate(kinds) if k == "moved")


def test_lift_carries_a_key():
    from game.roborun.rules import movement
    s = game_from_ascii("L1+k  .+G  L1\n.  .  .+R")
    movement.run_lifts(s, [])
    assert s.keys == {(2, 0)}


def test_production_line_moves_after_the_card():
    s = game_from_ascii("=>  =>  =>  .\n.+G  .  .  .+R", first=0, stands=[[(4, "yellow")], [(1, "blue")]])
    g = s.at[(0, 1)]
    apply(s, Choice("play", (4,)))             # green: up onto the line (then edge); line: east
    assert s.pos[g] == (1, 0)


def test_abilities_are_usable_on_every_space_of_a_slide():
    from game.roborun.rules.state import PlayerSetup, Setup
    setup = Setup((PlayerSetup("smart_three", ("secret_pocket",), 1, 3), PlayerSetup("quick_one", (), 1, 0)))
    s = game_from_ascii(".  .+G\n.  .\n.  .\n.+R  .", setup=setup, first=0,
                        stands=[[(1, "blue")], [(2, "yellow")]])
    red = s.at[(0, 3)]
    apply(s, Choice("play", (1,)))           # 1 blue: the teammate slides up
    positions, used = [], False
    while s.pending.kind == "window":
        if s.pending.ctx[1] == "slide":
            positions.append(s.pos[red])
            if s.pos[red] == (0, 2) and not used:
                used = True
                apply(s, Choice("ability", ("secret_pocket",)))
                assert len(s.hands[0]) == 1 and s.pos[red] == (0, 2)    # mid-slide
                continue
        apply(s, Choice("continue"))
    assert positions == [(0, 2), (0, 2), (0, 1), (0, 0)] and s.pos[red] == (0, 0)


def test_number_tokens_can_be_given_to_an_adjacent_teammate():
    s = game_from_ascii(".+G  .+R  .\n.  .  .", first=0)
    s.numbers[0] = [4]
    run_steps(s, ("card_choice",))
    apply(s, Choice("give_number", (4,)))
    assert s.numbers == [[], [4]]


def test_event_paths_count_lifts():
    s = game_from_ascii("""
    L1+b  #  #  #  L1  .+G
    .     #  #  #  .   .
    .     .  .  .  .   .
    """)
    b = s.at[(0, 0)]
    from game.roborun.rules.paths import distances
    dist = distances(s, (0, 0), "blue")
    assert dist[(4, 0)] == 1 and dist[(5, 0)] == 2      # the lift ride is one step on the path
    run_steps(s, ("event_move", (b,), 1, "good", ()))
    assert s.pos[b] == (0, 0)                            # an Event step never rides the lift itself


def test_event_exit_target_ignores_exits_no_robot_needs():
    s = game_from_ascii("Xg  .  .+b  .  .  Xr\n.  .  .  .  .+R  .")
    b = s.at[(2, 0)]
    run_steps(s, ("event_move", (b,), 1, "exit", ()))
    assert s.pos[b] == (3, 0)             # the green exit is not active: no green robot is left
