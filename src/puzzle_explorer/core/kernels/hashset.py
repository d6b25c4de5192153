"""Open-addressing hash set and map over uint64 states, held in numpy arrays.

Linear probing in a power-of-two table; the all-ones key marks an empty slot,
so states must never be 2**64 - 1 (every packing here uses at most 63 bits).
Callers keep the item count and call the *_grow functions when *_full says
so; growing doubles the table and rehashes. There is no deletion.

Growing a big table takes a while, so the grow functions watch the search's
stop flag: when it is raised they give up and return the old table (still
valid, still over the load limit). The caller must then stop at once, not at
its next check: inserting on into a table that fills up would never end a
probe (`is_full` still true right after growing says the growth was cut short).
"""
import numpy as np

from puzzle_explorer.core.kernels.counters import RUN, STOP
from puzzle_explorer.core.kernels.jit import helper, kernel, routine

EMPTY = np.uint64(0xFFFFFFFFFFFFFFFF)
MISSING = -1
MIN_SLOTS = 1024
CHUNK = 1 << 16  # slots between looks at the stop flag while growing
# Grow past 70% full: linear probing stays short below that.
LOAD_NUM = 7
LOAD_DEN = 10


@helper
def mix(key):
    """splitmix64's finaliser: spreads nearby states over the whole table."""
    z = key
    z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return z ^ (z >> np.uint64(31))


def table_slots(items: int) -> int:
    """slots_for from plain Python, for memory estimates."""
    size = MIN_SLOTS
    while size * LOAD_NUM < items * LOAD_DEN:
        size *= 2
    return size


def table_bytes(items: int, slot_bytes: int, initial_items: int = 0) -> tuple[int, int]:
    """(peak, final) bytes of a table that grows from new_set/new_map(initial_items) to hold `items` keys.

    The peak includes the old table, alive while the doubled one is filled.
    """
    final = table_slots(items) * slot_bytes
    if table_slots(items) > table_slots(initial_items):
        return final + final // 2, final
    return final, final


@helper
def slots_for(items):
    """The table size that holds `items` keys below the load limit."""
    size = MIN_SLOTS
    while size * LOAD_NUM < items * LOAD_DEN:
        size *= 2
    return size


@kernel
def new_set(items):
    return np.full(slots_for(items), EMPTY, dtype=np.uint64)


@kernel
def new_map(items):
    size = slots_for(items)
    return np.full(size, EMPTY, dtype=np.uint64), np.full(size, MISSING, dtype=np.int64)


@kernel
def is_full(keys, count):
    """True when `count` keys exceed the load limit of this table."""
    return count * LOAD_DEN > keys.shape[0] * LOAD_NUM


@helper
def _slot(keys, key):
    """The slot holding key, or the empty slot where it would go."""
    mask = np.uint64(keys.shape[0] - 1)
    i = mix(key) & mask
    while True:
        k = keys[i]
        if k == key or k == EMPTY:
            return np.int64(i)
        i = (i + np.uint64(1)) & mask


@kernel
def set_add(keys, key):
    """Insert key; True if it was not there before."""
    i = _slot(keys, key)
    if keys[i] == key:
        return False
    keys[i] = key
    return True


@kernel
def set_has(keys, key):
    return keys[_slot(keys, key)] == key


@kernel
def set_clear(keys):
    keys[:] = EMPTY


@routine
def _empty_table(size, counters):
    """A table of `size` empty slots, or an empty array if a stop was asked meanwhile."""
    table = np.empty(size, dtype=np.uint64)
    for start in range(0, size, CHUNK):
        if counters[STOP] != RUN:
            return table[:0]
        table[start:start + CHUNK] = EMPTY
    return table


@kernel
def set_grow(keys, counters):
    """A table twice the size holding the same keys (the old one if a stop was asked)."""
    bigger = _empty_table(keys.shape[0] * 2, counters)
    if bigger.shape[0] == 0:
        return keys
    for j in range(keys.shape[0]):
        if j % CHUNK == 0 and counters[STOP] != RUN:
            return keys
        k = keys[j]
        if k != EMPTY:
            bigger[_slot(bigger, k)] = k
    return bigger


@kernel
def map_get(keys, vals, key):
    """The value stored for key, or MISSING."""
    i = _slot(keys, key)
    if keys[i] == key:
        return vals[i]
    return MISSING


@kernel
def map_get_or_put(keys, vals, key, val):
    """The value already stored for key; if there is none, store val and return MISSING."""
    i = _slot(keys, key)
    if keys[i] == key:
        return vals[i]
    keys[i] = key
    vals[i] = val
    return MISSING


@kernel
def map_put(keys, vals, key, val):
    """Store val for key (replacing any value); True if key is new."""
    i = _slot(keys, key)
    new = keys[i] != key
    keys[i] = key
    vals[i] = val
    return new


@kernel
def map_grow(keys, vals, counters):
    """Tables twice the size holding the same entries (the old ones if a stop was asked)."""
    bigger = _empty_table(keys.shape[0] * 2, counters)
    if bigger.shape[0] == 0:
        return keys, vals
    bvals = np.empty(keys.shape[0] * 2, dtype=np.int64)
    for j in range(keys.shape[0]):
        if j % CHUNK == 0 and counters[STOP] != RUN:
            return keys, vals
        k = keys[j]
        if k != EMPTY:
            i = _slot(bigger, k)
            bigger[i] = k
            bvals[i] = vals[j]
    return bigger, bvals
