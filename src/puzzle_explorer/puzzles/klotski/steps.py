"""A sliding-block solution's steps: the moves along a path of packed positions, in words and as JSON."""
from __future__ import annotations

import numpy as np

from puzzle_explorer.puzzles.interface import Step
from puzzle_explorer.puzzles.kit.text import Cell, cell_text
from puzzle_explorer.puzzles.klotski.board import Board
from puzzle_explorer.puzzles.klotski.kernels.packing import Layout, decode


def move_label(letter: str, frm: Cell, to: Cell) -> str:
    """'A 1,2 → 2,3 (down 1, right 1)'."""
    dx, dy = to[0] - frm[0], to[1] - frm[1]
    words = []
    if dy:
        words.append(f"{'down' if dy > 0 else 'up'} {abs(dy)}")
    if dx:
        words.append(f"{'right' if dx > 0 else 'left'} {abs(dx)}")
    return f"{letter} {cell_text(frm)} → {cell_text(to)} ({', '.join(words)})"


def path_steps(layout: Layout, board: Board, path: np.ndarray) -> list[Step]:
    """The boards and moves along a path of packed positions."""
    steps = [Step("start", board)]
    if len(path) == 0:
        return steps
    prev = decode(layout, int(path[0]))
    current = board
    for word in path[1:]:
        now = decode(layout, int(word))
        for c, (before, after) in enumerate(zip(prev, now)):
            if before == after:
                continue
            frm = next(a for a in before if a not in after)
            to = next(a for a in after if a not in before)
            piece = next(p for p in current.pieces
                         if p.letter in layout.classes[c].letters and (p.x, p.y) == frm)
            moved = piece.moved_to(*to)
            current = current.with_pieces([moved if p is piece else p for p in current.pieces])
            data = {"piece": piece.letter, "from": [frm[0] + 1, frm[1] + 1], "to": [to[0] + 1, to[1] + 1]}
            steps.append(Step(move_label(piece.letter, frm, to), current, frozenset(moved.cells()), data))
            break
        prev = now
    return steps
