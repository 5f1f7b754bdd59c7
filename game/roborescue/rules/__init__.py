"""Robo Rescue: Origins rules: the pure engine (no pygame), cards, scoring and events."""
