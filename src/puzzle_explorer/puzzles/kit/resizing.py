"""Resizing a board in the editor: the same four keys in every family that has a board size.

`[` and `]` make the board one column narrower or wider, `{` and `}` one row shorter or taller.
A family says how its board looks at a new size; the size's bounds, the refusal and the cursor
kept on the board are the same everywhere.
"""
from __future__ import annotations

from typing import Any, Callable

from puzzle_explorer.core.errors import InputError
from puzzle_explorer.puzzles.interface import EditAction
from puzzle_explorer.puzzles.kit.text import Cell

# (board, width, height) -> the board at that size: what falls outside dropped, or InputError to refuse
Resized = Callable[[Any, int, int], Any]

STEPS = (  # id, key, what it does, change of width and height
    ("wider", "right_square_bracket", "board one column wider", 1, 0),
    ("narrower", "left_square_bracket", "board one column narrower", -1, 0),
    ("taller", "right_curly_bracket", "board one row taller", 0, 1),
    ("shorter", "left_curly_bracket", "board one row shorter", 0, -1),
)


def check_size(width: int, height: int, low: int, high: int) -> None:
    """InputError unless low <= width, height <= high."""
    if not (low <= width <= high and low <= height <= high):
        raise InputError(f"boards are {low}x{low} to {high}x{high}")


def kept_inside(cursor: Cell, width: int, height: int) -> Cell:
    """The cursor on a board of this size: moved onto the last column or row if it fell off."""
    return min(cursor[0], width - 1), min(cursor[1], height - 1)


def resize_actions(resized: Resized, high: int, low: int = 1, note: str = "") -> tuple[EditAction, ...]:
    """The four resizing actions of a family's editor (not in the Footer: the help lists them).
    `note` follows each description ("(solved)": the board starts over at its new size)."""
    def resizer(dw: int, dh: int) -> Callable[[Any, Cell, str], tuple[Any, Cell]]:
        def resize(board: Any, cursor: Cell, brush: str = "") -> tuple[Any, Cell]:
            width, height = board.width + dw, board.height + dh
            check_size(width, height, low, high)
            return resized(board, width, height), kept_inside(cursor, width, height)
        return resize

    return tuple(EditAction(id_, key, f"{what} {note}".rstrip(), resizer(dw, dh), show=False)
                 for id_, key, what, dw, dh in STEPS)
