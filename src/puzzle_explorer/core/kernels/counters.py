"""The counters array a running kernel shares with the Python side: its slots, and the helpers
kernels publish with.

A kernel receives one small int64 array. It writes its counters into the
slots below every few thousand expansions and reads the STOP slot at the same
moments; Python reads the counters whenever it likes (the reads are racy by
design: a snapshot may mix two moments, never anything worse). Past the
counters the same array holds the live picture, what the search is doing
right now (core/kernels/picture.py), refreshed at the same moments. The
Python side of the array (SearchControl, Snapshot) is core/run/progress.py.
"""
from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from puzzle_explorer.core.kernels import picture
from puzzle_explorer.core.kernels.jit import helper

Counters = npt.NDArray[np.int64]  # the array a kernel shares with Python: the slots below, then the picture
Whole = int | np.integer[Any]  # a whole number in a kernel, Python's or numpy's

# Slots of the counters array (module globals are compile-time constants in kernels).
EXPANDED = 0      # nodes expanded so far
FRONTIER = 1      # current open list / queue / stack size
DEPTH = 2         # current depth (BFS level, DFS depth, IDA* bound)
STORED = 3        # states held in memory
MAX_FRONTIER = 4  # largest frontier seen
SOLUTIONS = 5     # solutions found so far (counting searches)
STOP = 6          # written by Python: 0 run, 1 cancel, 2 timeout
NODE_CAP = 7      # written by Python: the most nodes a tree search may enter (0: no cap)
SLOTS = picture.SLOTS  # the live picture follows (core/kernels/picture.py)
assert picture.LIVE == NODE_CAP + 1

RUN = 0
STOP_CANCEL = 1
STOP_TIMEOUT = 2

# Kernels publish counters and look at STOP once per this many expansions.
CHECK_EVERY = 1024


@helper
def publish(counters: Counters, expanded: Whole, frontier: Whole, depth: Whole, stored: Whole) -> bool | np.bool_:
    """Write the usual counters; return True when the search must stop.

    A search stops when Python asks (STOP) or when `expanded` reaches the
    node cap; the kernel returns STOPPED either way and kernel_status
    (core/run/search.py) tells the two apart by the STOP slot.
    """
    counters[EXPANDED] = expanded
    counters[FRONTIER] = frontier
    counters[DEPTH] = depth
    counters[STORED] = stored
    if frontier > counters[MAX_FRONTIER]:
        counters[MAX_FRONTIER] = frontier
    stop: bool | np.bool_ = counters[STOP] != RUN or (counters[NODE_CAP] > 0 and expanded >= counters[NODE_CAP])
    return stop


@helper
def due(counters: Counters, nodes: Whole) -> bool | np.bool_:
    """Whether a tree search should publish now: every CHECK_EVERY nodes, and from the node cap on
    (so publish stops it there exactly)."""
    return nodes % CHECK_EVERY == 0 or (counters[NODE_CAP] > 0 and nodes >= counters[NODE_CAP])


def new_counters(quiet: bool = False) -> np.ndarray:
    """A counters array for a kernel run outside a SearchControl (quiet: nobody looks at the picture)."""
    counters = np.zeros(SLOTS, dtype=np.int64)
    counters[picture.QUIET] = int(quiet)
    return counters
