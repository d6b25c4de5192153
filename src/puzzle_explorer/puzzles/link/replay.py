"""Turning a clearing order (pairs of tile numbers) back into boards, paths and moves.

A long order on a big board has thousands of steps, so the cells live in a
mutable grid and a padded blocked map that each removal updates in place;
only the rows a removal touched are rebuilt for the step's board.
"""
from __future__ import annotations

from dataclasses import replace

import numpy as np
from numpy.typing import NDArray

from puzzle_explorer.core.kernels.codes import FOUND
from puzzle_explorer.core.kernels.counters import new_counters
from puzzle_explorer.puzzles.interface import Step
from puzzle_explorer.puzzles.kit.text import Cell, cell_text
from puzzle_explorer.puzzles.link.board import EMPTY, Board
from puzzle_explorer.puzzles.link.kernels.grid import Grid, blocked_map, cell_at, index
from puzzle_explorer.puzzles.link.kernels.linking import fewest_segments


def one_based(cell: Cell) -> list[int]:
    return [cell[0] + 1, cell[1] + 1]


def replay(board: Board, grid: Grid, moves: NDArray[np.int64], limit: int) -> list[Step]:
    """The start and one step per removed pair: the board after it (its trail the path used)."""
    stride = grid.stride
    chars = [list(r) for r in board.rows]
    owner = [[-1] * board.width for _ in range(board.height)]
    for t, (x, y) in enumerate(grid.tile_cell):
        owner[y][x] = t
    pos = list(grid.tile_cell)
    blocked = blocked_map(board)
    counters = new_counters(quiet=True)
    rows = list(board.rows)
    current = replace(board, marked=(), trail=())
    steps = [Step("start", current)]
    for a, b in moves:
        ca, cb = pos[int(a)], pos[int(b)]
        code, segments, corners = fewest_segments(blocked, np.int64(stride), np.int64(index(stride, ca)),
                                                  np.int64(index(stride, cb)), np.int64(limit), counters)
        if code != FOUND:
            raise RuntimeError(f"replay: {cell_text(ca)} and {cell_text(cb)} do not link")
        path = tuple(cell_at(stride, int(i)) for i in corners)
        kind = chars[ca[1]][ca[0]]
        touched = _remove(board, chars, owner, pos, blocked, stride, (ca, cb))
        for y in touched:
            rows[y] = "".join(chars[y])
        current = replace(current, rows=tuple(rows), trail=path)
        data = {"pair": [one_based(ca), one_based(cb)], "kind": kind, "segments": int(segments),
                "path": [one_based(c) for c in path]}
        label = f"{kind} {cell_text(ca)} + {cell_text(cb)} ({segments} segment{'s' * (segments > 1)})"
        steps.append(Step(label, current, frozenset((ca, cb)), data))
    return steps


def _remove(board: Board, chars: list[list[str]], owner: list[list[int]], pos: list[Cell], blocked: NDArray[np.uint8],
            stride: int, gone: tuple[Cell, ...]) -> set[int]:
    """Take the cells in `gone` off the grid (gravity as the board says); returns the rows changed."""
    if not board.gravity:
        for x, y in gone:
            chars[y][x] = EMPTY
            owner[y][x] = -1
            blocked[index(stride, (x, y))] = 0
        return {y for _, y in gone}
    touched: set[int] = set()
    for x in {c[0] for c in gone}:
        low = max(y for gx, y in gone if gx == x)
        kept = [(chars[y][x], owner[y][x]) for y in range(low + 1) if (x, y) not in gone]
        column = [(EMPTY, -1)] * (low + 1 - len(kept)) + kept
        for y, (ch, t) in enumerate(column):
            chars[y][x] = ch
            owner[y][x] = t
            blocked[index(stride, (x, y))] = ch != EMPTY
            if t >= 0:
                pos[t] = (x, y)
        touched.update(range(low + 1))
    return touched
