"""Run Run Run! rulebook: 'Mummies' Actions', 'Mummy abilities & Penalty effects', 'The Mummies'."""
from game.runrunrun import rules as R

from .support import C, E, FINAL, OPEN, bare, bits, ch, corridor, put_mask, start_turn, types


def test_power_one_rolls_one_die_and_a_blank_does_nothing():
    s = bare()
    cells = corridor(s, 3)
    s.mummies = {4: [cells[-1], 5]}
    events = start_turn(s, ["blank"])
    assert len(s.dice) == 1 and s.mummies[4][0] == cells[-1] and s.top_hearts == 0
    assert s.phase == "action" and "mummy_roll" in types(events)


def test_each_mummy_symbol_moves_every_mummy_one_room_and_places_a_heart():
    s = bare()
    cells = corridor(s, 4)
    s.pile = [1, 2]
    s.mummies = {4: [cells[-1], 5]}
    start_turn(s, ["mummy"])
    assert s.mummies[4][0] == cells[-2] and s.top_hearts == 1


def test_mummies_take_the_shortest_way_and_the_active_player_breaks_ties():
    s = bare()
    # two equal ways from (3,-1) to the open room: through (2,0) and through (2,-1)
    put_mask(s, (2, 0), bits(3, 1))          # west to the open room, north-east to (3,-1)
    put_mask(s, (2, -1), bits(4, 0))         # south-west to the open room, east to (3,-1)
    put_mask(s, (3, -1), bits(4, 3))         # to (2,0) and to (2,-1)
    s.mummies = {4: [(3, -1), 5]}
    start_turn(s, ["mummy"])
    assert s.phase == "mummy_path"
    assert sorted(R.legal_choices(s), key=repr) == sorted([ch("to", 2, -1), ch("to", 2, 0)], key=repr)
    R.apply(s, ch("to", 2, -1))
    assert s.mummies[4][0] == (2, -1) and s.phase == "action"


def test_shortest_way_ignores_longer_routes():
    s = bare()
    cells = corridor(s, 3)                   # (2,0) (3,0) (4,0)
    put_mask(s, (2, -1), bits(4, 0))         # a loop: open room -> (2,-1) -> (3,-1) -> (3,0)
    put_mask(s, (3, -1), bits(3, 5))
    s.masks[(3, 0)] = bits(0, 3, 2)
    s.mummies = {4: [(3, -1), 5]}
    start_turn(s, ["mummy"])
    assert s.mummies[4][0] == (2, -1)        # two rooms to go that way, not three via (3,0)


def test_a_mummy_entering_the_vault_stops_for_the_rest_of_the_turn():
    s = bare()
    cells = corridor(s, 3)
    s.pile = [4, 1]
    s.mummies = {3: [cells[0], 5]}           # Mummy 3 also has an extra move
    start_turn(s, ["mummy"])
    assert s.mummies[3][0] == OPEN and not s.over


def test_a_mummy_that_moves_again_from_the_vault_reaches_the_relics():
    s = bare()
    corridor(s, 2)
    s.mummies = {4: [OPEN, 5]}
    events = start_turn(s, ["mummy"])
    assert s.over and R.result(s).outcome == "lost" and R.result(s).winners == ()
    assert {"type": "mummy_move", "mummy": 4, "frm": list(OPEN), "to": list(FINAL)} in events


def test_the_fifth_heart_wakes_the_top_mummy_and_extra_hearts_go_to_the_next_card():
    s = bare(hands=[[1, 2]])
    corridor(s, 3)
    s.pile = [4, 3]
    s.top_hearts = 4
    # Mummy 4 wakes: placed by the active player, then one random tile and two Torches are lost
    start_turn(s, ["mummy"])
    assert s.phase == "place_mummy" and ch("to", 4, 0) in R.legal_choices(s)
    assert ch("to", *FINAL) not in R.legal_choices(s)
    R.apply(s, ch("to", 4, 0))
    assert s.mummies[4] == [(4, 0), 5] and s.pile == [3] and s.top_hearts == 0
    assert len(s.hands[0]) == 1 and s.supply == 3


def test_hearts_beyond_the_fifth_go_onto_the_next_card():
    s = bare()
    corridor(s, 2)
    s.pile = [4, 3]
    s.top_hearts = 4
    s.phase, s.ctx, s.tasks = None, {}, [("heart", 3), ("action",)]
    E._run(s, [])
    R.apply(s, ch("to", 3, 0))
    assert s.pile == [3] and s.top_hearts == 2


def test_mummy_one_discards_a_tile_and_adds_a_die():
    s = bare(players=2, hands=[[1, 2], [3]])
    corridor(s, 2)
    s.pile, s.top_hearts = [1], 4
    start_turn(s, ["mummy"])
    R.apply(s, ch("to", 3, 0))
    assert s.phase == "discard_from"         # the group decides who discards the random tile
    R.apply(s, ch("discard_from", 1))
    assert s.hands == [[1, 2], []] and s.discard == [3]
    start_turn(s, ["blank", "blank"])
    assert len(s.dice) == 2                  # Power 2 while Mummy 1 is active


def test_mummy_two_rolls_an_extra_die_and_moves_one_extra_room():
    s = bare()
    cells = corridor(s, 4)
    s.mummies = {2: [cells[-1], 5]}
    start_turn(s, ["blank", "blank"])
    assert len(s.dice) == 2
    assert s.mummies[2][0] == cells[-2]     # the arrow: one room even with no Mummy symbol


def test_mummy_three_moves_one_extra_room_after_the_dice():
    s = bare()
    cells = corridor(s, 4)
    s.mummies = {3: [cells[-1], 5]}
    start_turn(s, ["mummy"])
    assert len(s.dice) == 1 and s.mummies[3][0] == cells[-3]


def test_mummy_four_burns_two_torches_and_a_tile_when_it_wakes():
    s = bare(hands=[[5]])
    corridor(s, 2)
    s.pile, s.top_hearts, s.supply = [4], 4, 1
    start_turn(s, ["mummy"])
    R.apply(s, ch("to", 3, 0))
    assert s.supply == 0 and s.hands == [[]]   # as close to the number as possible


def test_no_new_mummy_card_means_hearts_are_lost():
    s = bare()
    corridor(s, 2)
    s.pile = []
    start_turn(s, ["mummy"])
    assert s.top_hearts == 0 and s.mummies == {}


def test_mummy_cards_are_the_rulebook_cards():
    assert [C.MUMMIES[i]["extra_die"] for i in (1, 2, 3, 4)] == [1, 1, 0, 0]
    assert [C.MUMMIES[i]["extra_move"] for i in (1, 2, 3, 4)] == [0, 1, 1, 0]
    assert [C.MUMMIES[i]["wake_discard_tiles"] for i in (1, 2, 3, 4)] == [1, 0, 1, 1]
    assert C.MUMMIES[4]["wake_discard_torches"] == 2
    assert [C.BOSSES[b]["hearts"] for b in (10, 11, 12)] == [12, 13, 16]
    assert [C.BOSSES[b]["extra_move"] for b in (10, 11, 12)] == [2, 1, 1]
    assert [C.BOSSES[b]["wake_discard_tiles"] for b in (10, 11, 12)] == [0, 4, 2]
    assert [C.BOSSES[b]["no_ability"] for b in (10, 11, 12)] == [True, False, False]
    assert all(C.BOSSES[b]["no_lure"] for b in (10, 11, 12))


def test_the_boss_moves_two_extra_rooms():
    s = bare()
    cells = corridor(s, 5)
    s.boss_awake, s.pile = True, []
    s.mummies = {10: [cells[-1], 12]}
    start_turn(s, ["mummy"])
    assert s.mummies[10][0] == cells[-4]
