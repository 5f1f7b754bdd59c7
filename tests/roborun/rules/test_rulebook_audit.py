"""Robo Run rulebook statements no other test checked (an outside audit, rule by rule).

Each test quotes the Robo Run rulebook sentence it checks, by chapter, sets the situation up
through the engine (an ASCII board, the player's choices) and asserts the outcome the sentence
states. Where the engine differs, the test is in test_rulebook_faults.py instead.
"""
from game.roborun.levels.ascii_board import game_from_ascii, parse_board
from game.roborun.rules.cards import action_cards, equipment_cards, event_cards
from game.roborun.rules.engine import apply, legal_choices, new_game
from game.roborun.rules.state import Choice
from game.roborun.rules.view import seat_view

from .test_abilities import BOARD, CONT, finish_card, game, until, use
from .test_board import moves_now, rid_at
from .test_turns import run_steps


def _column(special: str) -> str:
    """BOARD with `special` on (2,3), the space right above green (card 4 yellow: top U,U)."""
    return BOARD.replace(".     .     .     .     .\n.     .     .+G",
                         f".     .     {special}     .     .\n.     .     .+G")


# ---------------------------------------------------------------- 1. Components, Action Card
def test_the_card_components_and_the_parts_of_an_action_card():
    """1. Components: "6 Action cards, double-sided • 4 Event cards • 10 Equipment cards"; 4.1 Action
    Card: "Each part consists of a maximum of two movement actions ... The yellow side of the cards
    always has a move for the active player's robot, and the blue side has one for the teammate"."""
    cards = action_cards()
    assert sorted(cards) == [1, 2, 3, 4, 5, 6] and len(event_cards()) == 4 and len(equipment_cards()) == 10
    for sides in cards.values():
        assert set(sides) == {"yellow", "blue"}
        assert sides["yellow"].top and sides["blue"].middle
        for face in sides.values():
            assert all(len(part) <= 2 for part in (face.top, face.middle, face.bottom))


# ---------------------------------------------------------------- 3. Game Setup
def test_setup_deals_three_action_cards_to_each_player():
    """3. Game Setup, 5: "Shuffle the Action cards (mix fronts and backs as well) and deal 3 to each
    player"; 3, 4: the Event and Equipment decks lie face down."""
    s = new_game(parse_board(".+G .\n. .+R"), 7)
    assert [len(st) for st in s.stands] == [3, 3]
    assert sorted(c for st in s.stands for c, _ in st) == [1, 2, 3, 4, 5, 6]
    view = seat_view(s, 0)
    assert view.event_deck_size == 4 and not hasattr(view, "equip_deck") and not hasattr(view, "event_deck")


# ---------------------------------------------------------------- 4. Scenario Gameplay
def test_the_last_robot_leaving_ends_the_scenario_at_once():
    """4. Scenario Gameplay: "If the last good robot manages to leave, the scenario ends
    automatically, and players pass the scenario." Nothing of the card is resolved after it."""
    s = game_from_ascii("Xg .+w .\n.+G . .\n. . .+R", first=0, stands=[[(2, "yellow")], [(3, "blue")]])
    red = rid_at(s, (2, 2))
    s.escaped.append(red)
    s.at.pop(s.pos.pop(red))
    w = rid_at(s, (1, 0))
    events = apply(s, Choice("play", (2,)))               # top U: green escapes; bottom (all bad U|D) never asked
    assert s.outcome == "won" and s.pending is None and s.pos[w] == (1, 0)
    assert any(e.kind == "escaped" for e in events)


def test_the_players_alternate_until_the_stands_are_empty():
    """4.1 Action Phase: "players alternately play action cards ... Players continue until there are no
    cards left on their stands"; then 4.2 Cleanup follows."""
    s = game_from_ascii(".+G . . . . .\n. . . . . .\n. . . . . .+R", first=0,
                        stands=[[(1, "yellow"), (2, "yellow"), (3, "yellow")], [(4, "blue"), (5, "blue"), (6, "blue")]])
    actives = []
    while s.round == 1 and s.outcome is None:
        if s.pending.kind == "card":
            actives.append(s.active)
            apply(s, [c for c in legal_choices(s) if c.kind == "play"][0])
        else:
            opts = legal_choices(s)
            apply(s, next((c for c in opts if c.kind in ("no_beep", "continue")), opts[0]))
    assert actives == [0, 1, 0, 1, 0, 1] and s.round == 2


# ---------------------------------------------------------------- Movement Rules
def test_a_movement_action_into_a_pusher_is_resolved_and_the_card_goes_on():
    """6. Special Spaces, Pusher: "it moves in the indicated direction until stopped by an obstacle.
    The movement action that caused the move to this space is considered resolved; continue
    resolving the Action card." Card 4 yellow: up, then up again from where the push ended."""
    s = game("quick_one", card=4, board=_column("P>"))
    green = s.at[(2, 4)]
    apply(s, Choice("play", (4,)))
    finish_card(s)
    assert s.pos[green] == (4, 2)


def test_a_movement_action_into_a_tunnel_ends_and_the_next_symbol_goes_on_from_the_exit():
    """6. Special Spaces, Tunnel: "Entering a Tunnel space ends the currently resolved movement action.
    If the Action card has another symbol, it is resolved after moving the element."."""
    board = """
    .+R   .     .     .     .
    .     .     .     .     t1
    .     .     .     .     .
    .     .     T1    .     .
    .     .     .+G   .     .
    """
    s = game("quick_one", card=4, board=board)
    green = s.at[(2, 4)]
    apply(s, Choice("play", (4,)))
    finish_card(s)
    assert s.pos[green] == (4, 0)                          # tunnel (2,3) -> exit (4,1), then up


# ---------------------------------------------------------------- 6. Tokens
def test_energy_goes_to_the_robots_owner_whoever_moves_it():
    """6. Tokens, Energy token: "When any good robot enters a space with an Energy token, the robot
    owner moves the marker one space to the right on the Energy track." Seat 0 moves seat 1's robot."""
    s = game_from_ascii(".+G . .\n.+R .+e .", first=0)
    assert s.active == 0 and s.energy == [0, 0]
    moves_now(s, {rid_at(s, (0, 1)): "E"})
    assert s.energy == [0, 1] and (1, 1) not in s.items


def test_the_worked_example_token_follows_chapter_6():
    """4.1, the Nika example says Michał's robot "removes the Equipment token from the map and moves
    their marker one space right on their Energy track", but 6. Tokens says an Equipment token gives
    "the top Equipment card" and only an Energy token gives Energy. Our reading follows chapter 6
    (docs/roborun-content.md, reading 30): a card, and no Energy."""
    s = game_from_ascii(".+G . .\n.+R .+q .", first=0)
    energy = list(s.energy)
    top = s.equip_deck[0]
    moves_now(s, {rid_at(s, (0, 1)): "E"})
    assert s.hands[1] == [top] and s.energy == energy


def test_a_key_entering_a_tunnel_with_a_robot_on_its_exit():
    """6. Special Spaces, Tunnel: "When a Key enters a Tunnel, it is moved to the Tunnel Exit space. If
    the Tunnel Exit is occupied by any other robot, the active player first moves it to a space adjacent
    to the Tunnel Exit (not diagonal), and then places the Key at the Tunnel Exit space"."""
    s = game_from_ascii(".+G  .+k  T1\n.  .  t1+R\n.  .  .", first=0)
    red = rid_at(s, (2, 1))
    moves_now(s, {rid_at(s, (0, 0)): "E"})
    apply(s, Choice("key", ((2, 0),)))
    assert s.pending.kind == "displace" and s.decision_seat == 0
    assert Choice("displace", ((2, 2),)) in legal_choices(s)
    apply(s, Choice("displace", ((2, 2),)))
    assert s.pos[red] == (2, 2) and s.keys == {(2, 1)}


def test_a_key_moved_onto_a_laser_is_destroyed():
    """6. Tokens, Laser: "Any element that enters the Laser token is immediately destroyed"; Key: "the
    active player moves the Key to any adjacent space"."""
    s = game_from_ascii(".+G  .+k  .+z", first=0)
    moves_now(s, {rid_at(s, (0, 0)): "E"})
    assert s.pending.kind == "key" and Choice("key", ((2, 0),)) in legal_choices(s)
    apply(s, Choice("key", ((2, 0),)))
    assert s.keys == set() and s.outcome is None


def test_a_key_moved_onto_a_pusher_slides():
    """6. Special Spaces, Pusher: "Whenever any robot/Key enters a Pusher space, it moves in the
    indicated direction until stopped by an obstacle"."""
    s = game_from_ascii(".+G  .+k  Pv\n.  .  .\n.  .  .", first=0)
    moves_now(s, {rid_at(s, (0, 0)): "E"})
    apply(s, Choice("key", ((2, 0),)))
    assert s.keys == {(2, 2)}


def test_a_number_changer_never_goes_below_one():
    """6. Special Spaces, Number Changer: "If the value would be lower than 1 or higher than 6, the
    remaining value is lost"."""
    s = game_from_ascii(".+G .+2 C=-3")
    g = rid_at(s, (0, 0))
    moves_now(s, {g: "E"})
    moves_now(s, {g: "E"})
    assert s.numbers[0] == [1]


def test_a_bad_robot_on_a_number_token_leaves_it():
    """6. Tokens, Number token: "When another element is placed on the space with the token, nothing
    happens." (A White robot is not upgraded either: that is only for Energy, Experience, Equipment.)"""
    s = game_from_ascii(".+w .+3 .\n.+G . .+R")
    w = rid_at(s, (0, 0))
    moves_now(s, {w: "E"})
    assert s.items[(1, 0)] == ("number", 3) and s.colour[w] == "white"


def test_a_bad_robot_takes_an_equipment_token_and_is_upgraded():
    """6. Tokens, Equipment token: "When a bad robot enters a space with an Equipment token, it is
    returned to the general supply. If it was a White or Purple robot, it is upgraded to Blue"."""
    s = game_from_ascii(".+G .\n.+p .+q")
    p = rid_at(s, (0, 1))
    deck = list(s.equip_deck)
    moves_now(s, {p: "E"})
    assert (1, 1) not in s.items and s.colour[p] == "blue" and s.equip_deck == deck and s.hands == [[], []]


# ---------------------------------------------------------------- 4.3 Event Phase
def test_a_revealed_event_stays_in_view():
    """4.3 Event Phase: "After resolving the card, set it aside—you can review past Events during the
    round"."""
    s = game_from_ascii(".+G .\n. .+R")
    top = s.event_deck[0]
    run_steps(s, ("event_phase",))
    for seat in (0, 1):
        assert [e["id"] for e in seat_view(s, seat).events_seen] == [top]


# ---------------------------------------------------------------- 4.4 New Robot Phase
def test_a_new_robot_on_a_good_robot_fails_even_with_double_metal_unlocked():
    """4.4 New Robot Phase: "If a good robot is on the indicated space, the good robot is destroyed and
    players fail the scenario"; 3. Player Board: "A special ability of a robot can only be activated
    during the turn of the player controlling this robot" (the New Robot phase is nobody's turn)."""
    from game.roborun.rules.state import PlayerSetup, Setup
    setup = Setup((PlayerSetup("weird_four", ("double_metal",), 1, 3), PlayerSetup("smart_three", (), 1, 3)))
    s = game_from_ascii(".  .+G  .+R\nspawn 1 1,0\nsupport purple", setup=setup)
    run_steps(s, ("new_robot",))
    assert s.outcome == "lost" and s.loss_cause == "destroyed:new_robot" and s.energy[0] == 3


# ---------------------------------------------------------------- 7. Special Abilities
def test_abs_ends_only_that_movement_action():
    """7. ABS: "end this movement action on the space before entering the bad robot space. If there are
    other movement actions on the played card, the active player resolves them normally." Card 4
    yellow: up, up (the second braked), then the teammate's 'right' as usual."""
    board = BOARD.replace(".     .     .     .     .\n.     .     .     .     .\n.     .     .+G",
                          ".     .     .+b   .     .\n.     .     .     .     .\n.     .     .+G")
    s = game("strong_two", ["abs"], board=board, card=4, energy=1)
    green, red = s.at[(2, 4)], s.at[(0, 0)]
    apply(s, Choice("play", (4,)))
    until(s, "window")
    apply(s, use("abs"))
    finish_card(s)
    assert s.outcome is None and s.pos[green] == (2, 3) and s.pos[red] == (1, 0)


def test_rulebook_reverse_move_example_turns_the_teammates_move():
    """7. Reverse Move, example: "She resolves the top part normally. Before moving Michał's robot, she
    decides to use Reverse Move—thanks to this, instead of moving left, his robot moves right." Card 2
    blue: top 'left' for my robot, middle 'slide left' for the teammate's."""
    s = game("quick_one", ["reverse_move"], card=2, face="blue")
    green, red = s.at[(2, 4)], s.at[(0, 0)]
    apply(s, Choice("play", (2,)))
    apply(s, CONT)                                          # the top part, normally
    assert s.pos[green] == (1, 4) and use("reverse_move", red) in legal_choices(s)
    apply(s, use("reverse_move", red))
    finish_card(s)
    assert s.pos[red] == (4, 0) and s.energy[0] == 0       # slid right to the map edge, not left


def test_fuel_boost_comes_after_the_lifts():
    """7. Fuel Boost: "After fully resolving the Action card and potential effects on the map, the
    active player plays another Action card." The Lift runs first, then the same player plays again."""
    board = """
    .+R   .     .     .     L1
    .     .     .     .     .
    .     .     L1    .     .
    .     .     .     .     .
    .     .     .+G   .     .
    """
    s = game("quick_one", ["fuel_boost"], card=4, extra_cards=(5,), board=board)
    green = s.at[(2, 4)]
    apply(s, use("fuel_boost"))
    events = apply(s, Choice("play", (4,)))
    finish_card(s)
    if s.pending.kind == "beep":
        apply(s, Choice("no_beep"))
    assert s.pos[green] == (4, 0) and any(e.kind == "lifted" for e in events)
    assert s.pending.kind == "card" and s.active == 0


def test_twist_movement_works_when_the_teammate_has_escaped():
    """7. Twist Movement: "This ability may be used even if the card doesn't have all parts, or if any
    robot has already escaped." Card 4 yellow: my robot takes the middle 'right'."""
    s = game("weird_four", ["twist_movement"], card=4)
    green, red = s.at[(2, 4)], s.at[(0, 0)]
    s.escaped.append(red)
    s.at.pop(s.pos.pop(red))
    apply(s, Choice("play", (4,)))
    assert use("twist_movement") in legal_choices(s)
    apply(s, use("twist_movement"))
    finish_card(s)
    assert s.pos[green] == (3, 4)


def test_twist_movement_moves_the_active_players_robot_first():
    """7. Twist Movement: "The active player moves their robot according to the middle part of the
    Action card, and the teammate's robot according to the top part. The active player's robot is
    moved first." Card 4 yellow (top U,U; middle R): green's 'right' meets red, who has not moved yet."""
    board = """
    .     .     .     .     .
    .     .     .     .     .
    .     .     .     .     .
    .     .     .     .     .
    .     .     .+G   .+R   .
    """
    s = game("weird_four", ["twist_movement"], card=4, board=board)
    green, red = s.at[(2, 4)], s.at[(3, 4)]
    apply(s, Choice("play", (4,)))
    apply(s, use("twist_movement"))
    finish_card(s)
    assert s.pos[green] == (2, 4) and s.pos[red] == (3, 2) and s.outcome is None


def test_twist_movement_only_until_the_card_starts_resolving():
    """7. Twist Movement: "This ability may be used until the Action card resolution begins"."""
    s = game("weird_four", ["twist_movement", "double_metal"], card=4, energy=2)   # top U,U
    green = s.at[(2, 4)]
    s.lasers.add((2, 2))
    apply(s, Choice("play", (4,)))
    assert use("twist_movement") in legal_choices(s)        # before the first movement action
    apply(s, CONT)
    assert s.pending.kind == "window" and s.pos[green] == (2, 3)   # the second 'up' heads into the laser
    assert use("double_metal") in legal_choices(s) and use("twist_movement") not in legal_choices(s)


def test_404_still_lets_the_player_use_equipment():
    """7. 404: "The active player does not resolve the movement action of their robot after playing the
    Action card (skips the top part of the card). They may still use other special abilities and/or
    Equipment cards." Spring Boots (card 4) move the robot one space."""
    s = game("weird_four", ["404"], card=4, hand=(4,))
    green = s.at[(2, 4)]
    apply(s, Choice("play", (4,)))
    apply(s, use("404"))
    assert Choice("equip", (4, "L")) in legal_choices(s)
    apply(s, Choice("equip", (4, "L")))
    finish_card(s)
    assert s.pos[green] == (1, 4)


def test_short_deactivation_still_collects_the_token_on_the_space():
    """7. Short Deactivation: "the active player may ignore the effect of this space and the robot
    remains on it as if it were an empty space ... This ability does not affect tokens—they are
    resolved normally." An Energy token on an ignored Tunnel is collected."""
    board = _column("T1+e").replace(".+R   .     .     .     .", ".+R   .     .     .     t1")
    s = game("smart_three", ["short_deactivation"], board=board, card=2, energy=1)   # 2 yellow: top U
    green = s.at[(2, 4)]
    apply(s, Choice("play", (2,)))
    assert s.pending.kind == "window"
    apply(s, use("short_deactivation"))
    assert s.pos[green] == (2, 3) and s.energy[0] == 1 and (2, 3) not in s.items
