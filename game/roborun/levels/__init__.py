"""Robo Run levels."""
