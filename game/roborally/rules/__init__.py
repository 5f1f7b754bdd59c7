"""Robo Rally with Chaos & Carnage: the engine contract (game.core.engine.ENGINE_NAMES), nothing else."""
from game.roborally.rules.engine import (
    GAME_ID, apply, choice_from_json, choice_to_json, config_from_json, config_to_json, current_seat,
    is_over, is_reveal, legal_choices, new_game, redeal_hidden, result, seat_count, seat_view,
)
from game.roborally.rules.state import Event

__all__ = ["GAME_ID", "new_game", "legal_choices", "apply", "seat_view", "is_over", "result", "current_seat",
           "seat_count", "choice_to_json", "choice_from_json", "config_to_json", "config_from_json", "is_reveal",
           "redeal_hidden", "events_for_seat"]


def events_for_seat(events: list, seat: int) -> list:
    """The events as `seat` may see them (the leak test checks it): all are public but which
    upgrade card another robot drew (it goes face down into that robot's collection until
    installed, 2023 upgrade phase; docs/roborally-rules.md). A damage card is public: SPAM
    goes to the robot's face-up discard, a Haywire face down under a register, in sight."""
    return [Event(e.kind, e.seat, {k: v for k, v in e.data.items() if k != _PRIVATE[e.kind]})
            if e.kind in _PRIVATE and e.seat != seat else e for e in events]


_PRIVATE = {"draw_upgrade": "upgrade"}     # event kind -> what only its robot sees
