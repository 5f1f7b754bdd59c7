"""Issue 22, "Rules first": two rulebook checks on what the active player may do, and when.

Robo Run rulebook, 4.1 Action Phase: "On their turn, at any moment, including while
resolving an Action card, the active player may: Use a special ability. Use a possessed
Equipment card. You may do it several times in any combination."
Chapter 7, Strong Two, RAM: "If the active player moves a good robot to a space with a bad
robot, first the bad robot is moved to its closest starting space on the map."

So (a) the protective abilities (ABS, RAM, Short Deactivation, Double Metal, Cameo) are
offered for every move the active player causes, Equipment and abilities included, not only
for an Action card's movement actions; and (b) the moment after a Lift or a Production Line
has moved a robot is a moment of the turn too: the turn does not end before the active
player may act from the new space.
"""
from game.roborun.levels.ascii_board import game_from_ascii
from game.roborun.rules.engine import apply, legal_choices
from game.roborun.rules.state import Choice, PlayerSetup, Setup

CONT = Choice("continue")
SPRING_BOOTS, TOW_CABLE, EMP_PULSE = 4, 5, 6


def game(board, robot, abilities=(), energy=1, hand=(), card=4):
    """Seat 0 plays `robot` with `abilities` and `hand`; card `card` (yellow) on its stand."""
    setup = Setup((PlayerSetup(robot, tuple(abilities), 1, energy, tuple(hand)),
                   PlayerSetup("smart_three", (), 1, 0)),
                  equipment_deck=tuple(c for c in range(1, 11) if c not in hand))
    others = [(c, "blue") for c in range(1, 7) if c != card][:3]
    return game_from_ascii(board, setup=setup, first=0, stands=[[(card, "yellow")], others])


def put(state, rid, p):
    """Move robot `rid` to `p` by hand (the board's start spaces stay where they were printed)."""
    state.at.pop(state.pos[rid])
    state.pos[rid] = p
    state.at[p] = rid


def abilities_offered(state):
    return {c.args[0] for c in legal_choices(state) if c.kind == "ability"}


# A blue robot printed at (3,0) (its starting space); the good robots at (2,4) and (0,0).
RAM_BOARD = """
.+R   .     .     .+b   .
.     .     .     .     .
.     .     .     .     .
.     .     .     .     .
.     .     .+G   .     .
"""


# ---------------------------------------------------------------- (a) reactions for every move
def test_ram_is_offered_when_spring_boots_step_into_a_bad_robot():
    """The issue's case: a Strong Two with RAM and 1 Energy steps into a blue robot with Spring
    Boots. RAM must be offered; with it the blue robot goes back to its start and green lives."""
    s = game(RAM_BOARD, "strong_two", ["ram"], energy=1, hand=(SPRING_BOOTS,))
    green, blue = s.at[(2, 4)], s.at[(3, 0)]
    put(s, blue, (2, 3))
    apply(s, Choice("equip", (SPRING_BOOTS, "U")))
    assert s.outcome is None and s.pending.kind == "window" and s.decision_seat == 0
    assert "ram" in abilities_offered(s)
    apply(s, Choice("ability", ("ram",)))
    assert s.outcome is None and s.pos[green] == (2, 3) and s.pos[blue] == (3, 0) and s.energy[0] == 0
    assert s.pending.kind == "card" and not s.armed            # back at the card choice; RAM spent


def test_declining_the_reaction_to_spring_boots_still_loses():
    s = game(RAM_BOARD, "strong_two", ["ram"], energy=1, hand=(SPRING_BOOTS,))
    put(s, s.at[(3, 0)], (2, 3))
    apply(s, Choice("equip", (SPRING_BOOTS, "U")))
    apply(s, CONT)
    assert s.outcome == "lost"


def test_abs_is_offered_when_tow_cable_pulls_the_teammate_into_a_bad_robot():
    """Tow Cable: the active player moves the teammate's good robot; ABS ("a good robot would
    enter a space with a bad robot") and RAM ("the active player moves a good robot") apply."""
    s = game(RAM_BOARD, "strong_two", ["abs", "ram"], energy=2, hand=(TOW_CABLE,))
    red, blue = s.at[(0, 0)], s.at[(3, 0)]
    put(s, blue, (1, 0))
    apply(s, Choice("equip", (TOW_CABLE, "R")))
    assert abilities_offered(s) == {"abs", "ram"}
    apply(s, Choice("ability", ("abs",)))
    assert s.outcome is None and s.pos[red] == (0, 0) and s.pos[blue] == (1, 0) and s.energy[0] == 1


def test_double_metal_is_offered_when_emp_pulse_drives_a_bad_robot_onto_a_good_one():
    """Double Metal: "If a good robot would be destroyed, it is instead moved to its closest
    starting space" - whatever moved into it, here a bad robot the active player's EMP Pulse moved."""
    s = game(RAM_BOARD, "weird_four", ["double_metal"], energy=1, hand=(EMP_PULSE,))
    green, blue = s.at[(2, 4)], s.at[(3, 0)]
    put(s, green, (2, 2))
    put(s, blue, (2, 1))
    apply(s, Choice("equip", (EMP_PULSE, blue, "D")))
    assert abilities_offered(s) == {"double_metal"}
    apply(s, Choice("ability", ("double_metal",)))
    assert s.outcome is None and s.pos[green] == (2, 4) and s.pos[blue] == (2, 2)


def test_reactions_combine_several_times_in_one_move():
    """'You may do it several times in any combination': a red gate stops a Spring Boots step,
    so Cameo is offered; with Cameo declared the step would end in a Laser, so the player is
    asked again and Double Metal is offered for the same move."""
    s = game(RAM_BOARD + "gate 2,4 N red\n", "weird_four", ["cameo", "double_metal"], energy=2,
             hand=(SPRING_BOOTS,))
    green = s.at[(2, 4)]
    s.lasers.add((2, 3))
    apply(s, Choice("equip", (SPRING_BOOTS, "U")))
    assert abilities_offered(s) == {"cameo"}
    apply(s, Choice("ability", ("cameo",)))
    assert s.pending.kind == "window" and abilities_offered(s) == {"double_metal"}
    apply(s, Choice("ability", ("double_metal",)))
    assert s.outcome is None and s.pos[green] == (2, 4) and s.energy[0] == 0


def test_a_production_line_conveying_into_a_bad_robot_offers_ram():
    board = """
    .+R   .     .     .+b   .
    .     .     .     .     .
    .     .     =>    .     .
    .     .     .     .     .
    .     .     .+G   .     .
    """
    s = game(board, "strong_two", ["ram"], energy=1, card=4)   # 4 yellow: green U, U -> onto the line
    green, blue = s.at[(2, 4)], s.at[(3, 0)]
    put(s, blue, (3, 2))
    apply(s, Choice("play", (4,)))
    while s.pending is not None and s.pending.kind == "window" and "ram" not in abilities_offered(s):
        apply(s, CONT)
    assert s.outcome is None and "ram" in abilities_offered(s)
    apply(s, Choice("ability", ("ram",)))
    assert s.outcome is None and s.pos[green] == (3, 2) and s.pos[blue] == (3, 0)


# ---------------------------------------------------------------- (b) a moment after Lifts and Lines
LIFT_BOARD = """
.+R   .     .     .     .
.     .     .     .     .
.     .     L1    .     L1
.     .     .     .     .
.     .     .+G   .     .
"""
LINE_BOARD = LIFT_BOARD.replace("L1    .     L1", "=>    .     .")


def play_until_moved_by(state, card, kind):
    """Play `card`, answer 'continue' until an event of `kind` (lifted / conveyed) happened."""
    events = apply(state, Choice("play", (card,)))
    while not any(e.kind == kind for e in events):
        assert state.pending is not None and state.pending.kind == "window" and state.active == 0, state.pending
        events += apply(state, CONT)
    return events


def test_spring_boots_may_be_used_from_the_space_a_lift_took_the_robot_to():
    s = game(LIFT_BOARD, "smart_three", [], energy=0, hand=(SPRING_BOOTS,))
    green = s.at[(2, 4)]
    play_until_moved_by(s, 4, "lifted")                      # green U, U onto the Lift, then to (4,2)
    assert s.pos[green] == (4, 2)
    assert s.active == 0 and s.decision_seat == 0 and s.pending.kind == "window"
    assert Choice("equip", (SPRING_BOOTS, "U")) in legal_choices(s)
    apply(s, Choice("equip", (SPRING_BOOTS, "U")))
    assert s.pos[green] == (4, 1)


def test_fifth_gear_may_be_used_after_a_production_line_moved_the_robot():
    """5th Gear "moves their robot one additional space in the direction indicated by the last
    performed movement action" (the card's last 'up'), from where the line left it."""
    s = game(LINE_BOARD, "quick_one", ["fifth_gear"], energy=1)
    green = s.at[(2, 4)]
    play_until_moved_by(s, 4, "conveyed")                    # green U, U onto the line, then right
    assert s.pos[green] == (3, 2) and s.active == 0 and s.pending.kind == "window"
    apply(s, Choice("ability", ("fifth_gear",)))
    assert s.pos[green] == (3, 1)


def test_secret_pocket_may_be_used_after_a_lift():
    s = game(LIFT_BOARD, "smart_three", ["secret_pocket"], energy=1)
    play_until_moved_by(s, 4, "lifted")
    assert s.active == 0 and Choice("ability", ("secret_pocket",)) in legal_choices(s)


def test_no_extra_moment_when_lifts_and_lines_move_nothing():
    """The window after Lifts and Lines opens only when they moved something: otherwise it is
    the same moment as the one after the card's parts, already offered."""
    s = game(LIFT_BOARD, "smart_three", [], energy=0, hand=(SPRING_BOOTS,), card=2)   # 2 yellow: green U
    apply(s, Choice("play", (2,)))
    windows = 0
    while s.pending is not None and s.pending.kind in ("window", "dir") and s.active == 0:
        windows += s.pending.kind == "window" and s.pending.ctx == ("window", "end")
        opts = legal_choices(s)
        apply(s, CONT if CONT in opts else opts[0])
    assert windows == 0 and s.active == 1


def test_the_teammates_own_tow_cable_is_met_by_abs_but_not_ram():
    """RAM: "If the active player moves a good robot ..." - the teammate's own Tow Cable (used
    in their window) is not the active player's move, so RAM is not offered; ABS ("a good
    robot would enter a space with a bad robot") is."""
    setup = Setup((PlayerSetup("strong_two", ("abs", "ram"), 1, 2),
                   PlayerSetup("smart_three", (), 1, 0, (TOW_CABLE,))),
                  equipment_deck=tuple(c for c in range(1, 11) if c != TOW_CABLE))
    s = game_from_ascii(RAM_BOARD, setup=setup, first=0, beep=True)
    green, blue = s.at[(2, 4)], s.at[(3, 0)]
    put(s, blue, (2, 3))
    assert s.pending.kind == "beep" and s.decision_seat == 1
    apply(s, Choice("equip", (TOW_CABLE, "D")))           # read from seat 1: towards green's 'up'
    assert s.decision_seat == 0 and abilities_offered(s) == {"abs"}
    apply(s, Choice("ability", ("abs",)))
    assert s.outcome is None and s.pos[green] == (2, 4) and s.pos[blue] == (2, 3)
