"""The live picture of a knight's-tour search drawn as a board: the partial tour, or the squares decided."""
from __future__ import annotations

from typing import Callable

import numpy as np

from puzzle_explorer.core.run.live import Live
from puzzle_explorer.puzzles.interface import JSON, LiveView, cut_note
from puzzle_explorer.puzzles.kit.text import Cell
from puzzle_explorer.puzzles.knights.board import Board
from puzzle_explorer.puzzles.knights.frontier import sweep_of
from puzzle_explorer.puzzles.knights.meet import Plan, picture
from puzzle_explorer.puzzles.knights.tour import Tour


def _move(a: Cell, b: Cell) -> JSON:
    return {"from": [a[0] + 1, a[1] + 1], "to": [b[0] + 1, b[1] + 1]}


def squares_decoder(board: Board) -> Callable[[Live], LiveView | None]:
    """Backtracking and the Warnsdorff walk: the entries are the squares of the path (y * width + x)."""
    plain = board.plain()

    def view(live: Live) -> LiveView | None:
        if len(live.path) == 0:
            return None
        squares = live.path.astype(np.int64)
        if squares.min() < 0 or squares.max() >= board.squares:
            return None
        tour = Tour(squares, board.width, board.height, board.closed, first=live.length - len(squares))
        cells = [board.cell(int(s)) for s in squares]
        moves = tuple(_move(a, b) for a, b in zip(cells, cells[1:]))
        return LiveView(plain.with_tour(tour, len(tour)), frozenset({cells[-1]}), moves,
                        note=cut_note(live, "squares"))

    return view


def thin_decoder(board: Board, short: int) -> Callable[[Live], LiveView | None]:
    """The line-by-line search (thin.py): entry v holds square v's decision, its backward moves as bits,
    squares numbered along lines of `short` squares across the board. Shows the squares decided so far;
    the moves are the knight's moves those decisions use."""
    plain = board.plain()
    n = board.squares
    by_columns = board.height <= board.width  # lines are columns: v = x * short + y

    def cell(v: int) -> tuple[int, int]:
        return (v // short, v % short) if by_columns else (v % short, v // short)

    def view(live: Live) -> LiveView | None:
        first = live.length - len(live.path)
        decided, moves = set(), []
        for i, bits in enumerate(live.path.tolist()):
            v = first + i
            if v >= n:
                break
            decided.add(cell(v))
            line, row = divmod(v, short)
            for k, (dl, dr) in enumerate(((-2, -1), (-2, 1), (-1, -2), (-1, 2))):
                if bits >> k & 1:
                    moves.append(_move(cell((line + dl) * short + row + dr), cell(v)))
        done = min(live.length, n)
        note = f"line by line: {done:,} of {n:,} squares decided"
        if live.cut:
            note += f" (the newest {len(live.path):,} held)"
        return LiveView(plain, frozenset(decided), tuple(moves), note=note)

    return view


def frontier_decoder(board: Board) -> Callable[[Live], LiveView | None]:
    """The frontier counter (frontier.py): the depth is the cells swept so far, the history the
    states after each; shows the squares swept and marks the frontier, the window of the last
    2w+1 cells whose partial tours the states describe."""
    plain = board.plain()
    sweep = sweep_of(board.width, board.height, board.blocked)

    def view(live: Live) -> LiveView | None:
        step = min(live.depth, sweep.cells)
        if step <= 0:
            return None
        swept = frozenset(sweep.to_board(v) for v in range(step))
        window = frozenset(sweep.to_board(v) for v in range(max(0, step - sweep.span), step))
        states = live.history[-1] if live.history else 0
        note = f"frontier sweep: {step:,} of {sweep.cells:,} squares, {states:,} states"
        return LiveView(plain, window or swept, (), note=note)

    return view


def meet_decoder(board: Board, plan: Plan) -> Callable[[Live], LiveView | None]:
    """The frontier counter meeting in the middle (meet.py): the depth is the edges swept so far, the
    history the states after each; shows the squares the edges have met and marks the frontier."""
    plain = board.plain()
    sweep = sweep_of(board.width, board.height, board.blocked)
    steps = plan.swept

    def view(live: Live) -> LiveView | None:
        edges = min(live.depth, steps)
        if edges <= 0:
            return None
        met, front = picture(plan, edges)
        states = live.history[-1] if live.history else 0
        note = f"halves meeting: {edges:,} of {steps:,} edges, {states:,} states"
        if edges == steps:  # what is left is the join, which moves no frontier (its tours show in Stats)
            note = f"halves met: all {steps:,} edges swept, {states:,} states at the cut being joined"
        return LiveView(plain, frozenset(sweep.to_board(v) for v in front or met), (), note=note)

    return view
