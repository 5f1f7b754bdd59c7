"""Per-seat event filtering (`events_for_seat`), checked on every engine like the rest of the contract.

The table (game/table) sends each seat its view and `events_for_seat(events, seat)` and
nothing else, so these bytes must depend only on what that seat may know. The leak test:
redeal what a seat cannot see (`redeal_hidden`), apply the same choice to both tables and,
wherever the seat's view comes out the same, the bytes sent to it must be the same too.
"""
from __future__ import annotations

import random

import pytest

from game import catalog
from game.table.wire import canonical, to_wire

CASES = []
for _entry, _rules in catalog.available_engines():
    for _label, _config in catalog.load(_entry.samples)():
        CASES.append(pytest.param(_entry, _rules, _config, id=f"{_entry.id}-{_label}"))


def _sent(rules, state, events, seat, view=None) -> bytes:
    """What the table sends a seat after a choice: its view and the events it may see.
    `view`: the seat's view already in wire form (each is built once: the views are most of
    the test's time)."""
    return canonical({"view": to_wire(rules.seat_view(state, seat)) if view is None else view,
                      "events": to_wire(tuple(rules.events_for_seat(events, seat)))})


def _same_reveals_reordered(rules, here, there, seat) -> bool:
    """The seat is told the same events, only some reveals of public draws in another order
    (Robo Rally: two damage cards from the shuffled damage deck, SPAM then Haywire or Haywire
    then SPAM, the Haywire placed under a register after it; the view after them is the same).
    Any other difference is a leak."""
    mine = [canonical(to_wire(e)) for e in rules.events_for_seat(here, seat)]
    theirs = [canonical(to_wire(e)) for e in rules.events_for_seat(there, seat)]
    if sorted(mine) != sorted(theirs):
        return False
    moved = [i for i, (a, b) in enumerate(zip(mine, theirs)) if a != b]
    return any(rules.is_reveal(here[i]) for i in moved)     # a draw, and what follows from it


def _kind(event):
    return event.get("type") if isinstance(event, dict) else event.kind


@pytest.mark.parametrize("entry, rules, config", CASES)
def test_events_for_seat_hides_details_but_never_drops_or_reorders_an_event(entry, rules, config):
    """Every seat's screen animates the same beats in the same order; only private details go."""
    state = rules.new_game(config, 3)
    rng = random.Random(3)
    for _ in range(150):
        if rules.is_over(state):
            break
        events = rules.apply(state, rng.choice(rules.legal_choices(state)))
        for seat in range(rules.seat_count(state)):
            mine = rules.events_for_seat(events, seat)
            assert [_kind(e) for e in mine] == [_kind(e) for e in events]
            assert rules.events_for_seat(mine, seat) == mine, "filtering twice changes nothing more"


@pytest.mark.parametrize("entry, rules, config", CASES)
@pytest.mark.parametrize("seed", (1, 2))
def test_bytes_sent_to_a_seat_do_not_change_when_what_it_cannot_see_is_redealt(entry, rules, config, seed):
    state = rules.new_game(config, seed)
    rng = random.Random(seed)
    compared = 0
    for step in range(240):
        if rules.is_over(state):
            break
        legal = rules.legal_choices(state)
        choice = rng.choice(legal)
        if step % 3 == 0:
            for seat in range(rules.seat_count(state)):
                other = rules.redeal_hidden(state, seat, random.Random(step * 31 + seat))
                assert _sent(rules, other, [], seat) == _sent(rules, state, [], seat), "the redeal changed the view"
                if rules.choice_to_json(choice) not in [rules.choice_to_json(c) for c in rules.legal_choices(other)]:
                    continue          # the choice rested on something the redeal changed (an opponent's hand)
                mine = state.copy()
                here = rules.apply(mine, choice)
                there = rules.apply(other, choice)
                view_mine, view_other = to_wire(rules.seat_view(mine, seat)), to_wire(rules.seat_view(other, seat))
                if canonical(view_mine) != canonical(view_other):
                    continue          # the choice showed the seat something new (a public draw): it may differ
                sent_mine = _sent(rules, mine, here, seat, view_mine)
                sent_other = _sent(rules, other, there, seat, view_other)
                if sent_mine != sent_other and _same_reveals_reordered(rules, here, there, seat):
                    continue          # public draws from a shared face-down pile, in another order
                assert sent_mine == sent_other, \
                    f"seat {seat} is told something it cannot see after {rules.choice_to_json(choice)}"
                compared += 1
        rules.apply(state, choice)
    assert compared > 0
