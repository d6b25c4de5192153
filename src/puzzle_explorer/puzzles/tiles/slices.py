"""A table swept level by level on several threads: its entries cut into slices, and each level's
kernel run on every slice (the pattern databases' build, pdb.py, and the distance table's sweep,
distances.py)."""
from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from typing import Any, Callable

SLICES_PER_WORKER = 16
# A thread's own pages: its stack and its malloc arena as first touched (two pool threads took 170-250
# KiB of resident memory here); a sweep or a build runs one a core.
THREAD_BYTES = 128 * 2**10


def cut(size: int, workers: int) -> list[tuple[int, int]]:
    """The entries cut into slices for the threads: several a thread, so that one slow slice (a
    dense stretch of the level, a thread the machine lends elsewhere) holds the others up little."""
    count = 1 if workers <= 1 else min(size, workers * SLICES_PER_WORKER)
    step = -(-size // count)
    return [(lo, min(size, lo + step)) for lo in range(0, size, step)]


class Sliced:
    """`with Sliced(size, workers) as run:` run.each(fn) calls fn(lo, hi, first) on every slice,
    on `workers` threads (in this one when 1); `first` is True for the first slice alone, the one
    that draws the live picture (two threads must not draw at once)."""

    def __init__(self, size: int, workers: int):
        self.slices = cut(size, workers)
        self._pool = ThreadPoolExecutor(max_workers=workers) if workers > 1 and len(self.slices) > 1 else None

    def __enter__(self) -> Sliced:
        return self

    def __exit__(self, *exc: object) -> None:
        if self._pool is not None:
            self._pool.shutdown()

    def each(self, fn: Callable[[int, int, bool], Any]) -> list[Any]:
        calls = [(lo, hi, i == 0) for i, (lo, hi) in enumerate(self.slices)]
        if self._pool is None:
            return [fn(*call) for call in calls]
        return list(self._pool.map(lambda call: fn(*call), calls))
