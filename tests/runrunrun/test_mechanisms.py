"""Run Run Run! rulebook: 'Player Action - Explore', B - mechanisms; Door Mechanisms wake the Boss."""
import pytest

from .support import C, E, R, bare, bits, ch, play_tile, room, start_turn, tile_where


def _two_symbols(s, a, b):
    """(2,-1) with symbol a and (3,-1) with symbol b, joined to the open room; (2,0) stays free."""
    room(s, (2, -1), bits(4, 0), symbol=a)
    room(s, (3, -1), bits(3), symbol=b)


def _hand_tile(s, symbol, **more):
    used = set(s.tiles.values())
    t = tile_where(exclude=used, symbol=symbol, **more)
    s.hands[0] = [t]
    if t in s.deck:
        s.deck.remove(t)
    return t


def test_three_different_symbols_trigger_a_door_mechanism_and_its_penalty():
    s = bare(players=2, hands=[[], [40, 41]], faces=["blank"])
    _two_symbols(s, "ankh", "eye")
    t = _hand_tile(s, "scarab")
    s.door_stack = [0]                             # penalty: discard two random Room tiles
    events = play_tile(s, t, (2, 0))
    assert any(e["type"] == "door_token" for e in events) and s.doors_done == 1
    assert s.door_used == {(2, 0), (2, -1), (3, -1)}
    # the group spreads the random discards: seat 0 has no tile left, so seat 1 pays both
    assert s.hands[1] == [] and sorted(s.discard) == [40, 41]


def test_door_penalty_torches_and_hearts():
    s = bare(faces=["blank"])
    _two_symbols(s, "eye", "scarab")
    t = _hand_tile(s, "ankh", torch=True)
    s.door_stack = [2]                             # add two Hearts to the next Mummy
    play_tile(s, t, (2, 0))
    assert s.top_hearts == 2
    s2 = bare(faces=["blank"])
    _two_symbols(s2, "eye", "scarab")
    t = _hand_tile(s2, "ankh", torch=True)
    s2.door_stack = [1]                            # discard two Torches
    play_tile(s2, t, (2, 0))
    assert s2.supply == 3


def test_a_room_serves_only_one_door_mechanism():
    s = bare(faces=["blank", "blank"])
    _two_symbols(s, "ankh", "eye")
    t = _hand_tile(s, "scarab", torch=True)
    play_tile(s, t, (2, 0))
    assert s.doors_done == 1
    # a second triangle (2,0)-(3,-1)-(3,0) reuses two door rooms: no Door Mechanism
    s.masks[(2, 0)] |= bits(0)
    t2 = tile_where(exclude=set(s.tiles.values()) | set(s.hands[0]), symbol="ankh", torch=True)
    s.hands[0] = [t2]
    s.deck = [d for d in s.deck if d != t2]
    start_turn(s, ["blank"])
    events = play_tile(s, t2, (3, 0))
    assert s.doors_done == 1 and not any(e["type"] == "door_token" for e in events)


def test_three_identical_symbols_give_five_torches_once_per_room():
    s = bare(faces=["blank"])
    _two_symbols(s, "eye", "eye")
    t = _hand_tile(s, "eye", torch=True)
    events = play_tile(s, t, (2, 0))
    assert any(e["type"] == "torch_mechanism" for e in events)
    assert s.supply == 10 and s.torch_left == 4 and s.torch_used == {(2, 0), (2, -1), (3, -1)}
    assert s.doors_done == 0


def test_no_torch_mechanism_left_means_no_cache():
    s = bare(faces=["blank"])
    _two_symbols(s, "eye", "eye")
    t = _hand_tile(s, "eye", torch=True)
    s.torch_left = 0
    play_tile(s, t, (2, 0))
    assert s.supply == 5


@pytest.mark.parametrize("difficulty, needed", [("standard", 3), ("difficult", 4), ("insane", 5)])
def test_the_boss_wakes_after_the_difficultys_door_count(difficulty, needed):
    s = bare(difficulty=difficulty, faces=["blank"])
    _two_symbols(s, "ankh", "eye")
    t = _hand_tile(s, "scarab", torch=True)
    s.doors_done = 2
    s.top_hearts = 3
    s.door_stack = [1]
    play_tile(s, t, (2, 0))
    if needed == 3:
        assert s.boss_awake and s.phase == "place_mummy"
        assert s.pile == [] and s.top_hearts == 0     # inactive Mummy cards leave, hearts and all
    else:
        assert not s.boss_awake and s.doors_done == 3


def test_the_boss_is_placed_with_its_hearts_and_no_new_mummy_enters():
    s = bare(hands=[[]], faces=["blank"])
    _two_symbols(s, "ankh", "eye")
    t = _hand_tile(s, "scarab", torch=True)
    s.doors_done, s.door_stack, s.boss_card = 2, [1], 12
    s.hands[0] += [50, 51, 52]
    play_tile(s, t, (2, 0))
    events = R.apply(s, ch("to", 3, -1))
    assert {"type": "mummy_placed", "mummy": 12, "cell": [3, -1], "hearts": 16} in events
    assert len(s.hands[0]) == 1 + 1               # Boss 16 burns two random tiles, then the turn's draw
    start_turn(s, ["mummy"])
    assert set(s.mummies) == {12} and s.top_hearts == 0


def test_rulebook_example_a_later_room_b_reusing_two_torch_rooms_finds_no_new_cache():
    s = bare(faces=["blank", "blank"])
    _two_symbols(s, "eye", "eye")
    t = _hand_tile(s, "eye", torch=True)
    play_tile(s, t, (2, 0))                        # room A: five torches
    assert s.torch_left == 4
    s.masks[(2, 0)] |= bits(0)                     # a doorway toward B = (3,0), next to (2,0) and (3,-1)
    t2 = tile_where(exclude=set(s.tiles.values()) | set(s.hands[0]), symbol="eye", torch=True)
    s.hands[0] = [t2]
    s.deck = [d for d in s.deck if d != t2]
    start_turn(s, ["blank"])
    supply = s.supply
    events = play_tile(s, t2, (3, 0))
    assert not any(e["type"] == "torch_mechanism" for e in events)
    assert s.torch_left == 4 and s.supply == supply


def test_a_door_mechanism_room_can_also_serve_a_torch_mechanism():
    s = bare(faces=["blank", "blank"])
    _two_symbols(s, "ankh", "eye")
    t = _hand_tile(s, "scarab", torch=True)
    play_tile(s, t, (2, 0))
    assert s.doors_done == 1 and (3, -1) in s.door_used
    room(s, (4, -1), bits(3), symbol="eye")
    s.masks[(3, -1)] |= bits(0)
    s.masks[(2, 0)] |= bits(0)
    t2 = tile_where(exclude=set(s.tiles.values()) | set(s.hands[0]), symbol="eye", torch=True)
    s.hands[0] = [t2]
    s.deck = [d for d in s.deck if d != t2]
    start_turn(s, ["blank"])
    events = play_tile(s, t2, (3, 0))
    tm = [e for e in events if e["type"] == "torch_mechanism"]
    assert tm and sorted(map(tuple, tm[0]["cells"])) == [(3, -1), (3, 0), (4, -1)]
