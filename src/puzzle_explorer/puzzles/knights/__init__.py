"""Knight's tours on any board up to 1000x1000: open or closed, from any square, around blocked squares."""
from puzzle_explorer.puzzles import family_on_first_use

TITLE = "Knight's tours (马走日)"
DESCRIPTION = ("Move a knight over every square once, from a given start; open, or closed back to the "
               "start. Boards up to 1000x1000, with blocked squares if you like.")

__getattr__ = family_on_first_use(__name__)
