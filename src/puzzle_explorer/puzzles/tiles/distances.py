"""Sliding tiles in the census from the goal and in play mode.

The goal's component is its class (ranks.py): the n!/2 arrangements the
parity rule lets reach it, all of which do. They are numbered densely, so the
census is the sweep of sweep.py from the goal's number and its table a byte a
number (puzzle_explorer.core.kernels.tables.DenseTable): no positions are stored. That is 181,440
bytes for 3x3 and 239,500,800 for 3x4 or 4x3; a 4x4 table would take 10^13
and is refused with that estimate before anything starts.
"""
from __future__ import annotations

import numpy as np

from puzzle_explorer.core.kernels import picture, tables
from puzzle_explorer.core.kernels.codes import CAP, FOUND, STOPPED
from puzzle_explorer.core.kernels.counters import DEPTH, FRONTIER, MAX_FRONTIER, STORED
from puzzle_explorer.core.kernels.jit import prepare
from puzzle_explorer.core.run.live import Live
from puzzle_explorer.core.run.memory import budget_bytes, fits
from puzzle_explorer.core.run.progress import SearchControl
from puzzle_explorer.core.run.race import cores
from puzzle_explorer.core.run.search import Limits, Stats, clocked, counter_stats
from puzzle_explorer.core.run.status import Limit, Status
from puzzle_explorer.core.sizes import describe_bytes
from puzzle_explorer.puzzles.interface import LiveView, Move, Options
from puzzle_explorer.puzzles.kit import distances as D
from puzzle_explorer.puzzles.tiles.board import BLANK, Board, format_board, inline, validate
from puzzle_explorer.puzzles.tiles.kernels import ranks as R
from puzzle_explorer.puzzles.tiles.kernels import sweep
from puzzle_explorer.puzzles.tiles.parity import unsolvable_reason
from puzzle_explorer.puzzles.tiles.slices import THREAD_BYTES, Sliced
from puzzle_explorer.puzzles.tiles.steps import path_steps

HINT_SOLVER = "auto"
# an arrow slides the tile on the blank's other side that way, into the blank: (arrow, where that tile is)
ARROWS = (("up", (0, 1)), ("down", (0, -1)), ("left", (1, 0)), ("right", (-1, 0)))
# what the arrows do in play mode: the footer's words, the help's sentence
ARROWS_MEAN = ("slide into blank", "slide the tile next to the blank into it, the way the arrow points "
                                   "(↑: the tile below the blank moves up)")


def one_line(board: Board) -> str:
    """The board as --board reads it: rows separated by '/', then a goal that is not the default."""
    goal = [line for line in format_board(board).splitlines() if line.startswith("goal:")]
    return "/".join([inline(board)] + goal)


class TilesSpace(D.Space):
    """The arrangements of the goal's class, numbered by ranks.py."""

    family = "tiles"

    def __init__(self, board: Board):
        validate(board)
        self.width, self.height, self.cells = board.width, board.height, board.size
        self.goal = board.goal_tiles()
        self._goal_field = board.goal
        self.cls = R.board_class(self.goal, board.width)
        self.count = R.positions(board.size)
        self.identity = {"size": f"{board.width}x{board.height}", "goal": inline(board, self.goal)}
        word = self.word(board)
        self.start = -1 if word is None else word  # -1: the start cannot reach the goal
        self._why_not = unsolvable_reason(board) if word is None else None

    def word(self, board: Board) -> int | None:
        if (board.width, board.height) != (self.width, self.height) or board.goal_tiles() != self.goal:
            return None
        if R.board_class(board.tiles, board.width) != self.cls:
            return None
        return R.rank(board.tiles, board.width)

    def board(self, word: int) -> Board:
        return Board(self.width, self.height, R.unrank(int(word), self.cells, self.width, self.cls), self._goal_field)

    def text(self, board: Board) -> str:
        return one_line(board)

    def estimate(self, limits: Limits, scope: str = "all") -> D.Estimate:
        return D.Estimate(f"{self.count:,} positions (every arrangement of the goal's parity, "
                          f"{self.cells}!/2), a byte each", self.count, self.count, budget_bytes(limits.max_memory),
                          True)

    def census(self, control: SearchControl, limits: Limits, scope: str, hardest: int, keep: bool) -> D.Result:
        if scope == "component" and self.start < 0:
            return D.Result(Status.UNSOLVABLE, None, Stats(),
                            note=f"the start's component holds no goal position: {self._why_not}")
        need = self.count + tables.SCAN_BYTES + cores() * THREAD_BYTES  # the table, a scan of it, its threads
        if not fits(need, limits.max_memory):
            return D.Result(Status.LIMIT, Limit.MEMORY, Stats(),
                            note=f"the census needs {describe_bytes(need)}, a byte for each of the "
                                 f"{self.count:,} positions, a scan of them and the threads that sweep them")
        cap = min(limits.max_states or self.count, self.count)
        dist = np.empty(self.count, dtype=np.uint8)
        levels = np.zeros(sweep.UNREACHED, dtype=np.int64)
        control.show_with(self._live)
        weights = R.halves(self.cells - 1)
        control.compiling()
        prepare(sweep.expand_level, dist, whole_words(dist), 0, 0, 0, self.width, self.cells, self.cls, weights,
                cap, control.counters, True)
        control.reset_counters()
        (code, reached), elapsed = clocked(control, lambda: sweep_table(
            dist, R.rank(self.goal, self.width), self.width, self.cells, self.cls, weights, cap, control.counters,
            levels, cores()))
        stats = counter_stats(control, elapsed, int(reached))
        return D.swept(self, dist, code, control, stats, scope, hardest, keep, self.start if self.start >= 0 else None,
                       levels)

    def _live(self, live: Live) -> LiveView | None:
        """The sweep's picture: one position of the level it expands."""
        if live.kind != "census" or len(live.path) == 0:
            return None
        return LiveView(self.board(int(live.path[-1])))


def whole_words(dist: np.ndarray) -> np.ndarray:
    """The table's bytes eight at a time, as far as they fill whole words (the sweep's scan)."""
    return dist[:dist.shape[0] - dist.shape[0] % 8].view(np.uint64)


def sweep_table(dist: np.ndarray, goal: int, width: int, cells: int, cls: int, weights: np.ndarray, cap: int,
                counters: np.ndarray, levels: np.ndarray, workers: int) -> tuple[int, int]:
    """The sweep of kernels/sweep.py from the goal's number, a level at a time on `workers` threads:
    dist[number] the fewest slides from that position to the goal (UNREACHED where the sweep
    stopped before it), levels[d] the positions marked at distance d however the sweep ends (a scan
    of a 3x4 board's table for them takes a second). Past `cap` positions it ends with CAP (a
    capped sweep runs on one thread, which stops just past the cap), asked to stop with STOPPED.
    Returns (code, positions reached)."""
    dist.fill(sweep.UNREACHED)
    words = whole_words(dist)
    levels[:] = 0
    if cap < 1:
        return CAP, 0
    dist[goal] = 0
    levels[0] = 1
    reached = 1
    counters[STORED] = 1
    depth = 0
    with Sliced(dist.shape[0], workers if cap >= dist.shape[0] else 1) as run:
        while True:
            counters[DEPTH] = depth
            counters[FRONTIER] = levels[depth]
            counters[MAX_FRONTIER] = max(int(counters[MAX_FRONTIER]), int(levels[depth]))
            room = cap - reached
            results = run.each(lambda lo, hi, first: sweep.expand_level(
                dist, words, lo, hi, depth, width, cells, cls, weights, room, counters, first))
            marked = sum(int(r[2]) for r in results)
            reached += marked
            levels[depth + 1] = marked
            codes = {int(r[0]) for r in results}
            if STOPPED in codes or CAP in codes:
                return (STOPPED if STOPPED in codes else CAP), reached
            picture.append_history(counters, int(levels[depth]))
            if marked == 0:
                break
            depth += 1
    counters[FRONTIER] = 0
    return FOUND, reached


def space(board: Board, options: Options) -> TilesSpace:
    return TilesSpace(board)


def moves(board: Board, options: Options) -> list[Move]:
    """The slides into the blank; each arrow moves a tile that way."""
    w, h = board.width, board.height
    b = board.tiles.index(BLANK)
    bx, by = b % w, b // w
    out = []
    for arrow, (dx, dy) in ARROWS:
        x, y = bx + dx, by + dy
        if 0 <= x < w and 0 <= y < h:
            step = path_steps(board, [b, y * w + x])[1]
            out.append(Move(step.label, step.board, (x, y), arrow, "", None, step.highlight, step.data))
    return out
