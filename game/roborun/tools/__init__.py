"""Robo Run tools."""
