"""Editor operations on a sliding-block board: pure functions from board to board."""
from __future__ import annotations

import string
from dataclasses import replace
from typing import Callable

from puzzle_explorer.core.errors import InputError
from puzzle_explorer.puzzles.interface import EditAction
from puzzle_explorer.puzzles.kit.resizing import resize_actions
from puzzle_explorer.puzzles.kit.text import Cell
from puzzle_explorer.puzzles.klotski.board import MAX_SIDE, Board, Piece

BRUSHES = ("2x2", "1x2", "2x1", "1x1", "3x1", "1x3", "2x3", "3x2", "wall")
LETTERS = string.ascii_uppercase + string.ascii_lowercase + string.digits


def _where(cell: Cell) -> tuple[int, int]:
    return (cell[0] + 1, cell[1] + 1)


def _free_letter(board: Board) -> str:
    used = {p.letter for p in board.pieces}
    for letter in LETTERS:
        if letter not in used:
            return letter
    raise InputError("no letters left for a new piece")


def _fits(board: Board, piece: Piece, ignore: str | None = None) -> None:
    for cell in piece.cells():
        if not board.inside(cell):
            raise InputError(f"a {piece.w}x{piece.h} piece does not fit there", _where(cell))
        if cell in board.walls:
            raise InputError("that cell is a wall", _where(cell))
        other = board.piece_at(cell)
        if other is not None and other.letter != ignore:
            raise InputError(f"piece {other.letter} is in the way", _where(cell))


def place(board: Board, cursor: Cell, brush: str) -> tuple[Board, Cell]:
    """Put a piece of the brush's shape (or a wall) with its top-left at the cursor."""
    if brush == "wall":
        if board.piece_at(cursor):
            raise InputError("a piece is there; delete it first", _where(cursor))
        return replace(board, walls=board.walls | {cursor}), cursor
    w, h = (int(n) for n in brush.split("x"))
    piece = Piece(_free_letter(board), cursor[0], cursor[1], w, h)
    _fits(board, piece)
    return board.with_pieces(board.pieces + (piece,)), cursor


def delete(board: Board, cursor: Cell, brush: str = "") -> tuple[Board, Cell]:
    """Remove the piece or wall under the cursor."""
    if cursor in board.walls:
        return replace(board, walls=board.walls - {cursor}), cursor
    piece = board.piece_at(cursor)
    if piece is None:
        raise InputError("nothing to delete here", _where(cursor))
    target = None if board.target == piece.letter else board.target
    rest = tuple(p for p in board.pieces if p is not piece)
    return replace(board, pieces=rest, target=target), cursor


def _mover(dx: int, dy: int) -> Callable[[Board, Cell, str], tuple[Board, Cell]]:
    def move(board: Board, cursor: Cell, brush: str = "") -> tuple[Board, Cell]:
        piece = board.piece_at(cursor)
        if piece is None:
            raise InputError("no piece under the cursor to move", _where(cursor))
        moved = piece.moved_to(piece.x + dx, piece.y + dy)
        _fits(board, moved, ignore=piece.letter)
        pieces = [moved if p is piece else p for p in board.pieces]
        return board.with_pieces(pieces), (cursor[0] + dx, cursor[1] + dy)
    return move


def mark_target(board: Board, cursor: Cell, brush: str = "") -> tuple[Board, Cell]:
    """Make the piece under the cursor the one that must reach the goal."""
    piece = board.piece_at(cursor)
    if piece is None:
        raise InputError("no piece under the cursor to mark as the target", _where(cursor))
    return replace(board, target=piece.letter), cursor


def mark_goal(board: Board, cursor: Cell, brush: str = "") -> tuple[Board, Cell]:
    """The target's top-left cell must end at the cursor."""
    return replace(board, goal=cursor), cursor


def resized(board: Board, w: int, h: int) -> Board:
    """The board at a new size: pieces and walls not wholly inside dropped, and the target and goal with them."""
    def inside(c: Cell) -> bool:
        return c[0] < w and c[1] < h
    pieces = tuple(p for p in board.pieces if all(inside(c) for c in p.cells()))
    letters = {p.letter for p in pieces}
    goal = board.goal if board.goal is None or inside(board.goal) else None
    target = board.target if board.target in letters else None
    return replace(board, width=w, height=h, pieces=pieces, walls=frozenset(c for c in board.walls if inside(c)),
                   target=target, goal=goal)


def new_board() -> Board:
    """An empty 4x5 board, the classic size."""
    return Board(4, 5)


ACTIONS = (
    EditAction("place", "p", "place a piece (brush shape) at the cursor", place, "Place"),
    EditAction("delete", "x", "delete the piece or wall under the cursor", delete, "Delete"),
    EditAction("target", "t", "mark the piece under the cursor as the target", mark_target, "Target"),
    EditAction("goal", "g", "the target must end with its top-left here", mark_goal, "Goal"),
    EditAction("move_up", "shift+up", "move the piece under the cursor up", _mover(0, -1), "Move", False),
    EditAction("move_down", "shift+down", "move the piece under the cursor down", _mover(0, 1), "Move", False),
    EditAction("move_left", "shift+left", "move the piece under the cursor left", _mover(-1, 0), "Move", False),
    EditAction("move_right", "shift+right", "move the piece under the cursor right", _mover(1, 0), "Move",
               False),
    *resize_actions(resized, MAX_SIDE),
)
