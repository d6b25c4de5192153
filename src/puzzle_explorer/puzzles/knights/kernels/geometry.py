"""Squares as numbers, the knight's moves in named orders, and the neighbour table kernels share.

Square (x, y) is number y * width + x. A neighbour table row lists a square's
eight knight moves in one fixed order, -1 where the move leaves the board or
lands on a blocked square; the order of a row is the order a search tries.
"""
from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from puzzle_explorer.core.kernels.jit import helper, kernel
from puzzle_explorer.puzzles.knights.board import Board

# (dx, dy) with x the column and y the row, both as the article writes its own (x, y).
# The order the classic article's program tries: the only regular order that reproduces every
# search size it reports (see docs/knights.md).
ARTICLE_PROGRAM = ((-2, -1), (-2, 1), (2, -1), (2, 1), (-1, -2), (-1, 2), (1, -2), (1, 2))
# The order the classic article's text lists; it reproduces only some of the reported sizes.
ARTICLE_LISTED = ((1, 2), (1, -2), (-1, 2), (-1, -2), (2, 1), (2, -1), (-2, 1), (-2, -1))
# Clockwise from "up and right": the order of every other solver here.
CLOCKWISE = ((1, -2), (2, -1), (2, 1), (1, 2), (-1, 2), (-2, 1), (-2, -1), (-1, -2))

ORDERS = {"program": ARTICLE_PROGRAM, "listed": ARTICLE_LISTED, "clockwise": CLOCKWISE}


def deltas(order: tuple[tuple[int, int], ...]) -> tuple[np.ndarray, np.ndarray]:
    dx = np.array([d[0] for d in order], dtype=np.int64)
    dy = np.array([d[1] for d in order], dtype=np.int64)
    return dx, dy


def free_mask(board: Board) -> np.ndarray:
    """One bool per square, False where blocked."""
    free = np.ones(board.width * board.height, dtype=np.bool_)
    for x, y in board.blocked:
        free[y * board.width + x] = False
    return free


@kernel
def neighbour_table(width, height, free, dx, dy):
    """(squares, 8) int32: each free square's knight moves in the order of dx/dy, -1 for none."""
    n = width * height
    table = np.full((n, 8), -1, dtype=np.int32)
    for s in range(n):
        if not free[s]:
            continue
        x = s % width
        y = s // width
        for k in range(8):
            nx = x + dx[k]
            ny = y + dy[k]
            if 0 <= nx < width and 0 <= ny < height:
                t = ny * width + nx
                if free[t]:
                    table[s, k] = t
    return table


@helper(allocates=True)
def degrees(table):
    """How many knight moves each square has onto free squares (int32)."""
    n = table.shape[0]
    deg = np.zeros(n, dtype=np.int32)
    for s in range(n):
        for k in range(8):
            if table[s, k] >= 0:
                deg[s] += 1
    return deg


@helper
def rim_distance(square, width, height):
    """How far a square lies from the board's centre (the squared distance, doubled to stay whole):
    the tie-break of Warnsdorff's rule, which prefers the square farthest out (Roth)."""
    ex = 2 * (square % width) - (width - 1)
    ey = 2 * (square // width) - (height - 1)
    return ex * ex + ey * ey


@helper
def leave_start(table, deg, home, start, closed):
    """Mark the start's neighbours in home and return how many there are. On an open tour each of
    them loses the start as a way out; a closed tour keeps the start as everyone's last neighbour."""
    count = 0
    for k in range(8):
        t = table[start, k]
        if t >= 0:
            home[t] = True
            count += 1
            if not closed:
                deg[t] -= 1
    return count


def table_for(board: Board, order: str = "clockwise") -> NDArray[np.int32]:
    """The neighbour table of a board in the named move order."""
    dx, dy = deltas(ORDERS[order])
    table: NDArray[np.int32] = neighbour_table(board.width, board.height, free_mask(board), dx, dy)
    return table


def colour(x: int, y: int) -> int:
    """0 for the colour of the corner square (1,1), 1 for the other."""
    return (x + y) & 1


@kernel
def reach(table: NDArray[np.int32], start: int) -> int:
    """How many free squares a knight can reach from start (start included)."""
    n = table.shape[0]
    seen = np.zeros(n, dtype=np.bool_)
    queue = np.empty(n, dtype=np.int32)
    seen[start] = True
    queue[0] = start
    head, tail = 0, 1
    while head < tail:
        s = queue[head]
        head += 1
        for k in range(8):
            t = table[s, k]
            if t >= 0 and not seen[t]:
                seen[t] = True
                queue[tail] = t
                tail += 1
    return tail
