"""Outside players for the simulators: `module:Class` names any class with
choose(view, choices), so players written outside the project can measure ours."""
from __future__ import annotations

import importlib
import inspect

from game.core.errors import UserError, one_line


def load_policy(spec: str, option: str = "--seats"):
    """`module:Class` -> the class (a UserError naming `option` if it cannot be found or has no choose())."""
    module_name, _, attr = spec.partition(":")
    try:
        module = importlib.import_module(module_name)
    except ImportError as exc:
        raise UserError(option, f"cannot import {module_name!r}: {exc}") from None
    cls = getattr(module, attr, None)
    if cls is None or not callable(cls):
        raise UserError(option, f"{module_name!r} has no class {attr!r}")
    if not callable(getattr(cls, "choose", None)):
        raise UserError(option, f"{spec} has no choose(view, choices) method")
    return cls


def make_outside_player(spec: str, seed: int):
    """An instance of `module:Class`, built with `seed` if its constructor takes an argument."""
    cls = load_policy(spec)
    try:
        takes_seed = len(inspect.signature(cls).parameters) >= 1
    except (TypeError, ValueError):
        takes_seed = False
    return RuleAbiding(spec, cls(seed) if takes_seed else cls())


class RuleAbiding:
    """An outside player as the simulators see it: a choice it makes outside the legal ones, or an
    error it raises, stops the run with one line naming the player, never a traceback from deep in
    an engine (every game's simulator seats outside players through make_outside_player)."""

    def __init__(self, spec: str, player):
        self.spec, self.player = spec, player

    def choose(self, view, choices, *more):
        try:
            choice = self.player.choose(view, choices, *more)
        except (KeyboardInterrupt, SystemExit, UserError):
            raise
        except Exception as exc:  # the outside player's own failure, whatever it is
            raise UserError("--seats", f"{self.spec} failed in choose(): {type(exc).__name__}: {one_line(exc, 160)}") from None
        try:
            legal = choice in choices
        except Exception:  # a choice whose == fails is no legal choice either
            legal = False
        if not legal:
            raise UserError("--seats", f"{self.spec} chose {one_line(repr(choice), 120)}, which is not a legal choice now")
        return choice

    def __getattr__(self, name):        # anything else the simulator asks of the player is the player's own
        return getattr(self.player, name)




def checked_choice(spec: str, seat: int, choice, choices):
    """`choice` if it is one of `choices`; else a UserError naming the seat and the outside player,
    so a player that breaks the rules is one line, never a traceback from deep in an engine."""
    if choice in choices:
        return choice
    raise UserError("--seats", f"seat {seat} ({spec}) chose {choice!r}, which is not a legal choice now")
