"""Sliding tiles: the 8-, 15- and 24-puzzle and any board from 2x2 to 6x6.

The family object loads on first use (`puzzles.tiles.FAMILY`), so a worker process that
runs one of the family's kernels imports only the modules that kernel needs.
"""


def __getattr__(name: str):
    if name == "FAMILY":
        from puzzles.tiles.family import FAMILY
        return FAMILY
    raise AttributeError(f"module 'puzzles.tiles' has no attribute {name!r}")
