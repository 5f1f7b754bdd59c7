"""`python main.py replay FILE`: play a saved game or replay of any game back headless.

A file written by save-and-resume (game/core/session.py: "format": "robo-arcade-game")
names its game; the catalog finds that game's rules and the choices are re-applied to
`new_game(config, seed)`. Robo Run's older replay format (a level, a seed and choices, as
`solve` writes) goes to Robo Run's own replay tool. Prints the final position as one JSON
object; any problem is one line naming the file and place, exit 2.
"""
from __future__ import annotations

import argparse
import json

from game import catalog
from game.core.errors import UserError
from game.core.session import SAVE_FORMAT, GameSession, read_saved_game
from game.core.storage import require_json


def summary(session: GameSession, events: list) -> dict:
    engine = session.engine
    result = engine.result(session.state)
    return {
        "game": engine.GAME_ID,
        "seed": session.seed,
        "choices": len(session.choices),
        "events": len(events),
        "over": engine.is_over(session.state),
        "result": None if result is None else result.to_json(),
        "current_seat": engine.current_seat(session.state),
        "legal_choices": [engine.choice_to_json(c) for c in engine.legal_choices(session.state)][:50],
    }


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="main.py replay", description=__doc__.splitlines()[0])
    parser.add_argument("file", help="a saved game (any game) or a Robo Run replay")
    args = parser.parse_args(argv)
    data = require_json(args.file)
    if isinstance(data, dict) and data.get("format") == SAVE_FORMAT:
        game_id = data.get("game")
        entry = catalog.BY_ID.get(game_id) if isinstance(game_id, str) else None
        rules = catalog.load(entry.rules) if entry else None
        if rules is None:
            raise UserError(f"{args.file} game", f"unknown or unavailable game {game_id!r}")
        session, events = read_saved_game(data, rules, args.file)   # the path Continue reads through
        print(json.dumps(summary(session, events), sort_keys=True))
        return 0
    roborun_replay = catalog.load("game.roborun.tools.replay:main")
    if roborun_replay is None:
        raise UserError(args.file, "not a saved game (no \"format\": \"robo-arcade-game\")")
    return int(roborun_replay(argv) or 0)
