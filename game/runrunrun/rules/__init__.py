"""Run Run Run! rules: the engine contract of game.core.engine (pure, no pygame)."""
from .engine import (GAME_ID, apply, choice_from_json, choice_to_json, config_from_json, config_to_json,
                     current_seat, is_over, is_reveal, legal_choices, new_game, redeal_hidden, result,
                     seat_count, seat_view)

__all__ = ["GAME_ID", "new_game", "legal_choices", "apply", "seat_view", "is_over", "result", "current_seat",
           "seat_count", "choice_to_json", "choice_from_json", "config_to_json", "config_from_json",
           "is_reveal", "redeal_hidden", "events_for_seat"]

# A Room tile drawn into a hand, discarded at random from one, or offered face down for a Regroup
# exchange ('Player Action - Cooperate', revealed only once every offer is in): only its seat sees which.
_PRIVATE_TILES = frozenset({"draw", "random_discard", "offer"})


def events_for_seat(events: list, seat: int) -> list:
    """The events as `seat` may see them: other seats' drawn and randomly discarded tiles lose their id."""
    return [{k: v for k, v in e.items() if k != "tile"}
            if e.get("type") in _PRIVATE_TILES and e.get("seat") != seat else e for e in events]
