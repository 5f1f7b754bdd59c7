"""Invariants over many random races: no card is ever lost or made, robots stay on the board."""
import random

from hypothesis import given, settings, strategies as st

from game.roborally import rules as R
from game.roborally.rules import content as C
from game.roborally.tools.samples import PRACTICE_COURSE
from game.roborally.rules.engine import make_config


def program_cards(r):
    return r.deck + r.hand + r.discard + [c for c in r.regs if c is not None] + r.extra


def check(s):
    base = sum(C.PROGRAMMING_DECK.values())
    damage_total = sum(C.DAMAGE_DECK.values())
    spam_out = 0
    haywire_out = 0
    for r in s.robots:
        cards = program_cards(r)
        assert len([c for c in cards if c != "spam"]) == base
        spam_out += cards.count("spam")
        haywire_out += sum(h is not None for h in r.haywire) + len(r.cc_pending)
        assert s.board.inside(r.x, r.y) and not s.board.is_pit(r.x, r.y)
        assert len(r.perm) <= 3 and len(r.temp) <= 3 and 0 <= r.energy <= 10
    assert len(s.damage_deck) + len(s.damage_discard) + spam_out + haywire_out == damage_total
    assert len({(r.x, r.y) for r in s.robots}) == len(s.robots)          # never two on one square
    ups = sum(len(r.perm) + len(r.temp) + len(r.owned) for r in s.robots)
    ups += len(s.upgrade_deck) + len(s.upgrade_discard)
    assert ups == sum(u["copies"] for u in C.UPGRADES.values())


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.integers(2, 6))
def test_cards_are_conserved_and_robots_stay_on_the_board(seed, players):
    s = R.new_game(make_config(PRACTICE_COURSE, players, 4), seed)
    rng = random.Random(seed)
    while not R.is_over(s):
        R.apply(s, rng.choice(R.legal_choices(s)))
        check(s)


PERMS = ["indirect_fire", "controlled_chaos", "mirror", "leaching", "double_barrel", "rear_laser", "ram_gear",
         "firewall", "hover_unit"]


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.integers(2, 6))
def test_invariants_hold_with_every_upgrade_in_play(seed, players):
    s = R.new_game(make_config(PRACTICE_COURSE, players, 4), seed)
    rng = random.Random(seed)
    for r in s.robots:
        r.perm = rng.sample(PERMS, 3)
        r.temp = ["stun", "recharge", "spam_blocker"]
        r.energy = 8
    # upgrades handed out here are extra copies: from now on none may appear or vanish
    copies = sum(len(r.perm) + len(r.temp) for r in s.robots) + len(s.upgrade_deck)
    while not R.is_over(s):
        R.apply(s, rng.choice(R.legal_choices(s)))
        base = sum(C.PROGRAMMING_DECK.values())
        for r in s.robots:
            assert len([c for c in program_cards(r) if c != "spam"]) == base
            assert s.board.inside(r.x, r.y)
        assert len({(r.x, r.y) for r in s.robots}) == len(s.robots)
        ups = sum(len(r.perm) + len(r.temp) + len(r.owned) for r in s.robots)
        assert ups + len(s.upgrade_deck) + len(s.upgrade_discard) == copies
