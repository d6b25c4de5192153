"""The census's radix sort alone, on the successors one census thread sorts at the reference layout's
widest level (and on random keys of the same width), in ns per key.

    PYTHONPATH=src python -m bench.sort [--against OTHER/radix.py] [--rounds N]

--against loads another version of core/kernels/radix.py (main's, say) into this process, and the two
sort the same keys in turns, the fastest of the rounds kept for each: on a shared machine only
figures of one run compare. Under `python -m bench` the peer is numpy's sort.
"""
from __future__ import annotations

import argparse
import sys
import time
from typing import Callable

import numpy as np

from bench.harness import Report, Row, other_version
from bench.klotski import REFERENCE_LAYOUT
from puzzle_explorer.core.kernels import census
from puzzle_explorer.core.kernels.counters import SLOTS
from puzzle_explorer.core.kernels.radix import radix_sort
from puzzle_explorer.puzzles.klotski.board import parse
from puzzle_explorer.puzzles.klotski.kernels import moves  # noqa: F401  (the hooks the census calls)
from puzzle_explorer.puzzles.klotski.kernels.packing import encode, make_context, make_layout

ROUNDS = 9
Sort = Callable[[np.ndarray, np.ndarray, int], np.ndarray]


def reference_levels() -> tuple[object, list[np.ndarray]]:
    """A context of the reference layout (every piece distinct, unit moves) and its census's levels."""
    board = parse(REFERENCE_LAYOUT)
    layout = make_layout(board, "unit", True)
    start = np.array([encode(layout, board)], dtype=np.uint64)
    ctx = make_context(layout)
    layers = census.Layers(keep=True)
    census.census(start, [ctx], 2**62, 2**31, np.zeros(SLOTS, dtype=np.int64), layers)  # 2 GiB: room to spare
    ends = np.cumsum([0, *layers.sizes])
    return ctx, [layers.runs[ends[d]:ends[d + 1]] for d in range(len(layers.sizes))]


def widest(levels: list[np.ndarray]) -> int:
    return int(np.argmax([level.shape[0] for level in levels]))


def halves(ctx, level: np.ndarray) -> list[np.ndarray]:
    """The successors of each half of a level, unsorted: what each of the census's two threads
    expands there."""
    succ = np.empty(level.shape[0] * 8, dtype=np.uint64)
    counters = np.zeros(SLOTS, dtype=np.int64)
    half = level.shape[0] // 2
    out = []
    for lo, hi in ((0, half), (half, level.shape[0])):
        m, _ = census.expand_slice(level, lo, hi, ctx, succ, succ.shape[0], counters, False)
        out.append(succ[:m].copy())
    return out


def level_successors() -> np.ndarray:
    """What one of the census's two threads sorts at the reference census's widest level."""
    ctx, levels = reference_levels()
    return halves(ctx, levels[widest(levels)])[0]


def ns_per_key(sorts: dict[str, Sort], keys: np.ndarray, rounds: int) -> dict[str, float]:
    """Each sort's fastest of `rounds` on the same keys, the sorts in turns; every result checked."""
    expected = np.sort(keys)
    work, spare = keys.copy(), keys.copy()  # written once: no page is first touched while timed
    best = {name: float("inf") for name in sorts}
    for _ in range(rounds):
        for name, sort in sorts.items():
            work[:] = keys
            start = time.perf_counter()
            out = sort(work, spare, keys.shape[0])
            best[name] = min(best[name], time.perf_counter() - start)
            assert np.array_equal(out[:keys.shape[0]], expected), name
    return {name: seconds / keys.shape[0] * 1e9 for name, seconds in best.items()}


def ours() -> Sort:
    counters = np.zeros(SLOTS, dtype=np.int64)
    return lambda keys, spare, n: radix_sort(keys, spare, n, counters)


def other(path: str) -> Sort:
    module = other_version(path, "other_radix")
    counters = np.zeros(SLOTS, dtype=np.int64)
    return lambda keys, spare, n: module.radix_sort(keys, spare, n, counters)


def inputs() -> dict[str, np.ndarray]:
    level = level_successors()
    bits = int(np.bitwise_or.reduce(level)).bit_length()
    rng = np.random.default_rng(30)
    return {f"census level ({level.shape[0]:,} keys, {bits} bits)": level,
            f"random keys ({level.shape[0]:,}, {bits} bits)": rng.integers(0, 2**bits, level.shape[0], dtype=np.uint64)}


def run(report: Report, bin_dir=None) -> None:
    numpy_sort: Sort = lambda keys, spare, n: np.sort(keys[:n])  # noqa: E731
    for what, keys in inputs().items():
        got = ns_per_key({"ours": ours(), "numpy": numpy_sort}, keys, ROUNDS)
        report.add(Row(f"census radix sort, {what}", f"{got['ours']:.1f} ns a key",
                       f"numpy's sort: {got['numpy']:.1f} ns a key", ratio=got["numpy"] / got["ours"]))


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.sort")
    parser.add_argument("--against", help="another version of core/kernels/radix.py, sorted in turns with this one")
    parser.add_argument("--rounds", type=int, default=ROUNDS)
    args = parser.parse_args(argv)
    sorts = {"this": ours()}
    if args.against:
        sorts["other"] = other(args.against)
    for what, keys in inputs().items():
        got = ns_per_key(sorts, keys, args.rounds)
        print(f"{what}: " + ", ".join(f"{name} {ns:.1f} ns a key" for name, ns in got.items()))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
