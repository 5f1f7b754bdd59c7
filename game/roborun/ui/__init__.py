"""Robo Run ui."""
