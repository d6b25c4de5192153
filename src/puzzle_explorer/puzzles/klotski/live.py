"""The live picture of a sliding-block search drawn as boards: the node being expanded and the moves to it."""
from __future__ import annotations

from typing import Callable

import numpy as np
from numpy.typing import NDArray

from puzzle_explorer.core.run.live import Live
from puzzle_explorer.puzzles.interface import LiveView, Step, path_view
from puzzle_explorer.puzzles.klotski.board import Board
from puzzle_explorer.puzzles.klotski.kernels.packing import Layout, decode, encode


def board_at(layout: Layout, board: Board, word: int) -> Board:
    """The board of a packed position. Same-shaped pieces are interchangeable: they take the
    class's cells in letter order."""
    pieces = []
    piece = {p.letter: p for p in board.pieces}
    for cls, cells in zip(layout.classes, decode(layout, word)):
        for letter, (x, y) in zip(sorted(cls.letters), cells):
            pieces.append(piece[letter].moved_to(x, y))
    return board.with_pieces(pieces)


def decoder(layout: Layout, board: Board, path_steps: Callable[[Layout, Board, NDArray[np.uint64]], list[Step]]) -> Callable[[Live], LiveView | None]:
    """Live -> LiveView for searches of this layout from this board (path_steps: steps.path_steps)."""
    start = encode(layout, board)

    def steps_from(path: NDArray[np.uint64], root: Board | None) -> list[Step]:
        """The steps along path, from root if the path starts there, else from its own first position."""
        first = int(path[0])
        origin = root if root is not None and first == start else board_at(layout, board, first)
        return path_steps(layout, origin, path)

    def view(live: Live) -> LiveView | None:
        if len(live.path) == 0:
            return None
        if live.kind == "census":
            return LiveView(board_at(layout, board, int(live.path[-1])))
        back = steps_from(live.other, None) if len(live.other) else None
        return path_view(steps_from(live.path, board), back, live)

    return view
