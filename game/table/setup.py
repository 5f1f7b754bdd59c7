"""What game a table plays: a config from a few options every game understands.

`--sample LABEL` starts from one of the game's small sample set-ups (the conformance
samples; the last one by default), `--players N` sets the player count where the game's
config has one, and Robo Rally's `--course ID` loads a course. The result goes through the
game's own `config_from_json`, so a set-up the game refuses is a one-line error.
"""
from __future__ import annotations

import argparse
from typing import Any

from game import catalog
from game.core.errors import UserError
from game.core.session import GameSession, engine_module

COURSE_LOADERS = {"roborally": "game.roborally.levels.tmx:load_course_by_ref"}


def add_game_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--sample", default=None, metavar="LABEL", help="one of the game's sample set-ups")
    parser.add_argument("--players", type=int, default=None, metavar="N")
    parser.add_argument("--course", default=None, metavar="ID", help="Robo Rally: a course id or .tmx file")
    parser.add_argument("--seed", type=int, default=None)


def table_session(game_id: str, args: argparse.Namespace) -> GameSession:
    """A fresh session of `game_id` set up from the options `add_game_options` added."""
    entry = catalog.BY_ID.get(game_id)
    if entry is None or entry.rules is None:
        raise UserError("command line", f"unknown game '{game_id}' (choose from: {', '.join(catalog.BY_ID)})")
    engine = engine_module(entry.rules)
    samples = catalog.load(entry.samples)()
    if args.sample is None:
        _label, config = samples[-1]
    else:
        found = dict(samples)
        if args.sample not in found:
            raise UserError("--sample", f"{game_id} has no sample '{args.sample}' (choose from: {', '.join(found)})")
        config = found[args.sample]
    data: dict[str, Any] = dict(engine.config_to_json(config))
    if args.players is not None:
        if "players" not in data:
            raise UserError("--players", f"{entry.title} sets its players another way")
        data["players"] = args.players
        if data.get("mode") in ("2v2", "2v1"):
            data["mode"] = {2: "ffa", 3: "2v1", 4: "2v2"}.get(args.players, data["mode"])
    if args.course is not None:
        loader = catalog.load(COURSE_LOADERS.get(game_id))
        if loader is None:
            raise UserError("--course", f"{entry.title} has no courses")
        data["course"] = loader(args.course)
    try:
        config = engine.config_from_json(data)
    except UserError:
        raise
    except (KeyError, TypeError, ValueError) as exc:
        raise UserError("game options", str(exc)) from None
    seed = args.seed if args.seed is not None else __import__("random").randrange(1 << 31)
    return GameSession.start(engine, config, seed)
