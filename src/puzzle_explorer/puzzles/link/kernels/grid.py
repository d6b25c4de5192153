"""A board as flat numpy arrays for the kernels.

The board sits inside two extra layers of cells on every side. The inner
layer is the outside ring (free when the rules allow paths there, blocked
otherwise); the outer layer is always blocked, so a kernel walking in a
straight line stops there without bounds checks. Cell (x, y), 0-based, with
the ring at -1 and width/height, is at index (y + PAD) * stride + (x + PAD).
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from puzzle_explorer.puzzles.kit.text import Cell
from puzzle_explorer.puzzles.link.board import EMPTY, Board

PAD = 2
FREE = -1      # an empty cell a path may cross
BLOCKED = -2   # the sentinel layer, or the ring when paths may not leave the board


def stride_of(board: Board) -> int:
    return board.width + 2 * PAD


def index(stride: int, cell: Cell) -> int:
    return (cell[1] + PAD) * stride + cell[0] + PAD


def cell_at(stride: int, i: int) -> Cell:
    return (i % stride - PAD, i // stride - PAD)


@dataclass(frozen=True)
class Grid:
    """The board's cells as tile numbers: tiles are numbered row by row from 0."""

    stride: int
    cells: np.ndarray        # int32 per padded cell: tile number, FREE or BLOCKED
    tile_cell: list[Cell]    # tile number -> its cell at the start
    tile_kind: np.ndarray    # int32 tile number -> kind number
    kinds: list[str]         # kind number -> its character


def build(board: Board) -> Grid:
    """The padded tile-number grid of a board, under its outside-ring rule."""
    w, h = board.width, board.height
    stride = stride_of(board)
    cells = np.full((h + 2 * PAD) * stride, BLOCKED, dtype=np.int32)
    ring = FREE if board.outside else BLOCKED
    for y in range(-1, h + 1):
        for x in range(-1, w + 1):
            cells[index(stride, (x, y))] = ring
    kinds = sorted({ch for row in board.rows for ch in row if ch != EMPTY})
    number = {k: i for i, k in enumerate(kinds)}
    tile_cell: list[Cell] = []
    tile_kind: list[int] = []
    for y, row in enumerate(board.rows):
        for x, ch in enumerate(row):
            i = index(stride, (x, y))
            if ch == EMPTY:
                cells[i] = FREE
            else:
                cells[i] = len(tile_cell)
                tile_cell.append((x, y))
                tile_kind.append(number[ch])
    return Grid(stride, cells, tile_cell, np.array(tile_kind, dtype=np.int32), kinds)


def blocked_map(board: Board) -> NDArray[np.uint8]:
    """uint8 per padded cell: 1 where a path cannot pass (tiles, the sentinel, the ring if closed)."""
    blocked: NDArray[np.bool_] = _padded_cells(board) != FREE  # numpy's stubs give `!=` as Any
    return blocked.astype(np.uint8)


def _padded_cells(board: Board) -> NDArray[np.int32]:
    """The padded grid with FREE for empty cells and 0 for tiles (cheaper than build)."""
    w, h = board.width, board.height
    stride = stride_of(board)
    cells = np.full((h + 2 * PAD, stride), BLOCKED, dtype=np.int32)
    if board.outside:
        cells[PAD - 1:PAD + h + 1, PAD - 1:PAD + w + 1] = FREE
    inner = np.frombuffer("".join(board.rows).encode("utf-32-le"), dtype=np.uint32).reshape(h, w)
    cells[PAD:PAD + h, PAD:PAD + w] = np.where(inner == ord(EMPTY), FREE, 0)
    return cells.reshape(-1)
