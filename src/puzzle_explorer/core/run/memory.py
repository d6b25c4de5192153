"""Memory budget: how many bytes a search may hold, and the largest state cap that fits them.

A search's memory is what it writes: numpy and numba hand out pages only
when they are first touched, so an array allocated for a whole cap costs
only the part the search fills. Each search describes its peak as a
function of its state cap (node arrays at the cap, hash tables at the size
that holds the cap plus the old table during the last growth, the path it
returns) and takes the largest cap whose peak fits the budget, after the
bytes it needs whatever the cap (contexts, stacks, kept solutions). The
census grows its buffers level by level and checks the budget itself before
each level (core/kernels/census.py).
"""
from __future__ import annotations

import ctypes
import os
from typing import Callable

from puzzle_explorer.core.run.status import Limit
from puzzle_explorer.core.sizes import describe_bytes

DEFAULT_SHARE = 0.5  # of the memory available when the search starts
HARD_CAP = 2**40
SCRATCH = 256 * 2**10  # small arrays every kernel makes (successor lists, counts, the path found)
M_MMAP_THRESHOLD = -3  # glibc's mallopt parameter
MMAP_THRESHOLD = 128 * 2**10


def return_freed_memory() -> None:
    """Have glibc give every block of MMAP_THRESHOLD bytes or more its own mapping, handed back to
    the system as soon as it is freed.

    By default glibc raises that threshold each time a big block is freed (up to 32 MiB) and
    serves later blocks from heaps that keep freed pages: a hash table that doubles keeps its
    old copies resident, and a search's memory drifts a third or more past the budget that
    every estimate here is made against. Setting the threshold turns the drift off.
    """
    try:
        mallopt = ctypes.CDLL(None).mallopt
    except (OSError, AttributeError):
        return  # not glibc: nothing to set
    mallopt(M_MMAP_THRESHOLD, MMAP_THRESHOLD)


def available_bytes() -> int:
    """Memory the system can give without swapping (MemAvailable), or a guess."""
    try:
        with open("/proc/meminfo") as f:
            for line in f:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) * 1024
    except OSError:
        pass
    try:
        return os.sysconf("SC_AVPHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
    except (ValueError, OSError, AttributeError):
        return 4 * 2**30


def machine_bytes() -> int:
    """The most memory this process could ever hold: the machine's (MemTotal), or its container's
    limit (cgroup) where that is lower."""
    total = None
    try:
        with open("/proc/meminfo") as f:
            for line in f:
                if line.startswith("MemTotal:"):
                    total = int(line.split()[1]) * 1024
                    break
    except (OSError, ValueError, IndexError):
        pass
    if total is None:
        try:
            total = os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
        except (ValueError, OSError, AttributeError):
            return HARD_CAP
    for limit in ("/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory/memory.limit_in_bytes"):
        try:
            with open(limit) as f:
                text = f.read().strip()
        except OSError:
            continue
        if text.isdigit() and 0 < int(text) < total:
            total = int(text)
    return total


def budget_bytes(max_memory: int | None, machine: int | None = None, free: int | None = None) -> int:
    """The bytes a search may hold: the user's budget, or a share of what is free now. A budget past
    the machine's memory is the machine's: sized to it, a search would allocate what the system
    cannot give and fail at its first array (see over_machine for the note that says so). `machine`
    and `free`: where the search holds its states, when not this machine (a Ray cluster's actors,
    core/scale/ray_cluster.cluster_memory)."""
    if max_memory is None:
        return int((available_bytes() if free is None else free) * DEFAULT_SHARE)
    return min(max_memory, machine_bytes() if machine is None else machine)


def over_machine(max_memory: int | None, machine: int | None = None, where: str = "this machine's") -> str | None:
    """The note a command prints when a budget is more than the machine has (None when it fits)."""
    if max_memory is None:
        return None
    machine = machine_bytes() if machine is None else machine
    if max_memory <= machine:
        return None
    return (f"note: --max-memory {describe_bytes(max_memory)} is more than {where} "
            f"{describe_bytes(machine)}: the budget is {describe_bytes(machine)}")


def largest_cap(peak: Callable[[int], int], room: int, most: int = HARD_CAP) -> int:
    """The largest n <= most with peak(n) <= room (peak must not decrease); 0 if none fits."""
    if room < 0 or peak(1) > room:
        return 0
    lo, hi = 1, most
    if peak(hi) <= room:
        return hi
    while hi - lo > 1:  # peak(lo) fits, peak(hi) does not
        mid = (lo + hi) // 2
        if peak(mid) <= room:
            lo = mid
        else:
            hi = mid
    return lo


def state_cap(peak: int | Callable[[int], int], max_states: int | None, max_memory: int | None,
              fixed: int = 0) -> tuple[int, Limit]:
    """The most states a search may hold, and which limit that number comes from.

    peak: the search's bytes at a given cap (or a flat number of bytes per
    state); fixed: the bytes it holds whatever the cap. A cap of 0 means the
    budget cannot hold even one state: the search must end with limit memory
    without starting.
    """
    per_state = peak if callable(peak) else (lambda n: n * peak)
    by_memory = largest_cap(per_state, budget_bytes(max_memory) - fixed - SCRATCH)
    if max_states is not None and max_states <= by_memory:
        return max(1, max_states), Limit.STATES
    return by_memory, Limit.MEMORY


def fits(nbytes: int, max_memory: int | None) -> bool:
    """Whether a search that holds nbytes whatever happens may start under this budget."""
    return nbytes + SCRATCH <= budget_bytes(max_memory)


def array_bytes(*values: object) -> int:
    """Bytes held by the numpy arrays among values, looking inside tuples (puzzle contexts)."""
    import numpy as np

    total = 0
    for v in values:
        if isinstance(v, np.ndarray):
            total += v.nbytes
        elif isinstance(v, tuple):
            total += array_bytes(*v)
    return total


WORKER_BYTES = 256 * 2**20  # a local worker process before it searches: Python, numpy, numba, loaded kernels


def workers_within(workers: int, need: int, max_memory: int | None, processes: bool) -> int:
    """How many of `workers` workers, each holding `need` bytes (and, as processes of their own,
    WORKER_BYTES more), fit the budget together; 0 if not even one does. One worker runs in this
    process, so it costs only its `need`."""
    budget = budget_bytes(max_memory) - SCRATCH
    if need > budget:
        return 0
    extra = WORKER_BYTES if processes else 0
    return max(1, min(workers, budget // max(1, need + extra)))
