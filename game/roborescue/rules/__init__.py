"""Robo Rescue: Origins rules: the pure engine (no pygame), cards, scoring and events.

This package is the game's implementation of the engine contract (game.core.engine.Engine):
it exports exactly the names of game.core.engine.ENGINE_NAMES. The rules follow the Robo
Rescue: Origins rulebook; the engine module describes the flow of a round.
"""
from game.roborescue.rules.engine import (
    GAME_ID,
    apply,
    choice_from_json,
    choice_to_json,
    config_from_json,
    config_to_json,
    current_seat,
    is_over,
    is_reveal,
    legal_choices,
    new_game,
    redeal_hidden,
    result,
    seat_count,
    seat_view,
)

__all__ = [
    "GAME_ID", "new_game", "legal_choices", "apply", "seat_view", "is_over", "result", "current_seat",
    "seat_count", "choice_to_json", "choice_from_json", "config_to_json", "config_from_json", "is_reveal",
    "redeal_hidden", "events_for_seat",
]
from game.roborescue.rules.events import Event as _Event

# A card drawn from a seat's own pile, or put face down in its decommissioned area: only that seat sees it.
_PRIVATE_CARDS = frozenset({"drawn", "decommissioned", "discarded_facedown"})


def events_for_seat(events: list, seat: int) -> list:
    """The events as `seat` may see them: other seats' private cards lose their id."""
    return [_Event(e.kind, e.seat, {k: v for k, v in e.data.items() if k != "card"})
            if e.kind in _PRIVATE_CARDS and e.seat != seat else e for e in events]
