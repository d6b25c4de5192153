"""Proofs that a board has no tour, read off the board before any search.

Each check is a necessary condition for a path that visits every open cell
once from the start to the goal, whatever the die does; a board that fails
one has no tour, and the reason is the proof. The search prunes with the
same ideas as the path grows; here they settle the board at once.

Parity: colour cell (x, y) dark when x + y is even. Every roll changes the
colour, so a tour of n cells starting on colour c visits ceil(n / 2) cells
of colour c and floor(n / 2) of the other, and ends on colour c when n is
odd, on the other colour when n is even.
"""
from __future__ import annotations

from puzzle_explorer.puzzles.die.board import Board
from puzzle_explorer.puzzles.kit.text import Cell, cell_text


def colour(cell: Cell) -> int:
    """0 (dark) when x + y is even, 1 (light) otherwise."""
    return (cell[0] + cell[1]) % 2


def _name(c: int) -> str:
    return "dark" if c == 0 else "light"


def parity_obstacle(board: Board) -> str | None:
    """Why the colour counts rule out a tour from start to goal, or None when they allow one."""
    cells = board.open_cells()
    n = len(cells)
    count = [0, 0]
    for c in cells:
        count[colour(c)] += 1
    first = colour(board.start)
    last_needed = first if n % 2 else 1 - first
    if count[first] != (n + 1) // 2 or count[1 - first] != n // 2:
        return (f"parity: a tour alternates dark and light cells (dark: x+y even), so from the {_name(first)} "
                f"start {cell_text(board.start)} its {n} cells must be {(n + 1) // 2} {_name(first)} and "
                f"{n // 2} {_name(1 - first)}; the board has {count[first]} {_name(first)} and "
                f"{count[1 - first]} {_name(1 - first)}")
    if colour(board.goal) != last_needed:
        return (f"parity: a tour of {n} cells from the {_name(first)} start {cell_text(board.start)} ends on a "
                f"{_name(last_needed)} cell, but the goal {cell_text(board.goal)} is {_name(colour(board.goal))}")
    return None


def connectivity_obstacle(board: Board) -> str | None:
    """Why the open cells cannot all be reached from the start, or None."""
    seen = {board.start}
    todo = [board.start]
    while todo:
        for nxt in board.neighbours(todo.pop()):
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    cut = [c for c in board.open_cells() if c not in seen]
    if cut:
        return (f"the open cells are not connected: {cell_text(cut[0])} cannot be reached from the start "
                f"{cell_text(board.start)}")
    return None


def dead_end_obstacle(board: Board) -> str | None:
    """A cell a tour could enter but never leave (or never enter), or None."""
    if len(board.open_cells()) == 1:
        return None
    for c in board.open_cells():
        degree = len(board.neighbours(c))
        ends = c in (board.start, board.goal)
        if degree < (1 if ends else 2):
            what = "the start" if c == board.start else "the goal" if c == board.goal else "cell"
            return (f"{what} {cell_text(c)} has {degree} open neighbour{'s' if degree != 1 else ''}; "
                    f"a tour passes through every cell but the start and the goal, needing two")
    return None


def obstacle(board: Board) -> str | None:
    """The first reason found that no tour exists, or None if the board passes every check."""
    return connectivity_obstacle(board) or dead_end_obstacle(board) or parity_obstacle(board)
