"""Board distances used by the AI's heuristic (game/roborun/ai_board.py)."""
from game.roborun.ai.board import INF, board_graph, exit_distance, exits_for
from game.roborun.levels.ascii_board import parse_board


def test_open_floor_distance_is_manhattan():
    level = parse_board("""
    .+G . . .
    . . . .
    . . . Xg
    """)
    assert exit_distance(level, "green", (0, 0)) == 5
    assert exit_distance(level, "green", (3, 2)) == 0


def test_wall_and_gate_of_other_colour_force_a_detour():
    level = parse_board("""
    .+G Xg
    . .
    wall 0,0 E
    gate 0,1 E red
    """)
    # Both direct edges are closed to green; no other path exists.
    assert exit_distance(level, "green", (0, 0)) == INF
    # The gate lets red through: red's route is down, right, up.
    red = parse_board("""
    .+R Xr
    . .
    wall 0,0 E
    gate 0,1 E red
    """)
    assert exit_distance(red, "red", (0, 0)) == 3


def test_tunnel_carries_the_robot_to_its_exit():
    level = parse_board("""
    .+G T1 . . .
    . . . . .
    . . . t1 Xg
    """)
    # Step into the tunnel (1) -> land on (3,2), step right (2).
    assert exit_distance(level, "green", (0, 0)) == 2


def test_lift_counts_one_move_and_pusher_slides():
    lift = parse_board("""
    .+G L1 # # L1 Xg
    """)
    assert exit_distance(lift, "green", (0, 0)) == 3   # step on, ride, step off
    pusher = parse_board("""
    .+G P> . . . Xg
    """)
    assert exit_distance(pusher, "green", (0, 0)) == 1  # the push ends on the exit


def test_hazards_and_wall_tokens_are_avoided():
    level = parse_board("""
    .+G H Xg
    . . .
    """)
    assert exit_distance(level, "green", (0, 0)) == 4   # around the shredder
    walled = exit_distance(level, "green", (0, 0), walls=frozenset({(1, 1)}))
    assert walled == INF


def test_closed_exits_route_through_a_lever():
    level = parse_board("""
    V . .+G . Xg
    rules exits_closed_until_lever
    """)
    assert exit_distance(level, "green", (2, 0), exits_open=True) == 2
    assert exit_distance(level, "green", (2, 0), exits_open=False) == 2 + 4


def test_graph_is_cached_per_level_colour_and_walls():
    level = parse_board(". Xg\nXr .")
    assert board_graph(level, "green") is board_graph(level, "green")
    assert board_graph(level, "green") is not board_graph(level, "red")
    assert exits_for(level, "red") == frozenset({(0, 1)})


def test_keys_open_exits_route_goes_by_the_key():
    from game.roborun.ai.evaluate import key_route
    from game.roborun.levels.ascii_board import game_from_ascii

    board = """
    .+G .   .   .+k Xg
    .   .   .   .   .
    Xr  .+R .   .   .
    rules keys_open_exits
    """
    state = game_from_ascii(board)
    green = next(r for r, c in state.colour.items() if c == "green")
    walls, lasers = frozenset(), frozenset()
    exits = frozenset({(4, 0)})
    # The Key already lies next to the exit: green walks round it (stepping on it would move
    # it away again, rulebook 'Key token'): right, right, down, right, right, up.
    assert key_route(state, green, exits, walls, lasers) == 6
    state.keys = {(0, 2)}
    # walk to the Key (2), then the Key must travel to the exit (5 moves from (0,2)), + 1 to step in
    assert key_route(state, green, exits, walls, lasers) == 2 + 6 + 1
    state.keys = set()
    assert key_route(state, green, exits, walls, lasers) >= 30


def test_a_good_robot_on_the_new_robot_space_is_in_danger():
    from game.roborun.ai.evaluate import evaluate
    from game.roborun.levels.ascii_board import game_from_ascii

    board = """
    .   .   .   .   Xg
    .   .+G .   .   .
    Xr  .+R .   .   .
    spawn 1 1,1
    support white
    """
    state = game_from_ascii(board, stands=[[(1, "yellow")], []])
    on_spawn = evaluate(state)
    green = next(r for r, c in state.colour.items() if c == "green")
    del state.at[state.pos[green]]
    state.pos[green] = (1, 0)
    state.at[(1, 0)] = green
    assert evaluate(state) > on_spawn + 50        # same distance to the exit, off the spawn space
