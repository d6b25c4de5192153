"""A tour as one numpy array: its squares in order, and where each square comes on it.

A 1000x1000 tour has a million squares; a board that draws the tour so far
holds the one Tour and says how many of its squares to draw (the solution's
steps, steps.TourSteps, share it the same way).
"""
from __future__ import annotations

import numpy as np


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
