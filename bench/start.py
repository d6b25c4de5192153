"""A warm command-line solve against a bare `python -c "import numpy"`: the CPU time (user + system)
of the whole process, each the median of 15 runs taken in turn in one loop, so that a loaded machine
slows both alike. The kernels come from the cache and the modules from their bytecode, as after an
install (one solve first fills both, whatever PYTHONDONTWRITEBYTECODE says here).

    python -m bench.start [RUNS]      prints the ratio alone (PUZZLE_EXPLORER_CACHE chooses the cache)
"""
from __future__ import annotations

import os
import statistics
import subprocess
import sys
from pathlib import Path

from bench.harness import Report, Row

GOAL = 4.0
RUNS = 15
SOLVE = [sys.executable, "-m", "puzzle_explorer", "solve", "klotski", "--preset", "hengdao-lima"]
NUMPY = [sys.executable, "-c", "import numpy"]


ENV = {name: value for name, value in os.environ.items() if name != "PYTHONDONTWRITEBYTECODE"}


def cpu_seconds(cmd: list[str]) -> float:
    """User plus system CPU time of one process run to its end (its own, from wait4)."""
    with open(os.devnull, "wb") as devnull:
        pid = os.posix_spawnp(cmd[0], cmd, ENV, file_actions=[
            (os.POSIX_SPAWN_DUP2, devnull.fileno(), 1), (os.POSIX_SPAWN_DUP2, devnull.fileno(), 2)])
    _, status, usage = os.wait4(pid, 0)
    if os.waitstatus_to_exitcode(status) != 0:
        raise RuntimeError(f"{' '.join(cmd[1:])} failed (exit status {os.waitstatus_to_exitcode(status)})")
    return usage.ru_utime + usage.ru_stime


def measure(runs: int = RUNS) -> tuple[float, float]:
    """The medians (solve, numpy) in CPU seconds."""
    subprocess.run(SOLVE, check=True, stdout=subprocess.DEVNULL, env=ENV)  # the kernels into the cache, bytecode
    cpu_seconds(NUMPY)
    solve, numpy = [], []
    for _ in range(runs):
        solve.append(cpu_seconds(SOLVE))
        numpy.append(cpu_seconds(NUMPY))
    return statistics.median(solve), statistics.median(numpy)


def run(report: Report, bin_dir: Path) -> None:
    solve, numpy = measure()
    report.add(Row(f"start: `solve klotski --preset hengdao-lima`, CPU, median of {RUNS}",
                   f"{solve:.2f} s", f"python -c 'import numpy' {numpy:.2f} s",
                   ratio=GOAL * numpy / solve, goal=1,
                   note=f"{solve / numpy:.1f}x numpy's import; goal at most {GOAL:g}x"))


if __name__ == "__main__":
    solve, numpy = measure(int(sys.argv[1]) if len(sys.argv) > 1 else RUNS)
    print(f"solve {solve:.3f} s  numpy {numpy:.3f} s  ratio {solve / numpy:.2f}x (goal at most {GOAL:g}x)")
