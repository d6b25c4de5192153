"""Lower bounds on the moves to the goal: Manhattan distance and linear conflicts.

Manhattan distance sums each tile's distance from its goal cell. Linear
conflict (Hansson, Mayer and Yung, 1992) adds two moves for each tile that
must leave its row (or column) to let others in the same line pass: in a line,
the tiles that belong to it must end in goal order, so all but a longest
increasing run of them must step out and back. Both are admissible, and the
second dominates the first.

The line counts come from tables: a line's code gives every cell a digit, 0
for a tile that does not belong to the line, else 1 + its goal place along
the line; the table holds the tiles to remove for each code. A move changes
at most three line codes, so searches keep the codes and update them.
"""
from __future__ import annotations

from collections import namedtuple
from functools import cache

import numpy as np

from core.jit import helper
from puzzles.tiles.geometry import distance

GoalTables = namedtuple("GoalTables", [
    "md",         # int64[tile, cell]: Manhattan distance of tile from cell to its goal (0 for the blank)
    "goal_x",     # int64[tile]: goal column
    "goal_y",     # int64[tile]: goal row
    "row_pow",    # int64[width]: place values of a row code, (width + 1) ** x
    "col_pow",    # int64[height]: place values of a column code, (height + 1) ** y
    "row_lc",     # int64[(width + 1) ** width]: tiles to remove from a row with this code
    "col_lc",     # int64[(height + 1) ** height]
])


def removals(digits: list[int]) -> int:
    """Tiles to take out of a line so the rest are in goal order: the count minus a longest
    increasing subsequence of the nonzero digits."""
    seq = [d for d in digits if d]
    best: list[int] = []
    for i, d in enumerate(seq):
        best.append(1 + max((best[j] for j in range(i) if seq[j] < d), default=0))
    return len(seq) - max(best, default=0)


def _line_table(length: int) -> np.ndarray:
    base = length + 1
    out = np.empty(base ** length, dtype=np.int64)
    for code in range(out.shape[0]):
        digits = [(code // base ** i) % base for i in range(length)]
        out[code] = removals(digits)
    return out


_line_table = cache(_line_table)


@cache
def goal_tables(width: int, height: int, goal: tuple[int, ...]) -> GoalTables:
    n = width * height
    cell_of = {t: c for c, t in enumerate(goal)}
    md = np.zeros((n, n), dtype=np.int64)
    for t in range(1, n):
        for c in range(n):
            md[t, c] = distance(width, c, cell_of[t])
    goal_x = np.array([cell_of[t] % width for t in range(n)], dtype=np.int64)
    goal_y = np.array([cell_of[t] // width for t in range(n)], dtype=np.int64)
    goal_x[0] = goal_y[0] = -1  # the blank belongs to no line
    row_pow = np.array([(width + 1) ** x for x in range(width)], dtype=np.int64)
    col_pow = np.array([(height + 1) ** y for y in range(height)], dtype=np.int64)
    return GoalTables(md, goal_x, goal_y, row_pow, col_pow, _line_table(width), _line_table(height))


@helper
def manhattan(tiles, g):
    h = 0
    for c in range(tiles.shape[0]):
        h += g.md[tiles[c], c]
    return h


@helper
def line_codes(tiles, g, rows, cols):
    """Fill the code of every row and every column."""
    width = g.row_pow.shape[0]
    rows[:] = 0
    cols[:] = 0
    for c in range(tiles.shape[0]):
        t = tiles[c]
        x = c % width
        y = c // width
        if g.goal_y[t] == y:
            rows[y] += (1 + g.goal_x[t]) * g.row_pow[x]
        if g.goal_x[t] == x:
            cols[x] += (1 + g.goal_y[t]) * g.col_pow[y]


@helper
def conflicts(g, rows, cols):
    """Tiles to remove over every line, from the line codes."""
    total = 0
    for y in range(rows.shape[0]):
        total += g.row_lc[rows[y]]
    for x in range(cols.shape[0]):
        total += g.col_lc[cols[x]]
    return total


@helper
def _slide_along(own, cross, line_of, place_of, own_pow, cross_pow, cross_lc, t, line, a, b, apply):
    """Tile t slides along its line (a row, or a column) from place a to place b: the line's own
    code moves the tile, the two crossing lines lose and gain it. Returns the change in conflicts.

    line_of / place_of: each tile's goal line and goal place in this orientation.
    """
    if apply and line_of[t] == line:
        own[line] += (1 + place_of[t]) * (own_pow[b] - own_pow[a])
    old_a = cross[a]
    old_b = cross[b]
    new_a = old_a - (1 + line_of[t]) * cross_pow[line] if place_of[t] == a else old_a
    new_b = old_b + (1 + line_of[t]) * cross_pow[line] if place_of[t] == b else old_b
    if apply:
        cross[a] = new_a
        cross[b] = new_b
    return cross_lc[new_a] - cross_lc[old_a] + cross_lc[new_b] - cross_lc[old_b]


@helper
def move_conflicts(g, rows, cols, t, frm, to, apply):
    """The change in conflicts when tile t slides from cell frm to cell to (the blank);
    with apply, the codes are updated too.

    The line the tile slides along keeps its order (the tile only moves into
    the blank beside it), so only the two crossing lines change their count.
    """
    width = g.row_pow.shape[0]
    fx = frm % width
    fy = frm // width
    if fy == to // width:
        return _slide_along(rows, cols, g.goal_y, g.goal_x, g.row_pow, g.col_pow, g.col_lc, t, fy, fx, to % width,
                            apply)
    return _slide_along(cols, rows, g.goal_x, g.goal_y, g.col_pow, g.row_pow, g.row_lc, t, fx, fy, to // width,
                        apply)
