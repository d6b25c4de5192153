"""The states of one frontier step in one flat table: counts in one uint64 word beside their keys.

The table is a uint64 array of `parts` regions of `slots` slots each, a slot two words (key,
count), so adding a count to a key touches one cache line. A key lives in the region its hash
names (a thread each when a step is split), at a slot picked by the hash's high bits scaled to
the region (any size, not only powers of two: the table is sized once, from the step's expected
states), then linear probing. The all-ones key marks an empty slot (no state's key is all ones:
its top bits hold at most two free ends).

A count that would pass 64 bits is never wrapped: `absorb` reports WIDE and the step is swept
again with two words a count (kernels/frontier.py's `step`).
"""
import numpy as np

from puzzle_explorer.core.kernels.counters import CHECK_EVERY, RUN, STOP
from puzzle_explorer.core.kernels.hashset import EMPTY, mix
from puzzle_explorer.core.kernels.jit import helper, kernel

OK, STOPPED, GROW, WIDE = 0, 1, 2, 3
LOAD_NUM, LOAD_DEN = 4, 5  # at most four fifths of a region's slots hold keys


@helper
def part_of(key, parts):
    return np.int64(mix(key) % np.uint64(parts))


@helper
def _slot(table, base, slots, key):
    """The slot (of the region at `base`) holding key, or the empty slot where it would go."""
    i = np.int64(((mix(key) >> np.uint64(32)) * np.uint64(slots)) >> np.uint64(32))
    while True:
        k = table[2 * (base + i)]
        if k == key or k == EMPTY:
            return base + i
        i += 1
        if i == slots:
            i = np.int64(0)


@helper
def room_of(slots):
    return slots * LOAD_NUM // LOAD_DEN


@kernel
def clear(table):
    for i in range(0, table.shape[0], 2):
        table[i] = EMPTY


@kernel
def absorb(table, part, parts, slots, used, keys, counts, a, m, counters):
    """Add moves a..m (keys, counts) of region `part` into it, holding `used` keys. Returns (code, keys
    held, the move it stopped at): GROW when the region is full, WIDE when a count would pass 64 bits,
    STOPPED when Python asked to stop."""
    base = part * slots
    most = room_of(slots)
    for j in range(a, m):
        if (j - a) % CHECK_EVERY == 0 and counters[STOP] != RUN:
            return STOPPED, used, j
        key = keys[j]
        if parts > 1 and part_of(key, parts) != part:
            continue
        i = _slot(table, base, slots, key)
        c = counts[j]
        if table[2 * i] == key:
            s = table[2 * i + 1] + c
            if s < c:
                return WIDE, used, j
            table[2 * i + 1] = s
        else:
            if used >= most:
                return GROW, used, j
            table[2 * i] = key
            table[2 * i + 1] = c
            used += 1
    return OK, used, m


@kernel
def move_into(old, old_slots, new, new_slots, parts):
    """Every entry of `old` into the same region of `new` (cleared), regions of new_slots slots."""
    for p in range(parts):
        for i in range(p * old_slots, (p + 1) * old_slots):
            key = old[2 * i]
            if key != EMPTY:
                j = _slot(new, p * new_slots, new_slots, key)
                new[2 * j] = key
                new[2 * j + 1] = old[2 * i + 1]


@kernel
def compact(table):
    """The entries moved to the front in slot order, (key, count) pairs; returns how many."""
    m = 0
    for i in range(table.shape[0] // 2):
        key = table[2 * i]
        if key != EMPTY:
            table[2 * m] = key
            table[2 * m + 1] = table[2 * i + 1]
            m += 1
    return m
