"""ROBOMissions rules: the pure engine (no pygame), cards, events and seat views.

This package is the game's implementation of the engine contract (game.core.engine.Engine):
it exports exactly the names of game.core.engine.ENGINE_NAMES. The rules themselves follow
the ROBOMissions rulebook; the engine module documents the model decisions.
"""
from game.robomissions.rules.engine import (
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
)
from game.robomissions.rules.view import seat_view

__all__ = [
    "GAME_ID", "new_game", "legal_choices", "apply", "seat_view", "is_over", "result", "current_seat",
    "seat_count", "choice_to_json", "choice_from_json", "config_to_json", "config_from_json", "is_reveal",
    "redeal_hidden", "events_for_seat",
]
from game.robomissions.rules.events import redact as events_for_seat
