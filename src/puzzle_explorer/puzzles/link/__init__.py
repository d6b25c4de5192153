"""Link puzzles (连连看 Lianliankan, Shisen-Sho): fewest-segment paths and clearing whole boards."""
from puzzle_explorer.puzzles import family_on_first_use

TITLE = "Link paths (连连看 Lianliankan / Shisen-Sho)"
DESCRIPTION = ("Two tiles of one kind link when a path of straight segments through empty cells joins "
               "them (the game allows three). Any printable character but '.' is a tile kind; '.' is "
               "empty; paths may run round the outside of the board.")

__getattr__ = family_on_first_use(__name__)
