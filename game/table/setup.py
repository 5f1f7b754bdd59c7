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

COURSE_LISTS = {"roborally": "game.roborally.levels.tmx:course_ids"}


def add_game_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--sample", default=None, metavar="LABEL", help="one of the game's sample set-ups")
    parser.add_argument("--players", type=int, default=None, metavar="N")
    parser.add_argument("--course", default=None, metavar="ID", help="Robo Rally: a course id or .tmx file")
    parser.add_argument("--seed", type=int, default=None)


def game_options(sample: str | None = None, players: int | None = None, course: str | None = None,
                 seed: int | None = None) -> argparse.Namespace:
    """The options `add_game_options` parses, for a table set up from a screen instead."""
    return argparse.Namespace(sample=sample, players=players, course=course, seed=seed)


def sample_labels(game_id: str) -> list[str]:
    return [label for label, _config in catalog.load(catalog.BY_ID[game_id].samples)()]


def course_ids(game_id: str) -> list[str]:
    """The courses a table of `game_id` can be played on (empty: the game has none)."""
    listing = catalog.load(COURSE_LISTS.get(game_id))
    return list(listing()) if listing is not None else []


def player_counts(game_id: str, sample: str | None = None) -> list[int]:
    """The player counts the game accepts for that set-up (empty: it sets its players another way)."""
    counts = []
    for players in range(1, 9):
        try:
            _config(game_id, game_options(sample, players))
        except UserError:
            continue
        counts.append(players)
    return counts


def table_session(game_id: str, args: argparse.Namespace) -> GameSession:
    """A fresh session of `game_id` set up from the options `add_game_options` added."""
    engine, config = _config(game_id, args)
    seed = args.seed if args.seed is not None else __import__("random").randrange(1 << 31)
    return GameSession.start(engine, config, seed)


def _config(game_id: str, args: argparse.Namespace) -> tuple[Any, Any]:
    """(engine, config) of `game_id` from the options; a set-up the game refuses is a UserError."""
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
        return engine, engine.config_from_json(data)
    except UserError:
        raise
    except (KeyError, TypeError, ValueError) as exc:
        raise UserError("game options", str(exc)) from None
