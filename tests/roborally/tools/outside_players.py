"""A player written outside the AI package, for `simulate roborally --seats module:Class`."""


class FirstChoice:
    """Always the first legal choice; built without a seed."""

    def choose(self, view, choices):
        return choices[0]
