"""Editor operations on a knight's-tour board: pure functions (board, cursor, brush) -> (board, cursor)."""
from __future__ import annotations

from dataclasses import replace
from typing import Callable

from puzzle_explorer.core.errors import InputError
from puzzle_explorer.puzzles.interface import EditAction
from puzzle_explorer.puzzles.kit.resizing import kept_inside, resize_actions
from puzzle_explorer.puzzles.kit.text import Cell
from puzzle_explorer.puzzles.knights.board import MAX_SIDE, Board

BRUSHES = ()


def _where(cell: Cell) -> tuple[int, int]:
    return (cell[0] + 1, cell[1] + 1)


def set_start(board: Board, cursor: Cell, brush: str = "") -> tuple[Board, Cell]:
    """The tour starts on the square under the cursor."""
    if cursor in board.blocked:
        raise InputError("the start cannot be on a blocked square; unblock it first", _where(cursor))
    return replace(board.plain(), start=cursor), cursor


def toggle_block(board: Board, cursor: Cell, brush: str = "") -> tuple[Board, Cell]:
    """Block the square under the cursor, or free it again."""
    if cursor == board.start:
        raise InputError("that is the start square; move the start first", _where(cursor))
    blocked = board.blocked ^ {cursor}
    return replace(board.plain(), blocked=frozenset(blocked)), cursor


def clear_blocks(board: Board, cursor: Cell, brush: str = "") -> tuple[Board, Cell]:
    """Free every blocked square."""
    if not board.blocked:
        raise InputError("no blocked squares to clear")
    return replace(board.plain(), blocked=frozenset()), cursor


def toggle_closed(board: Board, cursor: Cell, brush: str = "") -> tuple[Board, Cell]:
    """Switch between an open tour and a closed one (ending a move away from the start)."""
    return replace(board.plain(), closed=not board.closed), cursor


def resized(board: Board, width: int, height: int) -> Board:
    """The board at a new size: blocked squares outside dropped, the start kept inside."""
    def inside(c: Cell) -> bool:
        return c[0] < width and c[1] < height
    start = kept_inside(board.start, width, height)
    blocked = frozenset(c for c in board.blocked if inside(c)) - {start}
    return replace(board.plain(), width=width, height=height, start=start, blocked=blocked)


def _scaler(factor: float) -> Callable[[Board, Cell, str], tuple[Board, Cell]]:
    def scale(board: Board, cursor: Cell, brush: str = "") -> tuple[Board, Cell]:
        w = max(1, min(MAX_SIDE, round(board.width * factor)))
        h = max(1, min(MAX_SIDE, round(board.height * factor)))
        if (w, h) == (board.width, board.height):
            raise InputError(f"boards are 1x1 to {MAX_SIDE}x{MAX_SIDE}")
        return resized(board, w, h), kept_inside(cursor, w, h)
    return scale


def new_board() -> Board:
    """The chessboard: 8x8, open tour from the corner."""
    return Board(8, 8)


ACTIONS = (
    EditAction("start", "s", "the tour starts here", set_start),
    EditAction("block", "x", "block or free the square under the cursor", toggle_block),
    EditAction("clear", "r", "free every blocked square", clear_blocks, show=False),
    EditAction("closed", "c", "switch between an open and a closed tour", toggle_closed),
    *resize_actions(resized, MAX_SIDE),
    EditAction("double", "greater_than_sign", "board twice as wide and tall (up to 1000x1000)", _scaler(2),
               show=False),
    EditAction("halve", "less_than_sign", "board half as wide and tall", _scaler(0.5), show=False),
)
