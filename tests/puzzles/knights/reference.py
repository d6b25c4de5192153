"""Deliberately simple references: a brute-force tour counter and a tour validator.

The counter tries every knight's move from every square, in no clever order
and with no pruning, exactly like the plain C counter the benchmark races;
it is compiled with numba only so that 5x5 takes seconds, not hours.
"""
from functools import lru_cache

import numpy as np
from numba import njit

MOVES = np.array([[1, 2], [2, 1], [2, -1], [1, -2], [-1, -2], [-2, -1], [-2, 1], [-1, 2]], dtype=np.int64)


@njit(cache=True)
def _brute(free, sx, sy, closed, first_only):
    h, w = free.shape
    total = 0
    for y in range(h):
        for x in range(w):
            if free[y, x]:
                total += 1
    used = np.zeros((h, w), dtype=np.bool_)
    px = np.zeros(total, dtype=np.int64)
    py = np.zeros(total, dtype=np.int64)
    tried = np.zeros(total, dtype=np.int64)
    px[0], py[0] = sx, sy
    used[sy, sx] = True
    depth = 0
    count = 0
    if total == 1:
        return 0 if closed else 1
    while depth >= 0:
        if tried[depth] == 8:
            used[py[depth], px[depth]] = False
            depth -= 1
            continue
        k = tried[depth]
        tried[depth] += 1
        nx = px[depth] + MOVES[k, 0]
        ny = py[depth] + MOVES[k, 1]
        if nx < 0 or ny < 0 or nx >= w or ny >= h or not free[ny, nx] or used[ny, nx]:
            continue
        if depth + 2 == total:
            ok = True
            if closed:
                dx = abs(nx - sx)
                dy = abs(ny - sy)
                ok = (dx == 1 and dy == 2) or (dx == 2 and dy == 1)
            if ok:
                count += 1
                if first_only:
                    return count
            continue
        depth += 1
        px[depth], py[depth] = nx, ny
        tried[depth] = 0
        used[ny, nx] = True
    return count


def _free(width, height, blocked=()):
    free = np.ones((height, width), dtype=np.bool_)
    for x, y in blocked:
        free[y, x] = False
    return free


@lru_cache(maxsize=None)
def _cached(width, height, start, closed, blocked, first_only):
    return int(_brute(_free(width, height, blocked), start[0], start[1], closed, first_only))


def count_tours(width, height, start, closed=False, blocked=()):
    """Every directed tour from start (0-based x, y) by trying everything."""
    return _cached(width, height, tuple(start), bool(closed), frozenset(blocked), False)


def has_tour(width, height, start, closed=False, blocked=()):
    """Whether any tour starts at start (the same search, stopping at the first tour)."""
    return _cached(width, height, tuple(start), bool(closed), frozenset(blocked), True) > 0


def check_tour(width, height, start, closed, blocked, squares):
    """Assert that squares (1-based [x, y] pairs) is a tour of the board from start (0-based)."""
    xy = np.asarray(squares, dtype=np.int64).reshape(-1, 2) - 1
    blocked = set(blocked)
    free = width * height - len(blocked)
    assert len(xy) == free, f"the tour has {len(xy)} squares, the board {free} free ones"
    assert tuple(xy[0]) == tuple(start), f"the tour starts at {xy[0] + 1}, not at {np.array(start) + 1}"
    assert ((xy[:, 0] >= 0) & (xy[:, 0] < width) & (xy[:, 1] >= 0) & (xy[:, 1] < height)).all(), "off the board"
    index = xy[:, 1] * width + xy[:, 0]
    assert len(np.unique(index)) == len(index), "a square is visited twice"
    if blocked:
        assert not any((int(x), int(y)) in blocked for x, y in xy), "the tour uses a blocked square"
    steps = np.abs(np.diff(xy, axis=0))
    knight = ((steps[:, 0] == 1) & (steps[:, 1] == 2)) | ((steps[:, 0] == 2) & (steps[:, 1] == 1))
    assert knight.all(), f"move {int(np.argmin(knight)) + 1} is not a knight's move"
    if closed:
        d = np.abs(xy[-1] - xy[0])
        assert sorted(d.tolist()) == [1, 2], "a closed tour must end a knight's move from its start"


def tour_of(solution):
    """A solution's tour as 1-based [x, y] pairs (a numpy array)."""
    return solution.steps[-1].board.tour.xy()
