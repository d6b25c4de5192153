"""A dense distance table is read in slices: counting its levels or finding its farthest positions
holds a few MiB beside it, never a copy the size of the table (bincount's would be eight times it:
a 3x4 tiles census under --max-memory 500M once peaked at 2.15 GiB so)."""
import tracemalloc

import numpy as np

from puzzle_explorer.core.kernels.tables import SCAN_BYTES, UNREACHED, DenseTable

N = 4 * 2**20  # 4 MiB of distances: bincount's copy alone would be 32 MiB


def distances() -> np.ndarray:
    dist = np.resize(np.arange(7, dtype=np.uint8), N)
    dist[::5] = UNREACHED
    return dist


def test_counting_and_the_farthest_hold_no_more_than_a_scan_beside_the_table():
    t = DenseTable(distances())
    tracemalloc.start()
    try:
        tracemalloc.reset_peak()
        levels = t.by_distance()
        states = t.states
        far = t.farthest(10)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak <= SCAN_BYTES + 2**20
    full = distances()
    assert levels == [int(np.count_nonzero(full == d)) for d in range(7)]
    assert states == int(np.count_nonzero(full != UNREACHED))
    assert list(far) == list(np.flatnonzero(full == 6)[:10])


def test_the_farthest_positions_span_slices():
    dist = np.full(3 * 2**20, 1, dtype=np.uint8)
    dist[[5, 2**20 + 3, 2**21 + 9]] = 4
    assert list(DenseTable(dist).farthest(5)) == [5, 2**20 + 3, 2**21 + 9]
    assert list(DenseTable(dist).farthest(2)) == [5, 2**20 + 3]


def test_the_levels_are_counted_by_one_scan_however_often_they_are_asked_for(monkeypatch):
    t = DenseTable(distances())
    scans = []
    chunks = DenseTable._chunks

    def counted(self):
        scans.append(1)
        return chunks(self)

    monkeypatch.setattr(DenseTable, "_chunks", counted)
    first = t.by_distance()
    first.append(99)  # a caller's copy: changing it changes nothing kept
    assert t.by_distance() == [int(np.count_nonzero(distances() == d)) for d in range(7)]
    assert t.states == sum(t.by_distance())
    assert len(scans) == 1
    t.farthest(3)  # finding positions reads the table again, but counts nothing again
    assert len(scans) == 2
