"""The hard AI's look-ahead over the Boss's run for the Vault (game/runrunrun/ai/boss.py): the
Boss moves on every Catventurer's turn and the table gets one fight per turn in which a
Catventurer can reach it (Run Run Run! rulebook, 'The Boss Mummies', 'Mummies' Actions')."""
from game.runrunrun.ai import make_player
from game.runrunrun.ai.boss import BossLookAhead, MEAN_STRENGTH
from game.runrunrun.rules.maze import vault_distances

from .support import FINAL, R, bare, bits, ch, room

BOSS_12 = 10            # the 12-Heart Boss: two extra rooms a turn


def _two_corridors(long: int, short: int):
    """A corridor of `long` rooms east of the Vault's open room and one of `short` rooms south-east
    of it (both from its doorways). Returns (state, east cells, south cells)."""
    s = bare(2, hands=[[], []])
    east, south = [], []
    for i in range(long):
        cell = (2 + i, 0)
        room(s, cell, bits(3) if i == long - 1 else bits(0, 3))
        east.append(cell)
    for i in range(short):
        cell = (1, 1 + i)
        room(s, cell, bits(2) if i == short - 1 else bits(2, 5))
        south.append(cell)
    return s, east, south


def _odds(s, boss_cell, seat=0):
    view = R.seat_view(s, seat)
    look = BossLookAhead(view, vault_distances(view.masks))
    hands = [4 * MEAN_STRENGTH] * view.players
    return look.chance(BOSS_12, boss_cell, list(view.pos), hands, (seat + 1) % view.players)


def test_a_boss_placed_further_out_is_beaten_more_often():
    s, east, _ = _two_corridors(9, 1)
    assert _odds(s, east[8]) > _odds(s, east[3]) > _odds(s, east[0])


def test_a_table_with_torches_for_rerolls_beats_the_boss_more_often():
    s, east, _ = _two_corridors(8, 1)
    s.supply = 0
    dark = _odds(s, east[7])
    s.supply = 6
    assert _odds(s, east[7]) > dark


def test_the_ai_places_the_boss_where_the_table_can_fight_it_not_just_furthest_out():
    """Both Catventurers stand at the end of the south corridor (7 rooms); the east one is a room
    deeper but nobody could reach a Boss there before it is at the Vault's door. The AI that woke
    it puts it on their corridor, where both get a fight (it used to take the furthest room)."""
    s, east, south = _two_corridors(8, 7)
    s.pos = [south[-1], south[-1]]
    s.hands = [[t for t in s.deck[:5]], [t for t in s.deck[5:10]]]
    s.boss_awake = True
    s.phase, s.ctx = "place_mummy", {"mid": BOSS_12, "options": sorted(c for c in s.tiles if c != FINAL)}
    options = R.legal_choices(s)
    assert ch("to", *east[-1]) in options
    assert _odds(s, south[-1]) > _odds(s, east[-1])
    pick = make_player("hard", 1).choose(R.seat_view(s, 0), options)
    assert (pick.args[0], pick.args[1]) in south
