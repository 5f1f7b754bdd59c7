"""One-line user-facing errors.

Anything the player or designer can get wrong (a map, a save, card data, a command line)
raises UserError with a message that names the file and place. The CLI prints it as one
line and exits non-zero, never with a traceback.
"""

import sys
from typing import Callable, NoReturn

PART_LIMIT = 300      # characters of a place or a problem; a hostile file can make either huge
LINE_LIMIT = 40       # a loader may list several problems, one per line; a hostile file could list thousands


def one_line(text: object, limit: int = PART_LIMIT) -> str:
    """`text` on one line, cut in the middle when longer than `limit` (both ends stay readable:
    a path keeps its file name, a value its start)."""
    flat = " ".join(str(text).split())
    if len(flat) <= limit:
        return flat
    keep = (limit - 1) // 2
    return f"{flat[:keep]}…{flat[-keep:]}"


def short_lines(text: object) -> str:
    """Each line of `text` cut to PART_LIMIT, and at most LINE_LIMIT lines (a loader that found
    many problems lists each on its own line; the rest are counted, not printed)."""
    lines = str(text).split("\n")
    kept = [one_line(line) for line in lines[:LINE_LIMIT]]
    if len(lines) > LINE_LIMIT:
        kept.append(f"... and {len(lines) - LINE_LIMIT} more")
    return "\n".join(kept)


class UserError(Exception):
    """A problem in user input, reported as one line: 'where: what is wrong'.

    A loader that checks a whole file at once may put one problem per line in `what`."""

    def __init__(self, where: str, what: str):
        self.where = one_line(where)
        self.what = short_lines(what)
        super().__init__(f"{self.where}: {self.what}")


def run_tool(main: Callable[[list[str]], int]) -> NoReturn:
    """The entry of a `python -m game.<game>.tools.X` tool: exit with main's code, and a
    UserError as one line on stderr with code 2 (as main.py's commands do), never a traceback."""
    try:
        code = main(sys.argv[1:])
    except UserError as exc:
        print(f"error: {exc}", file=sys.stderr)
        code = 2
    sys.exit(code)
