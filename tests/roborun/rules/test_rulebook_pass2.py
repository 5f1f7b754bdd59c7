"""Rules checked against the rulebook's own wording (issue 11, second pass).

Each test quotes the sentence it checks. Boards are tiny ASCII maps (levels/ascii_board.py).
"""
from game.roborun.levels.ascii_board import game_from_ascii
from game.roborun.rules import engine, movement
from game.roborun.rules.engine import apply, legal_choices
from game.roborun.rules.state import Choice, PlayerSetup, Setup
from game.roborun.rules.supply import PAWNS, pawns_in_supply

CONT = Choice("continue")


def run_steps(state, *steps):
    events = []
    state.pending = None
    state.queue.clear()
    engine._schedule(state, *steps)
    engine._run(state, events)
    return events


def game(board, robot="strong_two", abilities=(), energy=2, card=4, face="yellow"):
    setup = Setup((PlayerSetup(robot, tuple(abilities), 1, energy), PlayerSetup("smart_three", (), 1, 0)),
                  equipment_deck=tuple(range(1, 11)))
    others = [(c, "blue") for c in range(1, 7) if c != card][:3]
    return game_from_ascii(board, setup=setup, first=0, stands=[[(card, face)], others])


def use(name, *args):
    return Choice("ability", (name,) + args)


def finish_card(state):
    while state.pending is not None and state.pending.kind in ("window", "dir"):
        opts = legal_choices(state)
        apply(state, CONT if CONT in opts else opts[0])


# ---------------------------------------------------------------- simultaneous groups
def test_event_group_moves_simultaneously_a_column_moving_south_does_not_block_itself():
    """'A group of indicated robots (good/bad) move SIMULTANEOUSLY': the lower robot frees the
    space the upper one enters, in the same step."""
    s = game_from_ascii("""
    .+b
    .+b
    .
    .
    .+G
    """)
    top, low = s.at[(0, 0)], s.at[(0, 1)]
    run_steps(s, ("event_move", (top, low), 1, "good", ()))
    assert s.pos[top] == (0, 1) and s.pos[low] == (0, 2)


def test_event_group_moving_north_moves_the_same_way():
    s = game_from_ascii("""
    .+G
    .
    .
    .+b
    .+b
    """)
    up, low = s.at[(0, 3)], s.at[(0, 4)]
    run_steps(s, ("event_move", (up, low), 1, "good", ()))
    assert s.pos[up] == (0, 2) and s.pos[low] == (0, 3)


def test_event_phase_schedules_the_whole_group_in_one_step():
    s = game_from_ascii("""
    .+b
    .+b
    .
    .
    .+G
    """)
    s.event_deck = [1]                                   # Hunt: blue, 1 step towards a good robot
    top, low = s.at[(0, 0)], s.at[(0, 1)]
    run_steps(s, ("event_phase",))
    assert s.pos[top] == (0, 1) and s.pos[low] == (0, 2)


def test_signal_detector_moves_the_bad_robots_simultaneously():
    """Signal Detector 'moves every bad robot one space' - one group, so one simultaneous move."""
    s = game("""
    .+b   .     .
    .+b   .     .
    .     .     .
    .     .     .+G
    """, robot="smart_three", abilities=("signal_detector",))
    top, low = s.at[(0, 0)], s.at[(0, 1)]
    apply(s, use("signal_detector"))
    assert s.pending.kind == "bad_dir"
    apply(s, Choice("bad_dir", (top, "S")))             # into the space the lower one leaves
    assert s.pos[top] == (0, 0)                          # nothing moves until every robot has a direction
    apply(s, Choice("bad_dir", (low, "S")))
    assert s.pos[top] == (0, 1) and s.pos[low] == (0, 2)


# ---------------------------------------------------------------- reactions
def test_no_reaction_window_when_nothing_is_in_danger():
    s = game("""
    .     .     .
    .     .     .
    .+R   .     .
    .     .     .+G
    """, abilities=("abs", "ram"))
    apply(s, Choice("play", (4,)))
    assert s.pending.kind != "window"                    # the whole card resolved without a prompt


def test_abs_is_a_reaction_offered_only_at_the_danger():
    """ABS: 'If, during movement resolution, a good robot would enter a space with a bad robot,
    end this movement action on the space before'. The window opens at the second 'up' only."""
    s = game("""
    .     .     .
    .     .+b   .
    .     .     .+R
    .     .+G   .
    """, abilities=("abs",))
    green = s.at[(1, 3)]
    apply(s, Choice("play", (4,)))                       # top U,U
    assert s.pending.kind == "window" and s.pos[green] == (1, 2)
    assert legal_choices(s) == [CONT, use("abs")]
    apply(s, use("abs"))
    finish_card(s)
    assert s.outcome is None and s.pos[green] == (1, 2) and s.energy[0] == 1


def test_a_push_into_a_bad_robot_can_be_saved_by_abs():
    """'Whenever any robot enters a Pusher space, it moves ... until stopped' - and ABS still
    applies at the moment the pushed robot would enter the bad robot."""
    s = game("""
    .     .     .     .     .
    .+R   .     .     .     .
    .     P>    .     .+b   .
    .     .+G   .     .     .
    """, abilities=("abs",))
    green = s.at[(1, 3)]
    apply(s, Choice("play", (4,)))
    assert s.pending.kind == "window" and use("abs") in legal_choices(s)
    apply(s, use("abs"))
    assert s.outcome is None
    finish_card(s)
    assert s.outcome is None and s.pos[green][1] <= 2


def test_a_push_into_a_laser_can_be_saved_by_double_metal():
    s = game("""
    .     .     .     .     .
    .+R   .     .     .     .
    .     P>    .     .+z   .
    .     .+G   .     .     .
    """, robot="weird_four", abilities=("double_metal",))
    green = s.at[(1, 3)]
    apply(s, Choice("play", (4,)))
    assert s.pending.kind == "window" and legal_choices(s) == [CONT, use("double_metal")]
    apply(s, use("double_metal"))
    assert s.outcome is None and s.pos[green] == (1, 3)    # back on its starting space


def test_without_the_reaction_the_push_destroys_the_robot():
    s = game("""
    .     .     .     .     .
    .+R   .     .     .     .
    .     P>    .     .+z   .
    .     .+G   .     .     .
    """, robot="weird_four", abilities=("double_metal",))
    apply(s, Choice("play", (4,)))
    apply(s, CONT)
    assert s.outcome == "lost"


def test_short_deactivation_reaction_when_entering_a_tunnel():
    s = game("""
    .     .     t1    .
    .+R   .     .     .
    .     T1    .     .
    .     .+G   .     .
    """, robot="smart_three", abilities=("short_deactivation",))
    green = s.at[(1, 3)]
    apply(s, Choice("play", (4,)))
    assert s.pending.kind == "window" and use("short_deactivation") in legal_choices(s)
    apply(s, use("short_deactivation"))
    finish_card(s)
    assert s.pos[green] == (1, 1)                        # stood on the Tunnel, then went on up


# ---------------------------------------------------------------- Lift after Short Deactivation
def test_lift_stays_off_for_the_turn_short_deactivation_was_used_on_it():
    """'The Lift is not activated on a turn in which the ability that changes it was used':
    the robot steps off again, and still nothing on the other Lift moves."""
    s = game("""
    .     .     L1+b  .
    .+R   .     .     .
    .     L1    .     .
    .     .+G   .     .
    """, robot="smart_three", abilities=("short_deactivation",))
    green, b = s.at[(1, 3)], s.at[(2, 0)]
    apply(s, Choice("play", (4,)))                       # up onto the Lift, then up off it
    assert s.pending.kind == "window"
    apply(s, use("short_deactivation"))
    finish_card(s)
    assert s.pos[green] == (1, 1) and s.pos[b] == (2, 0)   # the bad robot was not lifted


# ---------------------------------------------------------------- RAM through a Tunnel
def test_ram_applies_when_a_good_robot_arrives_on_a_bad_robot_through_a_tunnel():
    """RAM: 'If the active player moves a good robot to a space with a bad robot, first the bad
    robot is moved to its closest starting space' - a Tunnel Exit is such a space too."""
    s = game("""
    .+b   .     .     .
    .+R   .     .     .
    .     T1    .     .
    .     .+G   .     t1
    """, abilities=("ram",))
    green, b = s.at[(1, 3)], s.at[(0, 0)]
    s.at.pop((0, 0))
    s.pos[b] = (3, 3)
    s.at[(3, 3)] = b
    apply(s, Choice("play", (4,)))
    assert s.pending.kind == "window" and use("ram") in legal_choices(s)
    apply(s, use("ram"))
    finish_card(s)
    assert s.outcome is None and s.pos[b] == (0, 0)
    assert s.pos[green] in ((3, 3), (3, 2), (3, 1))


# ---------------------------------------------------------------- supply limits
def test_hacking_probe_needs_a_purple_pawn_in_the_supply():
    """Components: '4 Purple robots'. With all four on the map there is no pawn to swap in."""
    board = """
    .+p   .+p   .+p   .+p
    .+b   .     .     .+R
    .     .     .     .
    .     .+G   .     .
    """
    s = game(board, abilities=("hacking_probe",))
    assert pawns_in_supply(s, "purple") == 0
    assert not [c for c in legal_choices(s) if c.args[:1] == ("hacking_probe",)]
    s = game(board.replace(".+p   .+p   .+p   .+p", ".+p   .+p   .+p   ."), abilities=("hacking_probe",))
    assert use("hacking_probe", s.at[(0, 1)]) in legal_choices(s)


def test_upgrade_to_blue_needs_a_blue_pawn_in_the_supply():
    """'If it was a White or Purple robot, it is upgraded to Blue (swap the pawn from the
    general supply)' - with all 8 Blue pawns in play the White robot stays White."""
    row = "  ".join([".+b"] * 8)
    board = f"""
    {row}
    .+w   .     .     .     .     .     .     .+R
    .+e   .     .     .     .     .     .     .
    .     .     .     .     .     .     .     .+G
    """
    s = game(board, abilities=())
    assert pawns_in_supply(s, "blue") == 0 and PAWNS["blue"] == 8
    w = s.at[(0, 1)]
    events = []
    movement.move_and_arrive(s, {w: "S"}, events)
    assert s.pos[w] == (0, 2) and s.colour[w] == "white" and (0, 2) not in s.items


# ---------------------------------------------------------------- at any instant
def mate_game(board, hand=(), beep=True, energy=1):
    setup = Setup((PlayerSetup("strong_two", (), 1, 1), PlayerSetup("smart_three", (), 1, energy, tuple(hand))),
                  equipment_deck=tuple(c for c in range(1, 11) if c not in hand))
    s = game_from_ascii(board, setup=setup, first=0, stands=[[(4, "yellow"), (1, "yellow")], [(2, "blue")]],
                        beep=True)
    if not beep:
        s.beep = "exhausted"
    return s


OPEN = """
.     .     .     .
.     .+R   .     .
.     .     .     .
.     .+G   .     .
"""


def test_teammate_window_opens_only_when_the_teammate_can_do_something():
    s = mate_game(OPEN, beep=False)
    run_steps(s, ("turn",))
    assert s.pending.kind == "card"                       # no BEEP, no Equipment, no Number: no prompt
    s = mate_game(OPEN, hand=(3,), beep=False)            # Battery in the teammate's hand
    run_steps(s, ("turn",))
    assert s.pending.kind == "beep" and s.decision_seat == 1


def test_equipment_owner_uses_it_during_the_active_players_turn():
    """'Equipment cards may be used by their owner at any moment during the active player's turn.'"""
    s = mate_game(OPEN, hand=(3,), beep=False)
    run_steps(s, ("turn",))
    apply(s, Choice("equip", (3,)))                       # Battery: the OWNER gains 2 Energy
    assert s.energy == [1, 3] and 3 not in s.hands[1]
    assert s.pending.kind == "card" and s.decision_seat == 0


def test_beep_at_any_moment_of_the_active_players_turn():
    """'During the active player's turn, the teammate may use the BEEP' - with `standby` the
    teammate is asked again at each point of the card, and may BEEP in the middle of it."""
    s = mate_game(OPEN)
    assert s.pending.kind == "beep"
    apply(s, Choice("standby", (True,)))
    assert s.pending.kind == "beep" and Choice("standby", (False,)) in legal_choices(s)
    apply(s, Choice("no_beep"))
    assert s.pending.kind == "card"
    apply(s, Choice("play", (4,)))                        # the card has windows between its parts
    asked = 0
    while s.pending is not None and s.decision_seat == 1 and s.pending.kind == "beep":
        asked += 1
        if asked == 2:
            apply(s, Choice("beep", (1,)))                # mid-card
            break
        apply(s, Choice("no_beep"))
    assert s.beep == ("placed", 1) and asked == 2


def test_without_standby_the_teammate_is_not_asked_mid_card():
    s = mate_game(OPEN)
    apply(s, Choice("no_beep"))
    apply(s, Choice("play", (4,)))
    assert not (s.pending is not None and s.pending.kind == "beep" and s.active == 0)


def test_either_player_gives_number_tokens_when_the_robots_are_adjacent():
    """'A player may give the other player any number of Number tokens if their robots are
    adjacent to each other.' - the teammate too, in their window."""
    board = """
    .     .     .     .
    .     .     .     .
    .     .+R   .     .
    .     .+G   .     .
    """
    s = mate_game(board, beep=False)
    s.numbers[1] = [3, 5]
    run_steps(s, ("turn",))
    assert s.pending.kind == "beep" and Choice("give_number", (3,)) in legal_choices(s)
    apply(s, Choice("give_number", (3,)))
    apply(s, Choice("give_number", (5,)))
    assert s.numbers == [[3, 5], []]


# ---------------------------------------------------------------- an engine an outside player can drive
def test_preview_gives_the_events_without_changing_the_state():
    from game.roborun.rules.engine import preview
    s = mate_game(OPEN)
    before = s.summary()
    events = preview(s, Choice("no_beep"))
    assert s.summary() == before and s.pending.kind == "beep"
    assert [e.kind for e in events] == [e.kind for e in apply(s.copy(), Choice("no_beep"))]


def test_view_tells_what_comes_next_mid_card():
    from game.roborun.rules.view import seat_view
    s = game("""
    .     .     .     .
    .     .+b   .     .
    .     .     .     .+R
    .     .+G   .     .
    """, abilities=("abs",))
    apply(s, Choice("play", (4,)))                        # stops at the ABS reaction, second 'up'
    v = seat_view(s, 0)
    assert v.resolving == (4, "yellow") and v.decision_kind == "window"
    assert v.next_moves[0][:3] == ("my", "step", ("U",))            # the 'up' about to happen
    assert [m[0] for m in v.next_moves[1:]] == ["mate", "bad"]
    assert v.decision_ctx[0] == "act"
