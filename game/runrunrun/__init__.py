"""Run Run Run! (2nd edition): the co-op pyramid of hexagonal rooms, 1-4 Catventurers."""
