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
