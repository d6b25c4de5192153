"""A deliberately plain cubic eight-puzzle solver: faces as letters, Python sets, no packing.

A cube is a tuple (top, x-axis colour, y-axis colour) of letters; a position is a
tuple of 9 squares, row-major, None for the empty one. Rolling a cube left or
right swaps its top and x-axis colours; up or down swaps its top and y-axis
colours. Nothing here is shared with the package under test.
"""
from itertools import product

START_CUBE = ("W", "B", "R")


def start(x, y):
    """Every cube white on top, blue along x, red along y; the empty square at (x, y), 0-based."""
    return tuple(None if (i % 3, i // 3) == (x, y) else START_CUBE for i in range(9))


def neighbours(pos):
    e = pos.index(None)
    ex, ey = e % 3, e // 3
    out = []
    for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        cx, cy = ex + dx, ey + dy
        if 0 <= cx < 3 and 0 <= cy < 3:
            c = cy * 3 + cx
            t, x, y = pos[c]
            rolled = (x, t, y) if dx else (y, x, t)
            after = list(pos)
            after[e], after[c] = rolled, None
            out.append(tuple(after))
    return out


def shows(pos, pattern):
    """pattern: 9 letters of W/B/R/E."""
    return all((cube is None) == (want == "E") and (cube is None or cube[0] == want)
               for cube, want in zip(pos, pattern))


def goals(pattern):
    """Every position whose tops show the pattern (each cube can lie two ways)."""
    choices = []
    for want in pattern:
        if want == "E":
            choices.append([None])
        else:
            others = [c for c in "WBR" if c != want]
            choices.append([(want, others[0], others[1]), (want, others[1], others[0])])
    return [tuple(p) for p in product(*choices)]


def fewest_rolls_plain(begin, pattern, limit):
    """Breadth-first from the start only; None if no goal within `limit` rolls. For short cases."""
    level = {begin}
    seen = {begin}
    for depth in range(limit + 1):
        if any(shows(p, pattern) for p in level):
            return depth
        nxt = set()
        for p in level:
            for q in neighbours(p):
                if q not in seen:
                    seen.add(q)
                    nxt.add(q)
        level = nxt
        if not level:
            return None
    return None


def fewest_rolls(begin, pattern):
    """Breadth-first from both ends, one whole level of the smaller side at a time, until the
    sides meet. Returns None if neither side can grow any more without meeting."""
    sides = [{begin: 0}, {g: 0 for g in goals(pattern)}]
    fronts = [[begin], list(sides[1])]
    depth = [0, 0]
    if begin in sides[1]:
        return 0
    while fronts[0] and fronts[1]:
        i = 0 if len(fronts[0]) <= len(fronts[1]) else 1
        mine, other = sides[i], sides[1 - i]
        nxt = []
        best = None
        for p in fronts[i]:
            for q in neighbours(p):
                if q in other:
                    total = depth[i] + 1 + other[q]
                    best = total if best is None else min(best, total)
                elif q not in mine:
                    mine[q] = depth[i] + 1
                    nxt.append(q)
        if best is not None:
            return best
        fronts[i] = nxt
        depth[i] += 1
    return None
