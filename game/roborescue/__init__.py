"""Robo Rescue: Origins: build robots in your lab, solo or multiplayer (rules in shared/rules/robo-rescue-origins.txt)."""
