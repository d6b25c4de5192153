"""Cubic eight-puzzle: eight cubes rolled on a 3x3 board until their tops show a pattern.

The family object loads on first use (`puzzle_explorer.puzzles.cube8.FAMILY`), so the light
modules here (cubes, board, contest, table, light) can be used without the
solvers and numba: a contest answered from the distance table needs only them."""
from puzzle_explorer.puzzles import family_on_first_use

TITLE = "Cubic eight-puzzle (rolling cubes)"
DESCRIPTION = ("Roll eight cubes on a 3x3 board until their tops show the target pattern. Cubes start "
               "white on top, blue along x, red along y; the target is rows of W/B/R with E where the "
               "empty square ends.")

__getattr__ = family_on_first_use(__name__)
