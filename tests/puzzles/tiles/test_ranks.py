"""The numbering of the sweep's orders (kernels/ranks.py): an order unranked with its Lehmer digits,
and a tile's move down or up a column ranked from those digits, against ranking the moved order
whole."""
import random
from itertools import permutations

import pytest

from puzzle_explorer.puzzles.tiles.kernels.ranks import (
    halves,
    moved_earlier,
    moved_later,
    order_parity,
    order_rank,
    unrank_order,
)


def lehmer(order):
    return [sum(1 for later in order[i + 1:] if later < v) for i, v in enumerate(order)]


def unranked(order):
    """(rank, the order back from it, its digits)."""
    m = len(order)
    weights = list(halves(m))
    q = order_rank(order, m, weights)
    back, free, digits = [0] * m, [0] * m, [0] * m
    unrank_order(q, m, order_parity(order, m), weights, back, free, digits)
    return q, back, digits


def moved(order, a, b):
    out = list(order)
    out.insert(b, out.pop(a))
    return out


def orders(m, rng, most=300):
    if m <= 6:
        return [list(p) for p in permutations(range(m))]
    return [rng.sample(range(m), m) for _ in range(most)]


@pytest.mark.parametrize("m", [3, 4, 5, 6, 8, 11, 15])
def test_a_moved_entry_is_ranked_from_the_digits_as_the_whole_order_is(m):
    rng = random.Random(m)
    weights = list(halves(m))
    for order in orders(m, rng):
        q, back, digits = unranked(order)
        assert back == order and digits == lehmer(order)
        for a in range(m):
            for b in range(m):
                whole = order_rank(moved(order, a, b), m, weights)
                if b > a:
                    assert moved_later(order, digits, q, a, b, m, weights) == whole, (order, a, b)
                elif b < a:
                    assert moved_earlier(order, digits, q, a, b, m, weights) == whole, (order, a, b)
