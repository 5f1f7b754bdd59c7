"""Players written outside the project, for `simulate robomissions --seats module:Class` tests."""
from game.robomissions.rules.engine import Cancel, Play


class PlaysACardItDoesNotHold:
    """Breaks the rules: asks to play a card that is in nobody's hand."""

    def choose(self, view, choices):
        return Play(10_000)


class BacksOutForever:
    """Starts a card and backs out of it, again and again, whenever it can: legal, never ending."""

    def choose(self, view, choices):
        if Cancel() in choices:
            return Cancel()
        starts = [c for c in choices if isinstance(c, Play)]
        return starts[0] if starts else choices[0]
