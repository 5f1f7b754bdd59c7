"""Every legal action has a place on the table, and robots never overlap.

Random games are played straight through the engine (no window needed: layouts are only
rectangles), and at every decision the table layout and options are built from the
deciding seat's view, as the screen does for a human.
"""
from __future__ import annotations

import random

import pygame
import pytest

from game.robomissions.rules import engine
from game.robomissions.ui.choice_ui import build_options
from game.robomissions.rules.engine import Pick
from game.robomissions.ui.table_render import build_layout
from game.robomissions.rules.view import seat_view

SCREEN = pygame.Rect(0, 0, 1280, 720)


def layout_for(state: engine.GameState, seat: int, legal: list):
    shown = seat_view(state, seat)
    picks = [a for a in legal if isinstance(a, Pick)]
    chain = shown.chains[seat]
    reserve_new = frozenset({seat}) if any(a.kind == "new" for a in picks) else frozenset()
    reserve_end = frozenset({seat}) if any(a.kind == "slot" and a.ref == len(chain) for a in picks) else frozenset()
    return shown, build_layout(shown, seat, reserve_new, reserve_end)


@pytest.mark.parametrize("mode,players,seed", [("ffa", 2, 1), ("ffa", 3, 2), ("ffa", 4, 3), ("2v1", 3, 4), ("2v2", 4, 5)])
def test_every_legal_action_is_reachable_on_screen(mode, players, seed):
    state = engine.new_game(engine.Config(mode, players), seed)
    rng = random.Random(seed)
    decisions = 0
    while not state.is_over and decisions < 400:
        seat = state.current_player
        legal = engine.legal_choices(state)
        shown, layout = layout_for(state, seat, legal)
        segments = {rid: tuple(engine.chain_segment(state, r)) for rid, r in state.robots.items() if r.kind == "chainbot"}
        options = build_options(shown, layout, legal, engine.hand_limit(state, seat), segments)
        assert [o.action for o in options] == legal, "a legal action has no place on the table"
        for option in options:
            visible = option.rect.clip(SCREEN)
            assert visible.width >= 20 and visible.height >= 20, f"{option.action} is off screen"
        robots = list(layout.robots.items())
        for i, (rid_a, a) in enumerate(robots):
            for rid_b, b in robots[i + 1:]:
                assert not a.colliderect(b), f"robots {rid_a} and {rid_b} overlap"
        engine.apply(state, rng.choice(legal))
        decisions += 1
    assert decisions > 20


def test_end_turn_counts_the_unused_actions_in_words():
    """Seen at 800x480: 'Pass to the next player (1 action(s) unused).'"""
    from game.robomissions.ui.choice_ui import end_turn_detail

    assert end_turn_detail(1) == "Pass to the next player (1 action unused)."
    assert end_turn_detail(2) == "Pass to the next player (2 actions unused)."
    assert "(s)" not in end_turn_detail(0) and "unused" not in end_turn_detail(0)
