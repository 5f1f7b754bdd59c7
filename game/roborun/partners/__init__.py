"""Robo Run partners written apart from the AI: human styles to measure the AI's teamwork.

The AI's whole point is to play well with a person who does not think like it, so the
partners it is measured with must not think like it either. This package is written from
the rulebook and the seat view alone: it imports nothing from game.roborun.ai and the AI
imports nothing from it (two import-linter contracts in .importlinter). Each style judges
positions by its own simple measure (styles.py); `make_partner(style, seed)` builds one with
the interface every Robo Run seat has, choose(view, choices).

  table.py     the state a seat view describes; a card imagined to its end
  measures.py  path lengths home, distance to the bad robots
  styles.py    the styles: selfish, reckless, timid, novice, follower, confused (human styles),
               greedy, cautious, noisy (held-out style checks)
"""
from __future__ import annotations

from game.roborun.partners.styles import HELD_OUT_STYLES, HUMAN_STYLES, STYLES, Partner

__all__ = ["HELD_OUT_STYLES", "HUMAN_STYLES", "STYLES", "Partner", "make_partner"]


def make_partner(style: str, seed: int) -> Partner:
    """A partner of `style` (a name in STYLES) with its own generator from `seed`."""
    cls = STYLES.get(style)
    if cls is None:
        raise ValueError(f"unknown partner style {style!r} (choose from {', '.join(STYLES)})")
    return cls(seed)
