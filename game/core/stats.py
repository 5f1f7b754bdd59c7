"""Small statistics shared by the simulators and benchmarks."""
from __future__ import annotations

from typing import Iterable


def percentile(values: Iterable[float], share: float, default: float | None = None) -> float | None:
    """The nearest-rank percentile: the value below which `share` (0..1) of the samples fall.

    Every simulator and benchmark reports p95/p99 the same way, so their figures compare.
    Returns `default` for no samples.
    """
    ordered = sorted(values)
    if not ordered:
        return default
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]
