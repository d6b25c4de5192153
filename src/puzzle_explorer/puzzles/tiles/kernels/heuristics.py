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
at most three line codes (the tile's own line, which keeps its order, and the
two lines it leaves and enters), by amounts that depend only on the tile, the
blank's cell and the direction: searches keep the codes and add those amounts
from a table (`slide_line`, `slide_delta`) rather than working them out.
"""
from __future__ import annotations

from collections import namedtuple
from functools import cache

import numpy as np

from puzzle_explorer.core.kernels.jit import helper
from puzzle_explorer.puzzles.tiles.geometry import distance, neighbours

GoalTables = namedtuple("GoalTables", [
    "md",           # int64[tile, cell]: Manhattan distance of tile from cell to its goal (0 for the blank)
    "part",         # int64[tile, cell, 2]: what the tile on that cell adds to its row's and its column's code
    "cell_line",    # int64[cell, 2]: the cell's row line and column line (rows are lines 0..h-1, columns h..)
    "line_offset",  # int64[line]: where the line's counts start in line_lc
    "line_lc",      # int64[...]: tiles to remove for each code, rows' table then columns'
    "slide_line",   # int64[tile, blank cell, direction, 3]: lines whose code changes when the tile
                    #   next to the blank in that direction slides into it
    "slide_delta",  # int64[tile, blank cell, direction, 3]: by how much
])


@cache
def _line_table(length: int) -> np.ndarray:
    """The tiles to take out of a line so the rest are in goal order, for every code: the nonzero
    digits' count minus their longest increasing run. All codes at once: a line of 6 has 117,649
    codes, which one by one cost a 6x6 board's first solve over a second of Python."""
    base = length + 1
    digits = (np.arange(base ** length, dtype=np.int64)[:, None] // base ** np.arange(length)) % base
    # longest[:, i]: the longest increasing run of nonzero digits that ends with digit i (0 where it is 0)
    longest = np.zeros_like(digits)
    for i in range(length):
        before = np.zeros(digits.shape[0], dtype=np.int64)
        for j in range(i):
            rises = (digits[:, j] > 0) & (digits[:, j] < digits[:, i])
            before = np.maximum(before, np.where(rises, longest[:, j], 0))
        longest[:, i] = np.where(digits[:, i] > 0, before + 1, 0)
    table: np.ndarray = np.count_nonzero(digits, axis=1) - longest.max(axis=1)
    return table


@cache
def goal_tables(width: int, height: int, goal: tuple[int, ...]) -> GoalTables:
    n = width * height
    cell_of = {t: c for c, t in enumerate(goal)}
    md = np.zeros((n, n), dtype=np.int64)
    part = np.zeros((n, n, 2), dtype=np.int64)
    cell_line = np.array([(c // width, height + c % width) for c in range(n)], dtype=np.int64)
    for t in range(1, n):
        gx, gy = cell_of[t] % width, cell_of[t] // width
        for c in range(n):
            x, y = c % width, c // width
            md[t, c] = distance(width, c, cell_of[t])
            if gy == y:
                part[t, c, 0] = (1 + gx) * (width + 1) ** x
            if gx == x:
                part[t, c, 1] = (1 + gy) * (height + 1) ** y
    rows, cols = _line_table(width), _line_table(height)
    line_offset = np.array([0] * height + [rows.shape[0]] * width, dtype=np.int64)
    nbr = neighbours(width, height)
    slide_line = np.zeros((n, n, 4, 3), dtype=np.int64)
    slide_delta = np.zeros((n, n, 4, 3), dtype=np.int64)
    for t in range(1, n):
        for b in range(n):
            for d in range(4):
                c = int(nbr[b, d])
                if c < 0:
                    continue
                change: dict[int, int] = {}
                for k in range(2):  # out of c's lines, into b's
                    change[int(cell_line[c, k])] = change.get(int(cell_line[c, k]), 0) - int(part[t, c, k])
                    change[int(cell_line[b, k])] = change.get(int(cell_line[b, k]), 0) + int(part[t, b, k])
                for k, (line, delta) in enumerate(sorted(change.items())):
                    slide_line[t, b, d, k] = line
                    slide_delta[t, b, d, k] = delta
    return GoalTables(md, part, cell_line, line_offset, np.concatenate((rows, cols)), slide_line, slide_delta)


@helper
def manhattan(tiles, g):
    h = 0
    for c in range(tiles.shape[0]):
        h += g.md[tiles[c], c]
    return h


@helper
def line_codes(tiles, g, codes):
    """Fill the code of every line (rows, then columns)."""
    codes[:] = 0
    for c in range(tiles.shape[0]):
        t = tiles[c]
        codes[g.cell_line[c, 0]] += g.part[t, c, 0]
        codes[g.cell_line[c, 1]] += g.part[t, c, 1]


@helper
def conflicts(g, codes):
    """Tiles to remove over every line, from the line codes."""
    total = 0
    for line in range(codes.shape[0]):
        total += g.line_lc[g.line_offset[line] + codes[line]]
    return total
