"""Building one pattern database: a breadth-first search over placements of the pattern's tiles.

Only moves of pattern tiles count; the blank wanders for free among the other
cells. So a search state is a placement plus the region of empty cells the
blank is in (the empty cells split into regions when pattern tiles wall some
off), and a move slides a pattern tile into a neighbouring cell of the
blank's region, leaving the blank where the tile was. The search starts from
the goal placement with the blank in the region of the goal's blank cell
only: where the pattern walls that cell off (tiles 1 and 4 of the 7-8 split
around the blank's corner), the blank in another region is two moves from
home, one of the walling tiles stepping aside and back. A placement's entry
is the first level at which any of its regions is reached: the fewest moves
from it, over every position of the blank, to the tiles' goal cells with the
blank home.

The levels run in parallel: each call of expand_level takes a slice of the
entries, and several threads run it at once on different slices (pdb.py).
Two threads may reach one entry in the same level, so the bits they set go
in with atomic operations (atomic.py); everything else an entry holds only
its own slice's thread writes.

Regions are named by their order (by lowest cell) among the placement's
regions. Each entry is one 32-bit word: its distance + 1 (0: not reached),
the regions reached, and the regions in the current and in the next level's
frontier (the two swap roles every level). Levels are found by scanning the
words, so memory is four bytes an entry and nothing grows.

On boards of up to 16 cells, a precomputed table gives the region of every
cell for every set of empty cells; larger boards flood-fill bit masks.
"""
import numpy as np

from puzzle_explorer.core.kernels.codes import FOUND, STOPPED
from puzzle_explorer.core.kernels.counters import CHECK_EVERY, EXPANDED, RUN, STOP, STORED
from puzzle_explorer.core.kernels.jit import helper, kernel
from puzzle_explorer.puzzles.tiles.kernels.atomic import atomic_add, atomic_and, atomic_or
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
def seed(n, width, cells, blank, weights, labels, words):
    """Mark the goal placement (cells: the goal cells of the pattern's tiles) at level 0 with the
    blank in the region of its goal cell `blank`, in the zeroed work words; returns FOUND, or
    TOO_MANY_REGIONS."""
    k = cells.shape[0]
    not_left, not_right = _column_masks(n, width)
    full = (np.uint64(1) << np.uint64(n)) - np.uint64(1) if n < 64 else ~np.uint64(0)
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
        return TOO_MANY_REGIONS
    home = np.uint32(1) << np.uint32(_region(blank, empty, width, not_left, not_right, labels, n))
    words[rank(cells, k, weights)] = np.uint32(1) | (home << np.uint32(8)) | (home << np.uint32(16))
    return FOUND


@kernel
def expand_level(n, width, k, weights, nbr, labels, words, level, lo, hi, counters):
    """Expand the entries words[lo:hi] that are in level `level`'s frontier: (code, expanded,
    reached, more). reached: entries this call reached first; more: whether it reached anything.

    counters: EXPANDED and STORED go up by what the call does (atomically: other threads add
    theirs), STOP is read every CHECK_EVERY expansions (code STOPPED), and TOO_MANY_REGIONS
    when a placement splits the empty cells into more regions than a word has bits for.
    """
    not_left, not_right = _column_masks(n, width)
    full = (np.uint64(1) << np.uint64(n)) - np.uint64(1) if n < 64 else ~np.uint64(0)
    pos = np.empty(k, dtype=np.int64)
    digits = np.empty(k, dtype=np.int64)
    region_cells = np.empty(MAX_REGIONS, dtype=np.uint64)
    cur = np.uint32(16 + 8 * (level & 1))
    nxt = np.uint32(24 - 8 * (level & 1))
    clear = ~(np.uint32(0xFF) << cur)
    distance = np.uint32(level + 2)
    reached = 0
    told = 0  # reached already added to the counters
    expanded = 0
    more = False
    for idx in range(lo, hi):
        word = words[idx]
        mask = (word >> cur) & np.uint32(0xFF)
        if mask == 0:
            continue
        atomic_and(words, idx, clear)  # others may be setting this entry's next-level bits
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
        regions = 0
        if n > LABELLED_CELLS:
            rest = empty
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
                    return TOO_MANY_REGIONS, expanded, reached, more
                # the rank after tile i moves from q to target, from the digits
                below = 0
                for m in range(i):
                    if pos[m] < target:
                        below += 1
                j = idx + (target - below - digits[i]) * weights[i]
                for m in range(i + 1, k):
                    j -= ((target < pos[m]) - (q < pos[m])) * weights[m]
                flag = np.uint32(1) << np.uint32(order)
                if (words[j] >> np.uint32(8)) & flag == 0:  # earlier levels' bits are all in by now
                    old = atomic_or(words, j, (flag << np.uint32(8)) | (flag << nxt))
                    if (old >> np.uint32(8)) & np.uint32(0xFF) == 0:  # the first to reach the entry at all
                        atomic_or(words, j, distance)
                        reached += 1
                    more = True
        expanded += 1
        if expanded % CHECK_EVERY == 0:
            atomic_add(counters, EXPANDED, np.int64(CHECK_EVERY))
            atomic_add(counters, STORED, np.int64(reached - told))
            told = reached
            if counters[STOP] != RUN:
                return STOPPED, expanded, reached, more
    atomic_add(counters, EXPANDED, np.int64(expanded % CHECK_EVERY))
    atomic_add(counters, STORED, np.int64(reached - told))
    return FOUND, expanded, reached, more


@kernel
def distances(words, out, lo, hi):
    """out[lo:hi]: each entry's level, from its work word."""
    for idx in range(lo, hi):
        out[idx] = np.uint8((words[idx] & np.uint32(0xFF)) - np.uint32(1))
