"""Robo Arcade entry point: `python main.py --help` lists every command."""
import sys

from game.cli import main

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
