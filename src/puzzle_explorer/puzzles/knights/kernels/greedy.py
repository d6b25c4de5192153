"""Warnsdorff's rule for boards of any size, with rotations when the greedy walk gets stuck.

The walk always moves to the free square with the fewest onward moves. Ties
decide whether the rule holds up on large boards; here they go to the square
farthest from the centre (Roth's rule), which keeps the walk on the rim
until the rim is done, then to the first in clockwise order. A square with no
onward move is taken only as the last one. For a closed tour the start keeps
counting as a free neighbour, so the squares around it are left for the end.

When the walk is stuck (or, for a closed tour, ends away from the start) the
path is rotated, a move that keeps its first square: if the end square e can
jump to the path square p[i], then p[0..i] + reversed(p[i+1..end]) is again
a path, now ending at p[i+1] (Pósa's rotation). The walk goes on from the new
end when it has a free neighbour; otherwise another rotation, chosen at
random, follows, up to a budget. Each rotation costs the length of the
reversed piece; the pivot nearest the end is preferred to keep that short.
"""
from __future__ import annotations

from typing import NamedTuple

import numpy as np

from puzzle_explorer.core.kernels import picture
from puzzle_explorer.core.kernels.codes import CAP, FOUND, STOPPED
from puzzle_explorer.core.kernels.counters import due, publish
from puzzle_explorer.core.kernels.jit import helper, kernel
from puzzle_explorer.puzzles.knights.kernels.geometry import degrees, leave_start, rim_distance


class Walk(NamedTuple):
    """What warnsdorff_walk returns, by name."""

    code: int  # FOUND, CAP or STOPPED
    path: np.ndarray  # the walk: its first `length` squares
    length: int
    rotations: int


def fixed_bytes(n: int, free_count: int) -> int:
    """What warnsdorff_walk holds on a board of n squares: degrees and places (int32 each), the
    start's neighbours, the path, and the previous attempt's path until the caller drops it."""
    return 9 * n + 8 * free_count


@helper
def _next_square(table, deg, pos, current, length, free_count, width, height):
    """Warnsdorff's choice from the walk's end: the free neighbour with the fewest onward moves,
    ties to the one farthest from the centre, then the first in table order; -1 if none is free."""
    best = -1
    best_deg = 1 << 30
    best_far = -1
    for k in range(8):
        t = table[current, k]
        if t < 0 or pos[t] >= 0:
            continue
        d = deg[t]
        if d == 0 and length + 1 < free_count:
            d = 1 << 20  # a dead end: only if nothing else
        far = rim_distance(t, width, height)
        if d < best_deg or (d == best_deg and far > best_far):
            best = t
            best_deg = d
            best_far = far
    return best


@helper
def _rotate(table, path, pos, current, length, pivots):
    """Pósa's rotation at the end square `current`; False when it has no pivot. Pivots are path
    squares next to the end other than its predecessor: the nearest one half the time (the
    shortest piece to reverse), otherwise one at random."""
    count = 0
    nearest = -1
    for k in range(8):
        t = table[current, k]
        if t >= 0 and pos[t] >= 0 and pos[t] < length - 2:
            pivots[count] = pos[t]
            count += 1
            if pos[t] > nearest:
                nearest = pos[t]
    if count == 0:
        return False
    i = nearest if np.random.random() < 0.5 else pivots[np.random.randint(count)]
    a = i + 1
    b = length - 1
    while a < b:
        sa = path[a]
        sb = path[b]
        path[a] = sb
        pos[sb] = a
        path[b] = sa
        pos[sa] = b
        a += 1
        b -= 1
    return True


@kernel
def warnsdorff_walk(table, width, height, start, free_count, closed, seed, max_rotations, counters):
    """A tour from start; returns (code, path, length, rotations): see Walk.

    code is FOUND with a complete path (closed: its last square next to the
    start), CAP when the rotation budget ran out (path holds the best prefix)
    or STOPPED when the stop flag was raised. The live picture shows the
    walk (its newest part on a large board) and the longest it has been.
    """
    drawing = picture.drawing(counters)
    n = table.shape[0]
    deg = degrees(table)
    pos = np.full(n, -1, dtype=np.int32)  # where a square sits on the path, -1 if not on it
    path = np.empty(free_count, dtype=np.int32)
    home = np.zeros(n, dtype=np.bool_)
    np.random.seed(seed)
    path[0] = start
    pos[start] = 0
    length = 1
    leave_start(table, deg, home, start, closed)
    current = start
    rotations = 0
    steps = 0
    longest = 1
    pivots = np.empty(8, dtype=np.int32)
    while True:
        # the greedy walk from the current end
        while length < free_count:
            best = _next_square(table, deg, pos, current, length, free_count, width, height)
            if best < 0:
                break
            current = best
            path[length] = current
            pos[current] = length
            length += 1
            for k in range(8):
                u = table[current, k]
                if u >= 0:
                    deg[u] -= 1
            steps += 1
            if due(counters, steps):
                if drawing:
                    longest = max(longest, length)
                    picture.show_stack(counters, picture.BACKTRACK, path, length, length - 1, longest - 1)
                if publish(counters, steps, length, length, length):
                    return STOPPED, path, length, rotations
        longest = max(longest, length)
        if length == free_count and (not closed or home[current]):
            if drawing:
                picture.show_stack(counters, picture.BACKTRACK, path, length, length - 1, longest - 1)
            publish(counters, steps, length, length, length)
            return FOUND, path, length, rotations
        if rotations >= max_rotations:
            publish(counters, steps, length, length, length)
            return CAP, path, length, rotations
        if not _rotate(table, path, pos, current, length, pivots):
            publish(counters, steps, length, length, length)
            return CAP, path, length, rotations
        current = path[length - 1]
        rotations += 1
        steps += 1
        if due(counters, steps):
            if drawing:
                picture.show_stack(counters, picture.BACKTRACK, path, length, length - 1, longest - 1)
            if publish(counters, steps, length, length, length):
                return STOPPED, path, length, rotations
