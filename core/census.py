"""Census: every state reachable from the starts, level by level.

Moves must be reversible. Then a level's neighbours lie only in the level
before it, the level itself and the level after it, so three levels in
memory tell new states from old: memory follows the widest levels, not the
whole space. Each level is kept sorted; the successors of a level are
radix-sorted and merged against the two levels before, which is several
times faster than probing a hash table with every successor.
"""
import numpy as np

from core import ops
from core.jit import kernel
from core.progress import CHECK_EVERY, SOLUTIONS, publish
from core.radix import radix_sort
from core.status import CAP, FOUND, STOPPED

BYTES_PER_STATE = 48  # three sorted levels and the successor buffers, generously


@kernel
def _grown(a, used, room):
    """a, or a copy with at least used + room entries."""
    if used + room <= a.shape[0]:
        return a
    b = np.empty(max(2 * a.shape[0], used + room), dtype=a.dtype)
    b[:used] = a[:used]
    return b


@kernel
def census(starts, ctx, cap, counters):
    """Count reachable states; returns (code, states, goal states, deepest level, first goal level).

    The first goal level is the length of a shortest solution (-1: no goal).
    """
    branch = ops.branching(ctx)
    out = np.empty(branch, dtype=np.uint64)
    succ = np.empty(1024 + branch, dtype=np.uint64)
    spare = np.empty(succ.shape[0], dtype=np.uint64)
    # the first level: the distinct starts, sorted
    cur = starts.copy()
    cur = radix_sort(cur, np.empty(cur.shape[0], dtype=np.uint64), cur.shape[0]).copy()
    n_cur = 0
    for i in range(cur.shape[0]):
        if n_cur == 0 or cur[i] != cur[n_cur - 1]:
            cur[n_cur] = cur[i]
            n_cur += 1
    prev = np.empty(1024, dtype=np.uint64)
    n_prev = 0
    nxt = np.empty(1024, dtype=np.uint64)  # the three level buffers rotate, never shrink
    goals = 0
    first_goal = -1
    for i in range(n_cur):
        if ops.is_goal(cur[i], ctx):
            goals += 1
            first_goal = 0
    total = n_cur
    depth = 0
    expanded = 0
    while n_cur > 0:
        # every successor of the level, duplicates and all
        m = 0
        for i in range(n_cur):
            if m + branch > succ.shape[0]:
                succ = _grown(succ, m, branch)
            k = ops.expand(cur[i], ctx, out)
            for j in range(k):
                succ[m + j] = out[j]
            m += k
            expanded += 1
            if expanded % CHECK_EVERY == 0:
                counters[SOLUTIONS] = goals
                if publish(counters, expanded, n_cur - i + m, depth, n_prev + n_cur + m):
                    return STOPPED, total, goals, depth, first_goal
        if spare.shape[0] < m:
            spare = np.empty(succ.shape[0], dtype=np.uint64)
        ordered = radix_sort(succ, spare, m)
        # merge: keep each successor once, and only if it is in neither earlier level
        if nxt.shape[0] < m:
            nxt = np.empty(m, dtype=np.uint64)
        n_next = 0
        a = 0
        b = 0
        for i in range(m):
            t = ordered[i]
            if n_next > 0 and nxt[n_next - 1] == t:
                continue
            while a < n_prev and prev[a] < t:
                a += 1
            if a < n_prev and prev[a] == t:
                continue
            while b < n_cur and cur[b] < t:
                b += 1
            if b < n_cur and cur[b] == t:
                continue
            if total >= cap:
                counters[SOLUTIONS] = goals
                publish(counters, expanded, n_next, depth, n_prev + n_cur + n_next)
                return CAP, total, goals, depth, first_goal
            nxt[n_next] = t
            n_next += 1
            total += 1
            if ops.is_goal(t, ctx):
                goals += 1
                if first_goal < 0:
                    first_goal = depth + 1
        if n_next == 0:
            break
        depth += 1
        prev, cur, nxt = cur, nxt, prev
        n_prev, n_cur = n_cur, n_next
    counters[SOLUTIONS] = goals
    publish(counters, expanded, 0, depth, n_prev + n_cur)
    return FOUND, total, goals, depth, first_goal
