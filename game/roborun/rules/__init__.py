"""Robo Run rules."""
