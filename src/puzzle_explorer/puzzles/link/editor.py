"""Editor and play operations on a link board: pure functions (board, cursor, brush) -> (board, cursor).

Marking two cells shows the path between them; `r` removes a marked pair that
links; `h` marks a pair whose removal keeps the board clearable. The rest
edits the board and its rules. Undo and redo are the app's.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Callable

from puzzle_explorer.core.errors import InputError
from puzzle_explorer.core.run.runner import Job
from puzzle_explorer.core.run.search import Limits
from puzzle_explorer.core.run.status import Status
from puzzle_explorer.puzzles.interface import EditAction
from puzzle_explorer.puzzles.kit.resizing import resize_actions
from puzzle_explorer.puzzles.kit.text import Cell
from puzzle_explorer.puzzles.link.board import EMPTY, MAX_SIDE, Board
from puzzle_explorer.puzzles.link.kernels.generate import KIND_CHARS, MAX_KINDS, generate
from puzzle_explorer.puzzles.link.play import remove_pair, where

BRUSHES = tuple("ABCDEFGHIJKL")
HINT_SECONDS = 1.5
HINT_STATES = 200_000
MAX_SEGMENTS = 99


def _inside(board: Board, cursor: Cell) -> None:
    if not board.inside(cursor):
        raise InputError("the cursor is off the board", where(cursor))


def mark(board: Board, cursor: Cell, brush: str = "") -> tuple[Board, Cell]:
    """Mark the cell under the cursor (again: unmark it); a third mark starts a new pair."""
    _inside(board, cursor)
    if cursor in board.marked:
        marked = tuple(c for c in board.marked if c != cursor)
    elif len(board.marked) < 2:
        marked = board.marked + (cursor,)
    else:
        marked = (cursor,)
    return replace(board, marked=marked, trail=()), cursor


def unmark(board: Board, cursor: Cell, brush: str = "") -> tuple[Board, Cell]:
    """Clear the marks and the drawn path."""
    if not board.marked and not board.trail:
        raise InputError("nothing is marked")
    return replace(board, marked=(), trail=()), cursor


def remove(board: Board, cursor: Cell, brush: str = "") -> tuple[Board, Cell]:
    """Remove the two marked tiles, if they are one kind and link within the segment limit."""
    if len(board.marked) != 2:
        raise InputError("mark two tiles of one kind first (m)")
    after, _ = remove_pair(board, *board.marked)
    return after, cursor


def hint(board: Board, cursor: Cell, brush: str = "") -> tuple[Board, Cell]:
    """Mark a pair whose removal keeps the board clearable.

    The clear search gets HINT_SECONDS; on a board too big for that, the mark
    goes on a linked pair the search could not check.
    """
    from puzzle_explorer.puzzles.link.solve import solve_hint

    if not board.tiles():
        raise InputError("the board is clear: nothing to hint")
    plain = replace(board, marked=(), trail=())
    job = Job(lambda control: solve_hint(plain, {}, control, Limits(max_states=HINT_STATES)),
              timeout_s=HINT_SECONDS)
    solution = job.run()
    if solution.status == Status.SOLVED:
        return solution.steps[-1].board, cursor
    if solution.status == Status.UNSOLVABLE:
        raise InputError(solution.details["reason"])
    unchecked = solution.details.get("unchecked")
    if unchecked is None:
        raise InputError("the search found no pair in time")
    a, b = (tuple(v - 1 for v in cell) for cell in unchecked["pair"])
    return replace(plain, marked=(a, b)), cursor


def place(board: Board, cursor: Cell, brush: str) -> tuple[Board, Cell]:
    """Put a tile of the brush's kind under the cursor."""
    _inside(board, cursor)
    kind = brush if brush and brush != EMPTY else BRUSHES[0]
    return board.with_cells({cursor: kind}), cursor


def delete(board: Board, cursor: Cell, brush: str = "") -> tuple[Board, Cell]:
    """Empty the cell under the cursor."""
    _inside(board, cursor)
    if board.at(cursor) == EMPTY:
        raise InputError("the cell is already empty", where(cursor))
    return board.with_cells({cursor: EMPTY}), cursor


def _kind_stepper(step: int) -> Callable[[Board, Cell, str], tuple[Board, Cell]]:
    def change(board: Board, cursor: Cell, brush: str = "") -> tuple[Board, Cell]:
        _inside(board, cursor)
        ch = board.at(cursor)
        i = KIND_CHARS.find(ch)
        if ch == EMPTY or i < 0:
            new = KIND_CHARS[0] if step > 0 else KIND_CHARS[-1]
        else:
            new = KIND_CHARS[(i + step) % len(KIND_CHARS)]
        return board.with_cells({cursor: new}), cursor
    change.__doc__ = f"Change the tile under the cursor to the {'next' if step > 0 else 'previous'} kind."
    return change


def _segments(step: int) -> Callable[[Board, Cell, str], tuple[Board, Cell]]:
    def change(board: Board, cursor: Cell, brush: str = "") -> tuple[Board, Cell]:
        n = board.play_limit() + step
        if not 1 <= n <= MAX_SEGMENTS:
            raise InputError(f"the segment limit stays between 1 and {MAX_SEGMENTS}")
        return replace(board, max_segments=n, trail=()), cursor
    return change


def toggle_outside(board: Board, cursor: Cell, brush: str = "") -> tuple[Board, Cell]:
    return replace(board, outside=not board.outside, trail=()), cursor


def toggle_gravity(board: Board, cursor: Cell, brush: str = "") -> tuple[Board, Cell]:
    return replace(board, gravity=not board.gravity, trail=()), cursor


def new_game(board: Board, cursor: Cell, brush: str = "") -> tuple[Board, Cell]:
    """A fresh clearable board of the same size, kinds and rules."""
    kinds = len(board.kind_counts()) or default_kinds(board.width, board.height)
    kinds = min(kinds, MAX_KINDS, board.width * board.height // 2)
    fresh = generate(board.width, board.height, max(1, kinds), gravity=board.gravity, outside=board.outside,
                     max_segments=board.max_segments)
    return fresh, cursor


def default_kinds(width: int, height: int) -> int:
    """Four tiles a kind, as in the game, within the available characters."""
    return max(1, min(MAX_KINDS, width * height // 4))


def resized(board: Board, w: int, h: int) -> Board:
    """The board at a new size: tiles and marks outside dropped, new cells empty."""
    rows = [r[:w].ljust(w, EMPTY) for r in board.rows[:h]]
    rows += [EMPTY * w] * (h - len(rows))
    return replace(board, rows=tuple(rows), marked=tuple(c for c in board.marked if c[0] < w and c[1] < h), trail=())


def new_board() -> Board:
    """The starter board: 8x6 with six kinds, clearable."""
    from puzzle_explorer.puzzles.link.board import parse
    from puzzle_explorer.puzzles.link.presets import BY_ID

    return parse(BY_ID["starter"].text)


ACTIONS = (
    EditAction("mark", "m", "mark / unmark the cell under the cursor (two marks show their path)", mark),
    EditAction("remove", "r", "remove the two marked tiles if they link", remove),
    EditAction("hint", "h", "mark a pair whose removal keeps the board clearable", hint, slow=True),
    EditAction("unmark", "c", "clear the marks and the drawn path", unmark, show=False),
    EditAction("place", "p", "put a tile of the brush's kind under the cursor", place, show=False),
    EditAction("delete", "x", "empty the cell under the cursor", delete, show=False),
    EditAction("kind_next", "k", "next kind for the tile under the cursor", _kind_stepper(1), show=False),
    EditAction("kind_prev", "K", "previous kind for the tile under the cursor", _kind_stepper(-1), show=False),
    EditAction("segments_more", "n", "allow one more segment", _segments(1), show=False),
    EditAction("segments_fewer", "N", "allow one segment fewer", _segments(-1), show=False),
    EditAction("outside", "o", "paths may / may not leave the board", toggle_outside, show=False),
    EditAction("gravity", "g", "gravity on / off (tiles fall after a removal)", toggle_gravity, show=False),
    EditAction("new_game", "G", "generate a new clearable board of this size", new_game, slow=True, show=False),
    *resize_actions(resized, MAX_SIDE),
)
