"""The live picture of a cubic eight-puzzle search drawn as boards."""
from __future__ import annotations

from typing import Callable

from core.live import Live
from puzzles.cube8 import cubes as C
from puzzles.cube8.board import Board
from puzzles.interface import LiveView, cut_note


def decoder(board: Board, par: int, path_steps: Callable) -> Callable[[Live], LiveView | None]:
    """Live -> LiveView for searches over positions of parity `par` (path_steps: solve.path_steps)."""

    def steps(entries):
        return path_steps(board, [C.position(int(n), par) for n in entries])

    def view(live: Live) -> LiveView | None:
        if len(live.path) == 0:
            return None
        ahead = steps(live.path)
        other, other_moves = None, ()
        if len(live.other):
            back = steps(live.other)
            other, other_moves = back[-1].board, tuple(s.data for s in back[1:])
        return LiveView(ahead[-1].board, ahead[-1].highlight, tuple(s.data for s in ahead[1:]), other, other_moves,
                        cut_note(live, "positions"))

    return view
