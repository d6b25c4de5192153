"""Census: every state reachable from the starts, level by level, on every core.

Moves must be reversible. Then a level's neighbours lie only in the level
before it, the level itself and the level after it, so three levels in
memory tell new states from old: memory follows the widest levels, not the
whole space. Each level is kept sorted. Its successors are generated in
slices, one per worker thread (each kernel single-threaded, GIL released),
sorted per slice, then merged against the two levels before: several times
faster than probing a hash table with every successor. On one or two threads
the slices are merged directly; on more, they are first laid out by key range
and each thread sorts and merges one range (census_ranges.py). A level's
successors are expanded on a thread per MIN_SLICE states at most, so small
levels do not pay for threads they cannot use. A slice is sorted in
place by numpy's sort, a vector sort where the machine has one (numpy 2's
x86-simd-sort) that releases the GIL: on the reference census's keys here it beat the
kernel radix sort by about 14% of the whole census. The small levels'
path sorts inside its own kernel with the radix sort (census_small.py).

Memory is what the buffers have had written into them: the three levels,
and per worker the successors and the sort's scratch, or, on more than two
threads, the successors laid out by range (pages are handed out
only when first touched, so the arrays are allocated at the most they may
hold). Before each level the census gives each worker room for as many
successors as the budget allows, and the next level what is left; a level
that needs more ends the census with MEMORY before anything passes the
budget.
"""
from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import numpy as np

from puzzle_explorer.core.kernels import census_ranges, ops, picture
from puzzle_explorer.core.kernels.arrays import distinct
from puzzle_explorer.core.kernels.census_ranges import lay_out, level_cuts, pivots_of, sort_ranges
from puzzle_explorer.core.kernels.census_small import OUTGROWN, SMALL_LEVEL, is_new, small_levels, walk_past
from puzzle_explorer.core.kernels.codes import CAP, FOUND, MEMORY, STOPPED
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
from puzzle_explorer.core.kernels.jit import Kernel, helper, kernel, prepare
from puzzle_explorer.core.kernels.radix import MAX_COUNTS, radix_sort

# numpy asks for transparent huge pages for arrays from NUMPY_HUGE bytes on; such a buffer's last
# page may then be a huge page, resident whole however little of it has been written
NUMPY_HUGE = 4 * 2**20
HUGE_PAGE = 2 * 2**20
# the radix sort's counts and the expand scratch, per worker
WORKER_SCRATCH = MAX_COUNTS * 8 + 64 * 2**10
EMPTY = np.empty(0, dtype=np.uint64)
# the fewest states a thread expands: a level of fewer runs on fewer threads (each costs a few
# kernel calls a level, which a small slice does not pay back)
MIN_SLICE = 4096
RANGES = "successors by range"  # a level's successors laid out by key range (census_ranges.py)
SIZES_PER_CALL = 4096  # levels one call of the small path may run before it reports back
SPLIT_MERGE = 1 << 16  # successors from which a level's merge is split between the two threads
MERGE_BLOCK = 16 * CHECK_EVERY  # successors the merge takes between looks at the stop flag


@kernel
def expand_slice(cur, lo, hi, ctx, succ, room, counters, report):
    """Successors of cur[lo:hi] into succ[:room]; returns (count, code).

    code: FOUND, STOPPED, or MEMORY when they would need more than `room`
    entries. Only the slice with `report` set writes the expanded counter and
    the live picture's sample position, so two threads never race on them.
    """
    drawing = report and picture.drawing(counters)
    room = min(room, succ.shape[0])
    out = np.empty(ops.branching(ctx), dtype=np.uint64)
    base = counters[EXPANDED]
    m = 0
    for i in range(lo, hi):
        k = ops.expand(cur[i], ctx, out)
        if m + k > room:
            return m, MEMORY
        for j in range(k):
            succ[m + j] = out[j]
        m += k
        if (i - lo) % CHECK_EVERY == CHECK_EVERY - 1:
            if report:
                counters[EXPANDED] = base + i - lo
                if drawing:
                    seq = picture.open_picture(counters, picture.CENSUS, counters[picture.DEPTH])
                    counters[picture.PATH] = np.int64(cur[i])
                    picture.close_picture(counters, seq)
            if counters[STOP] != RUN:
                return m, STOPPED
    return m, FOUND


@kernel
def merge_level(a, na, b, nb, prev, n_prev, cur, n_cur, nxt, ctx, room, counters):
    """The next level into nxt: the sorted successors a[:na] and b[:nb], each once, minus prev and cur.

    Returns (its size, goal states in it, capped, stopped). With more than
    `room` new states (or more than nxt holds) it stops early, capped.
    """
    room = min(room, nxt.shape[0])
    n = 0
    goals = 0
    i = 0
    j = 0
    p = 0
    q = 0
    last = np.uint64(0)  # the successor before, whose repeats are not new
    while i < na or j < nb:
        if counters[STOP] != RUN:
            return n, goals, False, True
        end = min(i + j + MERGE_BLOCK, na + nb)
        start = n
        # each successor adds a state at most: with room for the whole block, no bound is checked in it
        if 0 < n and n + end - (i + j) <= room:
            i, j, p, q, n, last = _merge_block(a, na, b, nb, prev, n_prev, cur, n_cur, nxt, i, j, p, q, n, last, end)
        else:
            while i + j < end:
                t, i, j = _next_successor(a, na, b, nb, i, j)
                last = t
                new, p, q = is_new(t, nxt, n, prev, n_prev, p, cur, n_cur, q)
                if not new:
                    continue
                if n == room:
                    return n, goals + _goals_in(nxt, start, n, ctx), True, False
                nxt[n] = t
                n += 1
                if n == 1 and n + min(MERGE_BLOCK, na + nb - (i + j)) <= room:
                    break  # the first state kept: the rest of the successors may go the faster way
        goals += _goals_in(nxt, start, n, ctx)
    return n, goals, False, False


@helper
def _next_successor(a, na, b, nb, i, j):
    """The smaller of a[i] and b[j] (either may be used up): (it, i, j) past it."""
    if i < na and j < nb:
        x = a[i]
        y = b[j]
        # chosen without a branch: which of two sorted slices holds the next key is a coin toss
        take = x <= y
        return (x if take else y), i + np.int64(take), j + np.int64(not take)
    if i < na:
        return a[i], i + 1, j
    return b[j], i, j + 1


@helper
def _merge_block(a, na, b, nb, prev, n_prev, cur, n_cur, nxt, i, j, p, q, n, last, end):
    """merge_level's successors up to i + j == end, when nxt has room for all of them and holds a
    state (n > 0). Whether each is new is worked out without a branch on the keys (a repeat, in
    prev or in cur: a toss-up each time, and mispredicted branches were most of the merge's time),
    and each one writes: a new one at nxt[n], an old one the last kept state again at nxt[n - 1],
    so nothing past the level is written (the memory ledger counts what is)."""
    kept = nxt[n - 1]
    while i + j < end:
        t, i, j = _next_successor(a, na, b, nb, i, j)
        p = walk_past(t, prev, n_prev, p)
        q = walk_past(t, cur, n_cur, q)
        old = t == last
        old |= (p < n_prev) and (prev[p] == t)
        old |= (q < n_cur) and (cur[q] == t)
        last = t
        kept = kept if old else t
        nxt[n - np.int64(old)] = kept
        n += np.int64(not old)
    return i, j, p, q, n, last


@helper
def _goals_in(states, lo, hi, ctx):
    goals = 0
    for i in range(lo, hi):
        if ops.is_goal(states[i], ctx):
            goals += 1
    return goals


@kernel
def count_goals(states, n, ctx):
    return _goals_in(states, 0, n, ctx)


@kernel
def pick_goals(states, n, ctx, out, at):
    """Append the goal states among states[:n] to out from index `at`; returns the new end.
    out must have room for them (the caller counted them)."""
    for i in range(n):
        if ops.is_goal(states[i], ctx):
            out[at] = states[i]
            at += 1
    return at


def kernels(ctx, counters: np.ndarray) -> list[Kernel]:
    """The census kernels for this kind of context, with arguments of the types census() passes."""
    buf = np.empty(16, dtype=np.uint64)
    return [Kernel("census: expand", expand_slice, (buf, 0, 0, ctx, buf, 0, counters, True)),
            Kernel("census: merge", merge_level, (buf, 0, buf, 0, buf, 0, buf, 0, buf, ctx, 0, counters)),
            Kernel("census: goals", count_goals, (buf, 0, ctx)),
            Kernel("census: goal positions", pick_goals, (buf, 0, ctx, buf, 0)),
            Kernel("census: sort", radix_sort, (buf, buf, 0, counters)),
            *census_ranges.kernels(),
            Kernel("census: small levels", small_levels, ((buf, buf, buf), 0, 0, 0, buf, buf, ctx, 0, counters,
                                                          np.empty(1, dtype=np.int64), np.uint64(0), False))]


def prepare_kernels(contexts: list, counters: np.ndarray) -> None:
    """Compile (or load) the census kernels for these contexts, outside the search clock."""
    for k in kernels(contexts[0], counters):
        prepare(k.dispatcher, *k.args)


def fixed_bytes(workers: int) -> int:
    """What the census holds besides its buffers: each worker's scratch."""
    return workers * WORKER_SCRATCH


def _huge(entries: int) -> bool:
    return 8 * entries >= NUMPY_HUGE


def fit_entries(entries: int) -> int:
    """The most entries a new array may have for its cost (written part and last page) to stay
    within `entries` entries."""
    if _huge(entries):
        return max(NUMPY_HUGE // 8 - 1, entries - HUGE_PAGE // 8)
    return entries


class Buffers:
    """The census's arrays by name, and how many entries of each have been written.

    A buffer costs what has been written to it (untouched pages are never
    handed out), so the arrays are allocated at the most they may hold and
    the ledger of written entries is what the budget is checked against.
    This ledger is their only owner: dropping an entry frees its memory.
    """

    def __init__(self, budget: int):
        self.budget = budget  # bytes all buffers may hold together
        self.arrays: dict[str, np.ndarray] = {}
        self.written: dict[str, int] = {}
        self.reserved = 0  # bytes promised to what is built after the census (a distance table)

    def __getitem__(self, name: str) -> np.ndarray:
        return self.arrays[name]

    def capacity(self, name: str) -> int:
        return self.arrays[name].shape[0] if name in self.arrays else 0

    def cost(self, name: str) -> int:
        """Bytes `name` holds: what has been written to it, and its last huge page if it may have one."""
        return 8 * self.written.get(name, 0) + (HUGE_PAGE if _huge(self.capacity(name)) else 0)

    def free(self) -> int:
        """Entries the budget still has beyond what every buffer holds."""
        return (self.budget - self.reserved - sum(self.cost(name) for name in self.arrays)) // 8

    def room(self, name: str, extra: int) -> int:
        """How many entries `name` may hold if its cost may grow by `extra` entries: as it is,
        or as a new array of that size."""
        allowed = self.cost(name) // 8 + extra
        return allowed - HUGE_PAGE // 8 if _huge(self.capacity(name)) else fit_entries(allowed)

    def wrote(self, name: str, n: int) -> None:
        self.written[name] = max(self.written.get(name, 0), n)

    def hold(self, name: str, array: np.ndarray, written: int) -> None:
        self.arrays[name] = array
        self.written[name] = written

    def enlarge(self, name: str, size: int, kept: int) -> bool:
        """Make `name` hold at least `size` entries, its first `kept` entries kept. False if the
        system refuses the allocation."""
        if name in self.arrays and self.capacity(name) >= size:
            return True
        old = self.arrays.get(name)
        try:
            new = np.empty(max(size, 1), dtype=np.uint64)
        except MemoryError:
            return False
        if kept:
            assert old is not None
            new[:kept] = old[:kept]
        self.hold(name, new, kept)
        return True

    def provide(self, name: str, size: int) -> bool:
        """Make `name` hold at least `size` entries: a new array (nothing written) if it is smaller.
        False if the system refuses the allocation."""
        if self.capacity(name) >= size:
            return True
        self.arrays.pop(name, None)  # freed before its replacement is allocated
        self.written.pop(name, None)
        try:
            self.hold(name, np.empty(max(size, 1), dtype=np.uint64), 0)
        except MemoryError:
            return False
        return True


# A state a distance table keeps costs its entry in the kept levels now, and then its word and its
# distance (two bytes at most) in the table built from them after the census.
KEPT_BYTES = 8
TABLE_BYTES = 8 + 2


class Layers:
    """What a census records of its levels besides counting them.

    sizes: the states in each level (from the goal: the positions at each
    distance); probe: a state to look for, and probe_level the level it is
    in (-1: not met); sample: how many states of the deepest level to keep
    (`last`, in order); keep: every level in order (`runs`, each level
    sorted, `sizes` marking where each starts), for a distance table;
    goals: the goal states met (`goal_states`), to start a census back from
    them. What it holds is in the census's memory ledger, and a kept level
    reserves the table's bytes too, so the census stops before the table
    could pass the budget.
    """

    def __init__(self, probe: int | None = None, sample: int = 0, keep: bool = False, goals: bool = False):
        self.probe = None if probe is None else np.uint64(probe)
        self.probe_level = -1
        self.sample = sample
        self.keep = keep
        self.goals = goals
        self.sizes: list[int] = []
        self.last = EMPTY
        self.runs = EMPTY
        self.goal_states = EMPTY
        self.table = None  # puzzle_explorer.core.kernels.tables.SortedTable, made of the kept levels once the census is done

    @property
    def per_state(self) -> int:
        """Bytes a new state costs beyond its level buffer: kept, and its share of the table; or
        its entry among the goal states (at most one each)."""
        return (KEPT_BYTES + TABLE_BYTES if self.keep else 0) + (8 if self.goals else 0)

    def add(self, bufs: Buffers, level: np.ndarray, n: int, ctx) -> bool:
        """Record a finished level (sorted, n states); False if keeping it would pass the budget."""
        depth = len(self.sizes)
        self.sizes.append(n)
        if self.probe is not None and self.probe_level < 0 and n > 0:
            i = int(np.searchsorted(level[:n], self.probe))
            if i < n and level[i] == self.probe:
                self.probe_level = depth
        if self.sample:
            self.last = level[:min(n, self.sample)].copy()
        if self.goals:
            found = int(count_goals(level, n, ctx))
            at = bufs.written.get("goal states", 0)
            if found and not self._room(bufs, "goal states", at + found):
                return False
            if found:
                self.goal_states = bufs["goal states"]
                bufs.wrote("goal states", int(pick_goals(level, n, ctx, self.goal_states, at)))
            self.goal_states = self.goal_states[:bufs.written.get("goal states", 0)]
        if self.keep:
            at = bufs.written.get("kept levels", 0)
            if not self._room(bufs, "kept levels", at + n):
                return False
            self.runs = bufs.arrays.get("kept levels", EMPTY)  # none yet when the first level is empty
            self.runs[at:at + n] = level[:n]
            bufs.wrote("kept levels", at + n)
            bufs.reserved += TABLE_BYTES * n
            self.runs = self.runs[:at + n]
        return bufs.free() >= 0

    def counted(self, sizes: list[int], probe_at: int, level: np.ndarray, n: int) -> None:
        """Record levels the small path counted (core/kernels/census_small.py): their sizes, the
        first of them holding the probe (1-based, 0: none), and the last of them, level[:n]."""
        if probe_at and self.probe_level < 0:
            self.probe_level = len(self.sizes) + probe_at - 1
        self.sizes.extend(sizes)
        if self.sample and sizes:
            self.last = level[:min(n, self.sample)].copy()

    @staticmethod
    def _room(bufs: Buffers, name: str, need: int) -> bool:
        """`name` can hold `need` entries: allocated, the first time, for as many as the budget
        allows (only what is written costs memory)."""
        if bufs.capacity(name) >= need:
            return True
        # a copy holds what is written twice for a moment: the old array's cost is not handed back
        most = fit_entries(max(0, bufs.free()))
        if most < need:
            return False
        old, written = bufs.arrays.get(name), bufs.written.get(name, 0)
        try:
            new = np.empty(max(most, 1), dtype=np.uint64)
        except MemoryError:
            return False
        if old is not None:
            new[:written] = old[:written]
        bufs.hold(name, new, written)
        return bufs.free() >= 0


def merge_halves(pool, a, na, b, nb, prev, n_prev, cur, n_cur, nxt, contexts, counters):
    """merge_level on two threads: the keys below a pivot on one, the rest on the other.

    The halves share no key, so each drops its own repeats; the upper half is
    written after the most the lower one can hold (its successors) and moved
    down after it. nxt must hold na + nb entries, and no cap may cut the
    level short. Returns merge_level's answer and the entries of nxt written.
    """
    pivot = a[na // 2] if na > nb else b[nb // 2]
    cuts = [int(np.searchsorted(x[:n], pivot)) for x, n in ((a, na), (b, nb), (prev, n_prev), (cur, n_cur))]
    ia, ib, ip, iq = cuts
    low = ia + ib

    def half(upper: bool):
        if not upper:
            return merge_level(a, ia, b, ib, prev, ip, cur, iq, nxt, contexts[0], na + nb, counters)
        return merge_level(a[ia:], na - ia, b[ib:], nb - ib, prev[ip:], n_prev - ip, cur[iq:], n_cur - iq,
                           nxt[low:], contexts[1], na + nb, counters)

    (n1, g1, c1, s1), (n2, g2, c2, s2) = pool.map(half, (False, True))
    if n2:
        nxt[n1:n1 + n2] = nxt[low:low + n2]
    return n1 + n2, g1 + g2, c1 or c2, s1 or s2, low + n2


def merge_ranges(pool, keys, bounds, pivots, prev, n_prev, cur, n_cur, nxt, contexts, counters):
    """merge_level on a thread a range (core/kernels/census_ranges.py): keys[:bounds[-1]] laid out by
    key range, each range unsorted. Each range is sorted and merged, against the same keys of the two
    levels before, into nxt at its own offset, then moved down after the range before. nxt must
    hold every successor, and no cap may cut the level short. Returns merge_level's answer and the
    entries of nxt written."""
    pb, qb = level_cuts(prev, n_prev, pivots), level_cuts(cur, n_cur, pivots)

    def part(r: int):
        lo, hi = bounds[r], bounds[r + 1]
        keys[lo:hi].sort()
        return merge_level(keys[lo:], hi - lo, EMPTY, 0, prev[pb[r]:], pb[r + 1] - pb[r], cur[qb[r]:],
                           qb[r + 1] - qb[r], nxt[lo:], contexts[r], hi - lo, counters)

    results = list(pool.map(part, range(bounds.shape[0] - 1)))
    n = written = goals = 0
    for lo, (k, g, _, _) in zip(bounds, results):
        written = max(written, int(lo) + int(k))
        if k and lo != n:
            nxt[n:n + k] = nxt[lo:lo + k]
        n += int(k)
        goals += int(g)
    return n, goals, any(c for _, _, c, _ in results), any(s for _, _, _, s in results), written


def census(starts: np.ndarray, contexts: list, cap: int, budget: int, counters: np.ndarray,
           layers: Layers | None = None):
    """Count reachable states; returns (code, states, goal states, deepest level, first goal level).

    `contexts` holds one puzzle context per worker thread, at most one a core (their
    scratch arrays must not be shared). The first goal level is the length of
    a shortest solution (-1: no goal). At most `cap` states are counted (CAP
    past it) and the level and successor buffers hold at most `budget` bytes
    beyond fixed_bytes (MEMORY when a level would need more). `layers`, if
    given, records each level as it is finished (see Layers). `counters`: the search's counters
    array (core/kernels/counters.py), which the census publishes to and reads the stop flag from.
    """
    workers = max(1, len(contexts))
    first = distinct(np.ascontiguousarray(starts, dtype=np.uint64))
    if first.shape[0] > cap:
        return CAP, 0, 0, 0, -1
    bufs = Buffers(budget)
    # three level buffers rotate: names[0] the level before, names[1] the level, names[2] the next
    names = ["level a", "level b", "level c"]
    bufs.hold(names[1], first, first.shape[0])
    del first
    if bufs.free() < 0:
        return MEMORY, 0, 0, 0, -1
    succ = [f"successors {w}" for w in range(workers)]
    spare = [f"sort scratch {w}" for w in range(workers)]
    n_prev, n_cur = 0, bufs.written[names[1]]
    if layers is not None and not layers.add(bufs, bufs[names[1]], n_cur, contexts[0]):
        return MEMORY, 0, 0, 0, -1
    # what a new state costs beyond its level buffer, for the room the next level may take
    extra = layers.per_state if layers is not None else 0

    def level_share(entries: int) -> int:
        return entries * 8 // (8 + extra)

    goals = int(count_goals(bufs[names[1]], n_cur, contexts[0]))
    first_goal = 0 if goals else -1
    total = n_cur
    depth = 0
    expanded = 0
    picture.append_history(counters, n_cur)  # the census's picture: layer sizes, one position of the layer

    def publish(frontier: int) -> None:
        # STORED: every state found so far, so the counter only grows and ends at the census
        # total (the three levels in memory shrink and grow as the search goes)
        counters[EXPANDED] = expanded
        counters[FRONTIER] = frontier
        counters[DEPTH] = depth
        counters[STORED] = total
        counters[SOLUTIONS] = goals
        counters[MAX_FRONTIER] = max(int(counters[MAX_FRONTIER]), frontier)
        picture.show_sample(counters, picture.CENSUS, depth, int(bufs[names[1]][0]) if n_cur > 0 else None)

    def expand(w: int, bounds, rooms):
        """Worker w's slice of the level, at most rooms[w] successors (the budget keeps as many
        again for the sort scratch the small levels' path writes)."""
        while True:
            m, code = expand_slice(bufs[names[1]], bounds[w], bounds[w + 1], contexts[w],
                                   bufs.arrays.get(succ[w], EMPTY), rooms[w], counters, w == 0)
            if code != MEMORY or bufs.capacity(succ[w]) >= rooms[w]:
                return m, code
            # the arrays are smaller than the room: replace them (nothing in them is needed) and redo
            if not (bufs.provide(succ[w], rooms[w]) and bufs.provide(spare[w], rooms[w])):
                return 0, MEMORY

    def sort(w: int, m: int):
        if m == 0:
            return EMPTY
        bufs.wrote(succ[w], m)
        keys = bufs[succ[w]][:m]
        keys.sort()  # in place: the sort scratch stays unwritten
        return keys

    # small levels run many to a kernel call on one thread (census_small.py); one that outgrows that
    # path comes back here, and the path waits for the levels to shrink again before it is tried
    small = layers is None or not (layers.keep or layers.goals)
    outgrown = 0  # the size of the level that last outgrew the small path
    finished = False  # the small path met the empty level: the census is done, its last level kept

    def run_small():
        nonlocal names, n_prev, n_cur, total, goals, first_goal, depth, expanded, small, outgrown, finished
        rooms = [*names, succ[0], spare[0]]
        if not all(bufs.enlarge(name, SMALL_LEVEL, kept) for name, kept in zip(rooms, (n_prev, n_cur, 0, 0, 0))):
            small = False
            return None
        room = cap - total
        sizes = np.empty(SIZES_PER_CALL, dtype=np.int64)
        probe = layers.probe if layers is not None and layers.probe_level < 0 else None
        probing = probe is not None
        levels = (bufs[names[0]], bufs[names[1]], bufs[names[2]])
        code, done, rot, n_prev, n_cur, added, new_goals, goal_at, probe_at, grown = small_levels(
            levels, 0, n_prev, n_cur, bufs[succ[0]], bufs[spare[0]], contexts[0], room, counters, sizes,
            np.uint64(0) if probe is None else probe, probing)
        for name in rooms:
            bufs.wrote(name, SMALL_LEVEL)
        names = [names[(i + rot) % 3] for i in range(3)]
        expanded += int(grown)
        total += int(added)
        if goal_at and first_goal < 0:
            first_goal = depth + int(goal_at)
        goals += int(new_goals)
        recorded = [int(n) for n in sizes[:done] if n > 0]
        depth += len(recorded)
        if layers is not None:
            layers.counted(recorded, int(probe_at), bufs[names[1]], n_cur)
        if code == OUTGROWN:
            small = False
            outgrown = n_cur
            return None
        if code == FOUND:  # n_cur stays the last level's, whose first position the picture shows
            finished = True
            return None
        # a capped level shows its states so far, as on the threaded path
        publish(int(added) - sum(recorded) if code == CAP else n_cur)
        return code

    with ThreadPoolExecutor(max_workers=workers, thread_name_prefix="census") as pool:
        while n_cur > 0:
            if not small and 4 * n_cur <= outgrown and (layers is None or not (layers.keep or layers.goals)):
                small = True
            publish(n_cur)
            if small and bufs.free() >= 5 * SMALL_LEVEL:
                ended = run_small()
                if ended is not None:
                    return ended, total, goals, depth, first_goal
                if finished:
                    break
                publish(n_cur)
            # a thread a slice of MIN_SLICE states at least
            active = max(1, min(workers, n_cur // MIN_SLICE))
            bounds = np.linspace(0, n_cur, active + 1).astype(np.int64)
            # each worker's successors and sort scratch (or their share of RANGES) share what is free alike
            share = max(0, bufs.free()) // (2 * active)
            rooms = [bufs.room(succ[w], share) for w in range(active)]
            results = list(pool.map(lambda w: expand(w, bounds, rooms), range(active)))
            codes = [code for _, code in results]
            if STOPPED in codes or MEMORY in codes:
                publish(n_cur)
                return (STOPPED if STOPPED in codes else MEMORY), total, goals, depth, first_goal
            expanded += n_cur
            counts = [m for m, _ in results]
            successors = sum(counts)
            ranges = None
            if active <= 2:
                ordered = list(pool.map(lambda w: sort(w, counts[w]), range(active)))
                a, na = ordered[0], counts[0]
                b, nb = (ordered[1], counts[1]) if active == 2 else (ordered[0], 0)
                del ordered  # (a view keeps a buffer the ledger drops alive)
            else:
                # laid out by key range for a merge on every thread (census_ranges.py)
                for w in range(active):
                    bufs.wrote(succ[w], counts[w])
                # allocated at the most the slices may hold, as they are: only what is written costs
                if bufs.capacity(RANGES) < successors and not bufs.provide(RANGES, max(successors, sum(rooms))):
                    publish(n_cur)
                    return MEMORY, total, goals, depth, first_goal
                bufs.wrote(RANGES, successors)
                if bufs.free() < 0:
                    publish(n_cur)
                    return MEMORY, total, goals, depth, first_goal
                slices = [(bufs[succ[w]], counts[w]) for w in range(active)]
                pivots = pivots_of(slices, active)
                ranges = lay_out(pool, slices, pivots, bufs[RANGES])
                del slices
                a, na, b, nb = bufs[RANGES], successors, EMPTY, 0
            # the next level may take what is left, what its own buffer holds included
            memory_room = max(0, bufs.room(names[2], level_share(bufs.free())))
            if bufs.capacity(names[2]) < min(successors, memory_room):
                memory_room = fit_entries(max(0, level_share(bufs.free() + bufs.cost(names[2]) // 8)))
                if not bufs.provide(names[2], min(successors, memory_room)):
                    memory_room = 0
            states_room = cap - total
            prev, cur = bufs.arrays.get(names[0], EMPTY), bufs[names[1]]
            nxt = bufs.arrays.get(names[2], EMPTY)
            whole = min(states_room, memory_room, nxt.shape[0]) >= successors  # no cap can cut the level short
            if ranges is not None and whole:
                n_next, new_goals, capped, stopped, written = merge_ranges(
                    pool, a, ranges, pivots, prev, n_prev, cur, n_cur, nxt, contexts, counters)
                bufs.wrote(names[2], written)
            elif active == 2 and successors >= SPLIT_MERGE and whole:
                n_next, new_goals, capped, stopped, written = merge_halves(
                    pool, a, na, b, nb, prev, n_prev, cur, n_cur, nxt, contexts, counters)
                bufs.wrote(names[2], written)
            else:
                if ranges is not None:
                    sort_ranges(pool, a, ranges)  # the ranges sorted: the successors are, whole
                n_next, new_goals, capped, stopped = merge_level(
                    a, na, b, nb, prev, n_prev, cur, n_cur, nxt, contexts[0], min(states_room, memory_room), counters)
            del a, b, prev, cur, nxt
            if stopped:
                publish(n_cur)
                return STOPPED, total, goals, depth, first_goal
            bufs.wrote(names[2], n_next)
            if n_next > 0 and not capped and layers is not None and not layers.add(
                    bufs, bufs[names[2]], n_next, contexts[0]):
                publish(n_cur)
                return MEMORY, total, goals, depth, first_goal
            if n_next > 0 and not capped:
                picture.append_history(counters, n_next)
            total += n_next
            goals += int(new_goals)
            if new_goals and first_goal < 0:
                first_goal = depth + 1
            if capped:
                publish(n_next)
                return (CAP if states_room <= memory_room else MEMORY), total, goals, depth, first_goal
            if n_next == 0:
                break
            depth += 1
            names = [names[1], names[2], names[0]]
            n_prev, n_cur = n_cur, n_next
    publish(0)
    return FOUND, total, goals, depth, first_goal
