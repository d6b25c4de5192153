import numpy as np

from puzzle_explorer.core.kernels.counters import SLOTS, STOP, STOP_CANCEL
from puzzle_explorer.core.kernels.hashset import (
    EMPTY,
    is_full,
    map_get,
    map_get_or_put,
    map_grow,
    map_put,
    new_map,
    new_set,
    set_add,
    set_grow,
    set_has,
)

RUNNING = np.zeros(SLOTS, dtype=np.int64)


def test_set_matches_python_set_through_growth():
    rng = np.random.default_rng(7)
    keys = rng.integers(0, 2**40, 20000, dtype=np.uint64)
    keys[::3] = keys[1::3][: len(keys[::3])]  # plenty of repeats
    table = new_set(16)
    count = 0
    seen = set()
    for k in keys:
        added = set_add(table, k)
        assert added == (int(k) not in seen)
        seen.add(int(k))
        if added:
            count += 1
            if is_full(table, count):
                table = set_grow(table, RUNNING)
    assert count == len(seen)
    assert int((table != EMPTY).sum()) == len(seen)
    for k in rng.integers(0, 2**40, 2000, dtype=np.uint64):
        assert set_has(table, k) == (int(k) in seen)


def test_map_keeps_values_through_growth():
    keys, vals = new_map(4)
    reference = {}
    count = 0
    for i in range(5000):
        k = np.uint64((i * 2654435761) % 100003)
        if map_get_or_put(keys, vals, k, i) < 0:
            reference[int(k)] = i
            count += 1
            if is_full(keys, count):
                keys, vals = map_grow(keys, vals, RUNNING)
    for k, v in reference.items():
        assert map_get(keys, vals, np.uint64(k)) == v
    assert map_get(keys, vals, np.uint64(100003 + 5)) == -1
    assert not map_put(keys, vals, np.uint64(next(iter(reference))), 99)
    assert map_get(keys, vals, np.uint64(next(iter(reference)))) == 99


def test_growing_gives_up_when_a_stop_is_asked():
    stopped = np.zeros(SLOTS, dtype=np.int64)
    stopped[STOP] = STOP_CANCEL
    table = new_set(16)
    set_add(table, np.uint64(5))
    assert set_grow(table, stopped) is table or set_grow(table, stopped).shape == table.shape
    assert set_has(set_grow(table, stopped), np.uint64(5))
    keys, vals = new_map(16)
    map_put(keys, vals, np.uint64(9), 3)
    k2, v2 = map_grow(keys, vals, stopped)
    assert k2.shape == keys.shape and map_get(k2, v2, np.uint64(9)) == 3
