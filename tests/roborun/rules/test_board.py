"""Board, movement, tokens and special spaces of Robo Run (rulebook chapters 4.1 and 6)."""
import pytest

from game.core.errors import UserError
from game.roborun.rules import engine
from game.roborun.rules import movement
from game.roborun.rules.geometry import Board
from game.roborun.levels.ascii_board import game_from_ascii, parse_board
from game.roborun.rules.engine import apply, legal_choices
from game.roborun.rules.state import Choice


def moves_now(state, moves, slide=False):
    """Resolve one simultaneous movement action outside a card, then any deferred board decisions."""
    events = []
    state.pending, state.later = None, []
    state.queue.clear()
    if slide:
        state.queue.append(("slide", tuple(sorted(moves.items())), ()))
    else:
        movement.move_and_arrive(state, moves, events)
    engine._flush_later(state)
    engine._run(state, events)
    return events


def rid_at(state, pos):
    return state.at.get(pos)


def kinds(events):
    return [e.kind for e in events]


# ---------------------------------------------------------------- ascii boards
def test_ascii_board_reads_spaces_robots_tokens_and_legend():
    lv = parse_board("""
    Xg     .+Ge   T1    #
    P>!    =v     t1+k  C=-2
    L1     L1     V=remove_walls  Yr=3
    wall 0,0 E
    gate 1,1 S red,green
    spawn 1 0,2
    support blue,white
    rules no_pass
    """)
    assert (lv.width, lv.height) == (4, 3)
    assert lv.space((0, 0)).kind == "exit" and lv.space((0, 0)).colour == "green"
    assert lv.space((3, 0)).kind == "void" and not lv.in_bounds((3, 0))
    assert lv.space((0, 1)).kind == "pusher" and lv.space((0, 1)).direction == "E" and lv.space((0, 1)).outlined
    assert lv.space((1, 1)).kind == "production_line" and lv.space((1, 1)).direction == "S"
    assert lv.space((3, 1)).value == -2 and lv.space((3, 2)).kind == "hidden_exit"
    assert lv.tunnels == {(2, 0): (2, 1)} and lv.lifts == [((0, 2), (1, 2))]
    assert lv.levers == {(2, 2): "remove_walls"}
    assert ((0, 0), "E") in lv.walls and lv.gates[((1, 1), "S")] == frozenset({"red", "green"})
    assert lv.spawns == {1: (0, 2)} and lv.support == ["blue", "white"] and lv.rules == ("no_pass",)
    assert [(r.colour, r.pos, r.owner) for r in lv.robots] == [("green", (1, 0), 0)]
    assert {(t.kind, t.pos) for t in lv.tokens} == {("energy", (1, 0)), ("key", (2, 1))}


def test_ascii_board_errors_name_the_cell():
    with pytest.raises(UserError, match="cell 1,0"):
        parse_board(". ?")
    with pytest.raises(UserError, match="row 1"):
        parse_board(". .\n.")


def test_unknown_scenario_rule_is_a_user_error():
    with pytest.raises(UserError, match="unknown scenario rule 'fly'"):
        game_from_ascii(".+G Xg\nrules fly")


# ---------------------------------------------------------------- walls, edges, gates
GATES = """
.      .+R   .     .+G   .
.      .     .     .     .
.      .     .+b   .     .
gate 1,0 E red
gate 3,0 W blue
gate 3,0 S red,green
gate 2,2 N blue
"""


def test_rulebook_gate_example():
    s = game_from_ascii(GATES)
    red, green, blue = rid_at(s, (1, 0)), rid_at(s, (3, 0)), rid_at(s, (2, 2))
    moves_now(s, {red: "E"})
    assert s.pos[red] == (2, 0)                     # red passes the red gate
    s2 = game_from_ascii(GATES)
    moves_now(s2, {green: "W"})
    assert s2.pos[green] == (3, 0)                  # green cannot pass the blue gate
    moves_now(s2, {green: "S"})
    assert s2.pos[green] == (3, 1)                  # but passes the red/green gate


def test_rulebook_gate_example_blue_onto_red_fails_the_scenario():
    s = game_from_ascii(GATES.replace(".+R   .     .+G", ".     .     .+G").replace(
        ".      .     .+b", ".      .     .+b").replace(".      .     .     .     .\n.      .     .+b",
                                                      ".      .     .+R   .     .\n.      .     .+b"))
    blue, red = rid_at(s, (2, 2)), rid_at(s, (2, 1))
    moves_now(s, {blue: "N"})
    assert s.outcome == "lost" and s.loss_cause == "destroyed:bad_robot" and red not in s.pos


def test_walls_map_edges_void_and_wall_tokens_block():
    s = game_from_ascii("""
    .+G   .    #
    .+W   .    .+R
    wall 0,0 E
    """)
    g, r = rid_at(s, (0, 0)), rid_at(s, (2, 1))
    ev = moves_now(s, {g: "E"})
    assert s.pos[g] == (0, 0) and ev[0].kind == "blocked"        # wall
    moves_now(s, {g: "N"})
    assert s.pos[g] == (0, 0)                                     # map edge
    moves_now(s, {g: "S"})
    assert s.pos[g] == (0, 0)                                     # Wall token
    moves_now(s, {r: "N"})
    assert s.pos[r] == (2, 1)                                     # void


# ---------------------------------------------------------------- simultaneous groups
def test_group_moves_simultaneously_into_spaces_freed_by_the_group():
    s = game_from_ascii("""
    .     .     .
    .+b   .+w   .
    .+p   .+p   .+G
    """)
    b, w, p1, p2 = rid_at(s, (0, 1)), rid_at(s, (1, 1)), rid_at(s, (0, 2)), rid_at(s, (1, 2))
    moves_now(s, {b: "N", p1: "N", p2: "N"})
    assert s.pos[b] == (0, 0) and s.pos[p1] == (0, 1)           # p1 follows the blue robot
    assert s.pos[p2] == (1, 2) and s.pos[w] == (1, 1)           # the white robot is not in the group


def test_one_robot_per_space_good_robots_block_each_other():
    s = game_from_ascii(".+G .+R .")
    g = rid_at(s, (0, 0))
    moves_now(s, {g: "E"})
    assert s.pos[g] == (0, 0) and s.outcome is None


def test_good_robot_meeting_bad_robot_is_destroyed():
    s = game_from_ascii(".+G .+b Xg")
    g = rid_at(s, (0, 0))
    ev = moves_now(s, {g: "E"})
    assert s.outcome == "lost" and "destroyed" in kinds(ev) and g not in s.pos


def test_diagonal_needs_an_open_l_shaped_path():
    s = game_from_ascii("""
    .     .
    .+G   .
    wall 0,1 E
    wall 0,1 N
    """)
    g = rid_at(s, (0, 1))
    moves_now(s, {g: "NE"})
    assert s.pos[g] == (0, 1)
    s = game_from_ascii("""
    .     .
    .+G   .
    wall 0,1 E
    """)
    moves_now(s, {rid_at(s, (0, 1)): "NE"})
    assert rid_at(s, (1, 0)) is not None


# ---------------------------------------------------------------- slides
def test_slide_resolves_every_reached_space_and_stops_at_obstacle():
    s = game_from_ascii(".+G  .+e  .+e  .  .+W")
    g = rid_at(s, (0, 0))
    ev = moves_now(s, {g: "E"}, slide=True)
    assert s.pos[g] == (3, 0)
    assert [e.token for e in ev if e.kind == "collected"] == ["energy", "energy"]
    assert s.energy[0] == 2


def test_slide_stops_on_tunnel_and_leaves_by_the_tunnel_exit():
    s = game_from_ascii(".+G  T1  .  .\n.  .  t1  .")
    g = rid_at(s, (0, 0))
    moves_now(s, {g: "E"}, slide=True)
    assert s.pos[g] == (2, 1)


def test_non_outlined_pusher_waits_for_the_end_of_a_slide_but_outlined_interrupts():
    s = game_from_ascii(".+G  Pv  .  .\n.  .  .  .")
    g = rid_at(s, (0, 0))
    moves_now(s, {g: "E"}, slide=True)
    assert s.pos[g] == (3, 0)                       # passed over a plain pusher
    s = game_from_ascii(".+G  Pv!  .  .\n.  .  .  .")
    g = rid_at(s, (0, 0))
    moves_now(s, {g: "E"}, slide=True)
    assert s.pos[g] == (1, 1)                       # the outlined pusher interrupts and pushes


# ---------------------------------------------------------------- tokens
def test_energy_is_capped_at_five_and_bad_robots_upgrade_on_tokens():
    s = game_from_ascii(".+G .+e .+w .+q .+p .+x .", setup=None)
    g, w, p = rid_at(s, (0, 0)), rid_at(s, (2, 0)), rid_at(s, (4, 0))
    s.energy[0] = 5
    moves_now(s, {g: "E"})
    assert s.energy[0] == 5 and (1, 0) not in s.items
    moves_now(s, {w: "E", p: "E"})
    assert s.colour[w] == "blue" and s.colour[p] == "blue"
    assert (3, 0) not in s.items and (5, 0) not in s.items


def test_equipment_token_draws_the_top_equipment_card():
    s = game_from_ascii(".+G .+q .")
    top = s.equip_deck[0]
    moves_now(s, {rid_at(s, (0, 0)): "E"})
    assert s.hands[0] == [top] and s.equip_deck[0] != top


def test_experience_token_lets_the_owner_choose_an_unlock():
    s = game_from_ascii(".+G .  .+x .+R", first=0)
    red = rid_at(s, (3, 0))
    moves_now(s, {red: "W"})
    assert s.pending.kind == "unlock" and s.decision_seat == 1      # the robot's owner decides
    opts = legal_choices(s)
    assert Choice("unlock", ("chip",)) in opts and len(opts) == 5
    apply(s, Choice("unlock", ("chip",)))
    assert s.chip[1] == 2


def test_key_is_moved_by_the_active_player_to_an_adjacent_free_space():
    s = game_from_ascii("""
    .     .     .
    .+G   .+k   .+b
    .     .     .
    """, first=0)
    g = rid_at(s, (0, 1))
    moves_now(s, {g: "E"})
    assert s.pending.kind == "key" and s.decision_seat == 0
    targets = {c.args[0] for c in legal_choices(s)}
    assert targets == {(1, 0), (1, 2), (0, 1)}      # not onto the robot; back where the robot came from is fine
    apply(s, Choice("key", ((0, 1),)))
    assert s.keys == {(0, 1)}


def test_laser_destroys_any_element():
    s = game_from_ascii(".+b .+z .+G .+z Xg")
    b, g = rid_at(s, (0, 0)), rid_at(s, (2, 0))
    moves_now(s, {b: "E"})
    assert b not in s.pos and s.outcome is None
    moves_now(s, {g: "E"})
    assert s.outcome == "lost" and s.loss_cause == "destroyed:laser"


def test_number_tokens_are_picked_up_by_good_robots_only():
    s = game_from_ascii(".+G .+3 .+b .+4")
    moves_now(s, {rid_at(s, (0, 0)): "E", })
    moves_now(s, {rid_at(s, (2, 0)): "E"})
    assert s.numbers[0] == [3] and s.items[(3, 0)] == ("number", 4)


# ---------------------------------------------------------------- special spaces
def test_map_exit_lets_only_its_colour_leave():
    s = game_from_ascii("Xr  .+G  .  .+R  Xr")
    g, r = rid_at(s, (1, 0)), rid_at(s, (3, 0))
    moves_now(s, {g: "W"})
    assert s.pos[g] == (0, 0) and not s.escaped          # a red exit does nothing to green
    moves_now(s, {r: "E"})
    assert s.escaped == [r] and s.outcome is None          # green is still in the factory


def test_all_robots_escaping_wins():
    s = game_from_ascii(".+G Xg .+R Xr")
    moves_now(s, {rid_at(s, (0, 0)): "E", rid_at(s, (2, 0)): "E"})
    assert s.outcome == "won" and s.won_round == 1


@pytest.mark.parametrize("code,variant", [("H", "shredder"), ("Hc", "crusher"), ("Hl", "lava"), ("Ha", "acid")])
def test_hazards_destroy_elements(code, variant):
    s = game_from_ascii(f".+G {code} .+b {code}")
    moves_now(s, {rid_at(s, (2, 0)): "E"})
    assert s.outcome is None and len(s.bad_on_map()) == 0
    moves_now(s, {rid_at(s, (0, 0)): "E"})
    assert s.loss_cause == f"destroyed:{variant}"


def test_tunnel_exit_occupied_by_same_side_is_cleared_by_active_player_first():
    s = game_from_ascii("""
    .+G   T1    .
    .     t1+R  .
    """, first=0)
    g, r = rid_at(s, (0, 0)), rid_at(s, (1, 1))
    moves_now(s, {g: "E"})
    assert s.pending.kind == "displace" and s.decision_seat == 0
    apply(s, Choice("displace", ((2, 1),)))
    assert s.pos[r] == (2, 1) and s.pos[g] == (1, 1)


def test_tunnel_exit_occupied_by_other_side_destroys_the_good_robot():
    s = game_from_ascii(".+G  T1  .\n.  t1+b  .")
    moves_now(s, {rid_at(s, (0, 0)): "E"})
    assert s.outcome == "lost"
    s = game_from_ascii(".+b  T1  .\n.  t1+G  .")
    moves_now(s, {rid_at(s, (0, 0)): "E"})
    assert s.outcome == "lost"


def test_key_entering_a_tunnel_goes_to_the_tunnel_exit():
    s = game_from_ascii(".+G  .+k  T1\n.  .  t1")
    moves_now(s, {rid_at(s, (0, 0)): "E"})
    apply(s, Choice("key", ((2, 0),)))
    assert s.keys == {(2, 1)}


def test_lift_moves_after_card_and_swaps_when_both_occupied():
    s = game_from_ascii("L1+G  .  L1+b")
    g, b = rid_at(s, (0, 0)), rid_at(s, (2, 0))
    ev = []
    movement.run_lifts(s, ev)
    assert s.pos[g] == (2, 0) and s.pos[b] == (0, 0) and s.outcome is None
    s = game_from_ascii("L1+G  .+k  L1")
    movement.run_lifts(s, [])
    assert s.pos[rid_at(s, (2, 0))] == (2, 0)


def test_lever_rules_open_exits_remove_walls_and_toggle_lines():
    s = game_from_ascii(".+G  V=open_exits  Xg  .+R\nrules exits_closed_until_lever")
    g = rid_at(s, (0, 0))
    assert not s.exits_open
    moves_now(s, {g: "E"})
    assert s.exits_open
    moves_now(s, {g: "E"})
    assert g in s.escaped
    s = game_from_ascii(".+G  V=remove_walls  .+W")
    moves_now(s, {rid_at(s, (0, 0)): "E"})
    assert not s.wall_tokens
    s = game_from_ascii(".+G  V=toggle_production_lines  =>+b  .")
    moves_now(s, {rid_at(s, (0, 0)): "E"})
    assert not s.lines_on
    b = rid_at(s, (2, 0))
    movement.run_lines(s, [])
    assert s.pos[b] == (2, 0)


def test_closed_exits_keep_robots_in():
    s = game_from_ascii(".+G  Xg  .+R\nrules exits_closed_until_lever")
    g = rid_at(s, (0, 0))
    moves_now(s, {g: "E"})
    assert s.pos[g] == (1, 0)


def test_keys_open_exits_rule():
    s = game_from_ascii(".+G  Xg  .+R\n.  .  .+k\nrules keys_open_exits")
    g = rid_at(s, (0, 0))
    moves_now(s, {g: "E"})
    assert s.pos[g] == (1, 0)
    s = game_from_ascii(".+G  Xg  .+R\n.  .+k  .\nrules keys_open_exits")
    moves_now(s, {rid_at(s, (0, 0)): "E"})
    assert s.escaped


def test_pusher_moves_robot_until_an_obstacle():
    s = game_from_ascii(".+G  Pv  .\n.  .+e  .\n.  .  .\n.  .+W  .")
    g = rid_at(s, (0, 0))
    moves_now(s, {g: "E"})
    assert s.pos[g] == (1, 2) and s.energy[0] == 1


def test_number_changer_and_exchanger():
    s = game_from_ascii(".+G .+5 C=3 N=2")
    g = rid_at(s, (0, 0))
    moves_now(s, {g: "E"})
    moves_now(s, {g: "E"})
    assert s.numbers[0] == [6]                      # 5+3 capped at 6, the rest is lost
    moves_now(s, {g: "E"})
    assert s.numbers[0] == [2]


def test_hidden_exit_point_needs_the_teammates_number_token():
    s = game_from_ascii(".+G  Yg=4  .+R")
    g = rid_at(s, (0, 0))
    moves_now(s, {g: "E"})
    assert s.pos[g] == (1, 0)
    s = game_from_ascii(".+G  Yg=4  .+R")
    s.numbers[1] = [4]
    moves_now(s, {rid_at(s, (0, 0)): "E"})
    assert s.escaped


def test_monostable_buttons_need_every_good_robot_on_one():
    s = game_from_ascii(".+G  B  .+R  B")
    g, r = rid_at(s, (0, 0)), rid_at(s, (2, 0))
    moves_now(s, {g: "E"})
    assert s.pos[g] == (1, 0) and not s.escaped
    moves_now(s, {r: "E"})
    assert s.outcome == "won"


def test_production_line_moves_all_elements_simultaneously():
    s = game_from_ascii("=>+G  =>+b  .  .+R")
    g, b = rid_at(s, (0, 0)), rid_at(s, (1, 0))
    movement.run_lines(s, [])
    assert s.pos[g] == (1, 0) and s.pos[b] == (2, 0) and s.outcome is None


def test_production_line_direction_can_come_from_its_token():
    from game.roborun.rules.level import Token
    lv = parse_board("=>+G  =>  .  .+R")
    lv.spaces[0][0] = type(lv.spaces[0][0])("production_line")
    lv.spaces[0][1] = type(lv.spaces[0][1])("production_line")
    lv.tokens.append(Token("production_line", (1, 0), direction="E"))
    assert Board(lv).line_dir == {(0, 0): "E", (1, 0): "E"}
