"""A deliberately plain sliding-block solver: Python BFS over piece lists, no packing, no tricks."""
from collections import deque
from functools import cache


def read(rows: str):
    """rows 'AB./..C' -> (width, height, walls, pieces {letter: [x, y, w, h]})."""
    grid = rows.split("/")
    cells = {}
    walls = set()
    for y, row in enumerate(grid):
        for x, ch in enumerate(row):
            if ch == "#":
                walls.add((x, y))
            elif ch not in ".@":
                cells.setdefault(ch, []).append((x, y))
    pieces = {}
    for letter, spots in cells.items():
        xs = [x for x, _ in spots]
        ys = [y for _, y in spots]
        pieces[letter] = [min(xs), min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1]
    return len(grid[0]), len(grid), walls, pieces


@cache  # the same few rectangles over and over: a third of a census's time went to rebuilding them
def covered(x, y, w, h):
    return frozenset((x + i, y + j) for i in range(w) for j in range(h))


def free_for(width, height, blocked, w, h, x, y):
    """Whether a w x h piece fits at x, y: on the board and on no blocked cell."""
    if x < 0 or y < 0 or x + w > width or y + h > height:
        return False
    return covered(x, y, w, h).isdisjoint(blocked)


def successors(width, height, walls, pieces, convention):
    """(letter, new x, new y) for every move of the position."""
    taken = set(walls)
    for ox, oy, ow, oh in pieces.values():
        taken |= covered(ox, oy, ow, oh)
    for letter, (x, y, w, h) in pieces.items():
        blocked = taken - covered(x, y, w, h)  # the walls and the other pieces, which stay put
        if convention == "free":
            seen = {(x, y)}
            todo = [(x, y)]
            while todo:
                cx, cy = todo.pop()
                for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                    n = (cx + dx, cy + dy)
                    if n not in seen and free_for(width, height, blocked, w, h, *n):
                        seen.add(n)
                        todo.append(n)
                        yield letter, n[0], n[1]
        else:
            for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                k = 1
                while free_for(width, height, blocked, w, h, x + k * dx, y + k * dy):
                    yield letter, x + k * dx, y + k * dy
                    if convention == "unit":
                        break
                    k += 1


def key(pieces, target, distinct):
    """Same-shaped pieces are interchangeable unless distinct; the target is always itself."""
    if distinct:
        return tuple(sorted((l, x, y) for l, (x, y, w, h) in pieces.items()))
    return tuple(sorted((l if l == target else f"{w}x{h}", x, y) for l, (x, y, w, h) in pieces.items()))


class TooMany(Exception):
    """More positions than the caller's limit: the board is too big for this reference."""


def explore(rows, target, goal, convention, distinct=False, census=False, limit=None):
    """Breadth-first over positions: (depth of each position met, depths of the goal positions met).

    Without census it stops at the first goal position.
    """
    width, height, walls, pieces = read(rows)
    start = key(pieces, target, distinct)
    seen = {start: 0}
    goals = []
    queue = deque([pieces])
    while queue:
        current = queue.popleft()
        d = seen[key(current, target, distinct)]
        if tuple(current[target][:2]) == goal:
            goals.append(d)
            if not census:
                break
        for letter, nx, ny in successors(width, height, walls, current, convention):
            nxt = {l: list(v) for l, v in current.items()}
            nxt[letter][0], nxt[letter][1] = nx, ny
            k = key(nxt, target, distinct)
            if k not in seen:
                seen[k] = d + 1
                queue.append(nxt)
                if limit is not None and len(seen) > limit:
                    raise TooMany(rows)
    return seen, goals


def shortest(rows, target, goal, convention, distinct=False, census=False):
    """Shortest number of moves (None if impossible), and the number of reachable positions."""
    seen, goals = explore(rows, target, goal, convention, distinct, census)
    return (goals[0] if goals else None), len(seen)


def draw(width, height, walls, pieces) -> str:
    """Rows joined by '/', as read() reads them."""
    grid = [["#" if (x, y) in walls else "." for x in range(width)] for y in range(height)]
    for letter, (x, y, w, h) in pieces.items():
        for cx, cy in covered(x, y, w, h):
            grid[cy][cx] = letter
    return "/".join("".join(r) for r in grid)


def check_moves(rows, moves, convention, target, goal, boards=None):
    """Assert that moves [(letter, (x, y) from, (x, y) to)] are legal one after another from rows and
    leave the target on its goal (goal None: a path a search is still working on); `boards` (rows
    after each move, as the solver shows them) must match the reference's own."""
    width, height, walls, pieces = read(rows)
    for i, (letter, frm, to) in enumerate(moves):
        assert letter in pieces and tuple(pieces[letter][:2]) == tuple(frm), (i, rows, letter, frm)
        assert (letter, to[0], to[1]) in set(successors(width, height, walls, pieces, convention)), \
            (i, draw(width, height, walls, pieces), letter, frm, to, convention)
        pieces = {l: list(v) for l, v in pieces.items()}
        pieces[letter][0], pieces[letter][1] = to
        if boards is not None:
            assert boards[i] == draw(width, height, walls, pieces), (i, boards[i])
    if goal is not None:  # None: a path that need not end at the goal (one a search is working on)
        assert tuple(pieces[target][:2]) == tuple(goal), "the target does not end on its goal"
