"""Move generation kernels for sliding blocks, over the packing in packing.py.

Classes of one piece are read straight from the word (their rank is the
anchor). For unit and straight moves, classes of several interchangeable
pieces are decoded into ctx.slots, sorted within the class; free moves read
them as the set of cells their pieces have their top-left on, a table row
per rank (see _flood). The occupied cells are one 64-bit board.
"""
import numpy as np
from numba.cpython.unsafe.numbers import trailing_zeros

from puzzle_explorer.core.kernels import ops
from puzzle_explorer.core.kernels.arrays import copy_into
from puzzle_explorer.core.kernels.counters import STOP
from puzzle_explorer.core.kernels.jit import helper, kernel, routine
from puzzle_explorer.puzzles.klotski.kernels.packing import FREE, UNIT, KlotskiCtx

U6 = np.uint64(6)
U2 = np.uint64(2)
ONE = np.uint64(1)
U4 = np.uint64(4)
ZERO = np.uint64(0)


@helper
def _anchor(state, ctx, c):
    """The anchor of the piece of a class of one."""
    return (state >> ctx.shift[c]) & ctx.fmask[c]


@helper
def _decode_multis(state, ctx, slots):
    """Write the sorted anchors of every class of several pieces into slots."""
    for k in range(ctx.multis.shape[0]):
        c = ctx.multis[k]
        rank = (state >> ctx.shift[c]) & ctx.fmask[c]
        lo = ctx.first[c]
        m = ctx.first[c + ONE] - lo
        v = ctx.n_anchors[c]
        for i in range(m, 0, -1):
            v -= 1
            while ctx.binom[v, i] > rank:
                v -= 1
            slots[lo + i - 1] = v
            rank -= ctx.binom[v, i]


@helper
def _occupied(state, ctx, slots):
    occupied = ctx.walls
    for k in range(ctx.singles.shape[0]):
        c = ctx.singles[k]
        occupied |= ctx.amask[(c << U6) + _anchor(state, ctx, c)]
    for k in range(ctx.multis.shape[0]):
        c = ctx.multis[k]
        for j in range(ctx.first[c], ctx.first[c + ONE]):
            occupied |= ctx.amask[(c << U6) + np.uint64(slots[j])]
    return occupied


@helper
def _moved(state, ctx, c, slot, to):
    """`state` with the piece in `slot` of class c moved to anchor `to`."""
    lo = ctx.first[c]
    m = ctx.first[c + ONE] - lo
    sh = ctx.shift[c]
    if m == 1:
        return (state & ~(ctx.fmask[c] << sh)) | (np.uint64(to) << sh)
    work = ctx.work
    # the class's anchors with one replaced, kept sorted by one insertion pass
    k = 0
    for j in range(lo, lo + m):
        if j != slot:
            work[k] = ctx.slots[j]
            k += 1
    k = m - 1
    while k > 0 and work[k - 1] > to:
        work[k] = work[k - 1]
        k -= 1
    work[k] = to
    rank = np.uint64(0)
    for i in range(m):
        rank += ctx.binom[work[i], i + 1]
    return (state & ~(ctx.fmask[c] << sh)) | (rank << sh)


@helper
def _tops(state, ctx, c):
    """(the cells class c's pieces have their top-left on, the cells they cover) in state."""
    rank = (state >> ctx.shift[c]) & ctx.fmask[c]
    if ctx.size[c] == ONE:
        i = (c << U6) + rank
        return ONE << ctx.acell[i], ctx.amask[i]
    base = ctx.tbase[c]
    if base >= 0:
        return ctx.rtops[np.uint64(base) + rank], ctx.rcells[np.uint64(base) + rank]
    # too many ranks to tabulate: decode this one
    tops = np.uint64(0)
    covered = np.uint64(0)
    v = ctx.n_anchors[c]
    for i in range(np.int64(ctx.size[c]), 0, -1):
        v -= 1
        while ctx.binom[v, i] > rank:
            v -= 1
        rank -= ctx.binom[v, i]
        tops |= ONE << ctx.acell[(c << U6) + np.uint64(v)]
        covered |= ctx.amask[(c << U6) + np.uint64(v)]
    return tops, covered


@helper
def _room(empty, ctx, c):
    """The cells a piece of class c can have its top-left on and step one cell from, up, down, left
    and right (four bitboards): a few word operations for the whole class, where testing piece by
    piece mispredicts a branch a piece."""
    w = ctx.width
    row = empty  # bit q: the piece's width of empty cells from q on
    for k in range(ONE, ctx.shape_w[c]):
        row &= empty >> k
    col = empty  # bit q: its height of empty cells from q down
    for k in range(ONE, ctx.shape_h[c]):
        col &= empty >> (k * w)
    up = row << w
    down = row >> (ctx.shape_h[c] * w)
    left = (col << ONE) & ctx.notleft
    right = (col >> ctx.shape_w[c]) & ctx.roomright[c]
    return up, down, left, right


@helper
def _rank(tops, ctx, c):
    """The rank of class c's pieces with their top-left on the cells `tops` (one per piece)."""
    rank = np.uint64(0)
    i = 1
    while tops:
        t = np.uint64(trailing_zeros(tops))  # type: ignore[call-arg]  # numba's intrinsic: numba supplies its context
        tops &= tops - ONE
        rank += ctx.binom[ctx.anchor_at[(c << U6) + t], i]
        i += 1
    return rank


@helper
def _read_classes(state, ctx):
    """Each class's top-left cells into ctx.tops; returns the empty cells."""
    occupied = ctx.walls
    for c in range(ctx.n_classes):
        tops, covered = _tops(state, ctx, c)
        ctx.tops[c] = tops
        occupied |= covered
    return ctx.cells & ~occupied


@helper
def _unit_class(state, ctx, c, empty, out, n):
    """The one-cell moves of class c's several pieces appended to out from n; returns the new count."""
    w = ctx.width
    up, down, left, right = _room(empty, ctx, c)
    tops = ctx.tops[c]
    sh = ctx.shift[c]
    base = state & ~(ctx.fmask[c] << sh)
    movers = tops & (up | down | left | right)
    while movers:
        p = np.uint64(trailing_zeros(movers))  # type: ignore[call-arg]  # numba's intrinsic: numba supplies its context
        movers &= movers - ONE
        others = tops & ~(ONE << p)
        if (up >> p) & ONE:
            out[n] = base | (_rank(others | (ONE << (p - w)), ctx, c) << sh)
            n += ONE
        if (down >> p) & ONE:
            out[n] = base | (_rank(others | (ONE << (p + w)), ctx, c) << sh)
            n += ONE
        if (left >> p) & ONE:
            out[n] = base | (_rank(others | (ONE << (p - ONE)), ctx, c) << sh)
            n += ONE
        if (right >> p) & ONE:
            out[n] = base | (_rank(others | (ONE << (p + ONE)), ctx, c) << sh)
            n += ONE
    return n


@helper
def _unit_singles(state, ctx, at, empty, out):
    """The one-cell moves of the classes of one piece, whose (class, anchor) indices are at[:k] for
    ctx.singles[k], written to out from 0; returns their count.

    First the pieces next to an empty cell are listed without a branch (on a
    board with two empty cells, two or three of ten), over `at` itself. Then,
    for each of them, every direction's successor is written and counted only
    where the cells it needs are free, so no branch depends on the board
    either. A step changes the word by a tabulated amount (ctx.shifted): one add.
    """
    m = np.int64(0)
    for k in range(ctx.singles.shape[0]):
        i = at[k]
        at[m] = i
        m += np.int64((ctx.reach[np.uint64(i)] & empty) != ZERO)
    blocked = ~empty
    n = np.uint64(0)
    for k in range(m):
        j = np.uint64(at[k]) << U2
        for d in range(U4):
            out[n] = state + ctx.shifted[j + d]
            n += np.uint64((ctx.need[j + d] & blocked) == ZERO)
    return n


@helper
def _unit(state, ctx, out):
    """One piece, one cell per move: the classes of one piece by their tabulated steps, the others'
    pieces with room to step found for a whole class at once by word operations on the empty cells."""
    at = ctx.work
    occupied = ctx.walls
    for k in range(ctx.singles.shape[0]):
        c = ctx.singles[k]
        i = (c << U6) + _anchor(state, ctx, c)
        at[k] = np.int64(i)
        occupied |= ctx.amask[i]
    for k in range(ctx.multis.shape[0]):
        c = ctx.multis[k]
        tops, covered = _tops(state, ctx, c)
        ctx.tops[c] = tops
        occupied |= covered
    empty = ctx.cells & ~occupied
    n = _unit_singles(state, ctx, at, empty, out)
    for k in range(ctx.multis.shape[0]):
        n = _unit_class(state, ctx, ctx.multis[k], empty, out, n)
    return np.int64(n)


@routine(allocates=False)
def _straight(state, ctx, out):
    """One piece, any distance along one line per move."""
    slots = ctx.slots
    _decode_multis(state, ctx, slots)
    occupied = _occupied(state, ctx, slots)
    empty = ctx.cells & ~occupied
    n = 0
    for c in range(ctx.n_classes):
        for j in range(ctx.first[c], ctx.first[c + ONE]):
            v = np.uint64(slots[j]) if ctx.first[c + ONE] - ctx.first[c] > 1 else _anchor(state, ctx, c)
            i = (c << U6) + v
            if not (ctx.reach[i] & empty):
                continue
            others = occupied & ~ctx.amask[i]
            for d in range(np.uint64(4)):
                u = i
                while True:
                    t = ctx.step[(u << U2) + d]
                    if t < 0 or ctx.need[(u << U2) + d] & others:
                        break
                    out[n] = _moved(state, ctx, c, j, np.uint64(t))
                    n += 1
                    u = (c << U6) + np.uint64(t)
    return n


@helper
def _fits(free, ctx, c):
    """The cells a piece of class c may have its top-left on when the cells `free` are empty."""
    across = free
    for k in range(ONE, ctx.shape_w[c]):
        across &= free >> k
    down = across
    for k in range(ONE, ctx.shape_h[c]):
        down &= across >> (k * ctx.width)
    return down & ctx.fit[c]


@helper
def _spread(cells, ctx):
    """The cells one step from `cells` (none across the left and right edges; the caller masks
    the rest with the board)."""
    w = ctx.width
    return ((cells << ONE) & ctx.notleft) | ((cells >> ONE) & ctx.notright) | (cells << w) | (cells >> w)


@helper
def _flood(state, ctx, out):
    """One piece to anywhere it can slide alone, turns included, per move.

    Each class's pieces are read as the set of cells they have their top-left
    on (a table row per rank), so a piece is a bit and moving it two bit
    flips and a re-rank. The piece's reachable top-left cells are a flood
    fill of bitboards: the cells where it fits (the empty ones and its own)
    grown one step at a time from where it is, a few word operations a step.
    """
    empty = _read_classes(state, ctx)
    n = 0
    for c in range(ctx.n_classes):
        tops = ctx.tops[c]
        sh = ctx.shift[c]
        base = state & ~(ctx.fmask[c] << sh)
        single = ctx.size[c] == ONE
        up, down, left, right = _room(empty, ctx, c)
        rest = tops & (up | down | left | right)  # the pieces that can move at all
        while rest:
            p = np.uint64(trailing_zeros(rest))  # type: ignore[call-arg]  # numba's intrinsic: numba supplies its context
            rest &= rest - ONE
            i = (c << U6) + p
            fits = _fits(empty | ctx.pmask[i], ctx, c)
            start = ONE << p
            reached = start
            while True:
                grown = reached | (_spread(reached, ctx) & fits)
                if grown == reached:
                    break
                reached = grown
            reached &= ~start
            others = tops & ~start
            while reached:
                t = np.uint64(trailing_zeros(reached))
                reached &= reached - ONE
                if single:
                    rank = ctx.anchor_at[(c << U6) + t]
                else:
                    rank = _rank(others | (ONE << t), ctx, c)
                out[n] = base | (rank << sh)
                n += 1
    return n


@helper
def expand(state, ctx, out):
    """Successors of state under the board's move convention (ctx.kind).

    Unit and free moves are inlined: a call passes the context's every array,
    which cost them a third of their time. Straight moves are compiled once
    and called: all three inlined into a search loop once ran the unit case
    twice as slow.
    """
    if ctx.kind == UNIT:
        return _unit(state, ctx, out)
    if ctx.kind == FREE:
        return _flood(state, ctx, out)
    return _straight(state, ctx, out)


@helper
def is_goal(state, ctx):
    return _anchor(state, ctx, ctx.target) == ctx.goal


@routine
def heuristic(state, ctx):
    return ctx.hdist[_anchor(state, ctx, ctx.target)]


@routine
def branching(ctx):
    return ctx.branch


ops.implement(KlotskiCtx, expand=expand, is_goal=is_goal, heuristic=heuristic, branching=branching)


PLACING_CHECK = 1 << 16  # steps of the placing between looks at the stop flag


@helper(allocates=True)
def _placements(ctx, limit, at_goal, write, counters):
    """Every placement of the pieces (with the target on its goal if at_goal), at most `limit`.

    Pieces are placed slot by slot; within a class the anchors increase, so
    each position comes out once. Returns (states if write, how many, complete);
    the stop flag in `counters` ends it early, incomplete.
    """
    nc = np.int64(ctx.n_classes)
    n_slots = ctx.first[nc]
    t_slot = ctx.first[ctx.target]
    goal = np.int64(ctx.goal)
    out = np.empty(min(limit, 1 << 16) if write else 0, dtype=np.uint64)
    found = 0
    cur = np.full(n_slots + 1, -1, dtype=np.int64)
    occ = np.zeros(n_slots + 1, dtype=np.uint64)
    cls = np.empty(n_slots, dtype=np.int64)
    for c in range(nc):
        for j in range(ctx.first[c], ctx.first[c + 1]):
            cls[j] = c
    slots = np.empty(n_slots, dtype=np.int64)
    occ[0] = ctx.walls
    k = 0
    steps = 0
    while k >= 0:
        steps += 1
        if steps % PLACING_CHECK == 0 and counters[STOP] != 0:
            return out[:found], found, False
        if k == n_slots:
            if found == limit:
                return out[:found], found, False
            if write:
                # all placed: pack the ranks
                state = np.uint64(0)
                for c in range(nc):
                    rank = np.uint64(0)
                    lo = ctx.first[c]
                    for i in range(ctx.first[c + 1] - lo):
                        rank += ctx.binom[slots[lo + i], i + 1]
                    state |= rank << ctx.shift[c]
                if found == out.shape[0]:
                    bigger = np.empty(min(limit, 2 * found), dtype=np.uint64)
                    copy_into(bigger, out, found)
                    out = bigger
                out[found] = state
            found += 1
            k -= 1
            continue
        c = cls[k]
        if at_goal and k == t_slot:
            # the target has one place only: its goal
            if cur[k] == -1 and not (ctx.amask[c * 64 + goal] & occ[k]):
                cur[k] = goal
                slots[k] = goal
                occ[k + 1] = occ[k] | ctx.amask[c * 64 + goal]
                k += 1
                cur[k] = -1
            else:
                cur[k] = -1
                k -= 1
            continue
        v = cur[k] + 1
        if cur[k] == -1 and k > ctx.first[c]:
            v = slots[k - 1] + 1  # anchors increase within a class
        while v < ctx.n_anchors[c] and ctx.amask[c * 64 + v] & occ[k]:
            v += 1
        if v >= ctx.n_anchors[c]:
            cur[k] = -1
            k -= 1
            continue
        cur[k] = v
        slots[k] = v
        occ[k + 1] = occ[k] | ctx.amask[c * 64 + v]
        k += 1
        if k < n_slots:
            cur[k] = -1
    return out[:found], found, True


@kernel
def goal_states(ctx, limit, counters):
    """Every placement of the pieces with the target on its goal (at most `limit`; the stop flag
    in `counters` ends it early).

    Returns (states, complete). The array doubles as it fills: listing n
    positions holds at most 16 n bytes (solve.GOAL_STATE_PEAK).
    """
    states, _, complete = _placements(ctx, limit, True, True, counters)
    return states, complete


@kernel
def count_placements(ctx, limit, counters):
    """How many placements the pieces have, the target anywhere (counting stops past `limit`):
    (count, complete). Every position of the board's pieces is one of them, so this bounds a
    census of them, whatever it starts from."""
    _, found, complete = _placements(ctx, limit, False, False, counters)
    return found, complete
