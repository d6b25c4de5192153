"""Building one pattern database: a breadth-first search over placements of the pattern's tiles.

Only moves of pattern tiles count; the blank wanders for free among the other
cells. So a search state is a placement plus the region of empty cells the
blank is in (the empty cells split into regions when pattern tiles wall some
off), and a move slides a pattern tile into a neighbouring cell of the
blank's region, leaving the blank where the tile was. A placement's entry is
the first level at which any of its regions is reached: the fewest moves from
it, over every position of the blank, to the tiles' goal cells.

Regions are named by their order (by lowest cell) among the placement's
regions. Each entry is one 32-bit word: its distance + 1 (0: not reached),
the regions reached, and the regions in the current and in the next level's
frontier (the two swap roles every level). Levels are found by scanning the
words, so memory is four bytes an entry and nothing grows.

On boards of up to 16 cells, a precomputed table gives the region of every
cell for every set of empty cells; larger boards flood-fill bit masks.
"""
import numpy as np

from puzzle_explorer.core.kernels.jit import helper, kernel
from puzzle_explorer.core.run.progress import CHECK_EVERY, DEPTH, EXPANDED, RUN, STOP, STORED
from puzzle_explorer.core.run.status import FOUND, STOPPED
from puzzle_explorer.puzzles.tiles.kernels.patterns import bit, rank

LABELLED_CELLS = 16  # boards up to this many cells use the region table
MAX_REGIONS = 8
TOO_MANY_REGIONS = -1  # returned when a placement splits the empty cells into more than MAX_REGIONS


@helper
def _lowest(x):
    return x & (~x + np.uint64(1))


@helper
def _flood(seed, empty, width, not_left, not_right):
    """The cells of `empty` connected to seed."""
    x = seed
    w = np.uint64(width)
    while True:
        y = (x | ((x << np.uint64(1)) & not_left) | ((x >> np.uint64(1)) & not_right) | (x << w) | (x >> w)) & empty
        if y == x:
            return x
        x = y


@helper
def _region(cell, empty, width, not_left, not_right, labels, n):
    """The order of cell's region among the regions of `empty`, by lowest cell."""
    if n <= LABELLED_CELLS:
        return np.int64(labels[np.int64(empty) * n + cell])
    own = _flood(bit(cell), empty, width, not_left, not_right)
    below = empty & (_lowest(own) - np.uint64(1))
    order = 0
    while below:
        below &= ~_flood(_lowest(below), empty, width, not_left, not_right)
        order += 1
    return order


@kernel
def _column_masks(n, width):
    not_left = np.uint64(0)   # cells a shift right can land on (not column 0)
    not_right = np.uint64(0)  # cells a shift left can land on (not the last column)
    for c in range(n):
        if c % width != 0:
            not_left |= bit(c)
        if c % width != width - 1:
            not_right |= bit(c)
    return not_left, not_right


@kernel
def region_labels(n, width):
    """labels[empty * n + cell]: the order of cell's region among the regions of the cell set
    `empty` (255 for cells not in it). 2**n * n bytes: boards of up to 16 cells."""
    not_left, not_right = _column_masks(n, width)
    labels = np.full((1 << n) * n, 255, dtype=np.uint8)
    for e in range(1 << n):
        empty = np.uint64(e)
        rest = empty
        order = 0
        while rest:
            own = _flood(_lowest(rest), empty, width, not_left, not_right)
            rest &= ~own
            for c in range(n):
                if (own >> np.uint64(c)) & np.uint64(1):
                    labels[e * n + c] = order
            order += 1
    return labels


@kernel
def build(n, width, cells, weights, nbr, labels, out, counters, done_before):
    """Fill out[rank] with each placement's distance; returns (code, deepest level).

    cells: the goal cells of the pattern's tiles (k of them), weights their
    rank weights, out n!/(n-k)! bytes. counters: EXPANDED placements expanded,
    DEPTH the level, STORED done_before + placements reached.
    """
    k = cells.shape[0]
    size = out.shape[0]
    not_left, not_right = _column_masks(n, width)
    full = (np.uint64(1) << np.uint64(n)) - np.uint64(1) if n < 64 else ~np.uint64(0)
    words = np.zeros(size, dtype=np.uint32)
    pos = np.empty(k, dtype=np.int64)
    digits = np.empty(k, dtype=np.int64)
    region_cells = np.empty(MAX_REGIONS, dtype=np.uint64)
    used = np.uint64(0)
    for i in range(k):
        used |= bit(cells[i])
    empty = full & ~used
    regions = 0
    rest = empty
    while rest:
        rest &= ~_flood(_lowest(rest), empty, width, not_left, not_right)
        regions += 1
    if regions > MAX_REGIONS:
        return TOO_MANY_REGIONS, 0
    all_regions = np.uint32((1 << regions) - 1)
    words[rank(cells, k, weights)] = np.uint32(1) | (all_regions << np.uint32(8)) | (all_regions << np.uint32(16))
    reached = 1
    expanded = 0
    level = 0
    while True:
        cur = np.uint32(16 + 8 * (level & 1))
        nxt = np.uint32(24 - 8 * (level & 1))
        more = False
        for idx in range(size):
            word = words[idx]
            mask = (word >> cur) & np.uint32(0xFF)
            if mask == 0:
                continue
            words[idx] = word & ~(np.uint32(0xFF) << cur)
            # the placement: digit i picks the (digit)-th free cell
            r = idx
            used = np.uint64(0)
            for i in range(k):
                d = r // weights[i]
                r -= d * weights[i]
                digits[i] = d
                c = 0
                while True:
                    if (used >> np.uint64(c)) & np.uint64(1) == np.uint64(0):
                        if d == 0:
                            break
                        d -= 1
                    c += 1
                pos[i] = c
                used |= bit(c)
            empty = full & ~used
            if n > LABELLED_CELLS:
                rest = empty
                regions = 0
                while rest:
                    own = _flood(_lowest(rest), empty, width, not_left, not_right)
                    if regions < MAX_REGIONS:
                        region_cells[regions] = own
                    rest &= ~own
                    regions += 1
            for i in range(k):
                q = pos[i]
                for dd in range(4):
                    target = nbr[q, dd]
                    if target < 0 or (used >> np.uint64(target)) & np.uint64(1):
                        continue
                    if n <= LABELLED_CELLS:
                        inside = (mask >> np.uint32(labels[np.int64(empty) * n + target])) & np.uint32(1)
                    else:
                        inside = np.uint32(0)
                        for g in range(min(regions, MAX_REGIONS)):
                            if (mask >> np.uint32(g)) & np.uint32(1) and region_cells[g] & bit(target):
                                inside = np.uint32(1)
                    if inside == 0:
                        continue
                    after = (empty & ~bit(target)) | bit(q)
                    order = _region(q, after, width, not_left, not_right, labels, n)
                    if order >= MAX_REGIONS:
                        return TOO_MANY_REGIONS, level
                    # the rank after tile i moves from q to target, from the digits
                    below = 0
                    for m in range(i):
                        if pos[m] < target:
                            below += 1
                    j = idx + (target - below - digits[i]) * weights[i]
                    for m in range(i + 1, k):
                        j -= ((target < pos[m]) - (q < pos[m])) * weights[m]
                    flag = np.uint32(1) << np.uint32(order)
                    wj = words[j]
                    if (wj >> np.uint32(8)) & flag == 0:
                        wj |= (flag << np.uint32(8)) | (flag << nxt)
                        if wj & np.uint32(0xFF) == 0:
                            wj |= np.uint32(level + 2)
                            reached += 1
                        words[j] = wj
                        more = True
            expanded += 1
            if expanded % CHECK_EVERY == 0:
                counters[EXPANDED] = expanded
                counters[STORED] = done_before + reached
                counters[DEPTH] = level
                if counters[STOP] != RUN:
                    return STOPPED, level
        if not more:
            break
        level += 1
    for idx in range(size):
        out[idx] = np.uint8((words[idx] & np.uint32(0xFF)) - np.uint32(1))
    counters[EXPANDED] = expanded
    counters[STORED] = done_before + reached
    counters[DEPTH] = level
    return FOUND, level
