"""The cubic eight-puzzle in the census from the goal and in play mode.

Positions are the dense numbers of cubes.py, so the census is the distance
table's own sweep (kernels.distances) started from the pattern's 128 goal
positions of the start's parity instead of from a start, and its table is a
byte per number like the start table's (table.py): no words are stored.
The start table cannot serve here: it holds distances from the three starts,
and play needs them to the pattern from wherever the cubes lie.
"""
from __future__ import annotations

import numpy as np

from puzzle_explorer.core.kernels import census as core_census
from puzzle_explorer.core.kernels import tables
from puzzle_explorer.core.kernels.codes import FOUND
from puzzle_explorer.core.run.memory import budget_bytes, fits
from puzzle_explorer.core.run.progress import SearchControl
from puzzle_explorer.core.run.search import Limits, Stats, counter_stats, kernel_status, timed
from puzzle_explorer.core.run.status import Limit, Status
from puzzle_explorer.core.scale.census import count_states
from puzzle_explorer.core.scale.partitioned import partitioned
from puzzle_explorer.core.sizes import describe_bytes
from puzzle_explorer.puzzles.cube8 import cubes as C
from puzzle_explorer.puzzles.cube8.board import Board, format_board, validate
from puzzle_explorer.puzzles.cube8.goals import goal_numbers, ida_start
from puzzle_explorer.puzzles.cube8.kernels import rolls as K
from puzzle_explorer.puzzles.cube8.steps import path_steps
from puzzle_explorer.puzzles.interface import Move, Options
from puzzle_explorer.puzzles.kit import distances as D

HINT_SOLVER = "bibfs"
# what the arrows do in play mode: the footer's words, the help's sentence
ARROWS_MEAN = ("roll into empty", "roll the cube next to the empty square onto it, the way the arrow points "
                                  "(↑: the cube below the empty square rolls up)")
# the distance array (a byte a number) and the sweep's queue (four bytes a number)
CENSUS_BYTES = 5 * C.SPACE


def one_line(board: Board) -> str:
    """The board as --board reads it, the cubes included."""
    return format_board(board).strip().replace("\n", "/")


class Cube8Space(D.Space):
    """The positions of the start's parity, with the board's pattern as the goal."""

    family = "cube8"
    unit = "rolls"

    def __init__(self, board: Board):
        validate(board)
        position = board.position()
        self.pattern = board.pattern
        self.par = C.parity(position)
        self.start = C.index(position)
        # a roll keeps the parity: the positions of the other one are another puzzle
        self.identity = {"pattern": board.pattern_text(), "parity": self.par}

    def word(self, board: Board) -> int | None:
        position = board.position()
        if board.pattern != self.pattern or C.parity(position) != self.par:
            return None
        return C.index(position)

    def board(self, word: int) -> Board:
        position = C.position(int(word), self.par)
        return Board(C.empty_of(position), self.pattern, position)

    def text(self, board: Board) -> str:
        return one_line(board)

    def estimate(self, limits: Limits, scope: str = "all") -> D.Estimate:
        return D.Estimate(f"{C.SPACE:,} position numbers of this parity", C.SPACE, CENSUS_BYTES,
                          budget_bytes(limits.max_memory), True)

    def census(self, control: SearchControl, limits: Limits, scope: str, hardest: int, keep: bool) -> D.Result:
        if partitioned(self.engine):
            return self._partitioned(control, limits, scope, hardest, keep)
        if not fits(CENSUS_BYTES, limits.max_memory):
            return D.Result(Status.LIMIT, Limit.MEMORY, Stats(),
                            note=f"the census needs {describe_bytes(CENSUS_BYTES)}")
        cap = min(limits.max_states or C.SPACE, C.SPACE)
        dist = np.empty(C.SPACE, dtype=np.uint8)
        queue = np.empty(C.SPACE, dtype=np.uint32)
        sources = goal_numbers(self.pattern)
        stats = Stats()
        if scope == "component":
            # forward from the start: which goal positions share its component
            start = np.array([self.start], dtype=np.int64)
            (code, reached), elapsed = timed(control, K.distances, start, self.par, dist, queue, cap,
                                             control.counters)
            stats = counter_stats(control, elapsed, int(reached))
            if code != FOUND:
                status, limit = kernel_status(code, control, Limit.STATES)
                return D.Result(status, limit, stats, note="stopped in the sweep forward from the start")
            sources = sources[dist[sources] != tables.UNREACHED]
            if sources.size == 0:
                return D.Result(Status.UNSOLVABLE, None, stats,
                                note=f"the start's component ({int(reached):,} positions) holds no goal position")
        (code, reached), elapsed = timed(control, K.distances, sources, self.par, dist, queue, cap,
                                         control.counters)
        del queue
        stats = stats.plus(counter_stats(control, elapsed, int(reached)))
        return D.swept(self, dist, code, control, stats, scope, hardest, keep, self.start)


    def _partitioned(self, control: SearchControl, limits: Limits, scope: str, hardest: int,
                     keep: bool) -> D.Result:
        """The census spread over workers: the engine's census over the position numbers (no
        dense table: each worker holds only its levels), the same counts as the sweep."""
        D.refuse_partitioned(self.engine, scope, keep)
        _, ctx = ida_start(C.position(self.start, self.par), self.pattern)
        layers = core_census.Layers(probe=self.start, sample=hardest)
        out = count_states(goal_numbers(self.pattern).astype(np.uint64), [ctx], control, limits, layers,
                           self.engine)
        result = D.Result(out.status, out.limit, out.stats, list(layers.sizes),
                          layers.probe_level if layers.probe_level >= 0 else None, [int(w) for w in layers.last])
        if out.status in (Status.SOLVED, Status.UNSOLVABLE):
            result.status = Status.SOLVED if result.start_distance is not None else Status.UNSOLVABLE
        return result


def space(board: Board, options: Options) -> Cube8Space:
    return Cube8Space(board)


def moves(board: Board, options: Options) -> list[Move]:
    """The rolls into the empty square; an arrow moves the cube that way."""
    position = board.position()
    out = []
    for c, e, after in C.rolls(position):
        step = path_steps(board, [position, after])[1]
        (cx, cy), (ex, ey) = C.xy(c), C.xy(e)
        out.append(Move(step.label, step.board, (cx, cy), C.ROLL_NAMES[(ex - cx, ey - cy)], "", None,
                        step.highlight, step.data))
    return out
