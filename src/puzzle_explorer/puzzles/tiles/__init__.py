"""Sliding tiles: the 8-, 15- and 24-puzzle and any board from 2x2 to 6x6.

The family object loads on first use (`puzzle_explorer.puzzles.tiles.FAMILY`), so a worker process that
runs one of the family's kernels imports only the modules that kernel needs.
"""
from puzzle_explorer.puzzles import family_on_first_use

__getattr__ = family_on_first_use(__name__)
