"""Editor operations on a rolling-die board: pure functions from board to board.

Every edit drops any tour drawn on the board: it belonged to the old board.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Callable

from puzzle_explorer.core.errors import InputError
from puzzle_explorer.puzzles.die.board import MAX_SIDE, Board, open_board, where
from puzzle_explorer.puzzles.interface import EditAction
from puzzle_explorer.puzzles.kit.resizing import resize_actions
from puzzle_explorer.puzzles.kit.text import Cell

BRUSHES = ()


def _fresh(board: Board) -> Board:
    return board.without_tour()


def toggle_blocked(board: Board, cursor: Cell, brush: str = "") -> tuple[Board, Cell]:
    """Block the open cell under the cursor, or open the blocked one."""
    board = _fresh(board)
    if cursor in (board.start, board.goal):
        what = "start" if cursor == board.start else "goal"
        raise InputError(f"the {what} cannot be blocked; move it first (s or g)", where(cursor))
    blocked = board.blocked - {cursor} if cursor in board.blocked else board.blocked | {cursor}
    return replace(board, blocked=blocked), cursor


def _end_setter(which: str) -> Callable[[Board, Cell, str], tuple[Board, Cell]]:
    def set_end(board: Board, cursor: Cell, brush: str = "") -> tuple[Board, Cell]:
        board = _fresh(board)
        if cursor in board.blocked:
            raise InputError(f"that cell is blocked; open it first (x) to put the {which} there", where(cursor))
        other = board.goal if which == "start" else board.start
        if cursor == other:
            swapped = replace(board, start=board.goal, goal=board.start)
            return swapped, cursor
        if which == "start":
            return replace(board, start=cursor), cursor
        return replace(board, goal=cursor), cursor
    set_end.__doc__ = f"Put the {which} on the cursor (on the other end: swap start and goal)."
    return set_end


def clear_blocked(board: Board, cursor: Cell, brush: str = "") -> tuple[Board, Cell]:
    """Open every blocked cell."""
    board = _fresh(board)
    if not board.blocked:
        raise InputError("no blocked cells to clear")
    return replace(board, blocked=frozenset()), cursor


def resized(board: Board, w: int, h: int) -> Board:
    """The board at a new size, blocked cells outside dropped; refused while the start or goal is outside."""
    board = _fresh(board)
    def inside(c: Cell) -> bool:
        return c[0] < w and c[1] < h
    if not inside(board.start) or not inside(board.goal):
        raise InputError("the start or the goal is on the edge being removed; move it first")
    return replace(board, width=w, height=h, blocked=frozenset(c for c in board.blocked if inside(c)))


def new_board() -> Board:
    """The classic 8x8 board: start top-left, goal bottom-left."""
    return open_board(8, 8)


ACTIONS = (
    EditAction("block", "x", "block or open the cell under the cursor", toggle_blocked),
    EditAction("start", "s", "put the start here (the die starts with the mark on top)", _end_setter("start")),
    EditAction("goal", "g", "put the goal here", _end_setter("goal")),
    EditAction("clear", "c", "open every blocked cell", clear_blocked, show=False),
    *resize_actions(resized, MAX_SIDE),
)
