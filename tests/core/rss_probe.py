"""Peak resident memory of each engine search under a budget, measured inside one fresh process.

    python -m tests.core.rss_probe BUDGET_MIB

For each search: warm it (compiled kernels load), reset the kernel's peak-RSS
record (/proc/self/clear_refs), run it on an endless tree until a limit ends
it, and print one JSON line: the resident set before, the peak during, the
status and the limit. Linux only.
"""
from __future__ import annotations

import gc
import json
import re
import sys

import numpy as np

from puzzle_explorer import core  # noqa: F401  (the kernel cache, before numba loads)
from puzzle_explorer.core.run.runner import Job
from puzzle_explorer.core.run.search import Limits, count_states, shortest_path
from tests.core.tree_puzzle import NO_GOAL

ROOT = np.array([0], dtype=np.uint64)
GOALS = np.array([NO_GOAL.goal], dtype=np.uint64)
SEARCHES = ("bfs", "bibfs", "astar", "idastar", "census")


def status_kib(field: str) -> int:
    with open("/proc/self/status") as f:
        return int(re.search(rf"^{field}:\s+(\d+) kB", f.read(), re.MULTILINE).group(1))


def run(name: str, limits: Limits):
    if name == "census":
        task = lambda control: count_states(ROOT, [NO_GOAL, NO_GOAL], control, limits)  # noqa: E731
    else:
        task = lambda control: shortest_path(name, ROOT, NO_GOAL, control, limits, goals=GOALS)  # noqa: E731
    # IDA* never outgrows its budget on this tree (a full table only prunes less): a time limit ends it
    return Job(task, timeout_s=1.5).run()


def main(budget_mib: int) -> None:
    limits = Limits(max_memory=budget_mib * 2**20)
    for name in SEARCHES:
        run(name, Limits(max_states=100))
        gc.collect()
        with open("/proc/self/clear_refs", "w") as f:
            f.write("5")  # peak RSS := RSS now
        before = status_kib("VmRSS")
        out = run(name, limits)
        peak = status_kib("VmHWM")
        print(json.dumps({"search": name, "before_kib": before, "peak_kib": peak, "status": out.status.value,
                          "limit": out.limit.value if out.limit else None}), flush=True)
        del out


if __name__ == "__main__":
    main(int(sys.argv[1]))
