"""Link puzzles (连连看 Lianliankan, Shisen-Sho): fewest-segment paths and clearing whole boards.

The family object loads on first use (`puzzle_explorer.puzzles.link.FAMILY`), so a worker process that
runs one of the family's kernels imports only the modules that kernel needs.
"""
from puzzle_explorer.puzzles import family_on_first_use

__getattr__ = family_on_first_use(__name__)
