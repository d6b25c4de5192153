"""Array copies for kernels, written as loops.

Slice assignment between arrays (`a[:n] = b[:n]`) compiles numba's shape
check, whose error message alone takes seconds to compile in every process.
"""
from core.jit import helper


@helper
def copy_into(dst, src, n):
    """dst[:n] = src[:n]."""
    for i in range(n):
        dst[i] = src[i]
