"""Move generation kernels for sliding blocks, over the packing in packing.py.

A position is decoded into ctx.slots (anchor index of every piece, grouped by
class and sorted within a class); the occupied cells are one 64-bit board.
"""
import numpy as np

from core import ops
from core.jit import helper, kernel
from puzzles.klotski.packing import FREE, UNIT, KlotskiCtx


@helper
def decode(state, ctx, slots):
    """Write the anchors of every piece of `state` into slots."""
    for c in range(ctx.n_classes):
        rank = (state >> np.uint64(ctx.shift[c])) & ctx.fmask[c]
        lo = ctx.first[c]
        m = ctx.first[c + 1] - lo
        if m == 1:
            slots[lo] = np.int64(rank)
            continue
        v = ctx.n_anchors[c]
        for i in range(m, 0, -1):
            v -= 1
            while ctx.binom[v, i] > rank:
                v -= 1
            slots[lo + i - 1] = v
            rank -= ctx.binom[v, i]


@helper
def _moved(state, ctx, c, slot, to):
    """`state` with the piece in `slot` (of class c) moved to anchor `to`."""
    lo = ctx.first[c]
    m = ctx.first[c + 1] - lo
    if m == 1:
        rank = np.uint64(to)
    else:
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
    sh = np.uint64(ctx.shift[c])
    return (state & ~(ctx.fmask[c] << sh)) | (rank << sh)


@helper
def _occupied(ctx, slots):
    occupied = ctx.walls
    for c in range(ctx.n_classes):
        for j in range(ctx.first[c], ctx.first[c + 1]):
            occupied |= ctx.amask[c, slots[j]]
    return occupied


@helper
def _slide(state, ctx, out):
    """One cell (UNIT) or any distance in one line (STRAIGHT) per move."""
    slots = ctx.slots
    decode(state, ctx, slots)
    occupied = _occupied(ctx, slots)
    empty = ctx.cells & ~occupied
    unit = ctx.kind == UNIT
    n = 0
    for c in range(ctx.n_classes):
        lo = ctx.first[c]
        hi = ctx.first[c + 1]
        if unit and hi - lo == 1:
            continue  # done below, without branches
        for j in range(lo, hi):
            v = slots[j]
            if not (ctx.reach[c, v] & empty):
                continue  # no empty cell next to this piece
            others = occupied & ~ctx.amask[c, v]
            for d in range(4):
                u = v
                while not (ctx.need[c, u, d] & others):
                    u = ctx.step[c, u, d]
                    out[n] = _moved(state, ctx, c, j, u)
                    n += 1
                    if unit:
                        break
    if unit:
        # Classes of one piece: a candidate is written before it is known
        # whether it counts, so no unpredictable branch is taken (hence the
        # spare entry in ctx.branch). Unsigned indices spare numba's
        # negative-index checks in this, the hottest loop of a census.
        for c in range(np.uint64(ctx.n_classes)):
            if ctx.first[c + np.uint64(1)] - ctx.first[c] != 1:
                continue
            sh = np.uint64(ctx.shift[c])
            v = (state >> sh) & ctx.fmask[c]
            if not (ctx.reach[c, v] & empty):
                continue
            base = state & ~(ctx.fmask[c] << sh)
            others = occupied & ~ctx.amask[c, v]
            for d in range(np.uint64(4)):
                out[n] = base | (np.uint64(ctx.step[c, v, d]) << sh)
                n += (ctx.need[c, v, d] & others) == 0
    return n


@helper
def _flood(state, ctx, out):
    """One piece to anywhere it can slide alone, turns included, per move."""
    slots = ctx.slots
    decode(state, ctx, slots)
    occupied = _occupied(ctx, slots)
    empty = ctx.cells & ~occupied
    stack = ctx.stack
    n = 0
    for c in range(ctx.n_classes):
        for j in range(ctx.first[c], ctx.first[c + 1]):
            v = slots[j]
            if not (ctx.reach[c, v] & empty):
                continue
            others = occupied & ~ctx.amask[c, v]
            seen = np.uint64(1) << np.uint64(v)
            stack[0] = v
            top = 1
            while top > 0:
                top -= 1
                u = stack[top]
                for d in range(4):
                    t = ctx.step[c, u, d]
                    if ctx.need[c, u, d] & others or (seen >> np.uint64(t)) & np.uint64(1):
                        continue
                    seen |= np.uint64(1) << np.uint64(t)
                    stack[top] = t
                    top += 1
                    out[n] = _moved(state, ctx, c, j, t)
                    n += 1
    return n


@helper
def expand(state, ctx, out):
    """Successors of state under the board's move convention (ctx.kind)."""
    if ctx.kind == FREE:
        return _flood(state, ctx, out)
    return _slide(state, ctx, out)


@kernel
def target_anchor(state, ctx):
    c = ctx.target
    return np.int64((state >> np.uint64(ctx.shift[c])) & ctx.fmask[c])


@kernel
def is_goal(state, ctx):
    return target_anchor(state, ctx) == ctx.goal


@kernel
def heuristic(state, ctx):
    return ctx.hdist[target_anchor(state, ctx)]


@kernel
def branching(ctx):
    return ctx.branch


ops.implement(KlotskiCtx, expand=expand, is_goal=is_goal, heuristic=heuristic, branching=branching)


@kernel
def goal_states(ctx, limit):
    """Every placement of the pieces with the target on its goal (at most `limit`).

    Pieces are placed slot by slot; within a class the anchors increase, so
    each position comes out once. Returns (states, complete).
    """
    n_slots = ctx.first[ctx.n_classes]
    t = ctx.target
    t_slot = ctx.first[t]
    out = np.empty(min(limit, 1 << 16), dtype=np.uint64)
    found = 0
    cur = np.full(n_slots + 1, -1, dtype=np.int64)
    occ = np.zeros(n_slots + 1, dtype=np.uint64)
    cls = np.empty(n_slots, dtype=np.int64)
    for c in range(ctx.n_classes):
        for j in range(ctx.first[c], ctx.first[c + 1]):
            cls[j] = c
    slots = np.empty(n_slots, dtype=np.int64)
    occ[0] = ctx.walls
    k = 0
    while k >= 0:
        if k == n_slots:
            # all placed: pack the ranks
            state = np.uint64(0)
            for c in range(ctx.n_classes):
                rank = np.uint64(0)
                lo = ctx.first[c]
                for i in range(ctx.first[c + 1] - lo):
                    rank += ctx.binom[slots[lo + i], i + 1]
                state |= rank << np.uint64(ctx.shift[c])
            if found == limit:
                return out[:found], False
            if found == out.shape[0]:
                bigger = np.empty(min(limit, 2 * found), dtype=np.uint64)
                bigger[:found] = out
                out = bigger
            out[found] = state
            found += 1
            k -= 1
            continue
        c = cls[k]
        if k == t_slot:
            # the target has one place only: its goal
            if cur[k] == -1 and not (ctx.amask[c, ctx.goal] & occ[k]):
                cur[k] = ctx.goal
                slots[k] = ctx.goal
                occ[k + 1] = occ[k] | ctx.amask[c, ctx.goal]
                k += 1
                cur[k] = -1
            else:
                cur[k] = -1
                k -= 1
            continue
        v = cur[k] + 1
        if cur[k] == -1 and k > ctx.first[c]:
            v = slots[k - 1] + 1  # anchors increase within a class
        while v < ctx.n_anchors[c] and ctx.amask[c, v] & occ[k]:
            v += 1
        if v >= ctx.n_anchors[c]:
            cur[k] = -1
            k -= 1
            continue
        cur[k] = v
        slots[k] = v
        occ[k + 1] = occ[k] | ctx.amask[c, v]
        k += 1
        if k < n_slots:
            cur[k] = -1
    return out[:found], True
