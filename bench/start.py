"""A warm command-line solve against a bare `python -c "import numpy"`: the CPU time (user + system)
of the whole process, each the median of 15 runs taken in turn in one loop, so that a loaded machine
slows all alike. The kernels come from the cache and the modules from their bytecode, as after an
install (one solve first fills both, whatever PYTHONDONTWRITEBYTECODE says here).

In the same loop, the floor under the solve: `import numba` alone, and numba with the collector
held as the program holds it (cli/main.py). Any command that runs a kernel pays that, and then
about 60 ms more to load one from the cache (numba's runtime compiled for the process, the
modules a kernel's machine code links against).

    python -m bench.start [RUNS]      prints the ratios alone (PUZZLE_EXPLORER_CACHE chooses the cache)
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
NUMBA = [sys.executable, "-c", "import numba"]
NUMBA_HELD = [sys.executable, "-c", "import gc; gc.disable(); import numba; gc.freeze()"]

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


def measure(runs: int = RUNS) -> dict[str, float]:
    """The medians in CPU seconds: solve, numpy, numba, numba held."""
    subprocess.run(SOLVE, check=True, stdout=subprocess.DEVNULL, env=ENV)  # the kernels into the cache, bytecode
    commands = {"solve": SOLVE, "numpy": NUMPY, "numba": NUMBA, "numba held": NUMBA_HELD}
    for cmd in commands.values():
        cpu_seconds(cmd)
    times: dict[str, list[float]] = {name: [] for name in commands}
    for _ in range(runs):
        for name, cmd in commands.items():
            times[name].append(cpu_seconds(cmd))
    return {name: statistics.median(values) for name, values in times.items()}


def run(report: Report, bin_dir: Path) -> None:
    medians = measure()
    solve, numpy = medians["solve"], medians["numpy"]
    report.add(Row(f"start: `solve klotski --preset hengdao-lima`, CPU, median of {RUNS}",
                   f"{solve:.2f} s", f"python -c 'import numpy' {numpy:.2f} s",
                   ratio=GOAL * numpy / solve, goal=1,
                   note=f"{solve / numpy:.1f}x numpy's import (goal at most {GOAL:g}x); numba's import alone "
                        f"{medians['numba'] / numpy:.1f}x, with the collector held "
                        f"{medians['numba held'] / numpy:.1f}x"))


if __name__ == "__main__":
    medians = measure(int(sys.argv[1]) if len(sys.argv) > 1 else RUNS)
    numpy = medians["numpy"]
    print(f"solve {medians['solve']:.3f} s  numpy {numpy:.3f} s  ratio {medians['solve'] / numpy:.2f}x "
          f"(goal at most {GOAL:g}x)")
    print(f"floor: import numba {medians['numba'] / numpy:.2f}x, "
          f"with the collector held {medians['numba held'] / numpy:.2f}x")
