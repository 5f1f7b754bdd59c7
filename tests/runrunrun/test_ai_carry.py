"""The hard AI carrying partners who say no plan (random players, or humans who keep quiet).

Each test sets up a position, asks the AI, and checks it does the carrying thing with a silent
partner and the team thing with a partner who has said its plan (Run Run Run! rulebook,
'A Few Words About Cooperating': intentions may be said, tiles never shown).
"""
from game.runrunrun.ai import make_player
from game.runrunrun.ai.player import SAY_WANT

from .support import C, E, OPEN, R, bare, ch, corridor, tile_where


def _table(partner_talks: bool, my_hand, partner_hand=(), turn: int = 2, deck=None) -> E.State:
    """Two seats, seat 0 (the hard AI) to act on its second turn; seat 1 has played once."""
    s = bare(2, hands=[list(my_hand), list(partner_hand)], deck=deck)
    s.turn = turn
    s.talked = {"say", "mark"}          # the AI's table talk is not what these tests look at
    if partner_talks:
        s.said[1] = SAY_WANT
    return s


def _hand(strength: int, *first) -> list:
    """`first` plus symbol-less, torch-lit tiles of three or four exits up to that Combat Strength."""
    hand = list(first)
    spare = [t.id for t in C.TILES if t.strength in (3, 4) and t.symbol is None and t.torch and t.id not in hand]
    while sum(C.TILES[t].strength for t in hand) < strength:
        hand.append(spare.pop(0))
    return hand


def _double_token() -> int:
    return next(i for i, t in enumerate(C.SARCOPHAGUS) if t["kind"] == "double")


def _fight_commit(partner_talks: bool, mummy_cell) -> tuple:
    s = _table(partner_talks, _hand(6))
    corridor(s, 2)
    s.mummies = {4: [mummy_cell, 5]}
    s.sarc[0] = [_double_token()]
    ai = make_player("hard", 1)
    while s.phase != "fight_commit":
        c = ai.choose(R.seat_view(s, 0), R.legal_choices(s))
        assert c.kind in ("fight", "to"), c
        R.apply(s, c)
    return s, ai, ai.choose(R.seat_view(s, 0), R.legal_choices(s))


def test_carrying_it_keeps_double_damage_for_the_boss():
    s, ai, pick = _fight_commit(False, (3, 0))
    assert pick != ch("boost", 0)


def test_with_a_partner_who_talks_double_damage_goes_on_the_mummy():
    s, ai, pick = _fight_commit(True, (3, 0))
    assert pick == ch("boost", 0)


def test_carrying_it_spends_double_damage_on_a_mummy_at_the_vaults_door():
    s, ai, pick = _fight_commit(False, OPEN)
    assert pick == ch("boost", 0)


def _give_phase(partner_talks: bool, turn: int = 2) -> E.State:
    s = _table(partner_talks, _hand(12), partner_hand=[tile_where(strength=1)], turn=turn)
    pool = [t.id for t in C.TILES if t.strength == 4][:2]
    s.deck = [t for t in s.deck if t not in pool]
    s.pool, s.members = pool, [0, 1]
    s.phase, s.ctx = "give", {}
    return s


def test_carrying_it_takes_the_regroup_pool_into_its_own_hand():
    s = _give_phase(False)
    pick = make_player("hard", 1).choose(R.seat_view(s, 0), R.legal_choices(s))
    assert pick.kind == "give" and pick.args[1] == 0


def test_with_a_partner_who_talks_the_pool_goes_to_the_short_hand():
    s = _give_phase(True)
    pick = make_player("hard", 1).choose(R.seat_view(s, 0), R.legal_choices(s))
    assert pick.kind == "give" and pick.args[1] == 1


def test_a_partner_who_has_not_had_a_turn_yet_is_not_judged():
    s = _give_phase(False, turn=0)
    pick = make_player("hard", 1).choose(R.seat_view(s, 0), R.legal_choices(s))
    assert pick.args[1] == 1


def test_carrying_it_has_a_silent_partner_pay_a_random_discard():
    s = _table(False, _hand(12), partner_hand=[tile_where(strength=1)])
    s.phase, s.ctx = "discard_from", {"options": [0, 1]}
    assert make_player("hard", 1).choose(R.seat_view(s, 0), R.legal_choices(s)) == ch("discard_from", 1)
    s.said[1] = SAY_WANT
    assert make_player("hard", 1).choose(R.seat_view(s, 0), R.legal_choices(s)) == ch("discard_from", 0)


def _passage_offer(partner_talks: bool) -> E.State:
    """A Mummy one room from the Vault, four rooms from me with no draw deck to pay the way: only the
    secret passage (discarding my one token, a double damage) reaches it this turn."""
    s = _table(partner_talks, _hand(6), deck=[])
    cells = corridor(s, 5)
    s.pos[0] = cells[-1]
    s.mummies = {4: [cells[0], 5]}
    s.sarc[0] = [_double_token()]
    return s


def test_carrying_it_does_not_spend_double_damage_on_a_secret_passage_to_a_mummy():
    s = _passage_offer(False)
    assert make_player("hard", 1).choose(R.seat_view(s, 0), R.legal_choices(s)).kind != "passage"


def test_with_a_partner_who_talks_it_takes_the_passage():
    s = _passage_offer(True)
    assert make_player("hard", 1).choose(R.seat_view(s, 0), R.legal_choices(s)) == ch("passage", 0)
