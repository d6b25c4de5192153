"""Random small sliding-block boards, for checking distances against independent solvers."""
from __future__ import annotations

import random

from puzzle_explorer.puzzles.klotski.board import Board, Piece, validate

SHAPES = ((1, 1), (1, 1), (1, 2), (2, 1), (2, 2))


def random_board(rng: random.Random) -> Board:
    """A valid board of 2x2 to 4x4 cells: a target and a few pieces, sometimes a wall; at least one
    empty cell, so pieces can move."""
    while True:
        w, h = rng.randint(2, 4), rng.randint(2, 4)
        free = {(x, y) for x in range(w) for y in range(h)}
        walls = set(rng.sample(sorted(free), 1)) if rng.random() < 0.3 else set()
        free -= walls
        pieces = []
        for shape in [rng.choice(SHAPES) for _ in range(rng.randint(1, 5))]:
            spots = [(x, y) for x, y in sorted(free)
                     if {(x + i, y + j) for i in range(shape[0]) for j in range(shape[1])} <= free]
            if not spots:
                continue
            x, y = rng.choice(spots)
            piece = Piece("ABCDEFG"[len(pieces)], x, y, *shape)
            pieces.append(piece)
            free -= set(piece.cells())
        if not pieces or not free:
            continue
        target = rng.choice(pieces)
        goal = rng.choice([(x, y) for x in range(w - target.w + 1) for y in range(h - target.h + 1)])
        board = Board(w, h, tuple(sorted(pieces)), frozenset(walls), target.letter, goal)
        try:
            validate(board)
        except ValueError:
            continue
        return board


def scatter(board: Board, rng: random.Random) -> Board | None:
    """The board's pieces placed anew at random (None if they did not fit after a few tries)."""
    for _ in range(50):
        free = {(x, y) for x in range(board.width) for y in range(board.height)} - set(board.walls)
        pieces = []
        for p in board.pieces:
            spots = [(x, y) for x, y in sorted(free) if {(x + i, y + j) for i in range(p.w) for j in range(p.h)} <= free]
            if not spots:
                break
            moved = p.moved_to(*rng.choice(spots))
            pieces.append(moved)
            free -= set(moved.cells())
        else:
            return board.with_pieces(pieces)
    return None
