"""One-line user-facing errors.

Anything the player or designer can get wrong (a map, a save, card data, a command line)
raises UserError with a message that names the file and place. The CLI prints it as one
line and exits non-zero, never with a traceback.
"""


class UserError(Exception):
    """A problem in user input, reported as one line: 'where: what is wrong'."""

    def __init__(self, where: str, what: str):
        super().__init__(f"{where}: {what}")
        self.where = where
        self.what = what
