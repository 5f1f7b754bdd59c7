"""Shared pygame-ce runtime for every game: the fixed-timestep loop, the scene stack,
device-independent input, settings, widgets and sounds. Game packages build scenes on it."""
