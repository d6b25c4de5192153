"""Backtracking that prunes: the complete search behind counting and Warnsdorff-ordered backtracking.

The pruning is exact: it cuts only paths that cannot become tours. It rests on
the degree of each unvisited square (how many unvisited squares it can still
move to). Once the knight stands on p, every unvisited square other than the
next one must still be entered from an unvisited square, and left again unless
it is the last. So, choosing the next square v:

- an unvisited neighbour of p with degree 0 could only be the next square and
  the last at once: with more than one square left, p is a dead end;
- every other unvisited square needs degree 1 or more, and at most one of them
  may have degree 1 (it must be where the tour ends);
- for a closed tour the start counts as an unvisited neighbour (the tour must
  get back to it), no square may be left with degree 1 and the start must keep
  an unvisited neighbour.

Degrees change only around the square just placed, so the checks cost a few
operations per node: the neighbours of p that are not chosen are the only
squares whose status can change, and the one square that must be the end is
carried down the stack.
"""
from __future__ import annotations

from typing import NamedTuple

import numpy as np

from puzzle_explorer.core.kernels import picture
from puzzle_explorer.core.kernels.arrays import copy_into
from puzzle_explorer.core.kernels.codes import CAP, EXHAUSTED, FOUND, STOPPED
from puzzle_explorer.core.kernels.counters import SOLUTIONS, STOP, due, publish
from puzzle_explorer.core.kernels.jit import helper, kernel
from puzzle_explorer.puzzles.knights.kernels.geometry import degrees, leave_start, rim_distance

FIRST = 0  # stop at the first tour
COUNT = 1  # count every tour
SPLIT = 2  # stop at a depth and hand out the paths that reach it

TABLE_ORDER = 0  # try moves in the neighbour table's order
WARNSDORFF = 1  # fewest onward moves first; ties: farthest from the centre (Roth), then table order
_KEY = 1 << 24  # > the largest squared doubled distance from the centre on a 1000x1000 board


class Searched(NamedTuple):
    """What pruned_search returns, by name."""

    code: int  # FOUND, EXHAUSTED, CAP or STOPPED
    tours: int
    kept: np.ndarray  # the tours (or SPLIT's paths) kept, one a row
    kept_count: int  # how many rows of kept hold one
    nodes: int


def fixed_bytes(n: int, free_count: int, keep: int) -> int:
    """What pruned_search holds on a board of n squares: degrees (int32), two marks per square,
    the stack (path, 8 children, positions, ends: int32) and `keep` tours (int32 rows)."""
    return 6 * n + free_count * (4 + 32 + 4 + 4 + 4) + max(keep, 1) * free_count * 4 + 64


@helper
def _occupy(table, deg, on, square, step):
    """Put a square on the path (step -1) or take it off (+1): each neighbour loses or regains a move."""
    on[square] = step < 0
    for k in range(8):
        u = table[square, k]
        if u >= 0:
            deg[u] += step


@helper
def _moves(table, deg, on, p, left, end, closed, start_exits, allowed_ends, order, width, height, kids, keys):
    """The squares the knight on p may go to next, pruned, in the search's order, into kids (a
    row of 8); returns how many."""
    dead_ends = 0  # unvisited neighbours of p with no way on: each could only be the last square
    one_way = 0  # unvisited neighbours of p with a single way on: each must end the tour
    for k in range(8):
        t = table[p, k]
        if t >= 0 and not on[t]:
            if deg[t] == 0:
                dead_ends += 1
            elif deg[t] == 1:
                one_way += 1
    if (left > 1 and dead_ends > 0) or (closed and start_exits == 0):
        return 0
    end_fixed = 1 if end >= 0 else 0  # a square further back must already end the tour
    count = 0
    for k in range(8):
        t = table[p, k]
        if t < 0 or on[t]:
            continue
        if left > 1:
            others = one_way - (1 if deg[t] == 1 else 0)
            if end_fixed + others > allowed_ends:
                continue
        kids[count] = t
        if order == WARNSDORFF:
            keys[count] = deg[t] * _KEY - rim_distance(t, width, height)
        count += 1
    if order == WARNSDORFF:
        _sort_by_key(kids, keys, count)
    return count


@helper
def _sort_by_key(kids, keys, count):
    """Insertion sort of kids[:count] by keys (at most 8 moves), stable: ties keep table order."""
    for a in range(1, count):
        key = keys[a]
        val = kids[a]
        b = a - 1
        while b >= 0 and keys[b] > key:
            keys[b + 1] = keys[b]
            kids[b + 1] = kids[b]
            b -= 1
        keys[b + 1] = key
        kids[b + 1] = val


@helper
def _advance(table, deg, on, home, path, ends, depth, t, free_count, start_exits):
    """Move the knight from path[depth] to t (at depth + 1), carrying down the square that must
    end the tour: a neighbour of the square left behind that keeps a single way in. Returns the
    start's unvisited neighbours left."""
    p = path[depth]
    end = ends[depth]
    if free_count - depth - 1 > 1:
        for k in range(8):
            o = table[p, k]
            if o >= 0 and o != t and not on[o] and deg[o] == 1:
                end = o
    path[depth + 1] = t
    ends[depth + 1] = end
    _occupy(table, deg, on, t, -1)
    return start_exits - 1 if home[t] else start_exits


@helper
def _retreat(table, deg, on, home, square, start_exits):
    """Take square off the path; returns the start's unvisited neighbours left."""
    _occupy(table, deg, on, square, 1)
    return start_exits + 1 if home[square] else start_exits


@helper(allocates=True)
def _setup(table, prefix, free_count, closed):
    """The search's state with the knight having walked prefix: (degrees, on the path, next to the
    start, path, ends, the start's unvisited neighbours)."""
    n = table.shape[0]
    deg = degrees(table)
    on = np.zeros(n, dtype=np.bool_)
    home = np.zeros(n, dtype=np.bool_)
    path = np.empty(free_count, dtype=np.int32)
    ends = np.full(free_count, -1, dtype=np.int32)  # the square that must end the tour, per depth
    start = prefix[0]
    on[start] = True
    path[0] = start
    start_exits = leave_start(table, deg, home, start, closed)
    for d in range(1, prefix.shape[0]):
        start_exits = _advance(table, deg, on, home, path, ends, d - 1, prefix[d], free_count, start_exits)
    return deg, on, home, path, ends, start_exits


@helper
def _report(counters, drawing, path, depth, deepest, nodes, tours):
    """Publish the counters (and the live picture: the path on the stack and the deepest it has
    been) with the knight at depth; True when the search must stop."""
    counters[SOLUTIONS] = tours
    if drawing:
        picture.show_stack(counters, picture.BACKTRACK, path, depth + 1, depth, deepest)
    return publish(counters, nodes, depth, depth, depth + 1)


@kernel
def pruned_search(table, width, height, prefix, free_count, closed, order, mode, keep, cut, counters):
    """Depth-first search for tours that begin with prefix (the start alone, or a path a SPLIT run
    handed out); returns (code, tours, kept, kept count, nodes): see Searched.

    Nodes are squares placed on the path below the prefix, plus the start when the prefix is the
    start alone: so the nodes of a SPLIT run and of the searches from its prefixes add up to
    those of one search from the start. With mode FIRST the code is FOUND or EXHAUSTED; with
    COUNT it is FOUND once every tour is counted. The first `keep` tours are copied into kept (one
    per row). With SPLIT the search stops at depth `cut` (below the tours' depth) and keeps every
    path that reaches it, in search order, as a row of kept (padded with -1); CAP if there are
    more than `keep`. The live picture shows the path on the stack and the deepest it has been.
    """
    drawing = picture.drawing(counters)
    base = prefix.shape[0] - 1
    deg, on, home, path, ends, start_exits = _setup(table, prefix, free_count, closed)
    kids = np.empty((free_count, 8), dtype=np.int32)
    listed = np.zeros(free_count, dtype=np.int32)  # per depth: how many moves kids holds
    tried = np.zeros(free_count, dtype=np.int32)  # per depth: how many of them were tried
    kept = np.full((max(keep, 1), cut + 1 if mode == SPLIT else free_count), -1, dtype=np.int32)
    keys = np.empty(8, dtype=np.int64)
    n_kept = 0
    tours = 0
    allowed_ends = 0 if closed else 1
    nodes = 1 if base == 0 else 0
    if free_count == 1:  # the start alone
        if closed:
            return EXHAUSTED, 0, kept, 0, nodes
        kept[0, 0] = prefix[0]
        _report(counters, drawing, path, 0, 0, 1, 1)
        return FOUND, 1, kept, 1, nodes
    if due(counters, nodes):  # a node cap of one: the start alone
        if drawing:
            picture.show_stack(counters, picture.BACKTRACK, path, base + 1, base, base)
        if publish(counters, nodes, base, base, base + 1):
            return STOPPED, tours, kept, n_kept, nodes
    depth = base
    deepest = base
    entered = True  # the node at depth was just entered: list its moves
    while depth >= base:
        p = path[depth]
        if entered:
            entered = False
            listed[depth] = _moves(table, deg, on, p, free_count - depth - 1, ends[depth], closed, start_exits,
                                   allowed_ends, order, width, height, kids[depth], keys)
            tried[depth] = 0
        if tried[depth] == listed[depth]:  # every move tried: back up
            if depth == base:
                break
            start_exits = _retreat(table, deg, on, home, p, start_exits)
            depth -= 1
            continue
        t = kids[depth, tried[depth]]
        tried[depth] += 1
        start_exits = _advance(table, deg, on, home, path, ends, depth, t, free_count, start_exits)
        depth += 1
        deepest = max(deepest, depth)
        nodes += 1
        if due(counters, nodes):
            if _report(counters, drawing, path, depth, deepest, nodes, tours):
                return STOPPED, tours, kept, n_kept, nodes
        leaf = depth == free_count - 1
        if mode == SPLIT and depth == cut:
            if n_kept == keep:
                return CAP, tours, kept, n_kept, nodes
            copy_into(kept[n_kept], path, depth + 1)
            n_kept += 1
            leaf = True
        elif leaf and (not closed or home[t]):
            if n_kept < keep:
                copy_into(kept[n_kept], path, path.shape[0])
                n_kept += 1
            tours += 1
            if mode == FIRST:
                _report(counters, drawing, path, depth, deepest, nodes, tours)
                return FOUND, tours, kept, n_kept, nodes
        if leaf:  # take the square back at once
            start_exits = _retreat(table, deg, on, home, t, start_exits)
            depth -= 1
        else:
            entered = True
    counters[SOLUTIONS] = tours
    if drawing:  # back at the start: the last picture says how deep the search went
        picture.show_stack(counters, picture.BACKTRACK, path, base + 1, base, deepest)
    publish(counters, nodes, base, base, 0)
    if mode != FIRST or tours > 0:
        return FOUND, tours, kept, n_kept, nodes
    return EXHAUSTED, tours, kept, n_kept, nodes


DIVE_CHECK = 4096  # a dive looks at the stop flag every this many steps down


@kernel
def probe(table, width, height, prefix, free_count, closed, dives, seed, counters):
    """Knuth's estimate of the tree below prefix: `dives` random walks down the pruned search's
    tree, each going to one of a node's children at random. Returns, per dive, the nodes and the
    tours it stands for (the product of the branchings on its way): their means are unbiased
    estimates of the search's nodes (counted as pruned_search counts them) and tours. Stops early
    at the stop flag: the count returned says how many dives the arrays hold."""
    np.random.seed(seed)
    base = prefix.shape[0] - 1
    deg, on, home, path, ends, start_exits = _setup(table, prefix, free_count, closed)
    kids = np.empty(8, dtype=np.int32)
    keys = np.empty(8, dtype=np.int64)
    allowed_ends = 0 if closed else 1
    node_est = np.zeros(dives, dtype=np.float64)
    tour_est = np.zeros(dives, dtype=np.float64)
    for dive in range(dives):
        if dive % 64 == 0 and counters[STOP] != 0:
            return node_est, tour_est, dive
        weight = 1.0
        total = 1.0 if base == 0 else 0.0
        depth = base
        while depth < free_count - 1:
            if depth % DIVE_CHECK == 0 and counters[STOP] != 0:  # a dive of a huge board is long itself
                return node_est, tour_est, dive
            count = _moves(table, deg, on, path[depth], free_count - depth - 1, ends[depth], closed, start_exits,
                           allowed_ends, TABLE_ORDER, width, height, kids, keys)
            if count == 0:
                break
            t = kids[np.random.randint(count)]
            weight *= count
            total += weight
            start_exits = _advance(table, deg, on, home, path, ends, depth, t, free_count, start_exits)
            depth += 1
        node_est[dive] = total
        if depth == free_count - 1 and (not closed or home[path[depth]]):
            tour_est[dive] = weight
        while depth > base:  # walk back to the prefix for the next dive
            start_exits = _retreat(table, deg, on, home, path[depth], start_exits)
            depth -= 1
    return node_est, tour_est, dives
