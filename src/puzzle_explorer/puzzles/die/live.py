"""The live picture of a die tour search drawn as a board: the partial tour on the search's stack."""
from __future__ import annotations

from dataclasses import replace
from typing import Callable

import numpy as np
from numpy.typing import NDArray

from puzzle_explorer.core.run.live import Live
from puzzle_explorer.puzzles.die.board import Board, Placed
from puzzle_explorer.puzzles.interface import JSON, LiveView, cut_note


def decoder(board: Board, placements: Callable[[Board, NDArray[np.int64]], list[Placed]],
            roll_data: Callable[[Placed, Placed], JSON]) -> Callable[[Live], LiveView | None]:
    """Live -> LiveView (placements: solve.decode_path, nodes -> (x, y, orientation); roll_data:
    solve.roll_data, the JSON of one roll)."""
    base = board.without_tour()

    def view(live: Live) -> LiveView | None:
        if len(live.path) == 0:
            return None
        tour = placements(board, live.path.astype(np.int64))
        moves = tuple(roll_data(a, b) for a, b in zip(tour, tour[1:]))
        x, y, _ = tour[-1]
        return LiveView(replace(base, tour=tuple(tour)), frozenset({(x, y)}), moves,
                        note=cut_note(live, "cells"))

    return view
