"""The live picture of a sliding-tile search drawn as boards: the position being worked on and the slides to it."""
from __future__ import annotations

from typing import Callable

import numpy as np
from numpy.typing import NDArray

from puzzle_explorer.core.run.live import Live
from puzzle_explorer.puzzles.interface import LiveView, Step, path_view
from puzzle_explorer.puzzles.tiles.board import BLANK, Board
from puzzle_explorer.puzzles.tiles.kernels.hooks import unpack


def decoder(board: Board, packed: bool, path_steps: Callable[[Board, list[int]], list[Step]]) -> Callable[[Live], LiveView | None]:
    """Live -> LiveView (path_steps: steps.path_steps). packed: the entries are packed positions
    (the engine's searches, the census); else the blank's cells from the start (the family's IDA*)."""

    def from_positions(entries: NDArray[np.uint64]) -> list[Step]:
        """Steps along packed positions, from the first of them (the start, unless the path is cut)."""
        rows = [unpack(int(e), board.size) for e in entries]
        first = board.with_tiles(rows[0])
        return path_steps(first, [r.index(BLANK) for r in rows])

    def view(live: Live) -> LiveView | None:
        if len(live.path) == 0:
            return None
        if not packed:
            if live.cut:  # the blank's older cells are not held: the board at the first one is unknown
                return None
            return path_view(path_steps(board, [int(c) for c in live.path]), None, live)
        if live.kind == "census":
            return LiveView(board.with_tiles(unpack(int(live.path[-1]), board.size)))
        back = from_positions(live.other) if len(live.other) else None
        return path_view(from_positions(live.path), back, live)

    return view
