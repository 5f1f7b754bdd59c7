"""Robo Rally opponents written apart from the AI, to measure it (issue 23).

An AI measured only against itself or its own normal level can look strong because its
opponents share its blind spots. These players are written from the 2023 rulebook and the
engine's public choices alone; an import-linter contract keeps them and game.roborally.ai
from importing each other. Seat one with `simulate roborally --seats
hard,game.roborally.partners:Simulator`.
"""
from game.roborally.partners.simulator import Simulator

__all__ = ["Simulator"]
