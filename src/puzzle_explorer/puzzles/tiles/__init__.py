"""Sliding tiles: the 8-, 15- and 24-puzzle and any board from 2x2 to 6x6.

The family object loads on first use (`puzzle_explorer.puzzles.tiles.FAMILY`), so a worker process that
runs one of the family's kernels imports only the modules that kernel needs.
"""
from puzzle_explorer.puzzles import family_on_first_use

# What the command line lists before the family loads (puzzles/registry.py)
TITLE = "Sliding tiles (8-, 15-, 24-puzzle)"
DESCRIPTION = ("Slide numbered tiles into the blank until they are in order. Rows of numbers, 0 or '.' for the "
               "blank; the goal has the blank last unless a 'goal:' line says otherwise.")

__getattr__ = family_on_first_use(__name__)
