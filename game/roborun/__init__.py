"""Robo Run: the flagship cooperative no-talking robot game (rules in shared/rules/robo-run.txt)."""
