"""Compiling kernels before their first search, and how far that has got.

Numba compiles a kernel the first time it meets an argument signature, which
takes seconds, and keeps the machine code in the disk cache (core/run/cache.py),
so this happens once per version of the sources. A family lists the kernels
its searches call, each with arguments of the types the searches pass
(`Kernel`, core/kernels/jit.py); `compile_kernels` compiles them, or loads them from the cache,
one by one. Arguments of other types would compile further signatures, so a
test checks that the searches meet none that the list lacks, and the other
way round.

The count of compiled kernels is process-wide and readable from any thread:
a search that waits for the compiler shows it (SearchControl.snapshot).
"""
from __future__ import annotations

import threading
import time
from dataclasses import dataclass
from typing import Callable

from puzzle_explorer.core.kernels.signature import Kernel


@dataclass(frozen=True)
class Progress:
    """Where the compiling stands: `done` of `total` kernels of `family`, `current` compiling now."""

    family: str = ""
    done: int = 0
    total: int = 0
    current: str = ""

    @property
    def active(self) -> bool:
        return self.done < self.total


_lock = threading.Lock()
_progress = Progress()


def progress() -> Progress:
    """The latest compiling progress (an immutable snapshot)."""
    return _progress


def publish(p: Progress) -> None:
    """Show p as the compiling progress (compile_kernels here, or compiling in other processes:
    core/run/ahead.py)."""
    global _progress
    with _lock:
        _progress = p


def compile_kernels(family: str, kernels: list[Kernel],
                    on_kernel: Callable[[Kernel, int, float], None] | None = None) -> None:
    """Compile (or load from the cache) each kernel in turn, publishing the count.

    on_kernel(kernel, done, seconds) follows each one; seconds is the CPU time
    of this thread, the compiler's own work whatever else runs on the machine.
    """
    from puzzle_explorer.core.kernels.jit import prepare  # numba loads with the first kernel, not before

    total = len(kernels)
    try:
        for done, k in enumerate(kernels):
            publish(Progress(family, done, total, k.name))
            before = time.thread_time()
            prepare(k.dispatcher, *k.args)
            if on_kernel is not None:
                on_kernel(k, done + 1, time.thread_time() - before)
    except BaseException:
        publish(Progress())
        raise
    publish(Progress(family, total, total))
