"""Run Run Run! rulebook: 'Player Action - Fight', 'The Catventurers', 'The Boss Mummies', 'End of the Game'."""
import pytest

from .support import C, E, OPEN, R, bare, ch, corridor, tile_where


def _fighter(cat=0, hand_strengths=(2, 4), faces=(), mummies=None, boss=False, players=1):
    s = bare(players=players, faces=faces)
    cells = corridor(s, 4)                          # (2,0) (3,0) (4,0) (5,0)
    hand = []
    for n in hand_strengths:
        hand.append(tile_where(exclude=set(s.tiles.values()) | set(hand), strength=n))
    s.hands[0] = list(hand)
    s.deck = [t for t in s.deck if t not in hand and t not in s.tiles.values()]
    s.cats[0] = cat
    s.mummies = mummies if mummies is not None else {4: [cells[1], 5]}
    if boss:
        s.boss_awake, s.pile = True, []
    return s, cells, hand


def test_fight_moves_to_a_mummy_and_dice_are_the_exits_of_discarded_tiles_max_six():
    s, cells, hand = _fighter(hand_strengths=(2, 3, 4))
    R.apply(s, ch("fight"))
    assert R.legal_choices(s) == [ch("to", *cells[1])]
    R.apply(s, ch("to", *cells[1]))
    R.apply(s, ch("commit", hand[0]))
    assert s.ctx["dice"] == 2
    R.apply(s, ch("commit", hand[2]))
    assert s.ctx["dice"] == 6 and ch("commit", hand[1]) not in R.legal_choices(s)
    assert s.discard[-2:] == [hand[0], hand[2]]


def test_a_fight_stops_at_the_first_mummy_on_the_way():
    s, cells, _ = _fighter(mummies={4: [cells_(1), 5], 3: [cells_(3), 5]})
    R.apply(s, ch("fight"))
    assert R.legal_choices(s) == [ch("to", *cells[1])]


def cells_(i):
    return (2 + i, 0)


def test_hits_remove_hearts_and_the_last_heart_eliminates_to_the_bottom_of_the_pile():
    s, cells, hand = _fighter(hand_strengths=(6,), faces=["hit"] * 5 + ["draw"], mummies={1: [(3, 0), 5]})
    s.pile = [2, 3, 4]
    s.supply = 0                                     # no torches: no reroll step
    R.apply(s, ch("fight"))
    R.apply(s, ch("to", 3, 0))
    R.apply(s, ch("commit", hand[0]))
    events = R.apply(s, ch("roll"))
    assert {"type": "eliminated", "mummy": 1} in events
    assert 1 not in s.mummies and s.pile == [2, 3, 4, 1]
    assert E.power(s) == 1                            # its extra die is gone again


def test_torch_rerolls_once_then_apply_the_result():
    s, cells, hand = _fighter(hand_strengths=(2,), faces=["lure", "draw", "hit", "hit"], mummies={4: [(3, 0), 5]})
    R.apply(s, ch("fight"))
    R.apply(s, ch("to", 3, 0))
    R.apply(s, ch("commit", hand[0]))
    R.apply(s, ch("roll"))
    assert s.combat == ["lure", "draw"] and s.phase == "fight_reroll"
    assert ch("reroll", 3) in R.legal_choices(s)
    R.apply(s, ch("reroll", 3))
    assert s.supply == 3 and s.mummies[4][1] == 3


def test_rerolls_cost_one_torch_per_die():
    s, _, hand = _fighter(hand_strengths=(3,), faces=["draw", "draw", "draw"])
    s.supply = 1
    R.apply(s, ch("fight"))
    R.apply(s, ch("to", 3, 0))
    R.apply(s, ch("commit", hand[0]))
    R.apply(s, ch("roll"))
    assert sorted(c.args[0] for c in R.legal_choices(s) if c.kind == "reroll") == [1, 2, 4]


def test_damage_is_split_as_the_fighter_wishes_between_mummies_in_the_room():
    s, _, hand = _fighter(hand_strengths=(3,), faces=["hit", "hit", "hit"], mummies={3: [(3, 0), 2], 4: [(3, 0), 5]})
    s.supply = 0
    R.apply(s, ch("fight"))
    R.apply(s, ch("to", 3, 0))
    R.apply(s, ch("commit", hand[0]))
    R.apply(s, ch("roll"))
    assert s.phase == "hit" and s.ctx["left"] == 3
    R.apply(s, ch("hit", 4))
    R.apply(s, ch("hit", 3))
    R.apply(s, ch("hit", 3))
    assert s.mummies == {4: [(3, 0), 4]}


def test_a_draw_face_draws_a_room_tile():
    s, _, hand = _fighter(hand_strengths=(1,), faces=["draw"])
    s.supply = 0
    deck_top = s.deck[-1]
    R.apply(s, ch("fight"))
    R.apply(s, ch("to", 3, 0))
    R.apply(s, ch("commit", hand[0]))
    R.apply(s, ch("roll"))
    assert deck_top in s.hands[0]


@pytest.mark.parametrize("cat, check", [
    (0, lambda s, before: len(s.hands[0]) == 2),                # draws a Room tile (+ end-of-turn draw)
    (1, lambda s, before: len(s.sarc[0]) == 1),                 # draws a Sarcophagus token
    (2, lambda s, before: s.supply == before + 1),              # adds a Torch
    (3, lambda s, before: s.mummies[4][1] == 4),                # one extra damage
])
def test_each_catventurers_special_ability(cat, check):
    s, _, hand = _fighter(cat=cat, hand_strengths=(1,), faces=["ability"])
    s.supply = 0
    R.apply(s, ch("fight"))
    R.apply(s, ch("to", 3, 0))
    R.apply(s, ch("commit", hand[0]))
    R.apply(s, ch("roll"))
    assert check(s, 0)


def test_the_twelve_heart_boss_cancels_question_marks():
    s, _, hand = _fighter(cat=3, hand_strengths=(1,), faces=["ability"], mummies={10: [(3, 0), 12]}, boss=True)
    s.supply = 0
    R.apply(s, ch("fight"))
    R.apply(s, ch("to", 3, 0))
    R.apply(s, ch("commit", hand[0]))
    R.apply(s, ch("roll"))
    assert s.mummies[10][1] == 12


def test_a_lure_moves_the_cat_and_the_mummy_away_from_the_vault():
    s, cells, hand = _fighter(hand_strengths=(1,), faces=["lure"])
    s.supply = 0
    R.apply(s, ch("fight"))
    R.apply(s, ch("to", 3, 0))
    R.apply(s, ch("commit", hand[0]))
    R.apply(s, ch("roll"))
    assert R.legal_choices(s) == [ch("lure", 4, 4, 0), ch("no_lure")]   # away: never toward (2,0)
    R.apply(s, ch("lure", 4, 4, 0))
    assert s.mummies[4][0] == (4, 0) and s.pos[0] == (4, 0)


def test_a_boss_cannot_be_lured():
    s, _, hand = _fighter(hand_strengths=(1,), faces=["lure"], mummies={11: [(3, 0), 13]}, boss=True)
    s.supply = 0
    R.apply(s, ch("fight"))
    R.apply(s, ch("to", 3, 0))
    R.apply(s, ch("commit", hand[0]))
    events = R.apply(s, ch("roll"))
    assert "lure" not in [e["type"] for e in events] and s.mummies[11][1] == 13


def test_sarcophagus_double_and_plus_one_damage_before_the_attack():
    s, _, hand = _fighter(hand_strengths=(1,), faces=["hit"], mummies={4: [(3, 0), 5]})
    s.supply = 0
    s.sarc[0] = [next(i for i, t in enumerate(C.SARCOPHAGUS) if t["kind"] == "double"),
                 next(i for i, t in enumerate(C.SARCOPHAGUS) if t["kind"] == "plus")]
    R.apply(s, ch("fight"))
    R.apply(s, ch("to", 3, 0))
    R.apply(s, ch("commit", hand[0]))
    R.apply(s, ch("boost", 0))
    R.apply(s, ch("boost", 0))
    R.apply(s, ch("roll"))
    assert s.mummies[4][1] == 5 - (1 + 1) * 2


def test_win_when_the_boss_is_awake_and_every_mummy_is_eliminated():
    s, _, hand = _fighter(hand_strengths=(6,), faces=["hit"] * 6, mummies={10: [(3, 0), 3]}, boss=True)
    s.supply = 0
    s.regroup_stack = [0, 1]
    R.apply(s, ch("fight"))
    R.apply(s, ch("to", 3, 0))
    R.apply(s, ch("commit", hand[0]))
    R.apply(s, ch("roll"))
    res = R.result(s)
    assert s.over and res.outcome == "won" and res.winners == (0,) and res.cause == "gold"
    assert R.legal_choices(s) == []


def test_eliminating_every_mummy_before_the_boss_wakes_is_not_a_win():
    s, _, hand = _fighter(hand_strengths=(6,), faces=["hit"] * 6, mummies={4: [(3, 0), 2]})
    s.supply = 0
    R.apply(s, ch("fight"))
    R.apply(s, ch("to", 3, 0))
    R.apply(s, ch("commit", hand[0]))
    R.apply(s, ch("roll"))
    assert not s.over and s.mummies == {}


def test_rulebook_example_three_and_two_exits_roll_five_dice():
    s, cells, hand = _fighter(hand_strengths=(3, 2))
    R.apply(s, ch("fight"))
    R.apply(s, ch("to", *cells[1]))
    R.apply(s, ch("commit", hand[0]))
    R.apply(s, ch("commit", hand[1]))
    R.apply(s, ch("roll"))
    assert len(s.combat) == 5
