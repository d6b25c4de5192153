"""Playing a board by hand: whether two tiles link, removing a pair, gravity.

Gravity, exactly: when a pair is removed, each removed cell is taken out of
its column and everything above it in that column (tiles and empty cells
alike) moves down one row; the top cell of the column becomes empty. So a
tile falls one row for every removed tile below it in its column, and the
board after any set of removals depends only on which tiles were removed,
not on the order.
"""
from __future__ import annotations

from dataclasses import replace

from puzzle_explorer.core.errors import InputError
from puzzle_explorer.puzzles.kit.text import Cell, cell_text
from puzzle_explorer.puzzles.link.board import EMPTY, Board
from puzzle_explorer.puzzles.link.kernels.linking import LinkPath, quick_path


def where(cell: Cell) -> tuple[int, int]:
    return (cell[0] + 1, cell[1] + 1)


def remove_cells(board: Board, removed: list[Cell]) -> Board:
    """The board with these tiles taken off, gravity applied when the board has it."""
    grid = [list(r) for r in board.rows]
    if not board.gravity:
        for x, y in removed:
            grid[y][x] = EMPTY
    else:
        for x in {c[0] for c in removed}:
            column = [grid[y][x] for y in range(board.height) if (x, y) not in removed]
            column = [EMPTY] * (board.height - len(column)) + column
            for y, ch in enumerate(column):
                grid[y][x] = ch
    return replace(board, rows=tuple("".join(r) for r in grid), marked=(), trail=())


def pair_path(board: Board, a: Cell, b: Cell) -> LinkPath:
    """The path that lets a and b be removed together, or InputError saying why not."""
    for c in (a, b):
        if not board.is_tile(c):
            raise InputError("that cell holds no tile", where(c))
    if a == b:
        raise InputError("pick two different tiles", where(a))
    if board.at(a) != board.at(b):
        raise InputError(f"{board.at(a)!r} at {cell_text(a)} and {board.at(b)!r} at {cell_text(b)} "
                         "are different kinds")
    limit = board.play_limit()
    path = quick_path(board, a, b, limit)
    if path is None:
        fewest = quick_path(board, a, b)
        beyond = f"the fewest is {fewest.segments}" if fewest else "no path joins them at all"
        raise InputError(f"{cell_text(a)} and {cell_text(b)} do not link within {limit} segments ({beyond})")
    return path


def remove_pair(board: Board, a: Cell, b: Cell) -> tuple[Board, LinkPath]:
    """Remove two linked tiles of one kind; returns the new board (its trail = the path) and the path."""
    path = pair_path(board, a, b)
    after = remove_cells(board, [a, b])
    return replace(after, trail=path.corners), path
