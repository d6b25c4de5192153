"""Generating boards that can be cleared, by playing the game backwards.

Pairs are put onto an empty board one at a time, each onto two cells that
link (through the cells still empty) at the moment it is placed. Removing the
pairs in the opposite order then clears the board: when a pair comes off, the
tiles still there are exactly those placed before it, which is what it
linked past when it was placed.

Without gravity a pair goes into empty cells, innermost first (cells farther
from the edge before nearer ones), so the empty region stays joined to the
edge and later pairs still find paths. With gravity, putting a tile back is
the inverse of removing one: it goes into its column at some row and pushes
the cells above it up a row, which needs an empty top cell.

When no pair fits any more, the remaining cells stay empty; the generator
tries a few times for a completely filled board and keeps the fullest.
"""
from __future__ import annotations

import random
import string

import numpy as np

from puzzle_explorer.core.errors import InputError
from puzzle_explorer.core.kernels.jit import helper, kernel
from puzzle_explorer.puzzles.kit.text import Cell
from puzzle_explorer.puzzles.link.board import GAME_SEGMENTS, MAX_SIDE, Board
from puzzle_explorer.puzzles.link.kernels.grid import BLOCKED, FREE, PAD, index
from puzzle_explorer.puzzles.link.kernels.reach import ANY_FREE, direction_steps, new_work, reach

KIND_CHARS = string.ascii_uppercase + string.ascii_lowercase + string.digits + "#$%&*+=@?!<>^~"
MAX_KINDS = len(KIND_CHARS)
ROUNDS = 4  # attempts at a completely filled board
GRAVITY_TRIES = 400  # random placements tried per pair with gravity


@helper
def _insert(cells, stride, x, row, value):
    """Put value into column x at board row `row`, pushing the cells above up (the top one must be empty)."""
    top = PAD * stride + x
    p = top
    target = (PAD + row) * stride + x
    while p < target:
        cells[p] = cells[p + stride]
        p += stride
    cells[target] = value


@helper
def _delete(cells, stride, p):
    """Take the cell at p out of its column: everything above moves down one row."""
    top = PAD * stride + p % stride
    while p > top:
        cells[p] = cells[p - stride]
        p -= stride
    cells[top] = FREE


@helper
def _bucket_add(bucket, fill, slot, depth, c):
    d = depth[c]
    slot[c] = fill[d]
    bucket[d, fill[d]] = c
    fill[d] += 1


@helper
def _bucket_drop(bucket, fill, slot, depth, c):
    d = depth[c]
    i = slot[c]
    fill[d] -= 1
    last = bucket[d, fill[d]]
    bucket[d, i] = last
    slot[last] = i


@helper
def _pick_partner(stride, width, height, depth, want, found, nf):
    """A random free board cell of depth `want` among found[:nf], or -1."""
    count = 0
    pick = -1
    for j in range(nf):
        c = found[j]
        cx = c % stride - PAD
        cy = c // stride - PAD
        if cx < 0 or cy < 0 or cx >= width or cy >= height or depth[c] != want:
            continue  # the outside ring holds no tiles; other depths would break the layering
        count += 1
        if np.random.randint(count) == 0:  # reservoir sampling: uniform among the candidates
            pick = c
    return pick


@helper
def _outward(cells, steps, depth, a):
    """A random free neighbour of a one layer nearer the edge, or -1."""
    count = 0
    pick = -1
    for d in range(4):
        c = a + steps[d]
        if cells[c] == FREE and depth[c] == depth[a] - 1:
            count += 1
            if np.random.randint(count) == 0:
                pick = c
    return pick


@helper
def _stack_top(cells, stride, height, x):
    """The board row of the highest tile in column x (height when the column is empty)."""
    for r in range(height):
        if cells[(PAD + r) * stride + x] != FREE:
            return r
    return height


@helper
def _place_inward(cells, kind, steps, limit, stride, width, height, depth, bucket, fill, slot, d, p,
                  dist, seen, stamp, cur, nxt, cmark, found):
    """Without gravity: pair p onto a free cell of the innermost layer left (d, -1 for none) and a
    cell it links to in the same layer, or failing that a free neighbour one layer out; a few
    cells are tried. Returns (a, b, stamp), a and b -1 when no pair fits."""
    for _ in range(min(8, fill[d]) if d >= 0 else 0):
        a = bucket[d, np.random.randint(fill[d])]
        cells[a] = p
        stamp += 1
        nf = reach(cells, kind, steps, a, ANY_FREE, limit, dist, seen, stamp, cur, nxt, cmark, found)
        b = _pick_partner(stride, width, height, depth, d, found, nf)
        if b < 0 and d > 0:
            b = _outward(cells, steps, depth, a)  # adjacent, so linked with one segment
        if b >= 0:
            cells[b] = p
            _bucket_drop(bucket, fill, slot, depth, a)
            _bucket_drop(bucket, fill, slot, depth, b)
            return a, b, stamp
        cells[a] = FREE
    return -1, -1, stamp


@helper
def _place_stacked(cells, kind, steps, limit, stride, width, height, open_cols, p, dist, seen, stamp, cur, nxt,
                   cmark, found):
    """With gravity: pair p into two columns with room, pushing the cells above up, tried until the
    two link. Returns (a, b, stamp), a and b -1 when no pair fits."""
    n_open = 0
    for x in range(width):
        if cells[PAD * stride + PAD + x] == FREE:
            open_cols[n_open] = PAD + x
            n_open += 1
    for attempt in range(GRAVITY_TRIES if n_open > 0 else 0):
        # each tile goes into a column's stack, keeping the board settled; the second one near
        # the first, since far-apart cells rarely link; the last tries put both on top, which
        # links through the open space above whenever the rules allow
        late = attempt >= GRAVITY_TRIES - 16
        xa = open_cols[np.random.randint(n_open)]
        ta = _stack_top(cells, stride, height, xa)
        ya = ta - 1 if late else ta - 1 + np.random.randint(height - ta + 1)
        _insert(cells, stride, xa, ya, p)
        xb = open_cols[np.random.randint(n_open)] if late else xa + np.random.randint(5) - 2
        if xb < PAD or xb >= PAD + width or cells[PAD * stride + xb] != FREE:
            _delete(cells, stride, (PAD + ya) * stride + xa)
            continue
        tb = _stack_top(cells, stride, height, xb)
        yb = tb - 1 if late else min(height - 1, max(tb - 1, ya + np.random.randint(5) - 2))
        _insert(cells, stride, xb, yb, p)
        a = _find(cells, stride, height, xa, p, 0)
        b = _find(cells, stride, height, xb, p, 1 if xa == xb else 0)
        stamp += 1
        nf = reach(cells, kind, steps, a, p, limit, dist, seen, stamp, cur, nxt, cmark, found)
        if nf > 0:
            return a, b, stamp
        _delete(cells, stride, min(a, b))
        _delete(cells, stride, max(a, b))
    return -1, -1, stamp


@helper
def _take_back(cells, stride, gravity, bucket, fill, slot, depth, placed_a, placed_b, p, count):
    """Take the last `count` pairs placed (at most p) off the board again; returns the pairs left."""
    for _ in range(min(p, count)):
        p -= 1
        a = min(placed_a[p], placed_b[p])
        b = max(placed_a[p], placed_b[p])
        if gravity:
            _delete(cells, stride, a)  # the upper one first: the lower one does not move
            _delete(cells, stride, b)
        else:
            cells[a] = FREE
            cells[b] = FREE
            _bucket_add(bucket, fill, slot, depth, a)
            _bucket_add(bucket, fill, slot, depth, b)
    return p


def place_args(cells: np.ndarray, width: int, height: int, pairs: int, limit: int, gravity: bool,
               by_edge: bool, seed: int, depth: np.ndarray | None = None
               ) -> tuple[np.ndarray, np.int64, np.int64, np.int64, np.ndarray, np.int64, np.int64, bool, bool, np.int64]:
    """The arguments of place_pairs, of the types it is compiled for (depth: onion_depth's, computed if None)."""
    stride = width + 2 * PAD
    if depth is None:
        depth = onion_depth(width, height, stride, height + 2 * PAD)
    return (cells, np.int64(stride), np.int64(width), np.int64(height), depth, np.int64(pairs), np.int64(limit),
            bool(gravity), bool(by_edge), np.int64(seed))


@kernel
def place_pairs(cells, stride, width, height, depth, pairs, limit, gravity, stop_at_edge, seed):
    """Place up to `pairs` pairs (tile value = pair number); returns (pairs placed, cells).

    With stop_at_edge (no gravity), it stops when only the edge layer is left
    for `edge_pairs` to fill.

    A pair that finds no place takes back the last few pairs placed (more
    after each further failure) and tries again, since other random choices
    there usually leave room; after too many failures it stops.
    """
    np.random.seed(seed)
    cells = cells.copy()
    steps = direction_steps(stride)
    dist, seen, cur, nxt, cmark = new_work(cells.shape[0])
    found = np.empty(cells.shape[0], dtype=np.int64)
    kind = np.arange(pairs, dtype=np.int32)  # each pair is its own kind while placing
    stamp = 0
    # free board cells by depth (no gravity): bucket[d, :fill[d]], slot = position in its bucket
    n_depths = (min(width, height) + 1) // 2
    bucket = np.empty((n_depths, width * height), dtype=np.int64)
    fill = np.zeros(n_depths, dtype=np.int64)
    slot = np.zeros(cells.shape[0], dtype=np.int64)
    if not gravity:
        for y in range(height):
            for x in range(width):
                _bucket_add(bucket, fill, slot, depth, (PAD + y) * stride + PAD + x)
    open_cols = np.empty(width, dtype=np.int64)
    placed_a = np.empty(pairs, dtype=np.int64)
    placed_b = np.empty(pairs, dtype=np.int64)
    p = 0
    failures = 0
    backoff = 1
    budget = 64 + 4 * pairs
    while p < pairs:
        if not gravity:
            d = n_depths - 1
            while d >= 0 and fill[d] == 0:
                d -= 1
            if d == 0 and stop_at_edge:
                return p, cells
            pa, pb, stamp = _place_inward(cells, kind, steps, limit, stride, width, height, depth, bucket, fill,
                                          slot, d, p, dist, seen, stamp, cur, nxt, cmark, found)
        else:
            pa, pb, stamp = _place_stacked(cells, kind, steps, limit, stride, width, height, open_cols, p,
                                           dist, seen, stamp, cur, nxt, cmark, found)
        if pa >= 0:
            placed_a[p] = pa
            placed_b[p] = pb
            p += 1
            continue
        failures += 1
        if failures > budget:
            break
        p = _take_back(cells, stride, gravity, bucket, fill, slot, depth, placed_a, placed_b, p, backoff)
        backoff = min(2 * backoff, 64)
    return p, cells


@helper
def _find(cells, stride, height, x, value, skip):
    """The index of the (skip+1)-th cell from the top of column x holding value."""
    for r in range(height):
        q = (PAD + r) * stride + x
        if cells[q] == value:
            if skip == 0:
                return q
            skip -= 1
    return -1


def edge_pairs(cells: np.ndarray, stride: int, width: int, height: int, first: int,
               rng: random.Random) -> int:
    """Fill the free edge cells in pairs that link through the outside ring; returns the next pair number.

    Needs the outside ring, at least three segments, and every cell off the
    edge already filled. Two cells on the same side of the edge then link
    (out to the ring, along it, back in: three segments) whatever else is on
    the edge, so any pairing within sides works in any order. A corner
    belongs to two sides; the corners are shared out so that every side gets
    an even number of cells, which is always possible when all four corners
    are free (they are: only the edge layer's own pairs ever fill them).
    """
    def free(c: Cell) -> bool:
        return bool(cells[index(stride, c)] == FREE)

    sides = [[(x, 0) for x in range(1, width - 1)], [(width - 1, y) for y in range(1, height - 1)],
             [(x, height - 1) for x in range(1, width - 1)], [(0, y) for y in range(1, height - 1)]]
    sides = [[c for c in side if free(c)] for side in sides]
    ends = [(0, 0), (width - 1, 0), (width - 1, height - 1), (0, height - 1)]  # between sides i-1 and i
    corners: list[Cell | None] = [c if free(c) else None for c in ends]
    if (sum(map(len, sides)) + sum(c is not None for c in corners)) % 2:
        side = rng.choice([s for s in sides if s] or [[]])
        if side:
            side.remove(rng.choice(side))  # an odd count: one cell stays empty
    choices = []
    for mask in range(16):  # bit i: corner i joins side i (else side i-1)
        share = [list(s) for s in sides]
        for i, c in enumerate(corners):
            if c is not None:
                share[i if mask >> i & 1 else (i - 1) % 4].append(c)
        if all(len(s) % 2 == 0 for s in share):
            choices.append(share)
    if not choices:
        return first
    p = first
    for side in rng.choice(choices):
        rng.shuffle(side)
        for a, b in zip(side[::2], side[1::2]):
            cells[index(stride, a)] = p
            cells[index(stride, b)] = p
            p += 1
    return p


def onion_depth(width: int, height: int, stride: int, rows: int) -> np.ndarray:
    """Per padded cell: how far a board cell is from the nearest edge (0 on the edge)."""
    depth = np.zeros(stride * rows, dtype=np.int64)
    for y in range(height):
        for x in range(width):
            depth[index(stride, (x, y))] = min(x, y, width - 1 - x, height - 1 - y)
    return depth


def generate(width: int, height: int, kinds: int, seed: int | None = None, gravity: bool = False,
             outside: bool = True, max_segments: int | None = None) -> Board:
    """A board of this size with `kinds` tile kinds that can be cleared under its rules."""
    if not (1 <= width <= MAX_SIDE and 1 <= height <= MAX_SIDE):
        raise InputError(f"board size {width}x{height}: each side must be 1 to {MAX_SIDE}")
    if width * height < 2:
        raise InputError("a 1x1 board has no room for a pair")
    if not 1 <= kinds <= MAX_KINDS:
        raise InputError(f"{kinds} kinds: choose 1 to {MAX_KINDS}")
    pairs = width * height // 2
    if kinds > pairs:
        raise InputError(f"{kinds} kinds need at least {2 * kinds} cells; {width}x{height} has {width * height}")
    if max_segments is not None and max_segments < 1:
        raise InputError("the segment limit must be at least 1")
    limit = max_segments if max_segments is not None else GAME_SEGMENTS
    seed = random.randrange(2**31) if seed is None else seed
    rng = random.Random(seed)
    stride = width + 2 * PAD
    rows = height + 2 * PAD
    cells = np.full(stride * rows, BLOCKED, dtype=np.int32)
    ring = FREE if outside else BLOCKED
    for y in range(-1, height + 1):
        for x in range(-1, width + 1):
            cells[index(stride, (x, y))] = FREE if 0 <= x < width and 0 <= y < height else ring
    depth = onion_depth(width, height, stride, rows)
    best_n, best = -1, cells
    by_edge = not gravity and outside and limit >= GAME_SEGMENTS and width >= 3 and height >= 3
    for attempt in range(ROUNDS):
        n, out = place_pairs(*place_args(cells, width, height, pairs, limit, gravity, by_edge,
                                         rng.randrange(2**31), depth))
        if by_edge:
            n = edge_pairs(out, stride, width, height, int(n), rng)
        if n > best_n:
            best_n, best = int(n), out
        if n == pairs:
            break
    if best_n < kinds:
        raise InputError(f"could not place {kinds} pairs on a {width}x{height} board under these rules")
    # deal the kinds over the pairs as evenly as possible, in a random order
    deal = [i % kinds for i in range(best_n)]
    rng.shuffle(deal)
    glyph = [KIND_CHARS[k] for k in range(kinds)]
    grid = best.reshape(rows, stride)[PAD:PAD + height, PAD:PAD + width]
    text_rows = tuple("".join("." if v < 0 else glyph[deal[v]] for v in row) for row in grid.tolist())
    return Board(text_rows, max_segments=max_segments, outside=outside, gravity=gravity)
