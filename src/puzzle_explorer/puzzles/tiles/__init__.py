"""Sliding tiles: the 8-, 15- and 24-puzzle and any board from 2x2 to 6x6."""
from puzzle_explorer.puzzles import family_on_first_use

TITLE = "Sliding tiles (8-, 15-, 24-puzzle)"
DESCRIPTION = ("Slide numbered tiles into the blank until they are in order. Rows of numbers, 0 or '.' for the "
               "blank; the goal has the blank last unless a 'goal:' line says otherwise.")

__getattr__ = family_on_first_use(__name__)
