"""Deliberately plain references: breadth-first distances over whole boards, and a move checker."""
from __future__ import annotations

from collections import deque
from functools import cache


def neighbours(width: int, height: int, cell: int) -> list[int]:
    x, y = cell % width, cell // width
    out = []
    for dx, dy in ((0, -1), (-1, 0), (1, 0), (0, 1)):
        if 0 <= x + dx < width and 0 <= y + dy < height:
            out.append((y + dy) * width + x + dx)
    return out


@cache
def distances(width: int, height: int, goal: tuple[int, ...]) -> dict[tuple[int, ...], int]:
    """Fewest moves from every board that can reach the goal (moves are reversible: BFS from the goal)."""
    dist = {goal: 0}
    queue = deque([goal])
    while queue:
        s = queue.popleft()
        b = s.index(0)
        for c in neighbours(width, height, b):
            t = list(s)
            t[b], t[c] = t[c], 0
            t = tuple(t)
            if t not in dist:
                dist[t] = dist[s] + 1
                queue.append(t)
    return dist


def replay(width: int, height: int, start: tuple[int, ...], moves: list[dict]) -> tuple[int, ...]:
    """Apply JSON moves ({"tile", "from", "to"}, 1-based), checking each is a legal slide into the blank."""
    tiles = list(start)
    for i, m in enumerate(moves):
        fx, fy = m["from"]
        tx, ty = m["to"]
        frm, to = (fy - 1) * width + fx - 1, (ty - 1) * width + tx - 1
        assert tiles[to] == 0, f"move {i + 1}: {m} does not slide into the blank"
        assert tiles[frm] == m["tile"], f"move {i + 1}: tile {m['tile']} is not at {m['from']}"
        assert to in neighbours(width, height, frm), f"move {i + 1}: {m} is not to a neighbouring cell"
        tiles[to], tiles[frm] = tiles[frm], 0
    return tuple(tiles)


def solved(width: int, height: int, blank_first: bool = False) -> tuple[int, ...]:
    n = width * height
    return tuple(range(n)) if blank_first else tuple(range(1, n)) + (0,)
