"""Replays: a level, a seed, an optional Setup and the list of choices, played back headless.

File format (JSON):
    {"level": "1.1" | "levels/x.tmx",        # or instead: "board": {"ascii": "<parse_board text>"}
     "seed": 7, "setup": {...} | null, "choices": [{"kind": "play", "args": [3]}, ...]}
`python main.py replay FILE` prints the final state as one JSON object. Every problem is a
UserError naming the file (and the choice index when a choice is bad). The file is read
through game.core.files (a regular file, at most 1 MiB, UTF-8, bounded depth and numbers).
"""
from __future__ import annotations

import argparse
import json
from pathlib import Path

from game.core import files

from game.core.errors import UserError
from game.core.session import refuse_fractions
from game.roborun.rules.engine import apply, new_game
from game.roborun.rules.state import Choice, GameState, Setup
from game.roborun.levels.ascii_board import parse_board
from game.roborun.levels.tmx_loader import find_level, load_level


def level_from(data: dict, where: str):
    if "board" in data:

        board = data["board"]
        text = board.get("ascii") if isinstance(board, dict) else None
        if not isinstance(text, str):
            raise UserError(where, "'board' must be {\"ascii\": \"...\"}")
        return parse_board(text, name=f"{where} board")
    ref = data.get("level")
    if not isinstance(ref, str):
        raise UserError(where, "needs 'level' (an id like 1.1 or a .tmx path) or 'board'")
    try:
        return load_level(find_level(ref))
    except UserError as exc:        # the map it names is the problem: say which replay names it
        raise UserError(f"{where}: level", exc.what if exc.where == "level" else str(exc)) from None


def play_back(data: dict, where: str) -> tuple[GameState, list]:
    """The state after applying every recorded choice, and all events in order."""
    if not isinstance(data, dict):
        raise UserError(where, "a replay is a JSON object")
    seed = data.get("seed", 0)
    if not isinstance(seed, int) or isinstance(seed, bool) or not -(2**63) <= seed < 2**63:
        raise UserError(f"{where}: seed", "must be a whole number that fits in 64 bits")
    raw_setup = data.get("setup")
    if raw_setup is not None and not isinstance(raw_setup, dict):
        raise UserError(f"{where}: setup", "must be an object or null")
    choices = data.get("choices", [])
    if not isinstance(choices, list):
        raise UserError(f"{where}: choices", "must be a list")
    level = level_from(data, where)
    try:
        setup = Setup.from_json(raw_setup) if raw_setup else None
    except (KeyError, TypeError, ValueError) as exc:
        raise UserError(f"{where}: setup", str(exc)) from None
    try:
        state = new_game(level, seed, setup)
    except UserError as exc:
        raise UserError(f"{where}: {exc.where}", exc.what) from None
    except (KeyError, TypeError, ValueError, IndexError) as exc:
        raise UserError(f"{where}: setup", f"cannot start the game ({exc})") from None
    events = []
    for i, raw in enumerate(choices):
        refuse_fractions(raw, f"{where} choice {i}")     # as Continue refuses it (game.core.session)
        try:
            events += apply(state, Choice.from_json(raw))
        except (ValueError, TypeError, KeyError, IndexError) as exc:
            raise UserError(f"{where} choice {i}", str(exc)[:200]) from None
    return state, events


def record(level_ref: str | None, seed: int, setup: Setup | None, choices: list[Choice],
           ascii_board: str | None = None) -> dict:
    """The JSON replay of a game (for saving and bug reports)."""
    out: dict = {"seed": seed, "setup": setup.to_json() if setup else None,
                 "choices": [c.to_json() for c in choices]}
    if ascii_board is not None:
        out["board"] = {"ascii": ascii_board}
    else:
        out["level"] = level_ref
    return out


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="main.py replay", description="Play a Robo Run replay headless.")
    parser.add_argument("file")
    parser.add_argument("--events", action="store_true", help="include every event in the output")
    args = parser.parse_args(argv)
    path = Path(args.file)
    try:
        data = files.read_json(path, what="replay")
    except files.Missing:
        raise UserError(files._short(path), "cannot read: no such replay file") from None
    state, events = play_back(data, files._short(path))
    out = state.summary()
    out["choices_applied"] = len(data.get("choices", []))
    if args.events:
        out["events"] = [e.to_json() for e in events]
    print(json.dumps(out, sort_keys=True))
    return 0
