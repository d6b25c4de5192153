import numpy as np
import pytest

from puzzle_explorer.core.kernels.counters import SLOTS
from puzzle_explorer.core.kernels.radix import SMALL, radix_sort


def sorted_by_radix(keys: np.ndarray) -> np.ndarray:
    n = keys.shape[0]
    work = keys.copy()
    spare = np.empty(n, dtype=np.uint64)
    return radix_sort(work, spare, n, np.zeros(SLOTS, dtype=np.int64))[:n]


@pytest.mark.parametrize("n,bits", [(0, 10), (1, 5), (1000, 3), (5000, 33), (20000, 63)])
def test_radix_sort_matches_numpy(n, bits):
    rng = np.random.default_rng(n + bits)
    keys = rng.integers(0, 2**bits, n, dtype=np.uint64) if n else np.zeros(0, np.uint64)
    assert np.array_equal(sorted_by_radix(keys), np.sort(keys))


def random64(rng, n: int) -> np.ndarray:
    return rng.integers(0, 2**63, n, dtype=np.uint64) * np.uint64(2) + rng.integers(0, 2, n, dtype=np.uint64)


@pytest.mark.parametrize("n", [SMALL - 1, SMALL, SMALL + 1, 100, 3000, 5000])
def test_every_digit_width_and_pass_count(n):
    """Around the insertion sort's threshold, the narrow digits of a few keys (6 bits for 100 keys:
    up to 11 passes) and the wide ones, four passes (counted unrolled) and more or fewer."""
    rng = np.random.default_rng(n)
    for bits in (1, 7, 20, 43, 48, 60):
        keys = rng.integers(0, 2**bits, n, dtype=np.uint64)
        assert np.array_equal(sorted_by_radix(keys), np.sort(keys)), bits
    keys = random64(rng, n)
    assert np.array_equal(sorted_by_radix(keys), np.sort(keys))


@pytest.mark.parametrize("n", [SMALL - 1, 5000])
def test_keys_of_0_and_of_64_bits(n):
    rng = np.random.default_rng(7)
    zeros = np.zeros(n, dtype=np.uint64)
    assert np.array_equal(sorted_by_radix(zeros), zeros)
    top = np.full(n, 2**64 - 1, dtype=np.uint64)
    assert np.array_equal(sorted_by_radix(top), top)
    extremes = rng.choice(np.array([0, 1, 2**63, 2**64 - 1], dtype=np.uint64), n)
    assert np.array_equal(sorted_by_radix(extremes), np.sort(extremes))


@pytest.mark.parametrize("shift", [0, 12, 24])
def test_a_digit_all_keys_share(shift):
    """5000 keys of 36 varying bits: three passes of 12 bits, one of them over a digit every key
    has alike."""
    rng = np.random.default_rng(shift)
    keys = rng.integers(0, 2**36, 5000, dtype=np.uint64) | np.uint64(1 << 35)
    digit = np.uint64(0xFFF << shift)
    keys = (keys & ~digit) | np.uint64(0xA5A << shift)
    assert np.array_equal(sorted_by_radix(keys), np.sort(keys))


def test_keys_that_share_their_top_bits():
    """Only the low bits vary: they alone are sorted, the shared top bits kept."""
    rng = np.random.default_rng(3)
    keys = np.uint64(0xDEAD_BEEF_0000_0000) | rng.integers(0, 2**20, 50_000, dtype=np.uint64)
    assert np.array_equal(sorted_by_radix(keys), np.sort(keys))
