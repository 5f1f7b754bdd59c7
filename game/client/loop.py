"""Fixed-timestep clock (Glenn Fiedler, "Fix Your Timestep!").

Pure arithmetic, no pygame: the app feeds it the real elapsed time each frame and gets back
how many fixed updates to run and the interpolation fraction for rendering. Long frames are
clamped and the number of updates per frame is capped, so a slow frame never starts the
"spiral of death". Game logic only ever sees the fixed step, never the wall clock.
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass
class FixedStepClock:
    step: float = 1 / 60          # seconds per update
    max_frame: float = 0.25       # a longer real frame counts as this long
    max_updates: int = 8          # updates per frame at most; the rest of the backlog is dropped
    accumulator: float = 0.0
    time: float = 0.0             # game time: the sum of the steps run so far
    updates: int = 0

    def advance(self, elapsed: float) -> tuple[int, float]:
        """Add `elapsed` real seconds; return (updates to run now, alpha in [0, 1))."""
        self.accumulator += min(max(elapsed, 0.0), self.max_frame)
        count = int(self.accumulator / self.step)
        if count > self.max_updates:
            count = self.max_updates
            self.accumulator = self.step * count  # drop the backlog we will not catch up on
        self.accumulator -= count * self.step
        self.time += count * self.step
        self.updates += count
        return count, self.accumulator / self.step


def lerp(a: float, b: float, t: float) -> float:
    return a + (b - a) * t


def ease_in_out(t: float) -> float:
    """Smoothstep-like cubic easing for animations (t clamped to [0, 1])."""
    t = 0.0 if t < 0 else 1.0 if t > 1 else t
    return t * t * (3 - 2 * t)


def ease_out_back(t: float, overshoot: float = 1.4) -> float:
    """Easing with a small overshoot, for things that pop into place."""
    t = 0.0 if t < 0 else 1.0 if t > 1 else t
    t -= 1
    return 1 + t * t * ((overshoot + 1) * t + overshoot)
