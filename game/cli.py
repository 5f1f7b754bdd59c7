"""Command-line dispatch.

The first word picks a command; everything after it goes to the function that owns it,
which parses its own arguments. Commands are imported lazily so `lint` or `simulate`
never pay for pygame start-up, and each game package owns its own options.

    python main.py                       title screen (--demo, --frames N, --screenshot F)
    python main.py roborun  [...]        play Robo Run         (game.roborun.cli:play)
    python main.py robomissions [...]    play ROBOMissions     (game.robomissions.cli:play)
    python main.py roborescue [...]      play Robo Rescue      (game.roborescue.cli:play)
    python main.py runrunrun [...]       play Run Run Run!     (game.runrunrun.cli:play)
    python main.py roborally [...]       play Robo Rally       (game.roborally.cli:play)
    python main.py simulate GAME [...]   AI-with-AI games      (game.GAME.cli:simulate)
    python main.py bench engine|render   benchmarks            (game.roborun.cli:bench_*)
    python main.py bench memory --screen S --seconds N   RSS under random input (game.client.membench)
    python main.py bench idle --screen S [--animate]     CPU of a screen at rest / animating (game.client.bench_idle)
    python main.py bench quota [--decisions N]           AI decisions on a quarter core (game.client.bench_quota)
    python main.py lint FILE...          check maps (by map property game: Robo Run or Robo Rally)
    python main.py solve FILE            search a winning line (game.roborun.cli:solve)
    python main.py replay FILE           play a saved game (any game) or a Robo Run replay back (game.replay)
    python main.py measure [NAME...]     re-measure the figures kept as records (game.measure)
"""
from __future__ import annotations

import re
import sys
from typing import Callable, Sequence

from game.core import dataclass_code

# first: every dataclass defined from here on uses the compiled-code cache of this command
dataclass_code.install(sys.argv[1] if len(sys.argv) > 1 and not sys.argv[1].startswith("-") else "title")

from game.catalog import BY_ID  # noqa: E402
from game.core.delegate import delegate  # noqa: E402
from game.core import files  # noqa: E402
from game.core import first_frame  # noqa: E402
from game.core.errors import UserError  # noqa: E402

GAMES = ("roborun", "robomissions", "roborescue", "runrunrun", "roborally")

COMMANDS: dict[str, str] = {
    "roborun": "game.roborun.cli:play",
    "robomissions": "game.robomissions.cli:play",
    "roborescue": "game.roborescue.cli:play",
    "runrunrun": "game.runrunrun.cli:play",
    "roborally": "game.roborally.cli:play",
    "lint": "game.roborun.cli:lint",
    "solve": "game.roborun.cli:solve",
    "replay": "game.replay:main",
    "measure": "game.measure:main",
    "host": "game.client.table_commands:host_main",
    "join": "game.client.table_commands:join_main",
    "table-bot": "game.table.bot:main",
}

BENCHES: dict[str, str] = {
    "text": "game.client.text:bench_main",           # text layout of 300,000-character texts
    "engine": "game.roborun.cli:bench_engine",
    "render": "game.roborun.cli:bench_render",
    "frames": "game.client.bench_frames:main",
    "memory": "game.client.membench:main",      # RSS under random input, per screen
    "startup": "game.client.bench_startup:main",  # first frame of each screen vs a bare window
    "table": "game.table.bench:main",             # a networked table: choice-to-update latency, host frames
    "idle": "game.client.bench_idle:main",        # CPU per wall-clock second of a screen at rest / animating
    "quota": "game.client.bench_quota:main",      # the play screens' AI decisions on a quarter core (cgroup)
}


HELP_WORDS = ("-h", "--help")
# what `main.py --help` says of each command (a game's command says "play <its title>")
COMMAND_NOTES: dict[str, str] = {
    "lint": "FILE...   check maps (Tiled .tmx)",
    "solve": "LEVEL    search a winning line for one Robo Run deal, write it as a replay",
    "replay": "FILE    play a saved game or a replay back, headless",
    "measure": "[NAME...]   re-measure the slow figures kept in records/ (make measure)",
    "host": "GAME [...]   open a table on the local network: phones join by QR code",
    "join": "ADDRESS   play a seat of a table from this Robo Arcade",
    "table-bot": "--connect ADDRESS --seat N --ai LEVEL   an AI plays one seat of a table",
}


def command_help() -> str:
    """The command list of `main.py --help`, from the command tables (a new command shows up by itself)."""
    rows = [("(none)", "the title screen (options above)")]
    for name in COMMANDS:
        note = COMMAND_NOTES.get(name)
        if note is None:
            entry = BY_ID.get(name)
            note = f"[...]   play {entry.title if entry else name}"
        args, _, text = note.partition("   ")
        rows.append((f"{name} {args.strip()}".strip(), text.strip()))
    rows.append(("simulate GAME [...]", f"AI-with-AI games, a report (GAME: {', '.join(GAMES)})"))
    rows.append((f"bench {'|'.join(BENCHES)}", "benchmarks"))
    rows.append(("help [COMMAND]", "this list, or the help of one command"))
    width = max(len(left) for left, _ in rows) + 2
    lines = [f"  {left.ljust(width)}{text}" for left, text in rows]
    return ("commands:\n" + "\n".join(lines) + "\n\n"
            "`python main.py COMMAND --help` shows the options of a command. Every window takes\n"
            "--window WxH (e.g. 800x480), --frames N and --screenshot FILE; with no display at all,\n"
            "set SDL_VIDEODRIVER=dummy.")


def _group_help(word: str, table: dict[str, str] | Sequence[str]) -> int:
    """`main.py simulate --help`: the words that may follow."""
    print(f"usage: main.py {word} {{{','.join(table)}}} [options]\n\n"
          f"Then `main.py {word} NAME --help` shows the options of one.")
    return 0


def _resolve(target: str, label: str) -> Callable[[list[str]], int]:
    return delegate(target, label)


def _choose(kind: str, word: str | None, table: dict[str, str] | Sequence[str]) -> str:
    names = ", ".join(table)
    if word is None:
        raise UserError("command line", f"{kind} needs one of: {names}")
    if word not in table:
        raise UserError("command line", f"unknown {kind} '{word}' (choose from: {names})")
    return word


# lint: a map whose properties say game="roborally" goes to that game's linter, the rest to
# Robo Run's (the default); --all runs both. Only the file's text is read here.
LINTERS: dict[str, str] = {"roborally": "game.roborally.cli:lint"}


_GAME_PROPERTY = re.compile(r'<property\s[^>]*?\bname="game"[^>]*?\svalue="([^"]*)"')


def _map_game(path: str) -> str | None:
    """The map's own property game (Tiled writes map properties before the first tileset; an
    enum-typed one carries type= and propertytype= between its name and value)."""
    try:        # through game.core.files: a FIFO or a device is refused, never read
        text = files.read_bytes(path, 1 << 20, "map file").decode("utf-8", errors="replace")
    except files.FileProblem:
        return None
    match = _GAME_PROPERTY.search(text.split("<tileset", 1)[0])
    return match[1] if match and match[1] in LINTERS else None


def _lint(argv: list[str]) -> int:
    if any(a in HELP_WORDS for a in argv):      # the help only: nothing is linted
        code = _resolve(COMMANDS["lint"], "lint")(["--help"])
        print("\nA map whose property game is \"roborally\" goes to the Robo Rally course checker "
              "(docs/roborally-courses.md); --all checks every shipped map of both games.")
        return code
    files = [a for a in argv if not a.startswith("-")]
    if "--all" in argv or not files:
        codes = [_resolve(COMMANDS["lint"], "lint")(argv)]
        codes += [_resolve(target, "lint")(["--all"]) for target in LINTERS.values()]
        return max(codes)
    groups: dict[str, list[str]] = {}
    for a in argv:
        groups.setdefault(LINTERS.get(_map_game(a) or "", COMMANDS["lint"]), []).append(a)
    return max(_resolve(target, "lint")(args) for target, args in groups.items())


def dispatch(argv: list[str]) -> int:
    if not argv or argv[0].startswith("-"):
        from game.client.app import run_title

        return run_title(argv, epilog=command_help())
    command, rest = argv[0], argv[1:]
    if command == "help":
        return dispatch([*rest[:1], "--help"] if rest else ["--help"])
    if command == "simulate":
        if rest and rest[0] in HELP_WORDS:
            return _group_help("simulate", GAMES)
        game = _choose("simulate", rest[0] if rest else None, GAMES)
        return _resolve(f"game.{game}.cli:simulate", f"simulate {game}")(rest[1:])
    if command == "bench":
        if rest and rest[0] in HELP_WORDS:
            return _group_help("bench", BENCHES)
        which = _choose("bench", rest[0] if rest else None, BENCHES)
        return _resolve(BENCHES[which], f"bench {which}")(rest[1:])
    if command == "lint":
        return _lint(rest)
    if command not in COMMANDS:
        raise UserError("command line", f"unknown command '{command}' (try: python main.py --help)")
    if command == "roborun":
        _refuse_a_rally_course(rest)
    return _resolve(COMMANDS[command], command)(rest)


def _refuse_a_rally_course(argv: list[str]) -> None:
    """`roborun --level course.tmx` on a Robo Rally course listed every Robo Run problem of it
    (no robots, no exits...) without saying it is a course of the other game."""
    refs = [arg.removeprefix("--level=") for arg in argv if arg.startswith("--level=")]
    refs += [value for flag, value in zip(argv, argv[1:]) if flag == "--level"]
    for ref in refs:
        if ref.endswith(".tmx") and _map_game(ref) == "roborally":
            raise UserError(files._short(ref), "is a Robo Rally course (map property game = roborally): "
                                               f"play it with python main.py roborally --course {ref}")


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if not argv or argv[0].startswith("-") or argv[0] in GAMES:     # a window opens: no collection before its first frame
        first_frame.pause()
    try:
        return int(dispatch(argv) or 0)
    except UserError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except OSError as exc:              # a file the command named that the disk refused, missed by a loader
        if exc.filename is None:
            raise
        print(f"error: {files._short(exc.filename)}: {files._reason(exc)}", file=sys.stderr)
        return 2
    except RuntimeError as exc:         # pathlib's resolve() on a symlink loop (Python 3.11), missed by a loader
        loop = files.symlink_loop(exc)
        if loop is None:
            raise
        print(f"error: {files._short(loop.filename)}: {files._reason(loop)}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except SystemExit as exc:           # argparse: --help exits 0, a bad option exits 2 (after one usage line)
        return exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 2)
    finally:
        first_frame.resume()
