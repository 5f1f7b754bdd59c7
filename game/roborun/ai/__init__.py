"""Robo Run ai."""
