"""Command-line dispatch.

The first word picks a command; everything after it goes to the function that owns it,
which parses its own arguments. Commands are imported lazily so `lint` or `simulate`
never pay for pygame start-up, and each game package owns its own options.

    python main.py                       title screen (--demo, --frames N, --screenshot F)
    python main.py roborun  [...]        play Robo Run         (game.roborun.cli:play)
    python main.py robomissions [...]    play ROBOMissions     (game.robomissions.cli:play)
    python main.py roborescue [...]      play Robo Rescue      (game.roborescue.cli:play)
    python main.py simulate GAME [...]   AI-with-AI games      (game.GAME.cli:simulate)
    python main.py bench engine|render   benchmarks            (game.roborun.cli:bench_*)
    python main.py bench memory --screen S --seconds N   RSS under random input (game.client.membench)
    python main.py lint FILE...          check Robo Run maps   (game.roborun.cli:lint)
    python main.py solve FILE            search a winning line (game.roborun.cli:solve)
    python main.py replay FILE           play a saved game (any game) or a Robo Run replay back (game.replay)
"""
from __future__ import annotations

import sys
from typing import Callable, Sequence

from game.core.delegate import delegate
from game.core.errors import UserError

GAMES = ("roborun", "robomissions", "roborescue")

COMMANDS: dict[str, str] = {
    "roborun": "game.roborun.cli:play",
    "robomissions": "game.robomissions.cli:play",
    "roborescue": "game.roborescue.cli:play",
    "lint": "game.roborun.cli:lint",
    "solve": "game.roborun.cli:solve",
    "replay": "game.replay:main",
}

BENCHES: dict[str, str] = {
    "engine": "game.roborun.cli:bench_engine",
    "render": "game.roborun.cli:bench_render",
    "memory": "game.client.membench:main",      # RSS under random input, per screen
}


def _resolve(target: str, label: str) -> Callable[[list[str]], int]:
    return delegate(target, label)


def _choose(kind: str, word: str | None, table: dict[str, str] | Sequence[str]) -> str:
    names = ", ".join(table)
    if word is None:
        raise UserError("command line", f"{kind} needs one of: {names}")
    if word not in table:
        raise UserError("command line", f"unknown {kind} '{word}' (choose from: {names})")
    return word


def dispatch(argv: list[str]) -> int:
    if not argv or argv[0].startswith("-"):
        if argv and argv[0] in ("-h", "--help"):
            print(__doc__)
            return 0
        from game.client.app import run_title

        return run_title(argv)
    command, rest = argv[0], argv[1:]
    if command in ("help",):
        print(__doc__)
        return 0
    if command == "simulate":
        game = _choose("simulate", rest[0] if rest else None, GAMES)
        return _resolve(f"game.{game}.cli:simulate", f"simulate {game}")(rest[1:])
    if command == "bench":
        which = _choose("bench", rest[0] if rest else None, BENCHES)
        return _resolve(BENCHES[which], f"bench {which}")(rest[1:])
    if command not in COMMANDS:
        raise UserError("command line", f"unknown command '{command}' (try: python main.py --help)")
    return _resolve(COMMANDS[command], command)(rest)


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    try:
        return int(dispatch(argv) or 0)
    except UserError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
