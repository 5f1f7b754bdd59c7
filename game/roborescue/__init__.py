"""Robo Rescue: Origins: build robots in your lab, solo or multiplayer (Robo Rescue: Origins rulebook; notes in docs/roborescue-content.md)."""
