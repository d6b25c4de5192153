"""The live picture of a link search drawn as a board: the cells a path search has reached, or the pairs
a clearing search has removed along its path."""
from __future__ import annotations

from dataclasses import replace
from typing import Callable

import numpy as np

from puzzle_explorer.core.kernels.picture import REACH_MOST
from puzzle_explorer.core.run.live import Live
from puzzle_explorer.puzzles.interface import LiveView
from puzzle_explorer.puzzles.link.board import Board
from puzzle_explorer.puzzles.link.kernels.grid import Grid, cell_at, stride_of
from puzzle_explorer.puzzles.link.replay import replay


def reach_decoder(board: Board) -> Callable[[Live], LiveView | None]:
    """The fewest-segment search: every cell reached, ring included, with its fewest segments so far."""
    stride = stride_of(board)

    def view(live: Live) -> LiveView | None:
        counts = live.reach_map()
        reached = []
        for i in np.flatnonzero(counts).tolist():
            x, y = cell_at(stride, i)
            if -1 <= x <= board.width and -1 <= y <= board.height:
                reached.append(((x, y), int(counts[i])))
        most = max((n for _, n in reached), default=0)
        note = f"{len(reached):,} cells reached, the farthest {most}{'+' if most >= REACH_MOST else ''} segments"
        return LiveView(replace(board, reach=tuple(reached)), note=note)

    return view


def clear_decoder(board: Board, grid: Grid, limit: int) -> Callable[[Live], LiveView | None]:
    """The clearing search: the pairs removed along its path (tile numbers, first << 32 | second)."""

    def view(live: Live) -> LiveView | None:
        if live.cut:  # the removals before the ones held cannot be replayed
            return LiveView(board, note=f"{live.length:,} pairs removed along the path: too many to replay")
        words = live.path.astype(np.int64)
        moves = np.stack([words >> 32, words & 0xFFFFFFFF], axis=1) if len(words) else np.empty((0, 2), np.int64)
        steps = replay(board, grid, moves, limit)
        return LiveView(steps[-1].board, steps[-1].highlight, tuple(s.data for s in steps[1:]),
                        note=f"{len(steps) - 1:,} pairs removed")

    return view
