"""Memory budget: how many states a search may hold before it stops with `limit`.

Searches allocate their node arrays for the whole cap up front (untouched
pages cost nothing) and grow hash tables as they fill, so the cap computed
here, from a per-state byte estimate of each algorithm, is what keeps a big
search from running the machine out of memory.
"""
from __future__ import annotations

import os

from core.status import Limit

DEFAULT_SHARE = 0.5  # of the memory available when the search starts
HARD_CAP = 2**40


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


def state_cap(bytes_per_state: int, max_states: int | None, max_memory: int | None) -> tuple[int, Limit]:
    """The most states a search may hold, and which limit that number comes from."""
    budget = max_memory if max_memory is not None else int(available_bytes() * DEFAULT_SHARE)
    by_memory = max(1, budget // bytes_per_state)
    if max_states is not None and max_states <= by_memory:
        return max(1, max_states), Limit.STATES
    return min(by_memory, HARD_CAP), Limit.MEMORY


def describe_bytes(n: float) -> str:
    """1536 -> '1.5 KiB'."""
    for unit in ("B", "KiB", "MiB", "GiB", "TiB"):
        if abs(n) < 1024 or unit == "TiB":
            return f"{n:.0f} {unit}" if unit == "B" else f"{n:.1f} {unit}"
        n /= 1024
    return f"{n:.1f} TiB"
