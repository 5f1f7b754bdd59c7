"""Robo Rally tools: simulator and conformance samples."""
