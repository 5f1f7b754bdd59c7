"""Robo Rally with Chaos & Carnage: the engine contract (game.core.engine.ENGINE_NAMES), nothing else."""
from game.roborally.rules.engine import (
    GAME_ID, apply, choice_from_json, choice_to_json, config_from_json, config_to_json, current_seat,
    is_over, is_reveal, legal_choices, new_game, redeal_hidden, result, seat_count, seat_view,
)

__all__ = ["GAME_ID", "new_game", "legal_choices", "apply", "seat_view", "is_over", "result", "current_seat",
           "seat_count", "choice_to_json", "choice_from_json", "config_to_json", "config_from_json", "is_reveal",
           "redeal_hidden", "events_for_seat"]


def events_for_seat(events: list, seat: int) -> list:
    """The events as `seat` may see them: every Robo Rally event is public (the leak test checks it)."""
    return list(events)
