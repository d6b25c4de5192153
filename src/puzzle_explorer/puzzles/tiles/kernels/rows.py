"""A fast answer on any board, not a shortest one: put rows and columns in place, then finish exactly.

While the unsolved part of the board is larger than 3x3, take its row or
column farthest from the blank's goal cell (the longer side goes first) and
put its tiles home: all but the last two one at a time, then the last two
together, each by a breadth-first search over where those tiles and the blank
are (every other tile is a bystander; cells already done are walls). That
last pair is the classic snag of solving by hand, and the search over the
pair handles it without special moves. What remains, 3x3 at most, is solved
optimally by IDA*. Moves that undo the move before them are dropped at the
end.
"""
from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from numpy.typing import NDArray

from puzzle_explorer.core.kernels.codes import CAP, EXHAUSTED, FOUND, STOPPED
from puzzle_explorer.core.kernels.jit import kernel
from puzzle_explorer.core.run.memory import fits
from puzzle_explorer.core.run.progress import SearchControl
from puzzle_explorer.core.run.search import Limits, Stats, kernel_status, timed
from puzzle_explorer.core.run.status import Limit, Status
from puzzle_explorer.puzzles.tiles.geometry import neighbours
from puzzle_explorer.puzzles.tiles.kernels import heuristics as H
from puzzle_explorer.puzzles.tiles.kernels import idastar as I
from puzzle_explorer.puzzles.tiles.kernels.patterns import no_lookups

FINISH = 3  # the unsolved part is solved exactly once neither side is longer than this
UNSEEN = -1
NO_CAP = 1 << 62


def place_bytes(n: int) -> int:
    """What place() holds on a board of n cells at the most (two tiles): its parent and queue
    arrays, eight bytes a state each."""
    return 2 * 8 * n * n * n


@kernel
def place(nbr, locked, blank, start, target, cap):
    """Blank cells (first: `blank`) of a fewest-move way to bring the m tiles (m = 1 or 2) from
    cells `start` to cells `target` without touching a locked cell.

    Returns (code, path, states stored, states expanded): FOUND with the path;
    EXHAUSTED (empty path) when there is no way; CAP once `cap` states are stored.
    """
    n = nbr.shape[0]
    m = start.shape[0]
    second = n if m == 2 else 1  # the range of the second tile's cell in a state's number
    size = n * second * n
    parent = np.full(size, UNSEEN, dtype=np.int64)
    queue = np.empty(size, dtype=np.int64)
    first = (start[0] * second + (start[1] if m == 2 else 0)) * n + blank
    parent[first] = first
    queue[0] = first
    head = 0
    tail = 1
    found = -1
    while head < tail:
        s = queue[head]
        head += 1
        e = s % n
        b = (s // n) % second
        a = s // n // second
        if a == target[0] and (m == 1 or b == target[1]):
            found = s
            break
        for d in range(4):
            c = nbr[e, d]
            if c < 0 or locked[c]:
                continue
            na = e if c == a else a
            nb = e if (m == 2 and c == b) else b
            t = (na * second + nb) * n + c
            if parent[t] == UNSEEN:
                if tail >= cap:
                    return CAP, np.empty(0, dtype=np.int64), tail, head
                parent[t] = s
                queue[tail] = t
                tail += 1
    if found < 0:
        return EXHAUSTED, np.empty(0, dtype=np.int64), tail, head
    length = 1
    s = found
    while parent[s] != s:
        s = parent[s]
        length += 1
    path = np.empty(length, dtype=np.int64)
    s = found
    for i in range(length - 1, -1, -1):
        path[i] = s % n
        s = parent[s]
    return FOUND, path, tail, head


@kernel
def cancel_backtracks(path):
    """The blank's path with every step that goes straight back removed (repeatedly)."""
    out = np.empty(path.shape[0], dtype=np.int64)
    k = 0
    for c in path:
        if k >= 2 and out[k - 2] == c:
            k -= 1
        else:
            out[k] = c
            k += 1
    return out[:k].copy()


class _Board:
    """The working board: tiles by cell, cells by tile, moved along blank paths."""

    def __init__(self, width: int, tiles: tuple[int, ...]) -> None:
        self.width = width
        self.tiles = list(tiles)
        self.pos = {t: c for c, t in enumerate(tiles)}
        self.path = [self.pos[0]]

    def follow(self, blanks: Sequence[int] | NDArray[np.int64]) -> None:
        for c in blanks[1:]:
            c = int(c)
            b = self.pos[0]
            t = self.tiles[c]
            self.tiles[b], self.tiles[c] = t, 0
            self.pos[t], self.pos[0] = b, c
            self.path.append(c)


def _lines(x0: int, x1: int, y0: int, y1: int,
           goal_blank: tuple[int, int]) -> tuple[list[tuple[int, int]], tuple[int, int, int, int]]:
    """The next line to put in place: (its cells in placing order), and the region left after it."""
    w, h = x1 - x0, y1 - y0
    gx, gy = goal_blank
    if h > FINISH and (h >= w or w <= FINISH):
        y = y0 if gy > y0 else y1 - 1
        cells = [(x, y) for x in range(x0, x1)]
        rest = (x0, x1, y0 + 1, y1) if y == y0 else (x0, x1, y0, y1 - 1)
    else:
        x = x0 if gx > x0 else x1 - 1
        cells = [(x, y) for y in range(y0, y1)]
        rest = (x0 + 1, x1, y0, y1) if x == x0 else (x0, x1 - 1, y0, y1)
    return cells, rest


def rows_bytes(width: int, height: int) -> int:
    """What row by row holds at its peak: one placing search's arrays and the last region's IDA*
    stack (the board and its path are Python lists, a few kilobytes)."""
    return place_bytes(width * height) + I.stack_bytes(FINISH * FINISH * 4, 1)


def solve_rows(width: int, height: int, tiles: tuple[int, ...], goal: tuple[int, ...],
               control: SearchControl, limits: Limits = Limits()) -> tuple[Status, Limit | None, list[int], Stats]:
    """(status, limit, blank cells along a (not shortest) solution, stats).

    A state is a position one of the placing searches stored, or a node the
    last region's IDA* entered; --max-states caps their sum. Cancelling or the
    time limit stop it between placing searches (each takes a millisecond or
    so) and inside the last IDA*.
    """
    if not fits(rows_bytes(width, height), limits.max_memory):
        return Status.LIMIT, Limit.MEMORY, [], Stats()
    cap = limits.max_states if limits.max_states is not None else NO_CAP
    nbr = neighbours(width, height)
    goal_cell = {t: c for c, t in enumerate(goal)}
    bg = goal_cell[0]
    board = _Board(width, tiles)
    locked = np.zeros(width * height, dtype=np.bool_)
    stats = Stats()
    x0, x1, y0, y1 = 0, width, 0, height
    while x1 - x0 > FINISH or y1 - y0 > FINISH:
        cells, rest = _lines(x0, x1, y0, y1, (bg % width, bg // width))
        order = [y * width + x for x, y in cells]
        steps = [[c] for c in order[:-2]] + [order[-2:]]
        for targets in steps:
            if control.stop_requested:
                status, limit = kernel_status(STOPPED, control)
                return status, limit, [], stats
            if stats.states_seen >= cap:
                return Status.LIMIT, Limit.STATES, [], stats
            want = [goal[c] for c in targets]
            start = np.array([board.pos[t] for t in want], dtype=np.int64)
            (code, blanks, stored, expanded), elapsed = timed(
                control, place, nbr, locked, board.pos[0], start, np.array(targets, dtype=np.int64),
                np.int64(cap - stats.states_seen))
            stats = stats.plus(Stats(int(expanded), int(stored), 0, elapsed))
            if code == CAP:
                return Status.LIMIT, Limit.STATES, [], stats
            if code != FOUND:
                raise RuntimeError(f"no way to place tiles {want}: the board was not solvable")
            board.follow(blanks)
            for c in targets:
                locked[c] = True
        x0, x1, y0, y1 = rest
    code, more = _finish(board, width, (x0, x1, y0, y1), goal, control, max(0, cap - stats.states_seen))
    stats = stats.plus(more)
    if code != FOUND:
        status, limit = kernel_status(code, control, Limit.STATES)
        return status, limit, [], stats
    return Status.SOLVED, None, list(cancel_backtracks(np.array(board.path, dtype=np.int64))), stats


def _finish(board: _Board, width: int, region: tuple[int, int, int, int], goal: tuple[int, ...], control: SearchControl,
            cap: int) -> tuple[int, Stats]:
    """Solve the last small region exactly, renumbering its tiles as a board of its own."""
    x0, x1, y0, y1 = region
    w, h = x1 - x0, y1 - y0
    cells = [y * width + x for y in range(y0, y1) for x in range(x0, x1)]
    number = {0: 0}
    for c in cells:
        if goal[c] != 0:
            number[goal[c]] = len(number)
    sub_goal = tuple(number[goal[c]] for c in cells)
    sub_start = np.array([number[board.tiles[c]] for c in cells], dtype=np.int64)
    tables = H.goal_tables(w, h, sub_goal)
    (code, blanks, generated, expanded), elapsed = timed(
        control, I.search, sub_start, neighbours(w, h), tables, no_lookups(w * h), I.LINEAR_CONFLICT,
        np.int64(cap), np.int64(I.stack_bytes(FINISH * FINISH * 4, 1)), control.counters)
    stats = Stats(int(expanded), int(expanded), len(blanks), elapsed)
    if code != FOUND:
        return code, stats
    board.follow([cells[int(c)] for c in blanks])
    return code, stats
