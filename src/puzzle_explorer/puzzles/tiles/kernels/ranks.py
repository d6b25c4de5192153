"""Numbering the positions a board can reach densely: a perfect rank for the distance table.

A position is read as its blank's cell and its tiles in reading order, the
blank skipped. A slide along a row leaves that order as it is; a slide along a
column carries one tile past width - 1 others. So the order's parity plus
(width - 1) times the blank's row is the same for every position a board can
reach: the board's class (the parity rule of parity.py in another form), and
the positions of one class are exactly those the goal of that class reaches.

For each blank cell, half the orders have the parity the class needs there.
An order's lexicographic rank, halved, numbers that half without gaps: the
order and the one with its last two tiles swapped differ only in the last
Lehmer digit that counts (its weight 1!), and in parity, so one of each such
pair is in the class. A position's number is then

    blank cell * (m! / 2) + lexicographic rank of the order // 2,   m = cells - 1

from 0 to n!/2 - 1. The functions run inside kernels (helpers) and from
Python too, where given lists of Python ints they number boards of any size
exactly.
"""
from __future__ import annotations

from collections.abc import Sequence
from math import factorial

import numpy as np

from puzzle_explorer.core.kernels.jit import helper


def halves(m: int) -> np.ndarray:
    """weights[i] = (m - 1 - i)! / 2, the weight of Lehmer digit i in the halved rank (i < m - 2)."""
    return np.array([factorial(m - 1 - i) // 2 for i in range(m - 2)] or [0], dtype=np.int64)


def positions(cells: int) -> int:
    """How many positions one class holds: cells! / 2."""
    return factorial(cells) // 2


@helper
def order_of(tiles, n, order):
    """Write the tiles but the blank, in reading order and less one (0 .. n-2), into order; return
    the blank's cell."""
    blank = -1
    k = 0
    for c in range(n):
        t = tiles[c]
        if t == 0:
            blank = c
        else:
            order[k] = t - 1
            k += 1
    return blank


@helper
def order_rank(order, m, weights):
    """The halved lexicographic rank of order[0:m] (weights from halves(m))."""
    r = 0
    for i in range(m - 2):
        smaller = 0
        v = order[i]
        for j in range(i + 1, m):
            if order[j] < v:
                smaller += 1
        r += smaller * weights[i]
    return r


@helper
def order_parity(order, m):
    """0 when order[0:m] has an even number of inversions, 1 when odd."""
    odd = 0
    for i in range(m):
        v = order[i]
        for j in range(i + 1, m):
            if order[j] < v:
                odd ^= 1
    return odd


@helper
def needed_parity(cls, blank, width):
    """The parity an order must have, with the blank at that cell, to be of class cls."""
    return (cls + (width - 1) * (blank // width)) & 1


@helper
def unrank_order(q, m, need, weights, order, free, digits):
    """Write into order[0:m] the order of halved rank q whose parity is need (free: m scratch), and
    into digits[0:m] its Lehmer digits: how many entries after each are smaller."""
    for v in range(m):
        free[v] = v
    left = m
    odd = 0
    for i in range(m - 2):
        d = q // weights[i]
        q -= d * weights[i]
        order[i] = free[d]
        for j in range(d, left - 1):
            free[j] = free[j + 1]
        left -= 1
        odd += d
        digits[i] = d
    # the last two: in order (digit 0) or swapped (digit 1), whichever gives the parity
    if (odd & 1) == need:
        order[m - 2], order[m - 1] = free[0], free[1]
        digits[m - 2] = 0
    else:
        order[m - 2], order[m - 1] = free[1], free[0]
        digits[m - 2] = 1
    digits[m - 1] = 0


@helper
def _weight(weights, i, m):
    """Lehmer digit i's weight in the halved rank: none for the last two, which the parity fixes."""
    return weights[i] if i < m - 2 else 0


@helper
def moved_later(order, digits, q, a, b, m, weights):
    """The halved rank of order (rank q, Lehmer digits `digits`) with its entry at a moved to b > a,
    the entries between one place earlier each. Only the digits at a..b change: each entry passed
    gains the moved one after it where it is larger, and the moved one keeps those after b."""
    v = order[a]
    r = q - digits[a] * _weight(weights, a, m)
    passed = 0  # entries passed that are smaller than the moved one
    for p in range(a + 1, b + 1):
        e = order[p]
        r += (digits[p] + (v < e)) * _weight(weights, p - 1, m) - digits[p] * _weight(weights, p, m)
        passed += e < v
    return r + (digits[a] - passed) * _weight(weights, b, m)


@helper
def moved_earlier(order, digits, q, a, b, m, weights):
    """moved_later for b < a: the entries between one place later each, and each loses the moved
    one after it where it is larger; the moved one gains those smaller than it."""
    v = order[a]
    r = q - digits[a] * _weight(weights, a, m)
    passed = 0
    for p in range(b, a):
        e = order[p]
        r += (digits[p] - (v < e)) * _weight(weights, p + 1, m) - digits[p] * _weight(weights, p, m)
        passed += e < v
    return r + (digits[a] + passed) * _weight(weights, b, m)


@helper
def tiles_of(order, blank, n, tiles):
    """The cells' contents from the blank's cell and the order (the inverse of order_of)."""
    k = 0
    for c in range(n):
        if c == blank:
            tiles[c] = 0
        else:
            tiles[c] = order[k] + 1
            k += 1


# --- from Python -------------------------------------------------------------------------------

def board_class(tiles: Sequence[int], width: int) -> int:
    """0 or 1: which of the two classes of positions the arrangement is in."""
    n = len(tiles)
    order = [0] * (n - 1)
    blank = order_of(list(tiles), n, order)
    return int(order_parity(order, n - 1) + (width - 1) * (blank // width)) & 1


def rank(tiles: Sequence[int], width: int) -> int:
    """The arrangement's number in its class (exact for any size)."""
    n = len(tiles)
    m = n - 1
    order = [0] * m
    blank = order_of(list(tiles), n, order)
    weights = [factorial(m - 1 - i) // 2 for i in range(m - 2)]
    return int(blank * (factorial(m) // 2) + order_rank(order, m, weights))


def unrank(number: int, cells: int, width: int, cls: int) -> tuple[int, ...]:
    """The arrangement of class cls with that number."""
    m = cells - 1
    weights = [factorial(m - 1 - i) // 2 for i in range(m - 2)]
    blank, q = divmod(number, factorial(m) // 2)
    order, free, digits, tiles = [0] * m, [0] * m, [0] * m, [0] * cells
    unrank_order(q, m, needed_parity(cls, blank, width), weights, order, free, digits)
    tiles_of(order, blank, cells, tiles)
    return tuple(tiles)
