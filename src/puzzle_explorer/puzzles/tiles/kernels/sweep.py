"""The distance table's sweep: breadth-first from the goal over the class's numbers (ranks.py).

The table is the only array: a byte a number, UNREACHED until the sweep meets
it. Each level is found by reading the table for the numbers at the level
before, so no queue is kept (a queue would take four bytes a position more
than the table it fills): memory is the table's, n!/2 bytes, and each level
costs a pass over it. A slide along a row changes only the blank's cell, so
its number is the same order's under the neighbouring cell; a slide along a
column moves one tile of the order past width - 1 others, and that order is
ranked again.
"""
from __future__ import annotations

import numpy as np

from puzzle_explorer.core.kernels import picture
from puzzle_explorer.core.kernels.codes import CAP, FOUND, STOPPED
from puzzle_explorer.core.kernels.counters import CHECK_EVERY, publish
from puzzle_explorer.core.kernels.jit import helper, kernel
from puzzle_explorer.puzzles.tiles.kernels.ranks import needed_parity, order_rank, unrank_order

UNREACHED = 255
SCAN_CHECK = 1 << 20  # numbers read between two looks at the stop flag, when few are at the level


@helper
def _carry(order, moved, frm, to):
    """moved = order with the entry at frm taken out and put back at to."""
    m = order.shape[0]
    v = order[frm]
    k = 0
    for i in range(m):
        if i == frm:
            continue
        if k == to:
            k += 1
        moved[k] = order[i]
        k += 1
    moved[to] = v


@helper
def _reach(dist, number, depth):
    """Mark number at depth + 1 if the sweep has not met it; 1 if it was new."""
    if dist[number] == UNREACHED:
        dist[number] = depth + 1
        return 1
    return 0


@helper
def _show(counters, number, depth):
    """One number at the level being expanded (the live picture decodes it)."""
    seq = picture.open_picture(counters, picture.CENSUS, depth)
    counters[picture.LENGTH] = 1
    counters[picture.KEPT] = 1
    counters[picture.PATH] = number
    picture.close_picture(counters, seq)


@kernel
def distances(dist, goal, width, cells, cls, weights, cap, counters, levels):
    """dist[number] = fewest slides between that position (of class cls, on a board of `cells`
    cells, width wide) and the goal's number; UNREACHED where the sweep stopped before it.
    dist holds cells!/2 bytes; weights: ranks.halves(cells - 1). levels[d] = the numbers marked
    at distance d, however the sweep ends (a scan of a 3x4 board's table for them takes a second);
    it holds UNREACHED entries.

    Past `cap` positions the sweep ends with CAP; asked to stop, with STOPPED.
    Returns (code, positions reached).
    """
    n = dist.shape[0]
    m = cells - 1
    half = n // cells
    drawing = picture.drawing(counters)
    order = np.empty(m, dtype=np.int64)
    moved = np.empty(m, dtype=np.int64)
    free = np.empty(m, dtype=np.int64)
    dist[:] = UNREACHED
    levels[:] = 0
    if cap < 1:
        return CAP, 0
    dist[goal] = 0
    levels[0] = 1
    reached = 1
    level = 1  # positions at the level being expanded
    depth = 0
    expanded = 0
    while level > 0:
        found = 0
        for number in range(n):
            if dist[number] != depth:
                if number % SCAN_CHECK == 0 and publish(counters, expanded, level, depth, reached):
                    return STOPPED, reached
                continue
            blank = number // half
            x = blank % width
            new = 0
            # along the row: the same order, the blank one cell over
            if x > 0:
                new += _reach(dist, number - half, depth)
            if x < width - 1:
                new += _reach(dist, number + half, depth)
            if blank >= width or blank + width < cells:
                unrank_order(number - blank * half, m, needed_parity(cls, blank, width), weights, order, free)
                if blank >= width:  # the tile above comes down: order index blank-width goes to blank-1
                    _carry(order, moved, blank - width, blank - 1)
                    new += _reach(dist, (blank - width) * half + order_rank(moved, m, weights), depth)
                if blank + width < cells:  # the tile below goes up: index blank+width-1 goes to blank
                    _carry(order, moved, blank + width - 1, blank)
                    new += _reach(dist, (blank + width) * half + order_rank(moved, m, weights), depth)
            found += new
            reached += new
            levels[depth + 1] += new
            expanded += 1
            if reached > cap:
                publish(counters, expanded, level, depth, reached)
                return CAP, reached
            if expanded % CHECK_EVERY == 0:
                if drawing:
                    _show(counters, number, depth)
                if publish(counters, expanded, level, depth, reached):
                    return STOPPED, reached
        if drawing:
            picture.add_history(counters, level)
        level = found
        if found > 0:
            depth += 1
    publish(counters, expanded, 0, depth, reached)
    return FOUND, reached
