"""The live picture of a cubic eight-puzzle search drawn as boards."""
from __future__ import annotations

from typing import Callable

import numpy as np
from numpy.typing import NDArray

from puzzle_explorer.core.run.live import Live
from puzzle_explorer.puzzles.cube8 import cubes as C
from puzzle_explorer.puzzles.cube8.board import Board
from puzzle_explorer.puzzles.interface import LiveView, Step, path_view


def decoder(board: Board, par: int, path_steps: Callable[[Board, list[tuple[int, ...]]], list[Step]]) -> Callable[[Live], LiveView | None]:
    """Live -> LiveView for searches over positions of parity `par` (path_steps: steps.path_steps)."""

    def steps(entries: NDArray[np.uint64]) -> list[Step]:
        return path_steps(board, [C.position(int(n), par) for n in entries])

    def view(live: Live) -> LiveView | None:
        if len(live.path) == 0:
            return None
        return path_view(steps(live.path), steps(live.other) if len(live.other) else None, live)

    return view
