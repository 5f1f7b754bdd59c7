"""From what a seat sees to a full GameState the AI can search: determinization.

The AI may read only its SeatView. To look ahead with the real engine it needs a complete
GameState, so it samples the hidden parts consistently with the view:

* the Event deck: the Event cards not yet revealed, in a random order;
* the Equipment deck: the cards in nobody's hand, in a random order;
* the stand faces pointing away from the seat: each is the OTHER side of a card whose
  number the seat can see. The six double-sided Action cards are public (their contents
  are printed data), so exactly one completion is consistent with the view: no sampling
  is needed, and none is pretended.

Only decision points that sit on a clean turn boundary can be rebuilt from a view (who
starts the round, the BEEP window, the card choice): there the engine's step queue is
known. Decisions in the middle of a card (directions, windows, keys ...) carry engine
context that no view shows; ai.py follows those on a "shadow" copy it keeps from the start
of its own turn, and falls back to a static rule when the shadow is out of step.
"""
from __future__ import annotations

import random

from game.roborun.rules.cards import equipment_cards, event_cards
from game.roborun.rules.geometry import board
from game.roborun.rules.state import Decision, GameState
from game.roborun.rules.view import OTHER_FACE, SeatView

# Decision kinds whose engine queue is fixed, so a view can be turned back into a state.
ROOTABLE = {
    "start": (("round_start",), []),
    "beep": (("beep_window",), [("card_choice",)]),
    "card": (("card_choice",), []),
}


def decision_seat_of(view: SeatView) -> int:
    return view.decision_seat if view.decision_seat is not None else view.seat


def state_from_view(view: SeatView, rng: random.Random) -> GameState:
    """A full GameState consistent with `view`; hidden deck orders are drawn from `rng`.

    When the view's decision is rootable (see ROOTABLE) the state's pending decision is the
    view's own, so `legal_choices(state)` equals `view.choices` and the engine can run on.
    Otherwise the state has no pending decision (board reasoning only).
    """
    s = GameState.__new__(GameState)
    level = view.level
    s.level, s.geo = level, board(level)
    s.seed = rng.randrange(1 << 30)
    s.rng = random.Random(s.seed)     # the sampled state's own generator (the engine deals only at set-up)
    s.round, s.phase, s.active, s.last_player = view.round, view.phase, view.active, view.last_player
    s.outcome, s.loss_cause, s.won_round = view.outcome, view.loss_cause, None
    s.pos, s.at, s.colour, s.owner = {}, {}, {}, {}
    for rid, colour, pos, owner in view.robots:
        s.pos[rid] = tuple(pos)
        s.at[tuple(pos)] = rid
        s.colour[rid] = colour
        if owner is not None:
            s.owner[rid] = owner
    for rid in view.escaped:
        start = level.robots[rid] if rid < len(level.robots) else None
        if start is not None:
            s.colour[rid] = start.colour
            s.owner[rid] = start.owner if start.owner is not None else (0 if start.colour == "green" else 1)
    s.escaped = list(view.escaped)
    s.next_robot_id = max([len(level.robots)] + [r + 1 for r in s.colour])
    s.start_positions = tuple((r.pos, r.colour) for r in level.robots)
    s.keys = set(map(tuple, view.keys))
    s.wall_tokens = set(map(tuple, view.wall_tokens))
    s.lasers = set(map(tuple, view.lasers))
    s.items = {tuple(p): (k, v) for p, k, v in view.tokens}
    s.robot_names = tuple(view.robots_boards)
    s.energy = list(view.energy)
    s.unlocked = [frozenset(u) for u in view.unlocked]
    s.chip = list(view.chip)
    s.hands = [list(h) for h in view.equipment]
    s.numbers = [list(n) for n in view.numbers]
    # Each stand stores the owner's face; the view shows this seat's side of every card.
    s.stands = [[(c.card, c.face if owner == view.seat else OTHER_FACE[c.face]) for c in view.stands[owner]]
                for owner in (0, 1)]
    s.played = [list(p) for p in view.played]
    seen_events = [e["id"] for e in view.events_seen]
    s.events_seen = list(seen_events)
    s.event_deck = sorted(set(event_cards()) - set(seen_events))
    rng.shuffle(s.event_deck)
    s.event_deck = s.event_deck[: view.event_deck_size]
    held = {c for h in view.equipment for c in h}
    s.equip_deck = sorted(set(equipment_cards()) - held)
    rng.shuffle(s.equip_deck)
    s.equip_deck = s.equip_deck[: view.equipment_deck_size]
    s.support = list(view.support)
    s.pass_state, s.beep = view.pass_state, view.beep
    s.turn, s.armed, s.deactivated = {}, set(), set()
    s.exits_open, s.lines_on = view.exits_open, view.lines_on
    s.messages = list(view.messages)
    s.rules = tuple(level.rules)
    s.lost_tokens = 0
    s.later = []
    s.turn = dict(view.turn_flags)
    s.armed, s.deactivated = set(view.armed), set(map(tuple, view.deactivated))
    if view.choices and view.outcome is None and view.decision_ctx is not None and (
            view.agenda or view.decision_kind not in ROOTABLE):
        # Mid-card: the view carries the engine's step stack and the decision's context.
        s.queue = list(view.agenda)
        s.pending = Decision(view.decision_kind, decision_seat_of(view), tuple(view.choices), view.decision_ctx)
        return s
    root = ROOTABLE.get(view.decision_kind or "")
    if root is not None and view.choices and view.outcome is None:
        ctx, queue = root
        s.queue = list(queue)
        s.pending = Decision(view.decision_kind, decision_seat_of(view), tuple(view.choices), ctx)
    else:
        s.queue, s.pending = [], None
    return s


def same_board(state: GameState, view: SeatView) -> bool:
    """Does `state` show the view's robots, escapes and tokens (used to trust a shadow state)?"""
    robots = tuple((r, state.colour[r], p, state.owner.get(r)) for r, p in sorted(state.pos.items()))
    return (robots == tuple((r, c, tuple(p), o) for r, c, p, o in view.robots)
            and tuple(state.escaped) == tuple(view.escaped)
            and tuple(sorted(state.keys)) == tuple(map(tuple, view.keys))
            and tuple(state.energy) == tuple(view.energy))
