"""Census: every state reachable from the starts, level by level, on every core.

Moves must be reversible. Then a level's neighbours lie only in the level
before it, the level itself and the level after it, so three levels in
memory tell new states from old: memory follows the widest levels, not the
whole space. Each level is kept sorted. Its successors are generated in
slices, one per worker thread (each kernel single-threaded, GIL released),
radix-sorted per slice, then merged against the two levels before: several
times faster than probing a hash table with every successor.
"""
from __future__ import annotations

import os
from concurrent.futures import ThreadPoolExecutor

import numpy as np

from core import ops
from core.arrays import copy_into
from core.jit import helper, kernel, prepare
from core.progress import (CHECK_EVERY, DEPTH, EXPANDED, FRONTIER, MAX_FRONTIER, RUN, SOLUTIONS, STOP, STORED,
                           SearchControl)
from core.radix import radix_sort
from core.status import CAP, FOUND, STOPPED
from core.warmup import Kernel

BYTES_PER_STATE = 48  # three sorted levels and the successor buffers, generously


@helper(allocates=True)
def _grown(a, used, room):
    """a, or a copy with at least used + room entries."""
    if used + room <= a.shape[0]:
        return a
    b = np.empty(max(2 * a.shape[0], used + room), dtype=a.dtype)
    copy_into(b, a, used)
    return b


@kernel
def expand_slice(cur, lo, hi, ctx, succ, counters, report):
    """Successors of cur[lo:hi] into succ (grown as needed); returns (succ, count, stopped).

    Only the slice with `report` set writes the expanded counter, so two
    threads never race on it.
    """
    branch = ops.branching(ctx)
    out = np.empty(branch, dtype=np.uint64)
    base = counters[EXPANDED]
    m = 0
    for i in range(lo, hi):
        if m + branch > succ.shape[0]:
            succ = _grown(succ, m, branch)
        k = ops.expand(cur[i], ctx, out)
        for j in range(k):
            succ[m + j] = out[j]
        m += k
        if (i - lo) % CHECK_EVERY == CHECK_EVERY - 1:
            if report:
                counters[EXPANDED] = base + i - lo
            if counters[STOP] != RUN:
                return succ, m, True
    return succ, m, False


@kernel
def merge_level(a, na, b, nb, prev, n_prev, cur, n_cur, nxt, ctx, room, counters):
    """The next level: the sorted successors a[:na] and b[:nb], each once, minus prev and cur.

    Returns (buffer holding the next level, its size, goal states in it,
    capped, stopped). With more than `room` new states it stops early, capped.
    """
    if nxt.shape[0] < na + nb:
        nxt = np.empty(na + nb, dtype=np.uint64)
    n = 0
    goals = 0
    i = 0
    j = 0
    p = 0
    q = 0
    while i < na or j < nb:
        if (i + j) % (16 * CHECK_EVERY) == 0 and counters[STOP] != RUN:
            return nxt, n, goals, False, True
        if j >= nb or (i < na and a[i] <= b[j]):
            t = a[i]
            i += 1
        else:
            t = b[j]
            j += 1
        if n > 0 and nxt[n - 1] == t:
            continue
        while p < n_prev and prev[p] < t:
            p += 1
        if p < n_prev and prev[p] == t:
            continue
        while q < n_cur and cur[q] < t:
            q += 1
        if q < n_cur and cur[q] == t:
            continue
        if n == room:
            return nxt, n, goals, True, False
        nxt[n] = t
        n += 1
        if ops.is_goal(t, ctx):
            goals += 1
    return nxt, n, goals, False, False


@kernel
def count_goals(states, n, ctx):
    goals = 0
    for i in range(n):
        if ops.is_goal(states[i], ctx):
            goals += 1
    return goals


def kernels(ctx, counters: np.ndarray) -> list[Kernel]:
    """The census kernels for this kind of context, with arguments of the types census() passes."""
    buf = np.empty(16, dtype=np.uint64)
    return [Kernel("census: expand", expand_slice, (buf, 0, 0, ctx, buf, counters, True)),
            Kernel("census: merge", merge_level, (buf, 0, buf, 0, buf, 0, buf, 0, buf, ctx, 0, counters)),
            Kernel("census: goals", count_goals, (buf, 0, ctx)),
            Kernel("census: sort", radix_sort, (buf, buf, 0, counters))]


def prepare_kernels(contexts: list, counters: np.ndarray) -> None:
    """Compile (or load) the census kernels for these contexts, outside the search clock."""
    for k in kernels(contexts[0], counters):
        prepare(k.dispatcher, *k.args)


def census(starts: np.ndarray, contexts: list, cap: int, control: SearchControl):
    """Count reachable states; returns (code, states, goal states, deepest level, first goal level).

    `contexts` holds one puzzle context per worker thread, one or two (their
    scratch arrays must not be shared). The first goal level is the length of
    a shortest solution (-1: no goal).
    """
    counters = control.counters
    workers = max(1, min(2, len(contexts), os.cpu_count() or 1))
    # three level buffers (prev, cur, next) rotate; counts say how much of each is the level
    cur = np.unique(np.ascontiguousarray(starts, dtype=np.uint64))[:cap].copy()
    n_cur = cur.shape[0]
    prev, n_prev = np.empty(1024, dtype=np.uint64), 0
    nxt = np.empty(1024, dtype=np.uint64)
    succ = [np.empty(1024, dtype=np.uint64) for _ in range(workers)]
    spare = [np.empty(1024, dtype=np.uint64) for _ in range(workers)]
    goals = int(count_goals(cur, n_cur, contexts[0]))
    first_goal = 0 if goals else -1
    total = n_cur
    depth = 0
    expanded = 0

    def publish(frontier: int, stored: int) -> None:
        counters[EXPANDED] = expanded
        counters[FRONTIER] = frontier
        counters[DEPTH] = depth
        counters[STORED] = stored
        counters[SOLUTIONS] = goals
        counters[MAX_FRONTIER] = max(int(counters[MAX_FRONTIER]), frontier)

    def expand(w: int, bounds):
        return expand_slice(cur, bounds[w], bounds[w + 1], contexts[w], succ[w], counters, w == 0)

    def sort(w: int, m: int):
        if spare[w].shape[0] < m:
            spare[w] = np.empty(succ[w].shape[0], dtype=np.uint64)
        return radix_sort(succ[w], spare[w], m, counters)

    with ThreadPoolExecutor(max_workers=workers, thread_name_prefix="census") as pool:
        while n_cur > 0:
            publish(n_cur, n_prev + n_cur)
            bounds = np.linspace(0, n_cur, workers + 1).astype(np.int64)
            results = list(pool.map(lambda w: expand(w, bounds), range(workers)))
            expanded += n_cur
            if any(stopped for _, _, stopped in results):
                publish(n_cur, n_prev + n_cur)
                return STOPPED, total, goals, depth, first_goal
            counts = [m for _, m, _ in results]
            for w, (buf, _, _) in enumerate(results):
                succ[w] = buf
            ordered = list(pool.map(lambda w: sort(w, counts[w]), range(workers)))
            a, na = ordered[0], counts[0]
            b, nb = (ordered[1], counts[1]) if workers == 2 else (ordered[0], 0)
            nxt, n_next, new_goals, capped, stopped = merge_level(a, na, b, nb, prev, n_prev, cur, n_cur, nxt,
                                                                  contexts[0], cap - total, counters)
            if stopped:
                publish(n_cur, n_prev + n_cur)
                return STOPPED, total, goals, depth, first_goal
            total += n_next
            goals += int(new_goals)
            if new_goals and first_goal < 0:
                first_goal = depth + 1
            if capped:
                publish(n_next, n_cur + n_next)
                return CAP, total, goals, depth, first_goal
            if n_next == 0:
                break
            depth += 1
            prev, cur, nxt = cur, nxt, prev
            n_prev, n_cur = n_cur, n_next
    publish(0, n_prev + n_cur)
    return FOUND, total, goals, depth, first_goal
