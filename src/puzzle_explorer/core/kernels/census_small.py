"""The census's small levels, many in one call on one thread.

A level of a few thousand states takes microseconds to expand, sort and
merge; calling five kernels for it from Python and sharing it between two
threads costs more than that. So while levels stay small the census
(core/kernels/census.py) runs them here, one after the other inside one
kernel call, with the same steps in the same order (expand, radix sort, merge
against the two levels before): the counts are the same on either path. A
level that outgrows the buffers it is given goes back to the census's
threaded path, which starts that level again.
"""
import numpy as np

from puzzle_explorer.core.kernels import ops, picture
from puzzle_explorer.core.kernels.codes import CAP, FOUND, STOPPED
from puzzle_explorer.core.kernels.counters import (
    CHECK_EVERY,
    DEPTH,
    EXPANDED,
    FRONTIER,
    MAX_FRONTIER,
    RUN,
    SOLUTIONS,
    STOP,
    STORED,
)
from puzzle_explorer.core.kernels.jit import helper, kernel
from puzzle_explorer.core.kernels.radix import sort_keys

OUTGROWN = -1  # a level did not fit the buffers: the threaded path takes it from the start

# Successors one level may have for the census to run it here: below this, five kernel calls and
# two threads cost more than the level's own work.
SMALL_LEVEL = 1 << 16


@helper
def is_new(t, nxt, n, prev, n_prev, p, cur, n_cur, q):
    """Whether t, the next successor in sorted order, is a new state: not the one kept last
    (nxt[n - 1]) and in neither level before (prev, cur, both sorted). p and q walk prev and cur
    along with the successors; returns (new, p, q). Both census paths merge a level with it."""
    if n > 0 and nxt[n - 1] == t:
        return False, p, q
    p = walk_past(t, prev, n_prev, p)
    if p < n_prev and prev[p] == t:
        return False, p, q
    q = walk_past(t, cur, n_cur, q)
    if q < n_cur and cur[q] == t:
        return False, p, q
    return True, p, q


@helper
def walk_past(t, keys, n, p):
    """p moved past the sorted keys[:n] below t. The successors are about three times as dense as a
    level, so p seldom moves twice: its first step is taken without a branch on the keys."""
    if p < n:
        p += np.int64(keys[p] < t)
        while p < n and keys[p] < t:
            p += 1
    return p


@kernel
def small_levels(levels, rot, n_prev, n_cur, succ, spare, ctx, room, counters, sizes, probe, probing):
    """Levels after the current one, until the census ends or a level outgrows the buffers.

    levels: the three level arrays, which rotate (prev = levels[rot % 3], cur
    = levels[(rot + 1) % 3], next = levels[(rot + 2) % 3]); a level's
    successors must fit succ (and spare, the sort's scratch), the next level
    its array, and at most `room` new states may be counted (CAP past it).
    Each finished level's size goes to sizes, which bounds how many levels
    one call runs. probing: look for `probe` in each new level.

    Returns (code, levels run, rot, n_prev, n_cur, new states, goal states
    among them, first level with a goal (0: none; 1: the first run here),
    first level holding the probe (0: none), states expanded in all). code:
    FOUND when a level came out empty (the census is done), OUTGROWN, CAP or
    STOPPED. Levels run are whole; a CAP adds the capped level's states so
    far, as the threaded path does.
    """
    drawing = picture.drawing(counters)
    out = np.empty(ops.branching(ctx), dtype=np.uint64)
    done = 0
    added = 0
    goals = 0
    first_goal = 0
    found_at = 0
    expanded = np.int64(0)
    base = counters[EXPANDED]
    depth = counters[DEPTH]
    while done < sizes.shape[0]:
        prev = levels[rot % 3]
        cur = levels[(rot + 1) % 3]
        nxt = levels[(rot + 2) % 3]
        m = 0
        for i in range(n_cur):
            k = ops.expand(cur[i], ctx, out)
            if m + k > succ.shape[0]:
                return OUTGROWN, done, rot, n_prev, n_cur, added, goals, first_goal, found_at, expanded
            for j in range(k):
                succ[m + j] = out[j]
            m += k
            if i % CHECK_EVERY == CHECK_EVERY - 1:
                counters[EXPANDED] = base + expanded + i
                if counters[STOP] != RUN:
                    return STOPPED, done, rot, n_prev, n_cur, added, goals, first_goal, found_at, expanded
        ordered = sort_keys(succ, spare, m, counters)
        # the merge: successors once each, minus the two levels before (both sorted)
        n = 0
        new_goals = 0
        p = 0
        q = 0
        for i in range(m):
            t = ordered[i]
            new, p, q = is_new(t, nxt, n, prev, n_prev, p, cur, n_cur, q)
            if not new:
                continue
            if n == nxt.shape[0]:
                return OUTGROWN, done, rot, n_prev, n_cur, added, goals, first_goal, found_at, expanded
            if added + n == room:
                # counted as the threaded path counts a capped level: its states so far, not the level
                if new_goals and first_goal == 0:
                    first_goal = done + 1
                return (CAP, done, rot, n_prev, n_cur, added + n, goals + new_goals, first_goal, found_at,
                        expanded + n_cur)
            nxt[n] = t
            n += 1
            if ops.is_goal(t, ctx):
                new_goals += 1
        expanded += n_cur
        sizes[done] = n
        done += 1
        if n == 0:
            counters[EXPANDED] = base + expanded
            return FOUND, done, rot, n_prev, n_cur, added, goals, first_goal, found_at, expanded
        if probing and found_at == 0:
            at = np.searchsorted(nxt[:n], probe)
            if at < n and nxt[at] == probe:
                found_at = done
        if new_goals and first_goal == 0:
            first_goal = done
        added += n
        goals += new_goals
        depth += 1
        rot += 1
        n_prev, n_cur = n_cur, n
        counters[EXPANDED] = base + expanded
        counters[FRONTIER] = n
        counters[DEPTH] = depth
        counters[STORED] += n
        counters[SOLUTIONS] += new_goals
        if n > counters[MAX_FRONTIER]:
            counters[MAX_FRONTIER] = n
        if drawing:
            picture.add_history(counters, n)
    return OUTGROWN, done, rot, n_prev, n_cur, added, goals, first_goal, found_at, expanded
