"""Robo Rally with the Chaos & Carnage expansion: the programming race on Tiled boards (2-6 robots)."""
