"""LSD radix sort of uint64 keys: linear time, the workhorse of the level-by-level census."""
import numpy as np

from puzzle_explorer.core.kernels.counters import RUN, STOP
from puzzle_explorer.core.kernels.jit import helper, kernel

MAX_DIGIT_BITS = 12  # 4096 buckets: the counts stay in the fastest cache
MIN_DIGIT_BITS = 6
SMALL = 32  # fewer keys than this are sorted by insertion


@helper
def key_bits(keys, n):
    """How many low bits hold every key."""
    acc = np.uint64(0)
    for i in range(n):
        acc |= keys[i]
    bits = 0
    while acc:
        bits += 1
        acc >>= np.uint64(1)
    return bits


@kernel
def radix_sort(keys, spare, n, counters):
    """Sort keys[:n] ascending; spare must hold n keys. Returns the array that holds the result.

    Between passes it looks at the search's stop flag and gives up early (the
    result is then unsorted; the caller is stopping anyway).
    """
    return _sort(keys, spare, n, counters, True)


@helper(allocates=True)
def sort_keys(keys, spare, n, counters):
    """radix_sort for a kernel that watches the stop flag itself: it always sorts."""
    return _sort(keys, spare, n, counters, False)


@helper(allocates=True)
def _sort(keys, spare, n, counters, watch):
    if n < SMALL:
        _insertion(keys, n)
        return keys
    bits = key_bits(keys, n)
    if bits == 0:
        return keys
    # digits no wider than the keys are many: a small level's counts would cost more than its keys
    most = MAX_DIGIT_BITS
    while most > MIN_DIGIT_BITS and (1 << most) > n:
        most -= 1
    passes = (bits + most - 1) // most
    width = (bits + passes - 1) // passes
    buckets = 1 << width
    mask = np.uint64(buckets - 1)
    counts = np.zeros((passes, buckets), dtype=np.int64)
    for i in range(n):
        k = keys[i]
        for p in range(passes):
            counts[p, np.int64((k >> np.uint64(p * width)) & mask)] += 1
    src = keys
    dst = spare
    for p in range(passes):
        if watch and counters[STOP] != RUN:
            return src
        total = 0
        for b in range(buckets):
            c = counts[p, b]
            counts[p, b] = total
            total += c
        sh = np.uint64(p * width)
        for i in range(n):
            k = src[i]
            bucket = np.int64((k >> sh) & mask)
            dst[counts[p, bucket]] = k
            counts[p, bucket] += 1
        src, dst = dst, src
    return src


@helper
def _insertion(keys, n):
    for i in range(1, n):
        k = keys[i]
        j = i
        while j > 0 and keys[j - 1] > k:
            keys[j] = keys[j - 1]
            j -= 1
        keys[j] = k
