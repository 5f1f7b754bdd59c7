"""Robo Arcade entry point: `python main.py --help` lists every command."""
import os
import sys

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from game.cli import main

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
