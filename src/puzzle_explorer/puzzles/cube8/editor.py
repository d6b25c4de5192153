"""Editor operations: paint the target pattern, move the start's empty square. Pure functions.

Any edit returns a board at the start position: the puzzle always starts with every
cube in the same orientation, so a board taken from the middle of a solution goes
back to its start when edited.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Callable

from puzzle_explorer.core.errors import InputError
from puzzle_explorer.puzzles.cube8 import cubes as C
from puzzle_explorer.puzzles.cube8.board import Board
from puzzle_explorer.puzzles.interface import EditAction
from puzzle_explorer.puzzles.kit.text import Cell

BRUSHES = ()  # colours have their own keys


def new_board() -> Board:
    """Empty square in the centre; target: every top white, the empty square in the corner 1,1."""
    return Board(C.square_at(1, 1), (C.EMPTY,) + (C.WHITE,) * 8)


def _painter(colour: int) -> Callable[[Board, Cell, str], tuple[Board, Cell]]:
    name = C.COLOUR_NAMES[colour]

    def paint(board: Board, cursor: Cell, brush: str = "") -> tuple[Board, Cell]:
        s = C.square_at(*cursor)
        if board.pattern[s] == C.EMPTY:
            raise InputError("the empty square must end here; press e on another square to move that first",
                             (cursor[0] + 1, cursor[1] + 1))
        pattern = board.pattern[:s] + (colour,) + board.pattern[s + 1:]
        return replace(board, pattern=pattern, cubes=None), cursor

    paint.__doc__ = f"The target shows {name} on the square under the cursor."
    return paint


def end_empty(board: Board, cursor: Cell, brush: str = "") -> tuple[Board, Cell]:
    """The empty square must end under the cursor; the square it leaves takes the cursor's old colour."""
    s = C.square_at(*cursor)
    old = board.goal
    pattern = list(board.pattern)
    pattern[old], pattern[s] = pattern[s], C.EMPTY
    return replace(board, pattern=tuple(pattern), cubes=None), cursor


def start_empty(board: Board, cursor: Cell, brush: str = "") -> tuple[Board, Cell]:
    """The empty square starts under the cursor."""
    return replace(board, start=C.square_at(*cursor), cubes=None), cursor


def all_white(board: Board, cursor: Cell, brush: str = "") -> tuple[Board, Cell]:
    """Every target square white (the empty square's end stays)."""
    pattern = tuple(C.EMPTY if c == C.EMPTY else C.WHITE for c in board.pattern)
    return replace(board, pattern=pattern, cubes=None), cursor


def _actions() -> tuple[EditAction, ...]:
    out = []
    for key, colour in (("w", C.WHITE), ("b", C.BLUE), ("r", C.RED)):
        name = C.COLOUR_NAMES[colour]
        out.append(EditAction(f"target_{name}", key, f"target: {name} on top here", _painter(colour),
                              name.capitalize()))
    out.append(EditAction("target_empty", "e", "target: the empty square ends here", end_empty, "End"))
    out.append(EditAction("start_empty", "s", "start: the empty square starts here", start_empty, "Start"))
    out.append(EditAction("target_clear", "c", "target: every top white", all_white, show=False))
    # The same with shift held (capitals, as the pattern is written); the Footer shows the small letters.
    for action in tuple(out[:5]):
        out.append(EditAction(action.id + "_upper", action.key.upper(), action.description + " (as "
                              f"{action.key})", action.apply, show=False))
    return tuple(out)


ACTIONS = _actions()
