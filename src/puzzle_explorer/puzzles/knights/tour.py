"""A tour as one numpy array, and the solution's steps made on demand from it.

A 1000x1000 tour has a million squares: a list of a million Step objects
(each with its own board) would cost hundreds of megabytes, so the steps are
a sequence that builds each Step when asked. Every step's board shares the
one Tour; it only says how many of its squares to draw.
"""
from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from puzzle_explorer.puzzles.interface import Step
from puzzle_explorer.puzzles.kit.text import cell_text
from puzzle_explorer.puzzles.knights.board import Board


class Tour:
    """The squares of a tour in order (numbers y * width + x), with a lazily built inverse."""

    def __init__(self, squares: np.ndarray, width: int, height: int, closed: bool = False, first: int = 0):
        """`first`: how many squares of a longer path come before these (a search's path held in part):
        the squares are numbered from first + 1."""
        self.squares = np.ascontiguousarray(squares, dtype=np.int32)
        self.width = width
        self.height = height
        self.closed = closed
        self.first = first
        self._order: np.ndarray | None = None

    def __len__(self) -> int:
        return int(self.squares.shape[0])

    @property
    def order(self) -> np.ndarray:
        """For each square its place on the tour (0-based), -1 if the tour does not visit it."""
        if self._order is None:
            order = np.full(self.width * self.height, -1, dtype=np.int32)
            order[self.squares] = np.arange(len(self), dtype=np.int32)
            self._order = order
        return self._order

    def cell(self, i: int) -> tuple[int, int]:
        s = int(self.squares[i])
        return (s % self.width, s // self.width)

    def xy(self) -> np.ndarray:
        """(length, 2) array of 1-based x, y."""
        out = np.empty((len(self), 2), dtype=np.int64)
        out[:, 0] = self.squares % self.width + 1
        out[:, 1] = self.squares // self.width + 1
        return out


def _label(i: int, frm: tuple[int, int], to: tuple[int, int], total: int) -> str:
    dx, dy = to[0] - frm[0], to[1] - frm[1]
    return f"{i}/{total - 1}: {cell_text(frm)} → {cell_text(to)} ({dx:+d},{dy:+d})"


class TourSteps(Sequence):
    """Step 0 is the start; step i the board after the knight's i-th move."""

    def __init__(self, board: Board, tour: Tour, start: int = 0, stop: int | None = None):
        self.board = board.plain()
        self.tour = tour
        self._start = start
        self._stop = len(tour) if stop is None else stop

    def __len__(self) -> int:
        return max(0, self._stop - self._start)

    def _step(self, i: int) -> Step:
        tour = self.tour
        here = tour.cell(i)
        board = self.board.with_tour(tour, i + 1)
        if i == 0:
            return Step(f"start at {cell_text(here)}", board, frozenset({here}), {})
        before = tour.cell(i - 1)
        data = {"from": [before[0] + 1, before[1] + 1], "to": [here[0] + 1, here[1] + 1]}
        return Step(_label(i, before, here, len(tour)), board, frozenset({here}), data)

    def __getitem__(self, key):
        if isinstance(key, slice):
            lo, hi, stride = key.indices(len(self))
            if stride != 1:
                return [self[i] for i in range(lo, hi, stride)]
            return TourSteps(self.board, self.tour, self._start + lo, self._start + max(lo, hi))
        i = key + len(self) if key < 0 else key
        if not 0 <= i < len(self):
            raise IndexError("step index out of range")
        return self._step(self._start + i)

    def __iter__(self):
        for i in range(self._start, self._stop):
            yield self._step(i)
