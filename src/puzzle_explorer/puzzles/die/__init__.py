"""Rolling-die tours: roll a die with a marked face over every open cell once, start to goal."""
from puzzle_explorer.puzzles import family_on_first_use

TITLE = "Rolling-die tours"
DESCRIPTION = ("Roll a die over every open cell exactly once, from the start to the goal; the marked face "
               "(♥) starts on top and may not come back on top on the way. '.' open, '#' blocked, "
               "'S' start, 'G' goal.")

__getattr__ = family_on_first_use(__name__)
