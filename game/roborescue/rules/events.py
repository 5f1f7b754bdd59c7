"""Events: what `engine.apply` reports happened, for animation, logs and tests.

Every event is an `Event(kind, seat, data)`. Kinds and their data keys:

    round_started       round, seats (seats playing this round)
    turn_started        round, turn
    drawn               card (from the seat's own draw pile into hand)
    taken_from_display  card, slot
    display_refilled    card, slot
    pile_reshuffled     cards (how many discards became the new draw pile)
    placed              card, area
    decommissioned      area, card (the unplaceable card, added face down)
    discarded_facedown  card, area (a later unplaceable card, into the decommissioned area)
    round_scored        round, areas, score, breakdown ({area: AreaScore total})
    round_won           round, seats (the round winners, multiplayer)
    vp_awarded          card, vp (the seat's VP count afterwards)
    round_ended         round, discarded (cards moved to the face-down discard pile)
    tiebreak_round      seats (the players tied on VP who play round 6)
    game_over           winners, scores (solo: final score), vp, rating (solo)

`seat` is None for table-wide events (round_started, round_won, tiebreak_round, game_over).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Event:
    kind: str
    seat: int | None = None
    data: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "seat": self.seat, "data": self.data}

    def __getitem__(self, key: str) -> Any:
        return self.data[key]
