"""Peak memory against --max-memory: each search in a process of its own, measured from outside.

A process's peak includes the interpreter with numpy, numba and the family's compiled
solvers: the baseline, measured in the same run from a trivial solve of the same family.
Each row's ratio is the budget over what the search added to its baseline; below 1 the
search passed its budget. The cases are chosen so the budget binds (or, for the searches
that hold nothing that grows, so that they run long under it).
"""
from __future__ import annotations

import json

from bench import harness as h
from bench.harness import Report, Row

MIB = 2**20
WIDE = "AAbcde/AAfgh./....../....../....../......"  # levels that grow a hundredfold a move
HARD = ["--preset", "hengdao-lima", "--moves", "unit", "--distinct"]  # millions of positions to a solution

BASELINES = {
    "klotski": ["--board", "AA./AAb/..b", "--census"],
    "knights": ["--size", "5x5", "--no-board"],
    "link": ["--board", "AB/BA", "--clear"],
}
CASES = [
    ("census", "klotski", ["--board", WIDE, "--distinct", "--census"], ["200M", "1G"]),
    ("BFS", "klotski", [*HARD, "--algo", "bfs"], ["64M", "256M"]),
    ("A*", "klotski", [*HARD, "--algo", "astar"], ["64M", "256M"]),
    ("IDA*", "klotski", [*HARD, "--algo", "idastar", "--timeout", "10"], ["16M", "64M"]),
    ("knights counting", "knights", ["--size", "6x6", "--count", "--timeout", "10", "--no-board"], ["16M"]),
    ("link clearing", "link", ["--preset", "shisen-long", "--clear", "--timeout", "20"], ["2M", "4M"]),
]


def _mib(text: str) -> int:
    return int(text[:-1]) * (1024 if text.endswith("G") else 1)


def _solve(family: str, args: list[str]) -> h.Run:
    return h.ours("solve", family, *args, "--json")


def run(report: Report, bin_dir) -> None:
    baseline = {}
    for family, args in BASELINES.items():
        _solve(family, args)  # loads (or compiles) the family's solvers
        baseline[family] = _solve(family, args).max_rss_kb / 1024
    for name, family, args, budgets in CASES:
        for budget in budgets:
            mine = _solve(family, [*args, "--max-memory", budget])
            data = json.loads(mine.stdout)
            peak = mine.max_rss_kb / 1024
            added = peak - baseline[family]
            ended = data["status"] + (f" ({data['limit']})" if data.get("limit") else "")
            stats = data["stats"]
            report.add(Row(
                f"peak memory, {name} under --max-memory {budget}",
                f"{peak:.0f} MiB = baseline {baseline[family]:.0f} + {added:.0f} MiB; ended {ended} after "
                f"{stats['states_seen']:,} states, {stats['elapsed_s']:.1f} s",
                "", ratio=_mib(budget) / max(added, 1.0), goal=1,
                note="ratio = budget / memory added to the baseline (a trivial solve of the same family)"))
