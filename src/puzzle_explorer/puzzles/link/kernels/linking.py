"""The fewest-segment path between two cells: a layered search over (cell, direction).

A state is a cell and the direction the current segment runs in, packed as
cell * 4 + direction. Going on in the same direction costs nothing; turning
starts a new segment and costs one. Layer k holds the states first reached
with k segments; it grows while it is being swept (straight moves stay in
it) and turns feed layer k + 1, so the first time the target is reached its
count is the fewest. Remembering the direction matters: a cell reached with
k segments heading east may still be needed heading north with k segments.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from puzzle_explorer.core.kernels import picture
from puzzle_explorer.core.kernels.codes import EXHAUSTED, FOUND, STOPPED
from puzzle_explorer.core.kernels.counters import due, publish
from puzzle_explorer.core.kernels.jit import helper, kernel
from puzzle_explorer.core.run.progress import SearchControl
from puzzle_explorer.core.run.search import timed
from puzzle_explorer.puzzles.kit.text import Cell
from puzzle_explorer.puzzles.link.board import Board
from puzzle_explorer.puzzles.link.kernels.grid import PAD, blocked_map, cell_at, index, stride_of
from puzzle_explorer.puzzles.link.kernels.reach import direction_steps

UNREACHED = np.int32(0x3FFFFFFF)
STATE_BYTES = 16  # per (cell, direction): distance, parent and the two layer queues, int32 each


def search_bytes(board: Board) -> int:
    """What a path search holds on this board, all of it from the start: the four arrays over
    (cell, direction) and the blocked map, a byte a padded cell."""
    cells = stride_of(board) * (board.height + 2 * PAD)
    return cells * (4 * STATE_BYTES + 1)


@kernel
def fewest_segments(blocked, stride, src, dst, limit, counters):
    """Fewest segments from src to dst through cells with blocked == 0, at most `limit`.

    The two ends themselves may be tiles. Returns (code, segments, corners):
    FOUND with the corner cells as padded indices (src, each turn, dst),
    EXHAUSTED when no path of at most `limit` segments exists, STOPPED when
    asked to stop. The live picture is a map of the cells reached so far,
    with the fewest segments that reach each (puzzle_explorer.core.kernels.picture REACH).
    """
    drawing = picture.drawing(counters)
    if drawing:
        picture.start_reach_map(counters, blocked.shape[0])
    n = blocked.shape[0] * 4
    steps = direction_steps(stride)
    dist = np.full(n, UNREACHED, dtype=np.int32)
    prev = np.full(n, -1, dtype=np.int32)
    cur = np.empty(n, dtype=np.int32)
    nxt = np.empty(n, dtype=np.int32)
    ncur = 0
    for d in range(4):
        s = src * 4 + d
        dist[s] = 1
        cur[ncur] = s
        ncur += 1
    k = 1
    expanded = 0
    found = -1
    while ncur > 0 and k <= limit and found < 0:
        nn = 0
        i = 0
        while i < ncur:
            s = cur[i]
            i += 1
            if dist[s] != k:
                continue  # reached more cheaply after it was queued
            expanded += 1
            if due(counters, expanded):
                if drawing:
                    seq = picture.open_picture(counters, picture.REACH, k)
                    picture.close_picture(counters, seq)
                if publish(counters, expanded, ncur - i + nn, k, expanded):
                    return STOPPED, -1, np.empty(0, dtype=np.int64)
            c = s >> 2
            d = s & 3
            c2 = c + steps[d]
            t = c2 * 4 + d
            if c2 == dst:
                prev[t] = s
                dist[t] = k
                found = t
                if drawing:
                    picture.reach_cell(counters, c2, k)
                break
            if blocked[c2] == 0 and dist[t] > k:
                dist[t] = k
                prev[t] = s
                cur[ncur] = t
                ncur += 1
                if drawing:
                    picture.reach_cell(counters, c2, k)
            if k < limit:
                for turn in (1, 3):
                    t = c * 4 + ((d + turn) & 3)
                    if dist[t] > k + 1:
                        dist[t] = k + 1
                        prev[t] = s
                        nxt[nn] = t
                        nn += 1
        if found < 0:
            cur, nxt = nxt, cur
            ncur = nn
            k += 1
    if drawing:
        seq = picture.open_picture(counters, picture.REACH, k)
        picture.close_picture(counters, seq)
    publish(counters, expanded, 0, k, expanded)
    if found < 0:
        return EXHAUSTED, -1, np.empty(0, dtype=np.int64)
    return FOUND, k, _corners(prev, found, src, k)


@helper(allocates=True)
def _corners(prev, last, src, segments):
    """The cells where the path starts, turns and ends, from the parent links."""
    out = np.empty(segments + 1, dtype=np.int64)
    j = segments
    out[j] = last >> 2
    s = last
    while True:
        p = prev[s]
        if p < 0:
            break
        if (p >> 2) == (s >> 2):  # a turn in place
            j -= 1
            out[j] = s >> 2
        s = p
    out[0] = src
    return out


@dataclass(frozen=True)
class LinkPath:
    """A fewest-segment path: the number of segments and its corner cells (0-based, ring included)."""

    segments: int
    corners: tuple[Cell, ...]

    def cells(self) -> list[Cell]:
        """Every cell the path passes through, ends included."""
        out = [self.corners[0]]
        for (x0, y0), (x1, y1) in zip(self.corners, self.corners[1:]):
            dx = (x1 > x0) - (x1 < x0)
            dy = (y1 > y0) - (y1 < y0)
            x, y = x0, y0
            while (x, y) != (x1, y1):
                x, y = x + dx, y + dy
                out.append((x, y))
        return out


def no_limit(board: Board) -> int:
    """A segment count no path on this board can need."""
    return 4 * (board.width + 4) * (board.height + 4)


def path_args(board: Board, a: Cell, b: Cell, limit: int | None,
              counters: NDArray[np.int64]) -> tuple[NDArray[np.uint8], np.int64, np.int64, np.int64, np.int64,
                                                      NDArray[np.int64]]:
    """The arguments of fewest_segments for a path from a to b, of the types it is compiled for."""
    stride = stride_of(board)
    cap = no_limit(board) if limit is None else int(limit)
    return (blocked_map(board), np.int64(stride), np.int64(index(stride, a)), np.int64(index(stride, b)),
            np.int64(cap), counters)


def search_path(board: Board, a: Cell, b: Cell, limit: int | None,
                control: SearchControl) -> tuple[int, LinkPath | None, float]:
    """The fewest-segment path from a to b within `limit` (None: no limit) on the search clock.

    Returns (kernel code, the path or None, search seconds); the code tells a
    proof that no path exists (EXHAUSTED) from a stop request (STOPPED).
    """
    stride = stride_of(board)
    (code, segments, corners), seconds = timed(control, fewest_segments,
                                               *path_args(board, a, b, limit, control.counters))
    if code != FOUND:
        return int(code), None, seconds
    return int(code), LinkPath(int(segments), tuple(cell_at(stride, int(i)) for i in corners)), seconds


def quick_path(board: Board, a: Cell, b: Cell, limit: int | None = None) -> LinkPath | None:
    """search_path without the search clock, for drawing and editing (the kernel must be compiled)."""
    stride = stride_of(board)
    quiet = SearchControl()
    quiet.quiet()  # a whole counters array: the kernel reads its drawing flag and may draw there
    code, segments, corners = fewest_segments(*path_args(board, a, b, limit, quiet.counters))
    if code != FOUND:
        return None
    return LinkPath(int(segments), tuple(cell_at(stride, int(i)) for i in corners))
