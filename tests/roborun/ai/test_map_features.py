"""The AI's and the solver's guide know every map feature (issue 11): Monostable Buttons,
Hidden Exit Points and the Number tokens they need (made on Exchangers and Changers too),
lava and acid."""
from game.roborun.ai.board import INF, exit_distance, number_route
from game.roborun.ai.evaluate import evaluate
from game.roborun.levels.ascii_board import game_from_ascii, parse_board
from game.roborun.levels.solver import Budget, solve_deal


def test_buttons_are_the_goal_where_a_colour_has_no_exit():
    level = parse_board("""
    .+G   .     B
    .+R   .     B
    """)
    assert exit_distance(level, "green", (0, 0)) == 2
    assert exit_distance(level, "red", (2, 1)) == 0


def test_lava_and_acid_are_never_on_a_route():
    level = parse_board("""
    .+G   Hl    Xg
    .     Ha    .
    .     .     .+R
    Xr    .     .
    """)
    assert exit_distance(level, "green", (0, 0)) == 6          # round the lava and the acid


def test_number_route_via_an_exchanger_and_a_changer():
    level = parse_board("""
    .+G   .     N=4   .
    .+R   .     C=2   .
    .     .     .     .
    """)
    # holds a 1: the Exchanger (gives 4) is 2 steps away
    assert number_route(level, frozenset((4,)), [("red", (0, 1))], [1], {}) == 3
    # holds a 2: the Changer (+2) makes 4, 2 steps away
    assert number_route(level, frozenset((4,)), [("red", (0, 1))], [2], {}) == 2
    # holds nothing and no token on the map: no way
    assert number_route(level, frozenset((4,)), [("red", (0, 1))], [], {}) >= INF


def test_evaluate_prefers_the_robot_closer_to_the_exchanger_the_exit_needs():
    board = """
    .+G   .     .     Yg=4
    .     .     .     N=4
    .+R   .     .     .
    """
    near = game_from_ascii(board)
    near.numbers[1] = [1]
    far = near.copy()
    rid = far.at[(0, 2)]
    far.at.pop((0, 2))
    far.pos[rid] = (3, 2)
    far.at[(3, 2)] = rid
    assert evaluate(far) > evaluate(near)


def test_solver_wins_a_map_with_buttons_and_lava():
    level = parse_board("""
    .+G   .     B     Hl
    .     .     .     .
    .+R   .     B     Ha
    """, name="buttons")
    result = solve_deal(level, 0, Budget(nodes=3000, seconds=30), count_first_moves=False)
    assert result.won


def test_escaping_the_only_robot_that_can_fetch_the_number_token_counts_as_lost():
    """Green's exit is a Hidden Exit Point needing a 4 held by Red's player: Red escaping first
    (with no 4) leaves nobody who can ever take one, so the AI must see it as a lost position."""
    from game.roborun.ai.evaluate import LOSS
    board = """
    .+G   .     .     Yg=4
    .     .     .     N=4
    .+R   .+1   .     Xr
    """
    s = game_from_ascii(board)
    red = s.at[(0, 2)]
    s.at.pop((0, 2))
    s.pos.pop(red)
    s.escaped.append(red)
    assert evaluate(s) <= LOSS / 2


def test_keys_open_exits_the_route_goes_around_the_key_beside_the_exit():
    """Robo Run rulebook, 'Key token': a robot entering the Key's space makes the active player
    move the Key away, so under keys_open_exits the Key beside the exit is walked around, not
    through. The robot stepping off the straight line (up, round the Key) must be valued as
    progress, not as a step away: this was the 2.6 robot waiting beside its Key for two rounds."""
    from game.roborun.ai.evaluate import key_route
    board = """
    .     .     .     .
    .+R   .+k   Xr    .
    rules keys_open_exits
    """
    s = game_from_ascii(board)
    red = s.at[(0, 1)]
    exits = frozenset({(2, 1)})
    assert key_route(s, red, exits, frozenset(), frozenset()) == 4    # up, right, right, down
    up = s.copy()
    up.at.pop((0, 1))
    up.pos[red] = (0, 0)
    up.at[(0, 0)] = red
    assert key_route(up, red, exits, frozenset(), frozenset()) == 3
    assert evaluate(up) > evaluate(s)


def test_closed_exits_only_one_robot_pays_the_detour_to_the_lever():
    """Exits closed until any robot enters a lever (1.6): the robot waiting beside its exit
    while its partner opens them is valued as the partner's detour alone, so a position
    where the closer robot reaches the lever is better than both heading for it."""
    board = """
    .+G   .     V     .     Xg
    .     .     .     .     .
    Xr    .+R   .     .     .
    rules exits_closed_until_lever
    """
    s = game_from_ascii(board)
    assert not s.exits_open
    waiting = s.copy()                 # red steps next to its exit and waits
    red = waiting.at.pop((1, 2))
    waiting.pos[red] = (0, 1)
    waiting.at[(0, 1)] = red
    towards = s.copy()                 # red heads for the lever as well
    red = towards.at.pop((1, 2))
    towards.pos[red] = (2, 2)
    towards.at[(2, 2)] = red
    assert evaluate(waiting) > evaluate(towards)


def test_the_token_carrier_is_valued_by_its_whole_errand():
    """Hidden Exit Point (Robo Run rulebook, 'Hidden Exit Point', 'Number token'): green's exit
    opens for a 2 held by Red's player, and the 2 lies beyond red. Red's step towards the
    token is progress for the team (token, then back to its own exit) even though it takes
    red a step from its own exit: the two must not cancel out (2.5 deals were lost with red
    idling beside its exit and green waiting beside a closed Hidden Exit)."""
    board = """
    Yg=2  .     .     .+G
    Xr    .+R   .     .+2
    """
    s = game_from_ascii(board)
    assert s.owner[s.at[(1, 1)]] == 1 and s.numbers == [[], []]
    towards = s.copy()
    red = towards.at.pop((1, 1))
    towards.pos[red] = (2, 1)
    towards.at[(2, 1)] = red
    assert evaluate(towards) >= evaluate(s) + 9.0          # one move of the errand saved


def test_closed_exits_a_step_to_the_lever_counts_for_every_waiting_robot():
    """Exits closed until a lever: no robot escapes before the opener gets there, so the
    opener's step to the lever is worth more than a plain step to an exit (one move for the
    opener plus LEVER_WAIT of a move for each robot waiting on it)."""
    from game.roborun.ai.evaluate import DIST_W, LEVER_WAIT
    board = """
    .     .     .     V     .
    .+G   .     .     .     .
    Xg    .     Xr    .+R   .
    rules exits_closed_until_lever
    """
    s = game_from_ascii(board)
    opener = s.copy()                  # red, the opener, one step closer to the lever
    red = opener.at.pop((3, 2))
    opener.pos[red] = (3, 1)
    opener.at[(3, 1)] = red
    assert evaluate(opener) - evaluate(s) >= DIST_W * (1 + LEVER_WAIT) - 0.01


def test_a_remembered_number_route_follows_the_token():
    """evaluate remembers number routes per level (speed): a Number token that moved on the
    map (picked up, pushed, or made elsewhere) is a new route, not the remembered one."""
    from game.roborun.ai import evaluate as ev
    board = """
    Yg=2  .     .     .+G   .     .
    Xr    .+R   .     .     .     .+2
    """
    far = game_from_ascii(board)
    before = evaluate(far)                       # remembers the route to the token at (5, 1)
    near = far.copy()
    near.items = {(2, 1): near.items.pop((5, 1))}
    remembered = evaluate(near)
    ev._ROUTES.clear()
    assert remembered == evaluate(near) > before     # as if computed afresh: the token is closer


def test_an_open_door_that_would_strand_the_other_robot_is_judged_a_risk():
    """Hidden Exit Points (Robo Run rulebook, 'Hidden Exit Point', 'Number token'): green's door
    opens for a 3 held by Red's player, red's for a 5 held by Green's player. Once Red's player
    holds the 3, green can walk out; if it does before its player holds the 5, red can never
    leave - and a partner who does not think of Number tokens does (tuning deal 4.2 4300, the
    greedy partner). Green's steps towards its open door are then worth less than towards a
    shut one; with the 5 held as well there is nothing to fear."""
    board = """
    Yg=3  .     .     .     .     .     .     .     .     .     .     .+R   Yr=5
    .     .     .     .     .     .     .     .     .     .     .+G   .     .
    """

    def judged(green_x: int, numbers) -> float:
        s = game_from_ascii(board)
        green = s.at.pop((10, 1))
        s.pos[green] = (green_x, 0)
        s.at[(green_x, 0)] = green
        s.numbers = [list(n) for n in numbers]
        return evaluate(s)

    def gain_of_walking_to_the_door(numbers) -> float:
        return judged(1, numbers) - judged(10, numbers)     # 9 moves from its door -> 1

    shut, open_door, both = [[], []], [[], [3]], [[5], [3]]
    assert gain_of_walking_to_the_door(open_door) < gain_of_walking_to_the_door(shut) - 50.0
    assert gain_of_walking_to_the_door(both) == gain_of_walking_to_the_door(shut)
