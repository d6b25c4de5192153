"""Editor operations on a sliding-tile board: pure functions (board, cursor, brush) -> (board, cursor).

Typing a digit puts that number under the cursor (the tile that had it takes
the cursor's old one, so the board stays a whole set of tiles); a second digit
right after makes a two-digit number when the board has it. The brush is the
number of random moves the shuffle key makes.
"""
from __future__ import annotations

import random
from dataclasses import replace
from typing import Callable

from puzzle_explorer.core.errors import InputError
from puzzle_explorer.puzzles.interface import EditAction
from puzzle_explorer.puzzles.kit.resizing import resize_actions
from puzzle_explorer.puzzles.kit.text import Cell
from puzzle_explorer.puzzles.tiles.board import BLANK, MAX_SIDE, MIN_SIDE, Board, solved_tiles
from puzzle_explorer.puzzles.tiles.geometry import neighbours

SHUFFLES = (10, 30, 100, 1000)
BRUSHES = tuple(f"shuffle {n}" for n in SHUFFLES)


def new_board() -> Board:
    """The 15-puzzle, solved."""
    return Board(4, 4, solved_tiles(4, 4))


def _where(cell: Cell) -> tuple[int, int]:
    return cell[0] + 1, cell[1] + 1


def put(board: Board, cursor: Cell, number: int) -> Board:
    """The number under the cursor, swapped with wherever it was."""
    if number >= board.size:
        raise InputError(f"a {board.width}x{board.height} board has tiles 1 to {board.size - 1}", _where(cursor))
    tiles = list(board.tiles)
    i = cursor[1] * board.width + cursor[0]
    j = tiles.index(number)
    tiles[i], tiles[j] = tiles[j], tiles[i]
    return replace(board.with_tiles(tiles), entry=cursor)


def _typer(digit: int) -> Callable[[Board, Cell, str], tuple[Board, Cell]]:
    def type_digit(board: Board, cursor: Cell, brush: str = "") -> tuple[Board, Cell]:
        here = board.at(cursor)
        longer = here * 10 + digit
        if board.entry == cursor and 0 < here < 10 and longer < board.size:
            return put(board, cursor, longer), cursor
        return put(board, cursor, digit), cursor

    type_digit.__doc__ = f"Type {digit}: the number under the cursor (0 is the blank)."
    return type_digit


def blank_here(board: Board, cursor: Cell, brush: str = "") -> tuple[Board, Cell]:
    """The blank under the cursor (the tile there goes where the blank was)."""
    return put(board, cursor, BLANK), cursor


def slide(board: Board, cursor: Cell, brush: str = "") -> tuple[Board, Cell]:
    """Slide the tile under the cursor into the blank beside it."""
    bx, by = board.blank
    x, y = cursor
    if (x, y) == (bx, by):
        raise InputError("the cursor is on the blank: put it on a tile next to the blank", _where(cursor))
    if abs(x - bx) + abs(y - by) != 1:
        raise InputError(f"tile {board.at(cursor)} is not next to the blank, which is at {bx + 1},{by + 1}",
                         _where(cursor))
    tiles = list(board.tiles)
    i, j = y * board.width + x, by * board.width + bx
    tiles[i], tiles[j] = tiles[j], tiles[i]
    return board.with_tiles(tiles), (bx, by)


def random_walk(board: Board, moves: int, rng: random.Random) -> Board:
    """The board after `moves` random moves of the blank, never straight back (so it stays solvable)."""
    tiles = list(board.tiles)
    nbr = neighbours(board.width, board.height)
    b = tiles.index(BLANK)
    previous = -1
    for _ in range(moves):
        options = [int(c) for c in nbr[b] if c >= 0 and c != previous]
        c = rng.choice(options)
        tiles[b], tiles[c] = tiles[c], BLANK
        previous, b = b, c
    return board.with_tiles(tiles)


def shuffle(board: Board, cursor: Cell, brush: str = "") -> tuple[Board, Cell]:
    """From the goal, the brush's number of random moves: a board that surely has a solution."""
    moves = int(brush.split()[-1]) if brush else SHUFFLES[0]
    goal = board.with_tiles(board.goal_tiles())
    return random_walk(goal, moves, random.Random()), cursor


def reset(board: Board, cursor: Cell, brush: str = "") -> tuple[Board, Cell]:
    """Every tile home: the goal."""
    return board.with_tiles(board.goal_tiles()), cursor


def toggle_goal(board: Board, cursor: Cell, brush: str = "") -> tuple[Board, Cell]:
    """The goal with the blank last, or first (Korf's convention)."""
    first = solved_tiles(board.width, board.height, blank_first=True)
    return replace(board, goal=None if board.blank_first_goal() else first, entry=None), cursor


def _resized(board: Board, width: int, height: int) -> Board:
    """The board at a new size starts solved, keeping the goal's convention (blank first or last)."""
    goal = solved_tiles(width, height, blank_first=True) if board.blank_first_goal() else None
    return Board(width, height, goal or solved_tiles(width, height), goal)


ACTIONS = tuple(
    [EditAction(f"type_{d}", str(d), f"type {d}: put that number under the cursor (0: the blank)", _typer(d),
                "Number", show=(d == 1)) for d in range(10)]
    + [
        EditAction("blank", "full_stop", "the blank under the cursor", blank_here, "Blank", False),
        EditAction("slide", "space", "slide the tile under the cursor into the blank", slide, "Slide"),
        EditAction("shuffle", "s", "shuffle: the brush's number of random moves from the goal", shuffle,
                   "Shuffle"),
        EditAction("reset", "r", "every tile home (the goal)", reset, "Reset"),
        EditAction("goal", "g", "goal: blank last or blank first", toggle_goal, "Goal"),
    ]
    + list(resize_actions(_resized, high=MAX_SIDE, low=MIN_SIDE, note="(solved)")))
