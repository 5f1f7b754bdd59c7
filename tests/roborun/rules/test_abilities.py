"""The 16 special abilities (chapter 7), the CHIP, Energy and the Equipment cards."""
import pytest

from game.roborun.levels.ascii_board import game_from_ascii
from game.roborun.rules.engine import apply, legal_choices
from game.roborun.rules.state import Choice, PlayerSetup, Setup

BOARD = """
.+R   .     .     .     .
.     .     .     .     .
.     .     .     .     .
.     .     .     .     .
.     .     .+G   .     .
"""
CONT = Choice("continue")


def game(robot, abilities=(), board=BOARD, card=4, face="yellow", energy=1, chip=1, hand=(), extra_cards=()):
    setup = Setup((PlayerSetup(robot, tuple(abilities), chip, energy, tuple(hand)),
                   PlayerSetup("smart_three", (), 1, 0)),
                  equipment_deck=tuple(c for c in range(1, 11) if c not in hand))
    mine = [(card, face)] + [(c, "yellow") for c in extra_cards]
    others = [(c, "blue") for c in range(1, 7) if c != card and c not in extra_cards][:3]
    return game_from_ascii(board, setup=setup, first=0, stands=[mine, others])


def use(name, *args):
    return Choice("ability", (name,) + args)


def until(state, kind):
    """Answer 'continue' at windows until a decision of `kind` is pending."""
    while state.pending is not None and state.pending.kind != kind:
        assert state.pending.kind == "window", state.pending
        apply(state, CONT)


def finish_card(state):
    while state.pending is not None and state.pending.kind in ("window", "dir"):
        opts = legal_choices(state)
        apply(state, CONT if CONT in opts else opts[0])


def test_abilities_need_unlock_and_energy_and_cost_one():
    s = game("smart_three", ["secret_pocket"], energy=0)
    assert use("secret_pocket") not in legal_choices(s)
    s = game("smart_three", [], energy=3)
    assert not [c for c in legal_choices(s) if c.kind == "ability"]
    s = game("smart_three", ["secret_pocket"], energy=2)
    apply(s, use("secret_pocket"))
    assert s.energy[0] == 1 and len(s.hands[0]) == 1


def test_only_the_active_player_uses_abilities():
    setup = Setup((PlayerSetup("quick_one", (), 1, 0), PlayerSetup("smart_three", ("secret_pocket",), 1, 3)))
    s = game_from_ascii(BOARD, setup=setup, first=0)
    assert not [c for c in legal_choices(s) if c.kind == "ability"]


# ---------------------------------------------------------------- Quick One
def test_reverse_move_turns_one_movement_action_of_one_robot():
    s = game("quick_one", ["reverse_move"], card=4)       # top U,U; middle R
    apply(s, Choice("play", (4,)))
    green, red = s.at[(2, 4)], s.at[(0, 0)]
    apply(s, use("reverse_move", green))                 # first 'up' becomes 'down': blocked by the map edge
    finish_card(s)
    assert s.pos[green] == (2, 3) and s.pos[red] == (1, 0) and s.energy[0] == 0


def test_fifth_gear_repeats_the_last_direction_one_more_space():
    s = game("quick_one", ["fifth_gear"], card=4)
    green = s.at[(2, 4)]
    apply(s, Choice("play", (4,)))
    until(s, "window")
    assert use("fifth_gear") in legal_choices(s)          # after the first 'up'
    apply(s, use("fifth_gear"))
    finish_card(s)
    assert s.pos[green] == (2, 1)


def test_fuel_boost_plays_another_card():
    s = game("quick_one", ["fuel_boost"], card=4, extra_cards=(5,))
    apply(s, use("fuel_boost"))
    apply(s, Choice("play", (4,)))
    finish_card(s)
    if s.pending.kind == "beep":
        apply(s, Choice("no_beep"))
    assert s.pending.kind == "card" and s.decision_seat == 0 and s.active == 0
    assert Choice("pass") not in legal_choices(s)          # "plays another Action card"


def test_nitro_performs_the_top_part_twice():
    s = game("quick_one", ["nitro"], card=4)
    green = s.at[(2, 4)]
    apply(s, Choice("play", (4,)))
    until(s, "window")
    assert use("nitro") in legal_choices(s)
    apply(s, use("nitro"))
    finish_card(s)
    assert s.pos[green] == (2, 0)


# ---------------------------------------------------------------- Smart Three
def test_back_up_plan_flips_a_card_on_a_stand():
    s = game("smart_three", ["back_up_plan"], card=4)
    apply(s, use("back_up_plan", 4))
    assert s.stands[0][0] == (4, "blue")


def test_short_deactivation_ignores_a_deadly_space():
    board = BOARD.replace(".     .     .     .     .\n.     .     .+G", ".     .     H     .     .\n.     .     .+G")
    s = game("smart_three", ["short_deactivation"], board=board, card=4, energy=2)
    green = s.at[(2, 4)]
    apply(s, Choice("play", (4,)))
    assert s.pending.kind == "window"        # the reaction: green is about to enter the shredder
    events = apply(s, use("short_deactivation"))
    assert s.pos[green] == (2, 2) and s.outcome is None   # stood on it, then went on up
    assert any(e.kind == "moved" and e.robot == green and e.to == (2, 3) for e in events)
    assert not s.deactivated


def test_signal_detector_moves_every_bad_robot_one_space():
    board = BOARD.replace(".     .     .     .     .\n.     .     .+G", ".+b   .     .     .+w   .\n.     .     .+G")
    s = game("smart_three", ["signal_detector"], board=board)
    b, w = s.at[(0, 3)], s.at[(3, 3)]
    apply(s, use("signal_detector"))
    assert s.pending.kind == "bad_dir"
    apply(s, Choice("bad_dir", (b, "N")))
    apply(s, Choice("bad_dir", (w, "E")))
    assert s.pos[b] == (0, 2) and s.pos[w] == (4, 3) and s.pending.kind == "card"


def test_signal_detector_never_offers_staying_put():
    """A bad robot that can move must move: only the open directions are offered."""
    board = BOARD.replace(".     .     .     .     .\n.     .     .+G", ".+b   .     .     .     .\n.     .     .+G")
    s = game("smart_three", ["signal_detector"], board=board)
    b = s.at[(0, 3)]
    apply(s, use("signal_detector"))
    assert s.pending.kind == "bad_dir"
    assert sorted(c.args for c in legal_choices(s)) == sorted([(b, "N"), (b, "E"), (b, "S")])
    with pytest.raises(ValueError):
        apply(s, Choice("bad_dir", (b, "stay")))


def test_signal_detector_leaves_a_boxed_in_bad_robot_where_it_is():
    """Blocked on every side (edge and Wall tokens): the robot stays and the others still move."""
    board = BOARD.replace(".     .     .     .     .\n.     .     .+G", ".+b   .     .     .+w   .\n.     .     .+G")
    board = board.replace("\n.+R   .     .     .     .\n.     .     .     .     .\n.     .     .     .     .\n.+b",
                          "\n.+R   .     .     .     .\n.     .     .     .     .\n.+W   .     .     .     .\n.+b")
    board = board.replace(".+b   .     .     .+w", ".+b   .+W   .     .+w").replace("\n.     .     .+G", "\n.+W   .     .+G")
    s = game("smart_three", ["signal_detector"], board=board)
    b, w = s.at[(0, 3)], s.at[(3, 3)]
    events = apply(s, use("signal_detector"))
    assert any(e.kind == "blocked" and e.robot == b for e in events)
    assert s.pending.kind == "bad_dir" and {c.args[0] for c in legal_choices(s)} == {w}
    apply(s, Choice("bad_dir", (w, "N")))
    assert s.pos[b] == (0, 3) and s.pos[w] == (3, 2) and s.pending.kind == "card"


# ---------------------------------------------------------------- Strong Two
def test_abs_stops_before_a_bad_robot():
    board = BOARD.replace(".     .     .     .     .\n.     .     .+G", ".     .     .+b   .     .\n.     .     .+G")
    s = game("strong_two", ["abs"], board=board, card=4, energy=2)
    green = s.at[(2, 4)]
    apply(s, Choice("play", (4,)))
    apply(s, use("abs"))                     # each 'up' is its own movement action: brake twice
    until(s, "window")
    apply(s, use("abs"))
    finish_card(s)
    assert s.outcome is None and s.pos[green] == (2, 4) and s.energy[0] == 0


def test_without_abs_the_same_move_fails():
    board = BOARD.replace(".     .     .     .     .\n.     .     .+G", ".     .     .+b   .     .\n.     .     .+G")
    s = game("strong_two", [], board=board, card=4)
    apply(s, Choice("play", (4,)))
    assert s.outcome == "lost"


def test_distraction_signal_skips_the_bottom_part():
    board = BOARD.replace(".     .     .     .     .\n.     .     .+G", ".+w   .     .     .     .\n.     .     .+G")
    s = game("strong_two", ["distraction_signal"], board=board, card=3)   # 3 yellow: white,purple D then L
    w = s.at[(0, 3)]
    apply(s, use("distraction_signal"))
    apply(s, Choice("play", (3,)))
    finish_card(s)
    assert s.pos[w] == (0, 3)


def test_ram_sends_the_bad_robot_to_its_closest_starting_space():
    board = """
    .+R   .     .     .+b   .
    .     .     .     .     .
    .     .     .+G   .     .
    .     .     .     .     .
    .     .     .     .     .
    """
    s = game("strong_two", ["ram"], board=board, card=4)
    b, green = s.at[(3, 0)], s.at[(2, 2)]
    s.at.pop((3, 0))
    s.pos[b] = (2, 1)
    s.at[(2, 1)] = b
    apply(s, Choice("play", (4,)))
    apply(s, use("ram"))
    finish_card(s)
    assert s.outcome is None and s.pos[green] == (2, 0) and s.pos[b] == (3, 0)


def test_hacking_probe_turns_a_blue_robot_purple():
    board = BOARD.replace(".     .     .     .     .\n.     .     .+G", ".+b   .     .     .     .\n.     .     .+G")
    s = game("strong_two", ["hacking_probe"], board=board)
    b = s.at[(0, 3)]
    apply(s, use("hacking_probe", b))
    assert s.colour[b] == "purple"


# ---------------------------------------------------------------- Weird Four
def test_twist_movement_swaps_top_and_middle_parts():
    s = game("weird_four", ["twist_movement"], card=4)   # top U,U  middle R
    green, red = s.at[(2, 4)], s.at[(0, 0)]
    apply(s, Choice("play", (4,)))
    assert s.pending.kind == "window" and use("twist_movement") in legal_choices(s)
    apply(s, use("twist_movement"))
    finish_card(s)
    assert s.pos[green] == (3, 4) and s.pos[red] == (0, 0)      # red's 'up' x2 hits the map edge


def test_double_metal_saves_a_good_robot_to_its_start():
    board = BOARD.replace(".     .     .     .     .\n.     .     .+G", ".     .     .     .     .\n.     .     .+G")
    s = game("weird_four", ["double_metal"], board=board, card=4)
    green = s.at[(2, 4)]
    s.lasers.add((2, 2))
    apply(s, Choice("play", (4,)))
    # no window before the first 'up' (nothing to protect from); one before the second (the laser)
    assert s.pending.kind == "window" and s.pos[green] == (2, 3)
    apply(s, use("double_metal"))
    finish_card(s)
    assert s.outcome is None and s.pos[green] == (2, 4)


def test_404_skips_the_top_part():
    s = game("weird_four", ["404"], card=4)
    green = s.at[(2, 4)]
    apply(s, Choice("play", (4,)))
    apply(s, use("404"))
    finish_card(s)
    assert s.pos[green] == (2, 4)


def test_cameo_moves_through_gates_of_another_colour():
    board = BOARD + "gate 2,4 N red\n"
    s = game("weird_four", ["cameo"], board=board, card=4)
    green = s.at[(2, 4)]
    apply(s, Choice("play", (4,)))
    apply(s, use("cameo"))
    finish_card(s)
    assert s.pos[green] == (2, 2)
    s = game("weird_four", [], board=board, card=4)
    apply(s, Choice("play", (4,)))
    finish_card(s)
    assert s.pos[s.at[(2, 4)]] == (2, 4)


# ---------------------------------------------------------------- CHIP
def test_chip_offers_each_unlocked_level():
    s = game("quick_one", [], card=5, chip=2)            # 5 yellow: top = chip
    green = s.at[(2, 4)]
    apply(s, Choice("play", (5,)))
    assert s.pending.kind == "chip" and [c.args[0] for c in legal_choices(s)] == [1, 2]
    apply(s, Choice("chip", (2,)))                       # quick_one level 2: a diagonal
    apply(s, Choice("dir", ("green", "UL")))
    assert s.pos[green] == (1, 3)


# ---------------------------------------------------------------- Equipment
def test_super_charge_gains_one_energy_per_unlocked_ability():
    s = game("smart_three", ["back_up_plan", "secret_pocket", "signal_detector"], energy=0, hand=(1,))
    apply(s, Choice("equip", (1,)))
    assert s.energy[0] == 3 and s.equip_deck[-1] == 1 and s.hands[0] == []


def test_walkie_talkie_sends_a_fixed_message_the_teammate_sees():
    from game.roborun.rules.view import seat_view
    s = game("smart_three", [], hand=(2,))
    ev = apply(s, Choice("equip", (2, "dont_play_3")))
    assert any(e.kind == "message" and e.detail == "dont_play_3" and e.value == 1 for e in ev)
    assert seat_view(s, 1).messages == ((0, "dont_play_3"),)


@pytest.mark.parametrize("card,args,check", [
    (3, (), lambda s: s.energy[0] == 3),
    (4, ("U",), lambda s: s.pos[1] == (2, 3)),
    (5, ("R",), lambda s: s.pos[0] == (1, 0)),
    (8, (4,), lambda s: s.stands[0][0] == (4, "blue")),
])
def test_other_equipment_cards(card, args, check):
    s = game("smart_three", [], hand=(card,))
    apply(s, Choice("equip", (card,) + args))
    assert check(s)


def test_energy_track_is_capped_at_five():
    s = game("smart_three", ["back_up_plan", "secret_pocket", "signal_detector", "short_deactivation"],
             energy=4, hand=(1,))
    apply(s, Choice("equip", (1,)))
    assert s.energy[0] == 5


def test_double_metal_lets_the_active_player_clear_an_occupied_start_first():
    s = game("weird_four", ["double_metal"], card=4)       # top U,U; middle R
    green, red = s.at[(2, 4)], s.at[(0, 0)]
    for rid, p in ((green, (2, 2)), (red, (2, 4))):        # red now stands on green's start
        s.at.pop(s.pos[rid])
    for rid, p in ((green, (2, 2)), (red, (2, 4))):
        s.pos[rid] = p
        s.at[p] = rid
    s.lasers.add((2, 1))
    apply(s, Choice("play", (4,)))
    apply(s, use("double_metal"))              # before the first 'up', into the laser
    assert s.pending.kind == "rescue" and s.decision_seat == 0
    assert green not in s.pos and green in s.turn["limbo"]
    assert {c.args[0] for c in legal_choices(s)} == {(1, 4), (3, 4), (2, 3)}
    apply(s, Choice("rescue", ((3, 4),)))
    finish_card(s)
    assert s.outcome is None and s.pos[green] == (2, 3) and s.pos[red] == (4, 4)


def test_ram_sends_the_bad_robot_to_the_supply_when_its_start_is_taken():
    board = """
    .+R   .     .     .+b   .
    .     .     .     .     .
    .     .     .+G   .     .
    .     .     .     .     .
    .     .     .     .     .
    """
    s = game("strong_two", ["ram"], board=board, card=4)
    b, green = s.at[(3, 0)], s.at[(2, 2)]
    s.at.pop((3, 0))
    s.pos[b] = (2, 1)
    s.at[(2, 1)] = b
    s.items.pop((3, 0), None)
    s.pos[99], s.colour[99] = (3, 0), "white"          # another bad robot now stands on b's start
    s.at[(3, 0)] = 99
    apply(s, Choice("play", (4,)))
    ev = []
    ev += apply(s, use("ram"))
    finish_card(s)
    assert b not in s.pos and any(e.kind == "returned" and e.robot == b for e in ev)
    assert s.pos[green] == (2, 0) and s.outcome is None


def test_emp_pulse_moves_one_bad_robot():
    board = BOARD.replace(".     .     .     .     .\n.     .     .+G", ".+b   .     .     .     .\n.     .     .+G")
    s = game("smart_three", [], board=board, hand=(6,))
    b = s.at[(0, 3)]
    apply(s, Choice("equip", (6, b, "U")))
    assert s.pos[b] == (0, 2) and 6 not in s.hands[0] and s.equip_deck[-1] == 6


def test_second_wind_turns_pass_back():
    s = game("smart_three", [], hand=(7,))
    assert not [c for c in legal_choices(s) if c.kind == "equip"]      # PASS is still available
    s.pass_state = "used"
    from game.roborun.rules import engine
    s.pending, s.queue[:] = None, []
    engine._schedule(s, ("card_choice",))
    engine._run(s, [])
    apply(s, Choice("equip", (7,)))
    assert s.pass_state == "available"


def test_jammer_skips_the_bottom_part_and_brake_stops_lines_and_lifts():
    board = """
    .+R   .     .     .     .
    .     .     .     .     .
    .     .     .     .     .
    .+w   .     .     .     .
    =>    =>    .+G   .     .
    """
    s = game("smart_three", [], board=board, card=3, hand=(9, 10))   # 3 yellow: white/purple D then L
    w = s.at[(0, 3)]
    apply(s, Choice("equip", (9,)))
    apply(s, Choice("equip", (10,)))
    apply(s, Choice("play", (3,)))
    apply(s, Choice("dir", ("green", "L")))                           # green steps onto the line
    finish_card(s)
    assert s.pos[w] == (0, 3) and s.pos[s.at[(1, 4)]] == (1, 4)
