"""A tour's solution steps, made on demand from the one Tour.

A 1000x1000 tour has a million squares: a list of a million Step objects
(each with its own board) would cost hundreds of megabytes, so the steps are
a sequence that builds each Step when asked. Every step's board shares the
one Tour; it only says how many of its squares to draw.
"""
from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import overload

from puzzle_explorer.puzzles.interface import Step
from puzzle_explorer.puzzles.kit.text import Cell, cell_text
from puzzle_explorer.puzzles.knights.board import Board
from puzzle_explorer.puzzles.knights.tour import Tour


def _label(i: int, frm: Cell, to: Cell, total: int) -> str:
    dx, dy = to[0] - frm[0], to[1] - frm[1]
    return f"{i}/{total - 1}: {cell_text(frm)} → {cell_text(to)} ({dx:+d},{dy:+d})"


class TourSteps(Sequence[Step]):
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

    @overload
    def __getitem__(self, key: int) -> Step: ...

    @overload
    def __getitem__(self, key: slice) -> Sequence[Step]: ...

    def __getitem__(self, key: int | slice) -> Step | Sequence[Step]:
        if isinstance(key, slice):
            lo, hi, stride = key.indices(len(self))
            if stride != 1:
                return [self[i] for i in range(lo, hi, stride)]
            return TourSteps(self.board, self.tour, self._start + lo, self._start + max(lo, hi))
        i = key + len(self) if key < 0 else key
        if not 0 <= i < len(self):
            raise IndexError("step index out of range")
        return self._step(self._start + i)

    def __iter__(self) -> Iterator[Step]:
        for i in range(self._start, self._stop):
            yield self._step(i)
