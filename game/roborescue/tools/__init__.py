"""Robo Rescue: Origins tools: the AI-with-AI simulator and the conformance samples."""
