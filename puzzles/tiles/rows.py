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

import numpy as np

from core.jit import kernel
from core.progress import SearchControl
from core.search import timed
from core.status import FOUND
from puzzles.tiles import heuristics as H
from puzzles.tiles import idastar as I
from puzzles.tiles.geometry import neighbours
from puzzles.tiles.patterns import no_lookups

FINISH = 3  # the unsolved part is solved exactly once neither side is longer than this
UNSEEN = -1


@kernel
def place(nbr, locked, blank, start, target):
    """Blank cells (first: `blank`) of a fewest-move way to bring the m tiles (m = 1 or 2) from
    cells `start` to cells `target` without touching a locked cell; empty if there is none."""
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
                parent[t] = s
                queue[tail] = t
                tail += 1
    if found < 0:
        return np.empty(0, dtype=np.int64)
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
    return path


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

    def __init__(self, width: int, tiles: tuple[int, ...]):
        self.width = width
        self.tiles = list(tiles)
        self.pos = {t: c for c, t in enumerate(tiles)}
        self.path = [self.pos[0]]

    def follow(self, blanks) -> None:
        for c in blanks[1:]:
            c = int(c)
            b = self.pos[0]
            t = self.tiles[c]
            self.tiles[b], self.tiles[c] = t, 0
            self.pos[t], self.pos[0] = b, c
            self.path.append(c)


def _lines(x0: int, x1: int, y0: int, y1: int, goal_blank: tuple[int, int]):
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


def solve_rows(width: int, height: int, tiles: tuple[int, ...], goal: tuple[int, ...],
               control: SearchControl) -> tuple[list[int], float]:
    """Blank cells along a (not shortest) solution, and the seconds of search."""
    nbr = neighbours(width, height)
    goal_cell = {t: c for c, t in enumerate(goal)}
    bg = goal_cell[0]
    board = _Board(width, tiles)
    locked = np.zeros(width * height, dtype=np.bool_)
    seconds = 0.0
    x0, x1, y0, y1 = 0, width, 0, height
    while x1 - x0 > FINISH or y1 - y0 > FINISH:
        cells, rest = _lines(x0, x1, y0, y1, (bg % width, bg // width))
        order = [y * width + x for x, y in cells]
        steps = [[c] for c in order[:-2]] + [order[-2:]]
        for targets in steps:
            want = [goal[c] for c in targets]
            start = np.array([board.pos[t] for t in want], dtype=np.int64)
            blanks, elapsed = timed(control, place, nbr, locked, board.pos[0], start,
                                    np.array(targets, dtype=np.int64))
            seconds += elapsed
            if blanks.shape[0] == 0:
                raise RuntimeError(f"no way to place tiles {want}: the board was not solvable")
            board.follow(blanks)
            for c in targets:
                locked[c] = True
        x0, x1, y0, y1 = rest
    seconds += _finish(board, width, (x0, x1, y0, y1), goal, control)
    return list(cancel_backtracks(np.array(board.path, dtype=np.int64))), seconds


def _finish(board: _Board, width: int, region, goal: tuple[int, ...], control: SearchControl) -> float:
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
    (code, blanks, _, _), elapsed = timed(control, I.search, sub_start, neighbours(w, h), tables,
                                          no_lookups(w * h), I.LINEAR_CONFLICT, np.int64(1) << np.int64(62),
                                          control.counters)
    if code != FOUND:
        raise RuntimeError("the last region could not be solved: the board was not solvable")
    board.follow([cells[int(c)] for c in blanks])
    return elapsed
