"""Random legal games in every mode keep the rulebook's invariants after every apply."""
from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from game.robomissions.rules import engine as E

MODES = [("ffa", 2), ("ffa", 3), ("ffa", 4), ("2v1", 3), ("2v2", 4)]


def _zones(s: E.GameState) -> list[int]:
    cards = s.deck + s.discard + s.used + [u for p in s.players for u in p.hand]
    for r in s.robots.values():
        cards += list(r.parts.values()) + [u for u in (r.shield, r.battery) if u is not None]
    return sorted(cards)


def _play(mode: str, n: int, seed: int, check) -> list:
    """Play a whole random game (ending turns rarely, so games get long); return all events."""
    s = E.new_game(E.Config(mode, n), seed)
    rng = random.Random(seed)
    log = list(s.setup_events)
    while not s.is_over:
        legal = E.legal_choices(s)
        assert legal
        busy = [a for a in legal if not isinstance(a, (E.EndTurn, E.Cancel))]
        action = rng.choice(busy) if busy and rng.random() < 0.9 else rng.choice(legal)
        before = (s.current, s.players[s.current].turns_taken, set(s.attacked))
        events = E.apply(s, action)
        check(s, before, events)
        log += events
    return log


def _invariants(s: E.GameState, before, events) -> None:
    seat, turns_taken, attacked_before = before
    assert _zones(s) == list(range(len(s.cards))), "every card is in exactly one place"
    for e in events:
        if e.kind == "attacked":
            assert turns_taken > 0, "no attack on a first turn"
            assert e.robot not in attacked_before, "a robot attacks at most once a turn"
        if e.kind == "turn_ended":
            assert len(s.players[e.player].hand) <= E.hand_limit(s, e.player), "hand limit at end of turn"
    for p in s.players:
        assert p.alive == bool(p.robot_ids()) or s.is_over
        assert all(s.robots[r].owner == p.seat for r in p.robot_ids())
        assert not p.chain or (p.chain[0] is not None and p.chain[-1] is not None), "gaps only inside a chain"
    for r in s.robots.values():
        assert 0 <= r.damage < E.robot_hp(s, r), "damage >= HP means knocked out"
    if s.is_over:
        assert s.winners and E.legal_choices(s) == []


@settings(max_examples=6, deadline=None)
@given(mode=st.sampled_from(MODES), seed=st.integers(0, 10_000))
def test_random_games_keep_the_invariants(mode, seed):
    _play(*mode, seed, _invariants)


@settings(max_examples=4, deadline=None)
@given(mode=st.sampled_from(MODES), seed=st.integers(0, 10_000))
def test_same_seed_same_game(mode, seed):
    def nothing(*_):
        return None

    assert _play(*mode, seed, nothing) == _play(*mode, seed, nothing)


def test_every_mode_is_covered_by_the_random_games():
    for mode, n in MODES:
        events = _play(mode, n, 1, _invariants)
        assert events[-1].kind == "game_over"
