"""LSD radix sort of uint64 keys: linear time, the workhorse of the level-by-level census."""
import numpy as np

from puzzle_explorer.core.kernels.counters import RUN, STOP
from puzzle_explorer.core.kernels.jit import helper, kernel

MAX_DIGIT_BITS = 12  # 4096 buckets: the counts stay in the fastest cache
MIN_DIGIT_BITS = 6
SMALL = 32  # fewer keys than this are sorted by insertion
# the most count entries one sort uses (6 passes of 4096 buckets; narrower digits use fewer): the
# census counts them in each worker's memory
MAX_COUNTS = 6 * (1 << MAX_DIGIT_BITS)


@helper
def varying_bits(keys, n):
    """How many low bits the keys differ in: above them every key has the same bits, which
    no pass needs to sort (a census level's keys often share their top bits)."""
    first = keys[0]
    acc = np.uint64(0)
    for i in range(n):
        acc |= keys[i] ^ first
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
    bits = varying_bits(keys, n)
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
    # one flat row of counts per pass, every pass counted in one read of the keys
    counts = np.zeros(passes * buckets, dtype=np.int64)
    if passes == 4:
        _count4(keys, n, counts, buckets, np.uint64(width), mask)
    else:
        _count(keys, n, counts, passes, buckets, np.uint64(width), mask)
    src = keys
    dst = spare
    for p in range(passes):
        if watch and counters[STOP] != RUN:
            return src
        # every pass moves the keys, even over a digit they all share: skipping such a pass made the
        # reference census no faster, and its fresh runs were slow more often (docs/klotski.md)
        _offsets(counts, p * buckets, buckets)
        _scatter(src, dst, n, counts, p * buckets, np.uint64(p * width), mask)
        src, dst = dst, src
    return src


@helper
def _count(keys, n, counts, passes, buckets, width, mask):
    for i in range(n):
        k = keys[i]
        row = 0
        for _ in range(passes):
            counts[row + np.int64(k & mask)] += 1
            k >>= width
            row += buckets


@helper
def _count4(keys, n, counts, buckets, width, mask):
    """_count for four passes, unrolled: the usual case (37 to 48 varying bits), and a
    loop over the passes costs a quarter of the counting."""
    w2 = width + width
    w3 = w2 + width
    for i in range(n):
        k = keys[i]
        counts[np.int64(k & mask)] += 1
        counts[buckets + np.int64((k >> width) & mask)] += 1
        counts[2 * buckets + np.int64((k >> w2) & mask)] += 1
        counts[3 * buckets + np.int64((k >> w3) & mask)] += 1


@helper
def _offsets(counts, row, buckets):
    """Turn a pass's counts into where each bucket starts."""
    total = 0
    for b in range(buckets):
        c = counts[row + b]
        counts[row + b] = total
        total += c


@helper
def _scatter(src, dst, n, counts, row, shift, mask):
    for i in range(n):
        k = src[i]
        at = row + np.int64((k >> shift) & mask)
        j = counts[at]
        dst[j] = k
        counts[at] = j + 1


@helper
def _insertion(keys, n):
    for i in range(1, n):
        k = keys[i]
        j = i
        while j > 0 and keys[j - 1] > k:
            keys[j] = keys[j - 1]
            j -= 1
        keys[j] = k
