"""Ask only when it matters: one rule every game's play scene calls before showing a decision.

A decision with a single legal option resolves itself, and a decision that cannot change what
happens next (say, Robo Run's "Continue / Use ability" window when no ability would help) takes
its default, so play flows on. The setting "Ask before every step" (Settings.ask_every_step)
brings back a stop at every decision. The game decides what "matters" means; this module only
applies the rule the same way everywhere. No pygame here: AI tools and tests can use it too.
"""
from __future__ import annotations

from typing import Sequence, TypeVar

T = TypeVar("T")


def automatic_choice(choices: Sequence[T], ask_every_step: bool = False, *, matters: bool = True,
                     default: T | None = None) -> T | None:
    """The choice to apply without asking the player, or None when the player must choose.

    choices        the legal options of the decision (never empty while the game is running)
    ask_every_step the player's setting: True always asks (except when there is nothing to ask)
    matters        False when the game knows no option other than `default` can change the outcome
                   (an ability window where no ability prevents a loss and none was asked for)
    default        the option taken when the decision does not matter (e.g. Continue)
    """
    if not choices:
        return None
    if ask_every_step:
        return None
    if len(choices) == 1:
        return choices[0]
    if not matters and default is not None:
        if default not in choices:
            raise ValueError(f"the default {default!r} is not one of the legal choices")
        return default
    return None


def should_ask(choices: Sequence[T], ask_every_step: bool = False, *, matters: bool = True,
               default: T | None = None) -> bool:
    """True when the decision must be shown to the player."""
    return bool(choices) and automatic_choice(choices, ask_every_step, matters=matters, default=default) is None
