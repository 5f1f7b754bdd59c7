"""Robo Rescue: Origins screens (pygame-ce): set-up menu, lab, hand-over and end."""
