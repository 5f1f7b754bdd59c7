"""Run Run Run! rulebook statements no other test checked (an outside audit, rule by rule).

Each test quotes the Run Run Run! rulebook (2nd edition) sentence it checks, by section, sets the
situation up through the engine's public contract and asserts the outcome the sentence states.
"""
from game.runrunrun.rules.engine import Config
from game.runrunrun.rules.maze import neighbours

from .support import C, OPEN, R, bare, bits, ch, corridor, play_tile, room, start_turn, tile_where, types


def _commit_one(s, cell, strength):
    """Seat 0 walks to fight the Mummies in `cell` and discards one tile of `strength` for dice."""
    t = tile_where(exclude=set(s.tiles.values()) | {x for h in s.hands for x in h}, strength=strength)
    s.hands[0].append(t)
    if t in s.deck:
        s.deck.remove(t)
    R.apply(s, ch("fight"))
    R.apply(s, ch("to", *cell))
    R.apply(s, ch("commit", t))
    return t


def _fight_to_the_end(s, cell, strength=6):
    """Seat 0 fights the Mummies in `cell` with one tile of `strength` (dice scripted by the caller)."""
    _commit_one(s, cell, strength)
    return R.apply(s, ch("roll"))


# ---------------------------------------------------------------- 'A Few Words About Cooperating'
def test_everyone_wins_together():
    """'A Few Words About Cooperating': "You will win together, or lose together against the game."
    A table of three that beats the Boss is won by all three seats."""
    s = bare(players=3, faces=["hit"] * 6)
    cells = corridor(s, 3)
    s.supply = 0
    s.boss_awake, s.pile = True, []
    s.mummies = {10: [cells[1], 2]}
    _fight_to_the_end(s, cells[1])
    assert R.result(s).outcome == "won" and R.result(s).winners == (0, 1, 2)


def test_everyone_loses_together():
    """'A Few Words About Cooperating': "...or lose together": a Mummy at the Relics ends the game
    with no winner at all."""
    s = bare(players=3)
    corridor(s, 2)
    s.mummies = {4: [OPEN, 5]}
    start_turn(s, ["mummy"])
    assert R.result(s).outcome == "lost" and R.result(s).winners == ()


def test_a_reserved_room_does_not_stop_another_player():
    """'A Few Words About Cooperating': pointing at a Room to reserve it "does not prevent the
    other players from ignoring your wish"."""
    t = tile_where(torch=True, symbol=None, sarcophagus=False, strength=2)
    s = bare(players=2, hands=[[], [t]])
    R.apply(s, ch("mark", 2, 0))
    R.apply(s, ch("move"))
    R.apply(s, ch("to", *OPEN))
    start_turn(s, ["blank"])
    assert s.active == 1
    R.apply(s, ch("explore", t))
    assert ch("cell", 2, 0) in R.legal_choices(s)
    R.apply(s, ch("cell", 2, 0))
    R.apply(s, R.legal_choices(s)[0])
    assert s.tiles[(2, 0)] == t


# ---------------------------------------------------------------- 'Components', 'Setup'
def test_setup_hides_the_boss_card_and_gives_five_torch_mechanisms():
    """'Setup' 11: "Draw one Boss Mummy card and place it face-down"; 'Components': "5 Torch
    Mechanism tokens"; 'Setup' 13: the Room tiles are a face-down draw deck."""
    s = R.new_game(Config(2, "standard"), 5)
    assert s.torch_left == 5 and s.boss_card in C.BOSSES
    for seat in range(2):
        view = R.seat_view(s, seat)
        assert view.boss is None and view.deck_count == len(s.deck)
    s.boss_awake = True
    assert R.seat_view(s, 0).boss == s.boss_card


# ---------------------------------------------------------------- 'Overview of the Game'
def test_turns_go_clockwise_and_each_starts_with_the_mummies():
    """'Overview of the Game': "players take turns in clockwise order. On your turn, you must ALWAYS
    perform these two steps in this order: 1. Mummies' Actions 2. Player's Action"."""
    s = bare(players=3, faces=["blank"] * 3)
    order = []
    for _ in range(3):
        R.apply(s, ch("move"))
        events = R.apply(s, ch("to", *s.pos[s.active]))
        kinds = types(events)
        assert kinds.index("turn") < kinds.index("mummy_roll")
        order.append(s.active)
        assert s.phase == "action"
    assert order == [1, 2, 0]


# ---------------------------------------------------------------- 'Mummies' Actions'
def test_a_mummy_woken_by_one_symbol_moves_with_the_next():
    """'Mummies' Actions': "For EACH Mummy symbol you roll, perform the following two actions: I - Move
    all Mummies ... II - Place a Heart". A Mummy the first symbol's Heart wakes is in the maze when
    the second symbol moves all Mummies."""
    s = bare()
    cells = corridor(s, 5)                         # (2,0) .. (6,0)
    s.mummies = {1: [cells[-1], 5]}               # Mummy 1: Power 2
    s.pile, s.top_hearts = [4, 3], 4
    start_turn(s, ["mummy", "mummy"])
    assert s.phase == "place_mummy"               # the first Heart woke Mummy 4
    R.apply(s, ch("to", *cells[3]))
    assert s.mummies[4][0] == cells[2]            # the second symbol moved it one room
    assert s.mummies[1][0] == cells[-3] and s.top_hearts == 1


def test_mummies_walk_through_a_catventurers_room():
    """'Mummy abilities & Penalty effects': "Mummies do not attack players directly, and they will
    not stop if they enter the same Room as a player"."""
    s = bare()
    cells = corridor(s, 5)
    s.pos[0] = cells[3]
    s.mummies = {2: [cells[4], 5]}                # Mummy 2: two dice and the arrow
    start_turn(s, ["mummy", "mummy"])
    assert s.mummies[2][0] == cells[1]            # three rooms, straight past the Catventurer
    assert s.pos[0] == cells[3]


def test_the_arrow_moves_a_mummy_out_of_the_vault_even_on_blank_dice():
    """'Mummy abilities & Penalty effects': "An arrow symbol means the Mummy always moves one extra
    Room during the Mummies' Actions, even if you roll no other Mummy symbols"; 'Mummies' Actions':
    "If a Mummy moves again while IN THE Pharaoh's Vault ... All players instantly lose!"."""
    s = bare()
    corridor(s, 2)
    s.mummies = {3: [OPEN, 5]}
    start_turn(s, ["blank"])
    assert s.over and R.result(s).cause == "mummy_reached_relics"


def test_the_boss_moves_its_extra_rooms_on_blank_dice():
    """'The Boss Mummies', 13 Hearts: "The Boss always moves one Room more than the number shown on
    the Mummy dice" (none shown: one room)."""
    s = bare()
    cells = corridor(s, 4)
    s.boss_awake, s.pile = True, []
    s.mummies = {11: [cells[-1], 13]}
    start_turn(s, ["blank"])
    assert s.mummies[11][0] == cells[-2]


def test_the_thirteen_heart_boss_burns_four_random_tiles_spread_over_the_table():
    """'The Boss Mummies', 13 Hearts: "When the Boss wakes, players must discard a total of four
    random Room tiles from their hand(s)"; the group decides who pays each."""
    s = bare(players=2, hands=[[1, 2], [3, 4, 5]], faces=["blank"])
    room(s, (2, -1), bits(4, 0), symbol="ankh")
    room(s, (3, -1), bits(3), symbol="eye")
    t = tile_where(exclude=set(s.tiles.values()) | {1, 2, 3, 4, 5}, symbol="scarab", torch=True)
    s.hands[0].append(t)
    s.deck.remove(t)
    s.doors_done, s.door_stack, s.boss_card = 2, [1], 11
    play_tile(s, t, (2, 0))
    R.apply(s, ch("to", 3, -1))                   # the Boss enters the maze
    paid = 0
    while s.phase == "discard_from":
        R.apply(s, ch("discard_from", 1))
        paid += 1
    assert paid == 3 and s.hands[1] == []         # seat 1 paid three, then seat 0 alone paid the fourth
    assert len(s.discard) == 4 and s.mummies[11][1] == 13


# ---------------------------------------------------------------- 'Player Action - Explore'
def test_a_catventurer_walks_through_a_mummys_room():
    """'Player Action - Explore': "You can enter and leave the same Room as a Mummy when you move
    through the maze." Moving and exploring go past it."""
    s = bare()
    cells = corridor(s, 3)
    s.masks[cells[-1]] = bits(3, 0)
    s.mummies = {4: [cells[0], 5]}
    R.apply(s, ch("move"))
    assert ch("to", *cells[2]) in R.legal_choices(s)
    t = tile_where(strength=6)                    # fits any spot
    s2 = bare(hands=[[t]])
    corridor(s2, 2)
    s2.masks[(3, 0)] = bits(3, 0)
    s2.mummies = {4: [(2, 0), 5]}
    R.apply(s2, ch("explore", t))
    assert ch("cell", 4, 0) in R.legal_choices(s2)   # three rooms, through the Mummy's room


def test_darkness_can_wake_a_mummy():
    """'Player Action - Explore' 3: with no Torches left, "Add a Heart on the top Mummy card. If it's
    the fifth Heart, the Mummy awakens!"."""
    t = tile_where(torch=False, symbol=None, sarcophagus=False)
    s = bare(hands=[[t]])
    corridor(s, 3)
    s.supply, s.pile, s.top_hearts = 0, [3, 4], 4
    play_tile(s, t, (2, -1))
    assert s.phase == "place_mummy" and s.pile == [4]
    events = R.apply(s, ch("to", 4, 0))
    assert {"type": "mummy_placed", "mummy": 3, "cell": [4, 0], "hearts": 5} in events


def test_a_triangle_need_not_be_connected_within_itself():
    """'Player Action - Explore', B: "The Rooms must be properly connected to the maze, but they do
    not need to be directly connected to each other to form a triangle"."""
    s = bare(faces=["blank"])
    room(s, (2, -1), bits(4), symbol="ankh")      # joins the open room only
    room(s, (3, -1), bits(4), symbol="eye")       # joins the new room only
    t = tile_where(exclude=set(s.tiles.values()), symbol="scarab", torch=True, exits=bits(0, 1, 3))
    s.hands[0] = [t]
    s.deck.remove(t)
    play_tile(s, t, (2, 0))
    assert (3, -1) not in neighbours(s.masks, (2, -1)) and (2, -1) not in neighbours(s.masks, (2, 0))
    assert s.doors_done == 1


def test_a_door_trap_with_nothing_to_pay_goes_on():
    """'Player Action - Explore', B: "If the whole group does not have enough items, discard as close
    to the correct number as possible and continue."."""
    s = bare(players=2, faces=["blank"])
    room(s, (2, -1), bits(4, 0), symbol="ankh")
    room(s, (3, -1), bits(3), symbol="eye")
    t = tile_where(exclude=set(s.tiles.values()), symbol="scarab", torch=True)
    s.hands[0] = [t]
    s.deck.remove(t)
    s.door_stack = [0]                             # discard two Room tiles: nobody holds one
    play_tile(s, t, (2, 0))
    assert s.doors_done == 1 and s.discard == [] and s.active == 1 and s.phase == "action"


def test_a_solo_regroup_draws_its_tiles():
    """'Solo Play': "even if there is no-one else to join in, you can still benefit from the rewards
    on the Regroup tokens" (here, three Room tiles)."""
    s = bare(deck=[7, 8, 9, 10])
    s.regroup_stack = [1]
    R.apply(s, ch("cooperate"))
    assert sorted(s.hands[0]) == [7, 8, 9, 10]    # three from the token, one at the end of the turn


# ---------------------------------------------------------------- 'Player Action - Fight'
def test_a_fight_may_be_in_the_catventurers_own_room():
    """'Player Action - Fight' 1: move "up to three Rooms ... Stop as soon as you encounter a Mummy":
    a Mummy in your own Room is fought without a step."""
    s = bare(faces=["hit"])
    cells = corridor(s, 3)
    s.pos[0] = cells[1]
    s.supply = 0
    s.mummies = {4: [cells[1], 5]}
    _fight_to_the_end(s, cells[1], strength=1)
    assert s.mummies[4][1] == 4 and s.pos[0] == cells[1]
    assert len(s.discard) == 1                    # the one tile fought with: no deck tile paid to walk


def test_a_fight_walk_past_three_rooms_pays_from_the_draw_deck():
    """'Player Action - Fight' 1: "Move up to three Rooms plus any extra Rooms if you choose to discard
    one tile from the draw deck for each extra Room you wish to move"."""
    s = bare(faces=["draw"])
    cells = corridor(s, 4)
    s.supply = 0
    s.mummies = {4: [cells[3], 5]}                # four rooms away: one deck tile
    top = s.deck[-1]
    _fight_to_the_end(s, cells[3], strength=1)
    assert s.pos[0] == cells[3] and top in s.discard and top not in s.hands[0]


def test_a_reroll_is_once_per_turn():
    """'Player Action - Fight', Rerolling: "You can do this once in your turn, and then you must
    apply the results, whatever they are"."""
    s = bare(faces=["draw", "draw", "lure", "lure"])
    cells = corridor(s, 3)
    s.mummies = {4: [cells[0], 5]}
    _commit_one(s, cells[0], 2)
    R.apply(s, ch("roll"))
    R.apply(s, ch("reroll", 3))
    assert s.combat == ["lure", "lure"] and s.supply == 3
    assert s.phase == "lure"                       # applying the results, no second reroll


def test_a_mummy_sharing_the_boss_room_can_still_be_lured():
    """'The Boss Mummies': "No lure: The Boss cannot be moved by a lure symbol." Our reading: the
    footprint still lures an ordinary Mummy standing in the Boss's room (docs/runrunrun-content.md)."""
    s = bare(faces=["lure"])
    cells = corridor(s, 4)
    s.supply = 0
    s.boss_awake, s.pile = True, []
    s.mummies = {11: [cells[1], 13], 4: [cells[1], 5]}
    _fight_to_the_end(s, cells[1], strength=1)
    assert R.legal_choices(s) == [ch("lure", 4, *cells[2]), ch("no_lure")]


def test_an_eliminated_mummy_can_rise_again():
    """'Player Action - Fight': "Place the matching Mummy card at the bottom of the Mummy pile - it
    may rise again!"."""
    s = bare(faces=["hit"] * 5)
    cells = corridor(s, 4)
    s.supply = 0
    s.pile, s.top_hearts = [3], 4
    s.mummies = {4: [cells[0], 5]}
    _fight_to_the_end(s, cells[0], strength=5)
    assert s.pile == [3, 4]
    start_turn(s, ["mummy"])                      # Mummy 3 wakes
    R.apply(s, ch("to", *cells[3]))
    s.top_hearts = 4
    start_turn(s, ["mummy"])                      # and then Mummy 4 again, with five fresh Hearts
    R.apply(s, ch("to", *cells[3]))
    assert s.mummies[4] == [cells[3], 5]


# ---------------------------------------------------------------- 'Player Action - Cooperate'
def test_offered_tiles_stay_face_down_until_all_have_chosen():
    """'Player Action - Cooperate': "Players who decided to regroup now choose up to two Room tiles from
    their hand and place them face-down in the middle of the table for an exchange. Reveal all tiles
    chosen for exchange." A later offerer sees neither the tiles already offered nor their events."""
    s = bare(players=2, hands=[[1, 2], [3, 4]])
    s.regroup_stack = [0]
    R.apply(s, ch("cooperate"))
    R.apply(s, ch("join"))
    offered = R.apply(s, ch("offer", 1))
    assert all("tile" not in e for e in R.events_for_seat(offered, 1))
    assert any(e.get("tile") == 1 for e in R.events_for_seat(offered, 0))
    R.apply(s, ch("offer_done"))
    assert R.current_seat(s) == 1 and R.seat_view(s, 1).pool == ()
    events = R.apply(s, ch("offer", 3))
    events += R.apply(s, ch("offer_done"))
    assert {"type": "pool_revealed", "tiles": [1, 3]} in events
    assert sorted(R.seat_view(s, 1).pool) == sorted(R.seat_view(s, 0).pool) == [1, 3]


def test_one_double_damage_token_per_attack():
    """'Using Sarcophagus Tokens': "Before you attack a Mummy, discard this token to double the amount
    of damage you inflict." Silent on two: our reading, one doubling per attack
    (docs/runrunrun-content.md)."""
    s = bare()
    cells = corridor(s, 3)
    s.mummies = {4: [cells[0], 5]}
    double = [i for i, t in enumerate(C.SARCOPHAGUS) if t["kind"] == "double"][:2]
    s.sarc[0] = list(double)
    _commit_one(s, cells[0], 2)
    R.apply(s, ch("boost", 0))
    assert not any(c.kind == "boost" for c in R.legal_choices(s)) and len(s.sarc[0]) == 1


def _token(kind):
    return next(i for i, t in enumerate(C.SARCOPHAGUS) if t["kind"] == kind)


def test_a_torch_token_pays_for_rerolls_after_the_roll():
    """'Using Sarcophagus Tokens': "You may use your Sarcophagus tokens at any time DURING YOUR TURN";
    'Rerolling': "discard one Torch token from the shared supply for each die you wish to reroll".
    With no Torch left, a fighter who sees a bad roll opens a "+3 Torches" token and rerolls."""
    s = bare(faces=["draw", "lure", "hit", "hit"])
    cells = corridor(s, 3)
    s.supply = 0
    s.sarc[0] = [_token("torches")]
    s.mummies = {4: [cells[0], 5]}
    _commit_one(s, cells[0], 2)
    R.apply(s, ch("roll"))
    assert s.phase == "fight_reroll" and not any(c.kind == "reroll" for c in R.legal_choices(s))
    assert ch("passage", 0) not in R.legal_choices(s)      # no secret passage in the middle of a fight
    R.apply(s, ch("sarc", 0))
    assert s.supply == 3 and s.phase == "fight_reroll" and ch("reroll", 3) in R.legal_choices(s)
    R.apply(s, ch("reroll", 3))
    assert s.supply == 1 and s.mummies[4][1] == 3


def test_a_draw_token_mid_fight_gives_more_tiles_to_discard():
    """'Using Sarcophagus Tokens': "at any time DURING YOUR TURN": drawing two Room tiles while
    choosing the fight's tiles gives more dice."""
    s = bare()
    cells = corridor(s, 3)
    s.sarc[0] = [_token("draw")]
    s.mummies = {4: [cells[0], 5]}
    _commit_one(s, cells[0], 1)
    top = s.deck[-2:]
    R.apply(s, ch("sarc", 0))
    assert s.phase == "fight_commit" and sorted(s.hands[0]) == sorted(top)
    assert all(ch("commit", x) in R.legal_choices(s) for x in top)


def test_a_fighter_may_leave_a_mummy_in_its_own_room_to_fight_another():
    """'Player Action - Fight' 1: "Stop as soon as you encounter a Mummy." Silent on a Mummy already in
    the fighter's Room when the walk starts; our reading: it was not met on the way, so the walk may
    leave it (as 'Player Action - Explore' lets a Catventurer "leave the same Room as a Mummy") and
    stops at the first Mummy it meets (docs/runrunrun-content.md, Fight reach)."""
    s = bare()
    cells = corridor(s, 4)
    s.pos[0] = cells[0]
    s.mummies = {4: [cells[0], 5], 3: [cells[2], 5], 1: [cells[3], 5]}
    s.hands[0] = [tile_where(strength=2, exclude=set(s.tiles.values()))]
    R.apply(s, ch("fight"))
    assert R.legal_choices(s) == [ch("to", *cells[0]), ch("to", *cells[2])]
