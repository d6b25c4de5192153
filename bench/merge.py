"""The census's merge alone: the reference layout's widest level's successors (sorted, one slice per
thread) against the two levels before, in ns per successor.

    PYTHONPATH=src python -m bench.merge [--against OTHER/census.py] [--rounds N]

--against loads another version of core/kernels/census.py (main's, say) into this process, and the two
merge the same successors in turns, the fastest of the rounds kept for each.
"""
from __future__ import annotations

import argparse
import sys
import time
from typing import Callable

import numpy as np

from bench.harness import Report, Row, other_version
from bench.sort import ROUNDS, halves, reference_levels, widest
from puzzle_explorer.core.kernels import census
from puzzle_explorer.core.kernels.counters import SLOTS

Merge = Callable[..., tuple]


def inputs():
    """(a, b, prev, cur, the next level, ctx): the widest level's successors in two sorted slices."""
    ctx, levels = reference_levels()
    at = widest(levels)
    prev, cur, expected = levels[at - 1], levels[at], levels[at + 1]
    a, b = (np.sort(keys) for keys in halves(ctx, cur))
    return a, b, prev, cur, expected, ctx


def ns_per_successor(merges: dict[str, Merge], rounds: int) -> tuple[int, dict[str, float]]:
    a, b, prev, cur, expected, ctx = inputs()
    nxt = np.zeros(a.shape[0] + b.shape[0], dtype=np.uint64)
    counters = np.zeros(SLOTS, dtype=np.int64)
    best = {name: float("inf") for name in merges}
    for _ in range(rounds):
        for name, merge in merges.items():
            start = time.perf_counter()
            n, _, _, _ = merge(a, a.shape[0], b, b.shape[0], prev, prev.shape[0], cur, cur.shape[0], nxt, ctx,
                               nxt.shape[0], counters)
            best[name] = min(best[name], time.perf_counter() - start)
            assert n == expected.shape[0] and np.array_equal(nxt[:n], expected), name
    return nxt.shape[0], {name: seconds / nxt.shape[0] * 1e9 for name, seconds in best.items()}


def other(path: str) -> Merge:
    return other_version(path, "other_census").merge_level


def run(report: Report, bin_dir=None) -> None:
    successors, got = ns_per_successor({"ours": census.merge_level}, ROUNDS)
    report.add(Row("census merge of the reference layout's widest level",
                   f"{got['ours']:.1f} ns a successor ({successors:,})", "none: figures of this machine"))


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.merge")
    parser.add_argument("--against", help="another version of core/kernels/census.py, merged in turns with this one")
    parser.add_argument("--rounds", type=int, default=ROUNDS)
    args = parser.parse_args(argv)
    merges = {"this": census.merge_level}
    if args.against:
        merges["other"] = other(args.against)
    successors, got = ns_per_successor(merges, args.rounds)
    print(f"widest level's {successors:,} successors: " + ", ".join(f"{name} {ns:.1f} ns a successor"
                                                                   for name, ns in got.items()))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
