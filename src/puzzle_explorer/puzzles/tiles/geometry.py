"""The board's shape as arrays: neighbours in each direction and the symmetries of the rectangle.

Cells are numbered row by row (y * width + x). A direction is where the blank
goes; a move slides the tile from that neighbour into the blank. The order
up, left, right, down is the order Korf's IDA* tried them, which makes our
node counts comparable with his (see docs/tiles.md).
"""
from __future__ import annotations

from functools import cache

import numpy as np

DIRECTIONS = ((0, -1), (-1, 0), (1, 0), (0, 1))  # up, left, right, down
DIRECTION_NAMES = ("up", "left", "right", "down")


def opposite(d: int) -> int:
    """The direction that undoes d (the order above is symmetric: 3 - d)."""
    return 3 - d


def neighbours(width: int, height: int) -> np.ndarray:
    """nbr[cell, d]: the cell next to `cell` in direction d, -1 off the board. A writable array of its
    own, as a copy unpickled in a worker process is: numba compiles a kernel apart for a read-only
    array, so a search split over processes compiled in every worker what the warm-up had not."""
    return _neighbours(width, height).copy()


@cache
def _neighbours(width: int, height: int) -> np.ndarray:
    out = np.full((width * height, 4), -1, dtype=np.int64)
    for c in range(width * height):
        x, y = c % width, c // width
        for d, (dx, dy) in enumerate(DIRECTIONS):
            if 0 <= x + dx < width and 0 <= y + dy < height:
                out[c, d] = (y + dy) * width + x + dx
    out.setflags(write=False)
    return out


@cache
def symmetries(width: int, height: int) -> tuple[tuple[int, ...], ...]:
    """Every symmetry of the board as a cell map (map[cell] = image), the identity first.

    A rectangle has four (identity, mirror left-right, mirror top-bottom, half
    turn); a square four more (the two diagonal mirrors, the quarter turns).
    The main-diagonal mirror, when there is one, is SYMMETRY_TRANSPOSE.
    """
    maps = []
    for transpose in ((False, True) if width == height else (False,)):
        for flip_x in (False, True):
            for flip_y in (False, True):
                m = []
                for c in range(width * height):
                    x, y = c % width, c // width
                    if transpose:
                        x, y = y, x
                    if flip_x:
                        x = width - 1 - x
                    if flip_y:
                        y = height - 1 - y
                    m.append(y * width + x)
                maps.append(tuple(m))
    return tuple(maps)


SYMMETRY_TRANSPOSE = 4  # index in symmetries() of the main-diagonal mirror (square boards)


def inverse(cell_map: tuple[int, ...]) -> tuple[int, ...]:
    out = [0] * len(cell_map)
    for c, image in enumerate(cell_map):
        out[image] = c
    return tuple(out)


def distance(width: int, a: int, b: int) -> int:
    """Steps between two cells (Manhattan)."""
    return abs(a % width - b % width) + abs(a // width - b // width)
