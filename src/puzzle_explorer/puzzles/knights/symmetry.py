"""The board's symmetries: squares they swap have the same number of tours, so count one of each class."""
from __future__ import annotations

from typing import Callable

from puzzle_explorer.puzzles.kit.text import Cell
from puzzle_explorer.puzzles.knights.board import Board


def maps(board: Board) -> list[Callable[[int, int], Cell]]:
    """The reflections and rotations that map the board, blocked squares included, onto itself."""
    w, h = board.width, board.height
    candidates: list[Callable[[int, int], Cell]] = [
        lambda x, y: (x, y),
        lambda x, y: (w - 1 - x, y),
        lambda x, y: (x, h - 1 - y),
        lambda x, y: (w - 1 - x, h - 1 - y),
    ]
    if w == h:
        candidates += [
            lambda x, y: (y, x),
            lambda x, y: (h - 1 - y, w - 1 - x),
            lambda x, y: (h - 1 - y, x),
            lambda x, y: (y, w - 1 - x),
        ]
    return [f for f in candidates if {f(x, y) for x, y in board.blocked} == board.blocked]


def orbits(board: Board) -> list[tuple[Cell, list[Cell]]]:
    """(representative, every square in its class) for each class of free squares, in reading order."""
    symmetries = maps(board)
    seen: set[Cell] = set()
    out = []
    for y in range(board.height):
        for x in range(board.width):
            if (x, y) in seen or (x, y) in board.blocked:
                continue
            members = sorted({f(x, y) for f in symmetries}, key=lambda c: (c[1], c[0]))
            seen.update(members)
            out.append(((x, y), members))
    return out
