"""Cubic eight-puzzle: eight cubes rolled on a 3x3 board until their tops show a pattern.

The family object loads on first use (`puzzles.cube8.FAMILY`), so the light
modules here (cubes, board, contest, table, light) can be used without the
solvers and numba: a contest answered from the distance table needs only them.
"""


def __getattr__(name: str):
    if name == "FAMILY":
        from puzzles.cube8.family import FAMILY
        return FAMILY
    raise AttributeError(f"module 'puzzles.cube8' has no attribute {name!r}")
