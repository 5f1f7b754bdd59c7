"""Run Run Run! rulebook: 'Setup' and 'Player Action - Explore' (placement, move, light, room effects)."""
from game.runrunrun import rules as R
from game.runrunrun.rules.engine import Config, placements
from game.runrunrun.rules.maze import distances, open_doorways

from .support import C, E, FINAL, OPEN, bare, bits, ch, corridor, put, put_mask, tile_where, types


def test_setup_vault_cats_torches_hands_and_power_one():
    s = R.new_game(Config(3, "standard"), 7)
    assert s.tiles[FINAL] == s.tiles[OPEN] == E.VAULT_TILE
    assert s.pos == [OPEN, OPEN, OPEN]                    # every Catventurer on the open room
    assert s.supply == 5                                   # five Torches in the shared supply
    assert [len(h) for h in s.hands] == [C.START_HAND[3]] * 3
    assert len(s.deck) + sum(len(h) for h in s.hands) + len(s.discard) == 64
    assert len(s.regroup_stack) == 3 and len(s.door_stack) == 5 and len(s.sarc_stack) == 17
    assert s.mummies == {} and len(s.pile) == 4            # no Mummy awake at the start
    assert len(s.dice) == 1                                # Power 1: one Mummy die was rolled
    assert len(set(s.cats)) == 3                           # each player drew a different Catventurer


def test_a_tile_must_join_a_path_without_blocking_a_doorway():
    s = bare()
    dead_end = tile_where(strength=1)
    # the open room has doorways east (0), north-east (1) and south-east (5); west (3) is the relics
    opts = placements(s.masks, distances(s.masks, OPEN), C.TILES[dead_end].exits, 3)
    assert set(opts) == set(open_doorways(s.masks)) - {FINAL}
    assert (1, 1) in opts and (0, 1) not in opts           # (0,1) touches only walls: not on a path
    # a single-exit tile at (2,0) must face west, back into the open room
    assert opts[(2, 0)][1] == [3]


def test_a_rotation_that_walls_off_a_second_doorway_is_not_offered():
    s = bare()
    put_mask(s, (2, -1), bits(5, 4))        # a room north-east of the Vault with a doorway down to (2,0)
    # (2,0) now has doorways coming from the open room (west) and from (2,-1) (north-west side, dir 2)
    need = open_doorways(s.masks)[(2, 0)]
    assert need == bits(3, 2)
    straight = tile_where(exits=bits(0, 3))
    opts = placements(s.masks, distances(s.masks, OPEN), C.TILES[straight].exits, 9)
    assert (2, 0) not in opts                # a straight corridor cannot face both doorways


def test_explore_places_moves_the_cat_and_lights_the_room():
    t = tile_where(torch=False, symbol=None, sarcophagus=False, strength=2)
    s = bare(hands=[[t]])
    deck_before = len(s.deck)
    R.apply(s, ch("explore", t))
    cell = next(c for c in [(2, 0), (2, -1), (1, 1)] if ch("cell", *c) in R.legal_choices(s))
    R.apply(s, ch("cell", *cell))
    rot = R.legal_choices(s)[0]
    events = R.apply(s, rot)
    assert s.tiles[cell] == t and s.pos[0] == cell
    assert s.supply == 4                     # a room without a Torch symbol takes one from the supply
    assert "light" in types(events)
    assert len(s.deck) == deck_before - 1    # only the end-of-turn draw
    assert s.hands[0] == [s.hands[0][0]] and s.hands[0][0] != t


def test_a_room_with_a_torch_symbol_needs_no_torch():
    t = tile_where(torch=True, symbol=None, sarcophagus=False)
    s = bare(hands=[[t]])
    R.apply(s, ch("explore", t))
    R.apply(s, R.legal_choices(s)[0])
    R.apply(s, R.legal_choices(s)[0])
    assert s.supply == 5


def test_rooms_past_three_discard_from_the_draw_deck_not_the_hand():
    s = bare()
    far = corridor(s, 4)                     # (2,0)..(5,0): the end (5,0) is four rooms away
    s.masks[far[-1]] = bits(3, 0)           # open the corridor's end toward (6,0)
    keep = tile_where(torch=True, strength=2, sarcophagus=False, exclude=s.tiles.values())
    s.hands = [[keep]]
    s.deck = [t.id for t in C.TILES if t.id not in s.tiles.values() and t.id != keep][:5]
    deck = list(s.deck)
    R.apply(s, ch("explore", keep))
    assert ch("cell", 6, 0) in R.legal_choices(s)
    R.apply(s, ch("cell", 6, 0))
    R.apply(s, R.legal_choices(s)[0])
    assert s.pos[0] == (6, 0)
    assert s.discard == [deck[-1], deck[-2]]  # five rooms: two paid from the top of the draw deck
    assert s.hands[0] == [deck[-3]]           # then the end-of-turn draw; the hand paid nothing


def test_no_exploring_beyond_three_rooms_when_the_deck_is_empty():
    s = bare(deck=[])
    far = corridor(s, 4)
    s.masks[far[-1]] = bits(3, 0)
    t = tile_where(torch=True, strength=2, exclude=s.tiles.values())
    s.hands = [[t]]
    R.apply(s, ch("explore", t))
    assert ch("cell", 6, 0) not in R.legal_choices(s)
    assert ch("cell", 2, -1) in R.legal_choices(s)


def test_explore_just_to_move_and_still_draw():
    s = bare(deck=[20, 21])
    corridor(s, 2)
    R.apply(s, ch("move"))
    assert ch("to", 3, 0) in R.legal_choices(s) and ch("to", *FINAL) not in R.legal_choices(s)
    R.apply(s, ch("to", 3, 0))
    assert s.pos[0] == (3, 0) and s.hands[0] == [21]


def test_no_torch_left_adds_a_heart_to_the_top_mummy_card():
    t = tile_where(torch=False, symbol=None, sarcophagus=False)
    s = bare(hands=[[t]])
    s.supply = 0
    R.apply(s, ch("explore", t))
    R.apply(s, R.legal_choices(s)[0])
    events = R.apply(s, R.legal_choices(s)[0])
    assert "dark" in types(events) and s.top_hearts >= 1


def test_no_torch_and_no_mummy_card_left_moves_every_mummy_and_a_vault_mummy_curses():
    t = tile_where(torch=False, symbol=None, sarcophagus=False)
    s = bare(hands=[[t]])
    s.supply, s.pile = 0, []
    s.mummies = {2: [OPEN, 5]}
    R.apply(s, ch("explore", t))
    R.apply(s, R.legal_choices(s)[0])
    R.apply(s, R.legal_choices(s)[0])
    assert s.over and R.result(s).outcome == "lost" and R.result(s).cause == "darkness_curse"


def test_no_torch_and_no_card_moves_mummies_one_room_closer():
    t = tile_where(torch=False, symbol=None, sarcophagus=False)
    s = bare(hands=[[]], faces=["blank"])
    cells = corridor(s, 3)
    s.hands = [[t]]
    s.supply, s.pile = 0, []
    s.mummies = {4: [cells[-1], 5]}
    R.apply(s, ch("explore", t))
    R.apply(s, ch("cell", 2, -1))
    R.apply(s, R.legal_choices(s)[0])
    assert s.mummies[4][0] == cells[-2] and not s.over


def test_a_sarcophagus_room_draws_a_token():
    t = tile_where(sarcophagus=True)
    s = bare(hands=[[t]])
    R.apply(s, ch("explore", t))
    R.apply(s, R.legal_choices(s)[0])
    events = R.apply(s, R.legal_choices(s)[0])
    assert "sarc_draw" in types(events) and len(s.sarc[0]) == 1 and len(s.sarc_stack) == 16


def _token(kind):
    return next(i for i, t in enumerate(C.SARCOPHAGUS) if t["kind"] == kind)


def test_sarcophagus_tokens_torches_draw_and_draw_with_torch():
    s = bare(deck=[30, 31, 32, 33])
    s.sarc = [[_token("torches"), _token("draw"), _token("draw_torch")]]
    R.apply(s, ch("sarc", 0))
    assert s.supply == 5 + C.SARCOPHAGUS[_token("torches")]["n"]
    R.apply(s, ch("sarc", 0))
    assert s.hands[0] == [33, 32]
    R.apply(s, ch("sarc", 0))
    assert s.hands[0] == [33, 32, 31] and s.supply == 9
    assert s.phase == "action"               # tokens are used during the turn, then the action


def test_secret_passage_moves_anywhere_for_any_token():
    s = bare()
    cells = corridor(s, 5)
    s.sarc = [[_token("double")]]
    R.apply(s, ch("passage", 0))
    R.apply(s, ch("to", *cells[-1]))
    assert s.pos[0] == cells[-1] and s.sarc[0] == [] and s.phase == "action"


def test_a_revealed_sarcophagus_token_can_be_used_before_the_turns_draw():
    t = tile_where(sarcophagus=True)
    s = bare(hands=[[t]])
    s.sarc_stack = [_token("torches")]
    R.apply(s, ch("explore", t))
    R.apply(s, R.legal_choices(s)[0])
    R.apply(s, R.legal_choices(s)[0])
    assert s.phase == "post" and ch("sarc", 0) in R.legal_choices(s) and ch("end") in R.legal_choices(s)
    supply = s.supply
    R.apply(s, ch("sarc", 0))
    assert s.supply == supply + 3 and s.sarc[0] == [] and s.turn == 1   # then the draw and the next turn
