"""Sliding-block puzzles: Huarong Dao (华容道) and any rectangular pieces on boards up to 8x8."""
from puzzle_explorer.puzzles import family_on_first_use

TITLE = "Sliding blocks (华容道 Huarong Dao)"
DESCRIPTION = ("Slide rectangular pieces until the target reaches its goal. Pieces are letters; "
               "'.' is empty, '#' a wall.")

__getattr__ = family_on_first_use(__name__)
