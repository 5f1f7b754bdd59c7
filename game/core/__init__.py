"""Shared pure helpers; nothing here imports pygame."""
