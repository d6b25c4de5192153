"""A deliberately plain reference: every self-avoiding walk, no pruning at all.

The die is modelled on its own terms here: the marked face is a unit vector
(east, north, up) that each roll turns a quarter turn, so nothing is shared
with the solver's orientation tables.
"""
from __future__ import annotations

# A roll turns the marked face's vector (e, n, u); e.g. rolling east sends up to east and east to down.
TURN = {
    "east": lambda e, n, u: (u, n, -e),
    "west": lambda e, n, u: (-u, n, e),
    "north": lambda e, n, u: (e, u, -n),
    "south": lambda e, n, u: (e, -u, n),
}
STEP = {"east": (1, 0), "west": (-1, 0), "north": (0, -1), "south": (0, 1)}
UP = (0, 0, 1)
NAMES = {(1, 0, 0): "east", (-1, 0, 0): "west", (0, 1, 0): "north", (0, -1, 0): "south",
         (0, 0, 1): "up", (0, 0, -1): "down"}


def tours(width, height, blocked, start, goal, goal_face):
    """Every tour as a list of (x, y, mark name): each walk from start over every open cell."""
    open_cells = {(x, y) for x in range(width) for y in range(height)} - set(blocked)
    total = len(open_cells)
    found = []
    path = [(start, UP)]
    seen = {start}

    def finish_ok(mark):
        return {"up": mark == UP, "not-up": mark != UP, "any": True}[goal_face]

    def walk():
        cell, mark = path[-1]
        if len(path) == total:
            if cell == goal and finish_ok(mark):
                found.append([(c[0], c[1], NAMES[m]) for c, m in path])
            return
        for roll, (dx, dy) in STEP.items():
            nxt = (cell[0] + dx, cell[1] + dy)
            if nxt not in open_cells or nxt in seen:
                continue
            turned = TURN[roll](*mark)
            if turned == UP and len(path) + 1 < total:
                continue  # the mark may be on top only at the very end
            seen.add(nxt)
            path.append((nxt, turned))
            walk()
            path.pop()
            seen.discard(nxt)

    walk()
    return found


def bare_paths(width, height, blocked, start, goal):
    """How many paths from start to goal visit every open cell once (no die at all)."""
    open_cells = {(x, y) for x in range(width) for y in range(height)} - set(blocked)
    total = len(open_cells)
    seen = {start}

    def count(cell, k):
        if k == total:
            return int(cell == goal)
        n = 0
        for dx, dy in STEP.values():
            nxt = (cell[0] + dx, cell[1] + dy)
            if nxt in open_cells and nxt not in seen:
                seen.add(nxt)
                n += count(nxt, k + 1)
                seen.discard(nxt)
        return n

    return count(start, 1)


def check_tour(width, height, blocked, start, goal, goal_face, tour):
    """Raise AssertionError unless tour [(x, y, mark name), …] is a legal tour of the board."""
    open_cells = {(x, y) for x in range(width) for y in range(height)} - set(blocked)
    cells = [(x, y) for x, y, _ in tour]
    assert cells[0] == start and cells[-1] == goal, "wrong ends"
    assert sorted(cells) == sorted(open_cells), "not every open cell exactly once"
    mark = UP
    assert tour[0][2] == "up"
    for (a, b, _), (x, y, name) in zip(tour, tour[1:]):
        roll = next(r for r, d in STEP.items() if d == (x - a, y - b))
        mark = TURN[roll](*mark)
        assert NAMES[mark] == name, "mark direction disagrees with rolling"
    assert all(m != "up" for _, _, m in tour[1:-1]), "mark on top on the way"
    assert {"up": tour[-1][2] == "up", "not-up": tour[-1][2] != "up", "any": True}[goal_face]
