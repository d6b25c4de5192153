"""One hash partition of a partitioned census: the states it owns, level by level.

A state belongs to the partition a fixed mixer of its word picks, so every
worker agrees on the owner without asking. Each level a partition expands
its own level with the census's kernel (core/kernels/census.py), buckets the
successors by owner, and hands them over; each owner then sorts what it
received and merges it against its own two levels before, as the
single-process census does with the whole level (moves are reversible, so
a state's successors lie in the levels before, at and after it, all held by
the successor's owner). The union of the partitions' levels is the
single-process census's level, so every count is the same.

A partition keeps its own memory ledger (census.Buffers) against its share of
the budget: its three levels, its successors and sort scratch, and the
successors it has handed over until their owners have read them.

A census's partitions live in the workers of a CensusPool, one each: worker
processes here (core/scale/census_local.py) or Ray actors
(core/scale/census_ray.py), both served by core/scale/engines.py; the census
itself (core/scale/partitioned.py) asks the pool for one step at a time.
"""
from __future__ import annotations

import resource
from dataclasses import dataclass, field
from typing import Any, Callable, Protocol

import numpy as np

from puzzle_explorer.core.kernels import census
from puzzle_explorer.core.kernels.arrays import distinct
from puzzle_explorer.core.kernels.census import EMPTY, Buffers
from puzzle_explorer.core.kernels.codes import FOUND, MEMORY, STOPPED
from puzzle_explorer.core.kernels.counters import EXPANDED, Whole
from puzzle_explorer.core.kernels.hashset import mix
from puzzle_explorer.core.kernels.jit import Kernel, helper, kernel, prepare
from puzzle_explorer.core.kernels.radix import radix_sort

SUCC = "successors"  # what the level expands to, then what the owners received
SPARE = "scratch"  # the successors bucketed by owner, then the sort's scratch
SENT = "handed over"  # bucketed successors waiting for their owners (a file, or the object store)


@helper
def owner(state: Whole, parts: Whole) -> np.int64:
    """The partition that owns a state: the mixer's high bits, so it does not follow the low ones
    the hash tables use."""
    return np.int64((mix(np.uint64(state)) >> np.uint64(32)) % np.uint64(parts))


@kernel
def bucket(rows: np.ndarray, m: Whole, parts: Whole, out: np.ndarray, starts: np.ndarray) -> None:
    """rows[:m] into out grouped by the owner of each row's first word (stable); rows
    starts[p]:starts[p + 1] of out are owner p's. A census's rows are its states (one word); a count's
    are (key, count) pairs (core/scale/counts_ray.py)."""
    width = rows.shape[1]
    starts[:] = 0
    for i in range(m):
        starts[owner(rows[i, 0], parts) + 1] += 1
    for p in range(parts):
        starts[p + 1] += starts[p]
    at = starts[:parts].copy()
    for i in range(m):
        o = owner(rows[i, 0], parts)
        for k in range(width):
            out[at[o], k] = rows[i, k]
        at[o] += 1


def rows_of(words: np.ndarray, width: int) -> np.ndarray:
    """A flat array of words as rows of `width`, for bucket (a view: nothing is copied)."""
    return words[:words.shape[0] - words.shape[0] % width].reshape(-1, width)


@kernel
def owned(states: np.ndarray, parts: Whole, me: Whole) -> np.ndarray:
    """Those of states that partition `me` owns, in order."""
    out = np.empty(states.shape[0], dtype=np.uint64)
    n = 0
    for i in range(states.shape[0]):
        if owner(states[i], parts) == me:
            out[n] = states[i]
            n += 1
    return out[:n].copy()


def bucket_kernel() -> Kernel:
    """bucket, with arguments of the types its callers pass (rows of any width have one type)."""
    rows = rows_of(np.empty(4, dtype=np.uint64), 2)
    return Kernel("bucket by owner", bucket, (rows, 0, 1, rows.copy(), np.zeros(2, dtype=np.int64)))


def kernels() -> list[Kernel]:
    """The partition's own kernels, with arguments of the types a partition passes."""
    return [bucket_kernel(), Kernel("census: owned states", owned, (np.empty(4, dtype=np.uint64), 1, 0))]


def prepare_kernels(ctx: Any, counters: np.ndarray) -> None:
    """The census kernels and the partition's own, compiled or loaded from the disk cache."""
    census.prepare_kernels([ctx], counters)
    for k in kernels():
        prepare(k.dispatcher, *k.args)


class LevelStore(Protocol):
    """Where a partition keeps its levels when not in its own memory (census_local.LevelFiles: files
    a worker that died leaves behind for the one started in its place)."""

    def create(self, depth: int, entries: int) -> np.ndarray:
        """A new uint64 array for level `depth` (the one three levels back may go)."""
        ...

    def open(self, depth: int) -> np.ndarray:
        """Level `depth` as it was left."""
        ...


@dataclass
class Report:
    """What a partition says of its newest level (or of why it stopped)."""

    code: int = FOUND  # FOUND, STOPPED, MEMORY
    states: int = 0
    goals: int = 0
    capped: bool = False  # the level had more new states than the room it was given
    probe: bool = False  # the probed state is in it
    sample: np.ndarray = field(default_factory=lambda: EMPTY)  # its first states, in order
    written: int = 0  # bytes its buffers hold now
    rss_kb: int = 0  # its process's peak resident memory so far


class Partition:
    """Partition `index` of `parts`: its levels, its ledger, and the two steps of a level."""

    def __init__(self, index: int, parts: int, ctx: Any, budget: int, counters: np.ndarray,
                 probe: Whole | None = None, sample: int = 0, files: LevelStore | None = None):
        self.index, self.parts, self.ctx = index, parts, ctx
        self.counters = counters
        self.probe = None if probe is None else np.uint64(probe)
        self.sample = sample
        self.files = files  # where the levels live if not in memory
        self.bufs = Buffers(budget)
        # three level buffers rotate: names[0] the level before, names[1] the level, names[2] the next
        self.names = ["level a", "level b", "level c"]
        self.depth = 0
        self.n_prev, self.n_cur = 0, 0
        self.expanded = 0
        self.sent = 0
        self.starts = np.zeros(parts + 1, dtype=np.int64)

    def begin(self, starts: np.ndarray) -> Report:
        """Level 0: the starts this partition owns."""
        first = distinct(owned(np.ascontiguousarray(starts, dtype=np.uint64), self.parts, self.index))
        n = first.shape[0]
        level = self._new_level(1, 0, n)
        if level is None:
            return Report(MEMORY)
        level[:n] = first
        self.bufs.wrote(self.names[1], n)
        self.n_cur = n
        return self.first()

    def resume(self, depth: int, n_prev: int, n_cur: int, expanded: int) -> None:
        """Take up where a worker that died left off: its level before and its level at `depth`,
        which it left in files, and the nodes it had expanded before that level."""
        files = self.files
        if files is None:
            raise RuntimeError("a partition resumes from its level files, and this one has none")
        self.depth, self.n_prev, self.n_cur, self.expanded = depth, n_prev, n_cur, expanded
        for i, d, n in ((0, depth - 1, n_prev), (1, depth, n_cur)):
            if d >= 0 and n > 0:
                self.bufs.hold(self.names[i], files.open(d), n)

    def _new_level(self, i: int, depth: int, size: int) -> np.ndarray | None:
        """A new array for level `depth` in level buffer i (the one there freed first); None if refused."""
        self.bufs.arrays.pop(self.names[i], None)
        self.bufs.written.pop(self.names[i], None)
        try:
            array = (np.empty(max(size, 1), dtype=np.uint64) if self.files is None
                     else self.files.create(depth, max(size, 1)))
        except (MemoryError, OSError):
            return None
        self.bufs.hold(self.names[i], array, 0)
        return array

    def first(self) -> Report:
        """The report of level 0 (the starts this partition owns)."""
        if self.bufs.free() < 0:
            return Report(MEMORY)
        return self._report(self._level(1), self.n_cur, int(census.count_goals(
            self._level(1), self.n_cur, self.ctx)))

    def _report(self, level: np.ndarray, n: int, goals: int) -> Report:
        probe = False
        if self.probe is not None and n:
            i = int(np.searchsorted(level[:n], self.probe))
            probe = i < n and level[i] == self.probe
        return Report(FOUND, n, goals, False, probe, level[:min(n, self.sample)].copy(), self.written(),
                      peak_rss_kb())

    def _level(self, i: int) -> np.ndarray:
        """Level buffer i (0 the level before, 1 the level, 2 the next); empty if never needed."""
        return self.bufs.arrays.get(self.names[i], EMPTY)

    def written(self) -> int:
        return sum(self.bufs.cost(name) for name in self.bufs.arrays)

    # --- the level's first step: expand and bucket --------------------------------------------
    def expand(self) -> tuple[int, np.ndarray]:
        """Expand the level and bucket its successors by owner; (code, the runs' bounds).
        outgoing() is then what to hand over, until the next expand."""
        self.bufs.hold(SENT, EMPTY, 0)
        self.counters[EXPANDED] = self.expanded
        # the successors, their bucketed copy and that copy handed over share what is free alike
        share = max(0, self.bufs.free()) // 3
        room = self.bufs.room(SUCC, share)
        while True:
            m, code = census.expand_slice(self._level(1), 0, self.n_cur, self.ctx,
                                          self.bufs.arrays.get(SUCC, EMPTY), room, self.counters, True)
            if code != MEMORY or self.bufs.capacity(SUCC) >= room:
                break
            if not (self.bufs.provide(SUCC, room) and self.bufs.provide(SPARE, room)):
                return MEMORY, self.starts
        if code != FOUND:
            return code, self.starts
        self.expanded += self.n_cur
        self.counters[EXPANDED] = self.expanded
        self.sent = m
        if m:
            self.bufs.wrote(SUCC, m)
            self.bufs.wrote(SPARE, m)
            bucket(rows_of(self.bufs[SUCC], 1), m, self.parts, rows_of(self.bufs[SPARE], 1), self.starts)
        else:
            self.starts[:] = 0
        self.bufs.hold(SENT, EMPTY, m)
        return (FOUND if self.bufs.free() >= 0 else MEMORY), self.starts

    def outgoing(self) -> np.ndarray:
        return self.bufs.arrays.get(SPARE, EMPTY)[:self.sent]

    # --- the level's second step: merge what the owners received --------------------------------
    def merge(self, received: int, fill: Callable[[np.ndarray], None], states_room: int) -> Report:
        """The next level from `received` successors that fill(array) writes into an array of
        that length: each once, minus the two levels before; at most states_room new states."""
        bufs = self.bufs
        if bufs.capacity(SUCC) < received or bufs.capacity(SPARE) < received:
            grow = 2 * received - bufs.written.get(SUCC, 0) - bufs.written.get(SPARE, 0)
            if grow > bufs.free() or not (bufs.provide(SUCC, received) and bufs.provide(SPARE, received)):
                return Report(MEMORY, written=self.written())
        ordered = EMPTY
        if received:
            fill(bufs[SUCC][:received])
            bufs.wrote(SUCC, received)
            bufs.wrote(SPARE, received)
            ordered = radix_sort(bufs[SUCC], bufs[SPARE], received, self.counters)
        nxt = self.names[2]
        # the level three back is not needed any more: the next one may take what it held and what is left
        self.bufs.arrays.pop(nxt, None)
        self.bufs.written.pop(nxt, None)
        memory_room = census.fit_entries(max(0, bufs.free()))
        if self._new_level(2, self.depth + 1, min(received, memory_room)) is None:
            memory_room = 0
        n, goals, capped, stopped = census.merge_level(
            ordered, received, EMPTY, 0, self._level(0), self.n_prev,
            self._level(1), self.n_cur, bufs.arrays.get(nxt, EMPTY), self.ctx,
            min(states_room, memory_room), self.counters)
        del ordered
        if stopped:
            return Report(STOPPED, written=self.written())
        bufs.wrote(nxt, n)
        report = self._report(bufs.arrays.get(nxt, EMPTY), n, int(goals))
        if capped:
            report.capped = True
            report.code = MEMORY if memory_room < states_room else FOUND
            return report
        self.names = [self.names[1], self.names[2], self.names[0]]
        self.n_prev, self.n_cur = self.n_cur, n
        self.depth += 1
        return report


Tick = Callable[[], None]  # called every poll while the workers run: passes a stop on, reads progress
Expanded = tuple[int, np.ndarray, int]  # a partition's expand: its code, its runs' bounds, the bytes it holds


class CensusPool(Protocol):
    """The workers of one census, one partition each (census_local.LocalPool, census_ray.RayPool).
    Each step asks every partition and returns their replies in partition order."""

    parts: int
    restarts: list[int]  # per partition: workers started in place of one that died
    reusable: bool  # set when the census ended by itself: its workers may serve the next one

    def start(self, ctx: Any, starts: np.ndarray, budget: int, probe: Whole | None, sample: int,
              modules: list[str], tick: Tick) -> list[Report]: ...

    def expand(self, tick: Tick) -> list[Expanded]: ...

    def merge(self, bounds: list[np.ndarray], room: int, tick: Tick) -> list[Report]: ...

    def expanded(self, settled: bool = False) -> int:
        """Nodes expanded so far by every partition; `settled`: each one's count now, waited for
        (at the end, where the total is reported), else one that may lag a poll behind."""
        ...

    def stop(self, code: int) -> None: ...


def peak_rss_kb() -> int:
    """This process's peak resident memory: VmHWM where Linux gives it (ru_maxrss keeps the
    peak of the process a spawned worker was forked from, across the exec)."""
    try:
        with open("/proc/self/status") as f:
            for line in f:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return int(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
