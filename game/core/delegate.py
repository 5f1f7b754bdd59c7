"""Lazy command delegation, so a game's cli.py stays a table and each part lives in its own module."""
from __future__ import annotations

import importlib
from typing import Callable

from game.core.errors import UserError


def delegate(target: str, label: str) -> Callable[[list[str]], int]:
    """Return a command function that imports `module:function` only when called."""
    module_name, func_name = target.split(":")

    def run(argv: list[str]) -> int:
        try:
            module = importlib.import_module(module_name)
        except ModuleNotFoundError as exc:
            if exc.name and (exc.name == module_name or module_name.startswith(exc.name + ".")):
                raise UserError("command line", f"'{label}' is not available in this build") from None
            raise
        return int(getattr(module, func_name)(argv) or 0)

    run.__name__ = func_name
    run.__doc__ = f"{label}: see {target}"
    return run
