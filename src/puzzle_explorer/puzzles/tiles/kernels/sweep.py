"""The distance table's sweep: breadth-first from the goal over the class's numbers (ranks.py).

The table is the only array: a byte a number, UNREACHED until the sweep meets
it. Each level is found by reading the table for the numbers at the level
before, so no queue is kept (a queue would take four bytes a position more
than the table it fills): memory is the table's, n!/2 bytes, and each level
costs a pass over it. A slide along a row changes only the blank's cell, so
its number is the same order's under the neighbouring cell; a slide along a
column moves one tile of the order past width - 1 others, and that order is
ranked again from the order's Lehmer digits, which change only over the cells it passes.

Several threads sweep a level at once, each a slice of the table (puzzles/tiles/slices.py): two of
them may meet one position, so a position is marked by an atomic and (atomic.py) once a plain read
shows it unmet, and only the thread that finds it UNREACHED counts it. Every write of a level is
the same byte (the level + 1), and UNREACHED is all ones, so the and leaves that byte whoever comes
second. The sweep's time is its work per position, ranking and unranking orders (a prefetch of
the neighbours' bytes, as the pattern databases' build makes, measured the same), and the pass
over the table that finds a level, which reads the bytes eight at a time.
"""
from __future__ import annotations

import numpy as np

from puzzle_explorer.core.kernels import picture
from puzzle_explorer.core.kernels.codes import CAP, FOUND, STOPPED
from puzzle_explorer.core.kernels.counters import CHECK_EVERY, EXPANDED, RUN, STOP, STORED
from puzzle_explorer.core.kernels.jit import helper, kernel
from puzzle_explorer.puzzles.tiles.kernels.atomic import atomic_add, atomic_and
from puzzle_explorer.puzzles.tiles.kernels.ranks import moved_earlier, moved_later, needed_parity, unrank_order

UNREACHED = 255
SCAN_CHECK = 1 << 20  # numbers read between two looks at the stop flag, when few are at the level
MOST_NEIGHBOURS = 4


@helper
def _neighbours(number, half, width, cells, cls, weights, order, free, digits, kids):
    """The numbers one slide from `number` into kids; returns how many."""
    m = cells - 1
    count = 0
    blank = number // half
    x = blank % width
    # along the row: the same order, the blank one cell over
    if x > 0:
        kids[count] = number - half
        count += 1
    if x < width - 1:
        kids[count] = number + half
        count += 1
    if blank >= width or blank + width < cells:
        q = number - blank * half
        unrank_order(q, m, needed_parity(cls, blank, width), weights, order, free, digits)
        if blank >= width:  # the tile above comes down: order index blank-width goes to blank-1
            kids[count] = (blank - width) * half + moved_later(order, digits, q, blank - width, blank - 1, m, weights)
            count += 1
        if blank + width < cells:  # the tile below goes up: index blank+width-1 goes to blank
            kids[count] = (blank + width) * half + moved_earlier(order, digits, q, blank + width - 1, blank, m,
                                                                 weights)
            count += 1
    return count


ONES = np.uint64(0x0101010101010101)
HIGHS = np.uint64(0x8080808080808080)


@helper
def _holds(word, byte):
    """Whether any of the eight bytes of word is `byte` (spread: byte * ONES), without a branch:
    x - ONES borrows into a byte's high bit only past a zero byte of x."""
    x = word ^ byte
    return ((x - ONES) & ~x & HIGHS) != np.uint64(0)


@helper
def _tell(counters, expanded, marked, told_expanded, told_marked):
    """Add to the counters the positions expanded and marked since they were last told (atomically:
    other slices' threads add theirs)."""
    atomic_add(counters, EXPANDED, np.int64(expanded - told_expanded))
    atomic_add(counters, STORED, np.int64(marked - told_marked))


@helper
def _show(counters, number, depth):
    """One number at the level being expanded (the live picture decodes it)."""
    seq = picture.open_picture(counters, picture.CENSUS, depth)
    counters[picture.LENGTH] = 1
    counters[picture.KEPT] = 1
    counters[picture.PATH] = number
    picture.close_picture(counters, seq)


@kernel
def expand_level(dist, words, lo, hi, depth, width, cells, cls, weights, room, counters, report):
    """Mark at depth + 1 every position one slide from a position at `depth` in dist[lo:hi] that the
    sweep has not met (of class cls, on a board of `cells` cells, width wide; weights:
    ranks.halves(cells - 1)). Returns (code, positions expanded, positions marked): CAP once it has
    marked more than `room`, STOPPED when asked to stop, else FOUND. The expanded and marked
    positions go to the counters as it goes (added atomically: other slices' threads add theirs);
    only the slice with `report` draws the live picture. words: dist's whole words (its bytes
    eight at a time), through which the scan passes eight numbers at a time where none is at the
    level: most of a level's pass over the table."""
    n = dist.shape[0]
    m = cells - 1
    half = n // cells
    at_depth = np.uint8(depth)
    spread = np.uint64(depth) * ONES
    whole = min(hi, 8 * words.shape[0])  # numbers below this are in a whole word
    mark = np.uint8(depth + 1)
    drawing = report and picture.drawing(counters)
    order = np.empty(m, dtype=np.int64)
    free = np.empty(m, dtype=np.int64)
    digits = np.empty(m, dtype=np.int64)
    kids = np.empty(MOST_NEIGHBOURS, dtype=np.int64)
    expanded = 0
    marked = 0
    told_expanded = 0  # what the counters have been told of
    told_marked = 0
    number = lo
    while number < hi:
        if number & 7 == 0 and number + 8 <= whole and not _holds(words[number >> 3], spread):
            number += 8
        elif dist[number] != at_depth:
            number += 1
        else:
            count = _neighbours(number, half, width, cells, cls, weights, order, free, digits, kids)
            for c in range(count):
                j = kids[c]
                if dist[j] == UNREACHED and atomic_and(dist, j, mark) == UNREACHED:
                    marked += 1
            expanded += 1
            if expanded % CHECK_EVERY == 0:
                if drawing:
                    _show(counters, number, depth)
                _tell(counters, expanded, marked, told_expanded, told_marked)
                told_expanded, told_marked = expanded, marked
                if counters[STOP] != RUN:
                    return STOPPED, expanded, marked
            if marked > room:
                _tell(counters, expanded, marked, told_expanded, told_marked)
                return CAP, expanded, marked
            number += 1
            continue
        if number % SCAN_CHECK < 8 and counters[STOP] != RUN:  # a level with few positions: a look now and then
            _tell(counters, expanded, marked, told_expanded, told_marked)
            return STOPPED, expanded, marked
    _tell(counters, expanded, marked, told_expanded, told_marked)
    return FOUND, expanded, marked
