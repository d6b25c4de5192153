"""Sliding-block puzzles: Huarong Dao (华容道) and any rectangular pieces on boards up to 8x8.

The family object loads on first use (`puzzle_explorer.puzzles.klotski.FAMILY`), so a worker process that
runs one of the family's kernels imports only the modules that kernel needs.
"""
from puzzle_explorer.puzzles import family_on_first_use

# What the command line lists before the family loads (puzzles/registry.py)
TITLE = "Sliding blocks (华容道 Huarong Dao)"
DESCRIPTION = ("Slide rectangular pieces until the target reaches its goal. Pieces are letters; "
               "'.' is empty, '#' a wall.")

__getattr__ = family_on_first_use(__name__)
