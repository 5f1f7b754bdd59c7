"""One-line user-facing errors.

Anything the player or designer can get wrong (a map, a save, card data, a command line)
raises UserError with a message that names the file and place. The CLI prints it as one
line and exits non-zero, never with a traceback.
"""

PART_LIMIT = 300      # characters of a place or a problem; a hostile file can make either huge


def one_line(text: object, limit: int = PART_LIMIT) -> str:
    """`text` on one line, cut in the middle when longer than `limit` (both ends stay readable:
    a path keeps its file name, a value its start)."""
    flat = " ".join(str(text).split())
    if len(flat) <= limit:
        return flat
    keep = (limit - 1) // 2
    return f"{flat[:keep]}…{flat[-keep:]}"


class UserError(Exception):
    """A problem in user input, reported as one line: 'where: what is wrong'."""

    def __init__(self, where: str, what: str):
        self.where = one_line(where)
        self.what = one_line(what)
        super().__init__(f"{self.where}: {self.what}")
