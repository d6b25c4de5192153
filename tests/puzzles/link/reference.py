"""Deliberately simple references for the link family, written from the rules alone.

Boards are tuples of row strings ('.' empty). Cells are 0-based (x, y); the
outside ring is x = -1 or width, y = -1 or height.
"""
from __future__ import annotations

import heapq
from functools import lru_cache

DIRS = ((1, 0), (0, 1), (-1, 0), (0, -1))


def _free(rows, outside):
    w, h = len(rows[0]), len(rows)

    def free(x, y):
        if 0 <= x < w and 0 <= y < h:
            return rows[y][x] == "."
        return outside and -1 <= x <= w and -1 <= y <= h
    return free


def fewest(rows, a, b, outside=True, limit=None):
    """Fewest segments joining a and b (None if none within limit).

    Layer k is the set of cells where a path of at most k segments can end;
    layer k + 1 adds every cell seen along a straight line from a cell of
    layer k. Whole sets are recomputed, so nothing is remembered per cell
    that could hide a better way through it.
    """
    free = _free(rows, outside)
    corners = {a}
    k = 0
    while limit is None or k < limit:
        k += 1
        grown = set(corners)
        for (x, y) in corners:
            for dx, dy in DIRS:
                cx, cy = x + dx, y + dy
                while True:
                    if (cx, cy) == b:
                        return k
                    if not free(cx, cy):
                        break
                    grown.add((cx, cy))
                    cx, cy = cx + dx, cy + dy
        if grown == corners:
            return None
        corners = grown
    return None


def cell_only_search(rows, a, b, outside=True):
    """The tempting shortcut: settle each cell once, with the direction it was first reached in.

    Wrong on some boards; the tests use it to show a board is a real trap.
    """
    free = _free(rows, outside)
    heap = [(1, i, a[0] + dx, a[1] + dy, i) for i, (dx, dy) in enumerate(DIRS)]
    settled = set()
    n = 4
    while heap:
        cost, _, x, y, d = heapq.heappop(heap)
        if (x, y) == b:
            return cost
        if not free(x, y) or (x, y) in settled:
            continue
        settled.add((x, y))
        for nd, (dx, dy) in enumerate(DIRS):
            if nd == (d + 2) % 4:
                continue
            n += 1
            heapq.heappush(heap, (cost + (nd != d), n, x + dx, y + dy, nd))
    return None


def check_path(rows, a, b, corners, outside=True):
    """True if corners describe a legal path from a to b with len(corners) - 1 real segments."""
    free = _free(rows, outside)
    if corners[0] != a or corners[-1] != b or len(corners) < 2:
        return False
    prev_dir = None
    for (x0, y0), (x1, y1) in zip(corners, corners[1:]):
        if (x0 != x1) == (y0 != y1):
            return False  # not a straight, non-empty segment
        d = ((x1 > x0) - (x1 < x0), (y1 > y0) - (y1 < y0))
        if prev_dir is not None and (d == prev_dir or d == (-prev_dir[0], -prev_dir[1])):
            return False  # two segments in one line are one segment
        prev_dir = d
        x, y = x0, y0
        while True:
            x, y = x + d[0], y + d[1]
            if (x, y) == (x1, y1):
                break
            if not free(x, y):
                return False
        if (x1, y1) != b and not free(x1, y1):
            return False
    return True


def remove(rows, a, b, gravity=False):
    """The board after a and b are taken off (with gravity: each column closes up from above)."""
    grid = [list(r) for r in rows]
    if not gravity:
        for x, y in (a, b):
            grid[y][x] = "."
        return tuple("".join(r) for r in grid)
    h = len(rows)
    for x in {a[0], b[0]}:
        kept = [grid[y][x] for y in range(h) if (x, y) not in (a, b)]
        column = ["."] * (h - len(kept)) + kept
        for y in range(h):
            grid[y][x] = column[y]
    return tuple("".join(r) for r in grid)


def moves(rows, limit, outside=True):
    """Every pair of one kind that links within `limit` segments."""
    tiles = [(x, y) for y, r in enumerate(rows) for x, ch in enumerate(r) if ch != "."]
    out = []
    for i, a in enumerate(tiles):
        for b in tiles[i + 1:]:
            if rows[a[1]][a[0]] == rows[b[1]][b[0]] and fewest(rows, a, b, outside, limit) is not None:
                out.append((a, b))
    return out


def clearable(rows, limit=3, outside=True, gravity=False):
    """Can the board be emptied? Tries every removal order (remembering boards already decided)."""
    @lru_cache(maxsize=None)
    def go(state):
        if all(ch == "." for r in state for ch in r):
            return True
        return any(go(remove(state, a, b, gravity)) for a, b in moves(state, limit, outside))
    return go(tuple(rows))
