"""One frontier step with counts in one word, into one flat table sized once (kernels/frontier_table.py).

The states are expanded a chunk at a time, each thread a share of the chunk into a moves buffer of
its own; then each thread adds the moves of its hash region, from every buffer, into the table.
So the step holds its input, the table (about 20 bytes a state) and the fixed buffers, and the
answer is the same for any number of threads and any order of the pieces.
"""
from __future__ import annotations

import math
import random
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import numpy as np

from puzzle_explorer.puzzles.knights.kernels import frontier as kern
from puzzle_explorer.puzzles.knights.kernels import frontier_table as table_kern

CHUNK = 1 << 17  # states a thread expands between two rounds of adding
TABLE_BYTES = 16 * table_kern.LOAD_DEN / table_kern.LOAD_NUM  # a state's share of the table
HELD_BYTES = 16  # a state kept between steps: its key and its count
GROWTH = 1.5  # a full table's next size


class Wide(Exception):
    """A count would pass 64 bits: the step is swept again with two words a count."""


class Full(Exception):
    """The step's states would pass the room left."""


class FlatStop(Exception):
    """Python asked the kernels to stop."""


def buffers(threads: int) -> list[tuple[np.ndarray, np.ndarray]]:
    """Each thread's moves buffer: keys and counts for CHUNK states."""
    size = CHUNK * kern.MOST_MOVES
    return [(np.empty(size, dtype=np.uint64), np.empty(size, dtype=np.uint64)) for _ in range(threads)]


def scratch_bytes(threads: int) -> int:
    return threads * CHUNK * kern.MOST_MOVES * 16


def step(pairs: np.ndarray, args: tuple[Any, ...], expected: int, room: int,
         counters: np.ndarray, pool: ThreadPoolExecutor | None, bufs: list[tuple[np.ndarray, np.ndarray]],
         order: int | None = None, kernel: Any = kern.expand) -> tuple[np.ndarray, int]:
    """States (key, count) pairs moved past one cell (args: kern.expand's from span to last; `kernel` another
    with expand's arguments and answer, kern.fold). Returns the new states as (key, count) pairs in
    one array, and the whole tours. `expected` sizes the table; `room` is the most states it may hold."""
    n = pairs.shape[0] // 2
    threads = len(bufs) if pool is not None else 1
    parts = threads
    slots = max(16, math.ceil(max(expected, 16) * table_kern.LOAD_DEN / table_kern.LOAD_NUM / parts) + 1)
    _check_room(slots, parts, room)
    table = np.empty(2 * slots * parts, dtype=np.uint64)
    table_kern.clear(table)
    used = [0] * parts
    whole = 0
    for first in range(0, n, CHUNK * threads):
        bounds = np.linspace(first, min(n, first + CHUNK * threads), threads + 1).astype(np.int64).tolist()
        ranges = list(enumerate(zip(bounds, bounds[1:])))
        if order is not None:
            random.Random(order + first).shuffle(ranges)

        def expand(r: tuple[int, tuple[int, int]]) -> tuple[int, int]:
            t, (a, b) = r
            code, m, wlo, whi = kernel(pairs, a, b, *args, bufs[t][0], bufs[t][1], counters)
            if code == kern.STOPPED:
                raise FlatStop()
            return m, int(wlo) + (int(whi) << 64)

        done = dict(zip((t for t, _ in ranges), run_pieces(pool, expand, ranges)))
        whole += sum(w for _, w in done.values())
        at = {(p, t): 0 for p in range(parts) for t in done}
        while True:
            def add(p: int) -> bool:
                """Region p's moves of every buffer; False when the region filled."""
                for t in sorted(done):
                    m = done[t][0]
                    code, used[p], j = table_kern.absorb(table, p, parts, slots, used[p], bufs[t][0], bufs[t][1],
                                                         at[(p, t)], m, counters)
                    at[(p, t)] = j
                    if code == table_kern.STOPPED:
                        raise FlatStop()
                    if code == table_kern.WIDE:
                        raise Wide()
                    if code == table_kern.GROW:
                        return False
                return True

            if all(run_pieces(pool, add, list(range(parts)))):
                break
            bigger = math.ceil(slots * GROWTH)
            _check_room(bigger, parts, room)
            grown = np.empty(2 * bigger * parts, dtype=np.uint64)
            table_kern.clear(grown)
            table_kern.move_into(table, slots, grown, bigger, parts)
            table, slots = grown, bigger
    m = table_kern.compact(table)
    table.resize(2 * m, refcheck=False)  # the slots past the last state go back to the system
    return table, whole


def _check_room(slots: int, parts: int, room: int) -> None:
    if table_kern.room_of(slots) * parts > room:
        raise Full()


def run_pieces(pool: ThreadPoolExecutor | None, fn: Any, items: list[Any]) -> list[Any]:
    """fn of each item: on the pool's threads, or in turn here (no pool, or one item)."""
    if pool is None or len(items) == 1:
        return [fn(x) for x in items]
    return list(pool.map(fn, items))
