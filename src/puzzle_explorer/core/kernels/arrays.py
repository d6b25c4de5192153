"""Array copies for kernels, written as loops, the distinct values of an array, and scratch arrays
of a thread's own.

Slice assignment between arrays (`a[:n] = b[:n]`) compiles numba's shape
check, whose error message alone takes seconds to compile in every process.
"""
import numpy as np

from puzzle_explorer.core.kernels.jit import helper


def distinct(values: np.ndarray) -> np.ndarray:
    """The distinct values, sorted (np.unique's answer) by a sort and a mask: NumPy 2.4's np.unique
    hashes integers first, 4.7 s for 3.9 million uint64 against 0.08 s this way (a klotski bibfs
    or distance table seeds every goal position of the free convention)."""
    ordered = np.sort(values)
    if ordered.shape[0] < 2:
        return ordered
    keep = np.empty(ordered.shape[0], dtype=np.bool_)
    keep[0] = True
    np.not_equal(ordered[1:], ordered[:-1], out=keep[1:])
    return ordered[keep]


# bytes on each side of a thread's scratch array: a cache line, and the next one the hardware
# prefetches with it
SCRATCH_PAD = 128


def thread_scratch(n: int, dtype: type) -> np.ndarray:
    """n zeros that one search thread writes, alone on their cache lines. Each census thread has a
    context of its own; two contexts' small arrays may sit side by side in memory, and writes to
    one line from two threads make each wait for the other (the distinct klotski census ran 1.4x
    slower so in a quarter to a half of its fresh processes, and in none of 19 once padded)."""
    pad = SCRATCH_PAD // np.dtype(dtype).itemsize
    return np.zeros(n + 2 * pad, dtype=dtype)[pad:pad + n]


@helper
def copy_into(dst, src, n):
    """dst[:n] = src[:n]."""
    for i in range(n):
        dst[i] = src[i]
