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
in with an atomic or (atomic.py), and only when a plain read shows them
missing; everything else an entry holds only its own slice's thread writes,
a byte at a time (its distance, the clearing of its frontier bits), which
an atomic or on the same word never undoes.

The work an entry costs is what sets the build's speed (docs/tiles.md): the
scan passes words in no frontier sixteen at a time; a placement's tiles move
only into the cells of its frontier regions, taken from bit masks; a move's
entry number is the entry's own plus the moved tile's change, corrected only
for the tiles it jumps over on a move down or up a column (as the search's
moved_rank does); and a batch of entries' successors is worked out, each
word prefetched, before any is read, so that on a table larger than the
caches the misses overlap.

Regions are named by their order (by lowest cell) among the placement's
regions. Each entry is one 32-bit word: its distance + 1 (0: not reached),
the regions reached, and the regions in the current and in the next level's
frontier (the two swap roles every level). Levels are found by scanning the
words, so memory is four bytes an entry and nothing grows.

On boards of up to 16 cells, a precomputed table gives the region of every
cell for every set of empty cells; larger boards flood-fill bit masks.
"""
import numpy as np
from numba.cpython.unsafe.numbers import trailing_zeros

from puzzle_explorer.core.kernels.codes import FOUND, STOPPED
from puzzle_explorer.core.kernels.counters import CHECK_EVERY, EXPANDED, RUN, STOP, STORED
from puzzle_explorer.core.kernels.jit import helper, kernel
from puzzle_explorer.puzzles.tiles.kernels.atomic import atomic_add, atomic_or
from puzzle_explorer.puzzles.tiles.kernels.patterns import bit, popcount, rank
from puzzle_explorer.puzzles.tiles.kernels.prefetch import prefetch_write

LABELLED_CELLS = 16  # boards up to this many cells use the region table
MAX_REGIONS = 8
SKIM = 16  # words looked at together for a frontier bit, in the scan
BATCH = 32  # frontier entries whose successors are computed, and their words prefetched, before any is marked
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
    around = np.zeros(n, dtype=np.uint64)  # the cells next to each cell
    for c in range(n):
        for dd in range(4):
            if nbr[c, dd] >= 0:
                around[c] |= bit(nbr[c, dd])
    pos = np.empty(k, dtype=np.int64)
    earlier = np.zeros(k, dtype=np.uint64)  # the cells of the tiles before tile i
    ends = np.zeros(k, dtype=np.int64)  # the first entry past those whose digits 0..i are the last one's
    weight_at = np.zeros(n, dtype=np.int64)  # where used says a cell is taken: its tile's weight
    kids = np.empty(BATCH * 4 * k, dtype=np.int64)  # a batch's successors: entry * 8 + region
    octets = words.view(np.uint8)  # byte b of word i is octets[4 * i + b] (little-endian)
    cur_octet = 2 + (level & 1)
    nxt = np.uint32(24 - 8 * (level & 1))
    cur = np.uint32(16 + 8 * (level & 1))
    distance = np.uint8(level + 2)
    reached = 0
    told = 0  # reached already added to the counters
    expanded = 0
    since = 0  # expansions since the counters were last told
    more = False
    idx = lo
    while idx < hi:
        count = 0
        batch = 0
        while idx < hi and batch < BATCH:
            if idx % SKIM == 0 and idx + SKIM <= hi:  # most words are in no frontier: pass them SKIM at a time
                seen = np.uint32(0)
                for t in range(SKIM):
                    seen |= words[idx + t]
                if (seen >> cur) & np.uint32(0xFF) == 0:
                    idx += SKIM
                    continue
            mask = (words[idx] >> cur) & np.uint32(0xFF)
            idx += 1
            if mask == 0:
                continue
            e = idx - 1
            octets[4 * e + cur_octet] = 0  # only this thread writes this byte now
            batch += 1
            # the placement: digit i picks the (digit)-th free cell. Entries come in order, so the
            # leading digits are mostly the previous entry's: only the tiles from the first digit
            # that changed are placed again
            first = 0
            while first < k and e < ends[first]:
                first += 1
            r = e - (ends[first - 1] - weights[first - 1]) if first > 0 else e
            used = earlier[first]
            for i in range(first, k):
                d = r // weights[i]
                r -= d * weights[i]
                free = full & ~used
                for _ in range(d):
                    free &= free - np.uint64(1)
                at = np.int64(trailing_zeros(free))  # type: ignore[call-arg]  # numba's intrinsic
                pos[i] = at
                earlier[i] = used
                weight_at[at] = weights[i]
                ends[i] = e - r + weights[i]
                used |= bit(at)
            empty = full & ~used
            # the cells of the regions in the frontier: where a tile may move
            reach = np.uint64(0)
            if n <= LABELLED_CELLS:
                rest = empty
                row = np.int64(empty) * n
                while rest:
                    cell = np.int64(trailing_zeros(rest))  # type: ignore[call-arg]  # numba's intrinsic
                    rest &= rest - np.uint64(1)
                    reach |= np.uint64((mask >> np.uint32(labels[row + cell])) & np.uint32(1)) << np.uint64(cell)
            else:
                rest = empty
                regions = 0
                while rest:
                    own = _flood(_lowest(rest), empty, width, not_left, not_right)
                    if regions < MAX_REGIONS and (mask >> np.uint32(regions)) & np.uint32(1):
                        reach |= own
                    rest &= ~own
                    regions += 1
            for i in range(k):
                q = pos[i]
                later = used & ~earlier[i] & ~bit(q)  # the cells of the tiles after tile i
                moves = around[q] & reach
                while moves:
                    target = np.int64(trailing_zeros(moves))  # type: ignore[call-arg]  # numba's intrinsic
                    moves &= moves - np.uint64(1)
                    after = (empty & ~bit(target)) | bit(q)
                    order = _region(q, after, width, not_left, not_right, labels, n)
                    if order >= MAX_REGIONS:
                        return TOO_MANY_REGIONS, expanded, reached, more
                    # the rank after tile i moves from q to target: a digit counts the free cells
                    # below its tile, so only the tiles strictly between q and target change one (as
                    # in patterns.moved_rank): none across a row, width - 1 cells down a column
                    j = e + (target - q) * weights[i]
                    if target > q + 1 or target < q - 1:
                        low, high, sign = (q, target, 1) if target > q else (target, q, -1)
                        between = (bit(high) - np.uint64(1)) & ~((bit(low) << np.uint64(1)) - np.uint64(1))
                        shift = -popcount(earlier[i] & between) * weights[i]
                        hits = later & between
                        while hits:
                            shift += weight_at[np.int64(trailing_zeros(hits))]
                            hits &= hits - np.uint64(1)
                        j += sign * shift
                    prefetch_write(words, j)
                    kids[count] = j * 8 + order
                    count += 1
        for c in range(count):
            j = kids[c] >> 3
            flag = np.uint32(1) << np.uint32(kids[c] & 7)
            if (words[j] >> np.uint32(8)) & flag == 0:  # earlier levels' bits are all in by now
                old = atomic_or(words, j, (flag << np.uint32(8)) | (flag << nxt))
                if (old >> np.uint32(8)) & np.uint32(0xFF) == 0:  # the first to reach the entry at all
                    octets[4 * j] = distance
                    reached += 1
                more = True
        expanded += batch
        since += batch
        if since >= CHECK_EVERY:
            atomic_add(counters, EXPANDED, np.int64(since))
            atomic_add(counters, STORED, np.int64(reached - told))
            since = 0
            told = reached
            if counters[STOP] != RUN:
                return STOPPED, expanded, reached, more
    atomic_add(counters, EXPANDED, np.int64(since))
    atomic_add(counters, STORED, np.int64(reached - told))
    return FOUND, expanded, reached, more


@kernel
def distances(words, out, lo, hi):
    """out[lo:hi]: each entry's level, from its work word."""
    for idx in range(lo, hi):
        out[idx] = np.uint8((words[idx] & np.uint32(0xFF)) - np.uint32(1))
