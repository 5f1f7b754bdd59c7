"""Small ROBOMissions set-ups for the conformance suite (tests/conformance): 2-player Free for
All and 2 vs 2 teams; random playouts of both end in a few hundred choices."""
from __future__ import annotations

from game.robomissions.rules.engine import Config


def conformance_configs() -> list[tuple[str, Config]]:
    return [("ffa2", Config("ffa", 2)), ("2v2", Config("2v2", 4))]
