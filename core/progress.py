"""Live search counters shared between a running kernel and the Python side.

A kernel receives one small int64 array. It writes its counters into the
slots below every few thousand expansions and reads the STOP slot at the same
moments; Python reads the counters whenever it likes (the reads are racy by
design: a snapshot may mix two moments, never anything worse).
"""
from __future__ import annotations

import threading
import time
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Iterator

import numpy as np

from core import warmup
from core.jit import helper

# Slots of the counters array (module globals are compile-time constants in kernels).
EXPANDED = 0      # nodes expanded so far
FRONTIER = 1      # current open list / queue / stack size
DEPTH = 2         # current depth (BFS level, DFS depth, IDA* bound)
STORED = 3        # states held in memory
MAX_FRONTIER = 4  # largest frontier seen
SOLUTIONS = 5     # solutions found so far (counting searches)
STOP = 6          # written by Python: 0 run, 1 cancel, 2 timeout
NODE_CAP = 7      # written by Python: the most nodes a tree search may enter (0: no cap)
SLOTS = 8

RUN = 0
STOP_CANCEL = 1
STOP_TIMEOUT = 2

# Kernels publish counters and look at STOP once per this many expansions.
CHECK_EVERY = 1024


@helper
def publish(counters, expanded, frontier, depth, stored):
    """Write the usual counters; return True when the search must stop.

    A search stops when Python asks (STOP) or when `expanded` reaches the
    node cap; the kernel returns STOPPED either way and kernel_status tells
    the two apart by the STOP slot.
    """
    counters[EXPANDED] = expanded
    counters[FRONTIER] = frontier
    counters[DEPTH] = depth
    counters[STORED] = stored
    if frontier > counters[MAX_FRONTIER]:
        counters[MAX_FRONTIER] = frontier
    return counters[STOP] != RUN or (counters[NODE_CAP] > 0 and expanded >= counters[NODE_CAP])


@helper
def due(counters, nodes):
    """Whether a tree search should publish now: every CHECK_EVERY nodes, and from the node cap on
    (so publish stops it there exactly)."""
    return nodes % CHECK_EVERY == 0 or (counters[NODE_CAP] > 0 and nodes >= counters[NODE_CAP])


@dataclass(frozen=True)
class Snapshot:
    """The counters at one moment, plus the phase and the search's own clock."""

    phase: str
    expanded: int = 0
    frontier: int = 0
    depth: int = 0
    stored: int = 0
    max_frontier: int = 0
    solutions: int = 0
    elapsed_s: float = 0.0
    # while compiling: the kernels of `compiling` (a family) compiled so far, of how many
    compiling: str = ""
    compiled: int = 0
    kernels: int = 0

    @property
    def rate(self) -> float:
        """Nodes expanded per second of search."""
        return self.expanded / self.elapsed_s if self.elapsed_s > 0 else 0.0


class CancelledBeforeSearch(Exception):
    """A cancel arrived before the search began (while kernels were compiling, say).

    Compilation cannot be interrupted. The waiting caller stops waiting for it,
    abandons the search and raises this; the compiling thread raises it too, from
    start_search(), so a search nobody waits for never starts once its kernels are ready.
    """


class Phase:
    IDLE = "idle"
    COMPILING = "compiling"
    SEARCHING = "searching"
    DONE = "done"


class SearchControl:
    """The counters, the stop flag and the search clock of one search.

    Thread-safe where it matters: cancel() and snapshot() may be called from
    any thread while the search runs in another.
    """

    def __init__(self) -> None:
        self.counters = np.zeros(SLOTS, dtype=np.int64)
        self.phase = Phase.IDLE
        self._lock = threading.Lock()
        self._started: float | None = None
        self._elapsed = 0.0
        self._abandoned = False

    # --- the searching side -------------------------------------------------
    def compiling(self) -> None:
        """Mark that kernels are being compiled or loaded (not part of the search time)."""
        self.phase = Phase.COMPILING

    def start_search(self) -> None:
        """Start the search clock; compilation must be done by now.

        Raises CancelledBeforeSearch once the search was abandoned. A search that
        is only cancelled still starts: its kernel sees the stop flag at its first
        look and the caller gets a cancelled result.
        """
        with self._lock:
            if self._abandoned:
                raise CancelledBeforeSearch()
            if self._started is None:
                self._started = time.perf_counter()
            self.phase = Phase.SEARCHING

    def end_search(self) -> float:
        """Stop the search clock and return the search time in seconds."""
        with self._lock:
            if self._started is not None:
                self._elapsed += time.perf_counter() - self._started
                self._started = None
            self.phase = Phase.DONE
            return self._elapsed

    def reset_counters(self) -> None:
        """Zero the counters for a further search of the same job (keeps STOP and the node cap)."""
        stop, cap = self.counters[STOP], self.counters[NODE_CAP]
        self.counters[:] = 0
        self.counters[STOP] = stop
        self.counters[NODE_CAP] = cap

    @contextmanager
    def node_cap(self, most: int | None) -> Iterator[None]:
        """Within the block, each kernel may enter at most `most` nodes (None: no cap). For tree
        searches, whose memory does not grow with the nodes; graph searches cap what they store."""
        self.counters[NODE_CAP] = 0 if most is None else max(1, most)
        try:
            yield
        finally:
            self.counters[NODE_CAP] = 0

    # --- the controlling side -------------------------------------------------
    def abandon(self) -> None:
        """Cancel, and let no search start any more: nobody will read its result."""
        self.cancel()
        with self._lock:
            self._abandoned = True

    def cancel(self) -> None:
        """Ask the running kernel to stop (it notices within a few thousand expansions)."""
        if self.counters[STOP] == RUN:
            self.counters[STOP] = STOP_CANCEL

    def time_out(self) -> None:
        """Ask the running kernel to stop because the time limit passed."""
        if self.counters[STOP] == RUN:
            self.counters[STOP] = STOP_TIMEOUT

    @property
    def stop_requested(self) -> int:
        return int(self.counters[STOP])

    def elapsed(self) -> float:
        """Search time so far in seconds (compilation excluded)."""
        with self._lock:
            running = time.perf_counter() - self._started if self._started is not None else 0.0
            return self._elapsed + running

    def searching_since(self) -> float | None:
        with self._lock:
            return self._started

    def snapshot(self) -> Snapshot:
        c = self.counters.copy()
        warm = warmup.progress() if self.phase == Phase.COMPILING else warmup.Progress()
        return Snapshot(
            phase=self.phase,
            expanded=int(c[EXPANDED]),
            frontier=int(c[FRONTIER]),
            depth=int(c[DEPTH]),
            stored=int(c[STORED]),
            max_frontier=int(c[MAX_FRONTIER]),
            solutions=int(c[SOLUTIONS]),
            elapsed_s=self.elapsed(),
            compiling=warm.family if warm.active else "",
            compiled=warm.done if warm.active else 0,
            kernels=warm.total if warm.active else 0,
        )
