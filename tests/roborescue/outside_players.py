"""A player written outside the project, for `simulate roborescue --seats module:Class` tests."""
from game.roborescue.rules.engine import KeepVP


class KeepsAPhantomCard:
    """Breaks the rules: keeps a victory point card it never played, whatever it is asked."""

    def choose(self, view, choices):
        return KeepVP(-1)
