"""Random whole games (hypothesis): tiles are conserved, no placement blocks a doorway, and
Mummies only ever move toward the Vault, except when lured."""
import random

from hypothesis import given, settings, strategies as st

from game.runrunrun import rules as R
from game.runrunrun.rules.engine import Config
from game.runrunrun.rules.maze import DIRS, FINAL, OPEN, vault_distances

from .support import C


def _all_tiles(s):
    return sorted(s.deck + s.discard + s.pool + [t for h in s.hands for t in h]
                  + [t for c, t in s.tiles.items() if t >= 0])


@settings(max_examples=12, deadline=None)      # whole games: 25 cost 10 CPU-s of every make test
@given(seed=st.integers(0, 10**6), players=st.integers(1, 4), difficulty=st.sampled_from(["standard", "insane"]),
       ai_share=st.floats(0, 1))
def test_random_games_keep_the_rules_invariants(seed, players, difficulty, ai_share):
    from game.runrunrun.ai import make_player
    s = R.new_game(Config(players, difficulty), seed)
    rng = random.Random(seed)
    ai = make_player("normal", seed)
    for _ in range(3000):
        if R.is_over(s):
            break
        choices = R.legal_choices(s)
        seat = R.current_seat(s)
        choice = ai.choose(R.seat_view(s, seat), choices) if rng.random() < ai_share else rng.choice(choices)
        events = R.apply(s, choice)
        assert _all_tiles(s) == list(range(64))                     # tiles are conserved
        vd = vault_distances(s.masks)
        vd[FINAL] = -1
        for e in events:
            if e["type"] == "place":                                # the new room blocks no doorway
                cell = tuple(e["cell"])
                for d, (dq, dr) in enumerate(DIRS):
                    n = (cell[0] + dq, cell[1] + dr)
                    if n in s.masks and s.masks[n] >> ((d + 3) % 6) & 1 and n != FINAL:
                        assert s.masks[cell] >> d & 1, (cell, n)
            if e["type"] == "mummy_move":                           # always one room nearer the Vault
                assert vd[tuple(e["to"])] == vd[tuple(e["frm"])] - 1, e
            if e["type"] == "lure":                                 # a lure only ever leads away
                assert vd[tuple(e["to"])] == vd[tuple(e["frm"])] + 1
    assert R.is_over(s)
