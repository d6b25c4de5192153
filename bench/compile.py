"""Compiling: every family's kernels from a cold cache, and the first solve once they are in it.

Cold compile: each family's warm-up in a fresh process with an empty kernel
cache, timed in CPU seconds of that process (the compiler's own work, much
steadier than wall time on a machine others share), best of REPEATS. The
baseline is the same measure of the sources before the compile-time cuts.
Then `puzzle-explorer warm`, as `make run` calls it after installing, on an
empty cache: its wall time with one process per core. Last, the first solve
of each family in a fresh process after that warm-up: numba's one-time
start-up and loading the kernels from the cache included (the app does both
in the background as it starts), against the same solve repeated in that
process ("as warm").
"""
from __future__ import annotations

import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile

from bench.harness import ROOT, Report, Row
from puzzle_explorer.puzzles import registry

REPEATS = 2
FIRST_SOLVE_GOAL_S = 1.0
START_REPEATS = 5
START_GOAL = 4  # a warm command-line solve costs at most this many times a bare `import numpy`
START_COMMAND = ("solve", "klotski", "--preset", "hengdao-lima")
# CPU seconds of each family's cold warm-up before the cuts (the sources at 648110c), measured on
# this machine the way cold_compile() does. That warm-up lacked knights' narrow-board kernels
# (about 3.5 s more), which the one now compiles.
BASELINE_CPU_S = {"klotski": 25.8, "cube8": 16.8, "link": 14.3, "knights": 8.5, "die": 6.7}

_COLD = """
import json, sys, time
from puzzle_explorer import core
from puzzle_explorer.puzzles import registry
family = registry.get(sys.argv[1])
cpu = time.process_time()
family.warm()
print(json.dumps({"cpu_s": time.process_time() - cpu, "kernels": len(family.kernels())}))
"""

_FIRST = """
import json, sys, time
from puzzle_explorer import core
from puzzle_explorer.core.run.progress import SearchControl
from puzzle_explorer.core.run.search import Limits
from puzzle_explorer.puzzles import registry
family = registry.get(sys.argv[1])
board = family.parse(family.presets[0].text)
solver = family.solvers[0].id
times = []
for _ in range(3):
    start = time.perf_counter()
    family.solve(board, solver, {}, SearchControl(), Limits())
    times.append(time.perf_counter() - start)
print(json.dumps({"first_s": times[0], "warm_s": min(times[1:]), "preset": family.presets[0].id, "solver": solver}))
"""


def _python(code: str, *args: str, cache: str) -> dict:
    done = subprocess.run([sys.executable, "-c", code, *args], cwd=ROOT, capture_output=True, text=True,
                          env={**os.environ, "PUZZLE_EXPLORER_CACHE": cache})
    if done.returncode != 0:
        raise RuntimeError(done.stderr[-2000:])
    return json.loads(done.stdout.strip().splitlines()[-1])


def cold_compile(family_id: str) -> dict:
    """The family's warm-up in a fresh process on an empty cache: CPU seconds, best of REPEATS."""
    runs = []
    for _ in range(REPEATS):
        with tempfile.TemporaryDirectory(prefix="pe-cold-") as cache:
            runs.append(_python(_COLD, family_id, cache=cache))
    return min(runs, key=lambda r: r["cpu_s"])


def _child_cpu_s(argv: list[str], env: dict[str, str]) -> float:
    """CPU seconds (user and system) of one run of argv, best of START_REPEATS."""
    best = float("inf")
    for _ in range(START_REPEATS):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run(argv, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        best = min(best, after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return best


def command_line_start(report: Report, cache: str) -> None:
    """A warm command-line solve (kernels in the cache) against a bare `import numpy`, in CPU seconds."""
    env = {**os.environ, "PUZZLE_EXPLORER_CACHE": cache}
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # as installed: the modules' bytecode is kept
    solve = [sys.executable, "-m", "puzzle_explorer", *START_COMMAND]
    subprocess.run(solve, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)  # bytecode
    ours = _child_cpu_s(solve, env)
    numpy = _child_cpu_s([sys.executable, "-c", "import numpy"], env)
    report.add(Row(f"`{' '.join(START_COMMAND)}`, warm, against `python -c 'import numpy'`",
                   f"{ours:.2f} s of CPU", f"{numpy:.2f} s of CPU for import numpy",
                   ratio=START_GOAL * numpy / ours, goal=1,
                   note=f"ratio = {START_GOAL} x import numpy / the solve: 1 or more when the solve costs at most "
                        f"{START_GOAL} times as much (best of {START_REPEATS})"))


def run(report: Report, bin_dir) -> None:
    families = list(registry.families())
    total = 0.0
    for family_id in families:
        cold = cold_compile(family_id)
        total += cold["cpu_s"]
        before = BASELINE_CPU_S.get(family_id)
        report.add(Row(f"cold compile, {family_id}: {cold['kernels']} kernels, one fresh process",
                       f"{cold['cpu_s']:.1f} s of CPU", f"{before:.1f} s before the cuts" if before else "",
                       ratio=before / cold["cpu_s"] if before else None,
                       note="ratio = CPU seconds before the cuts / now"))
    before_total = sum(BASELINE_CPU_S.values())
    report.add(Row("cold compile, every family", f"{total:.1f} s of CPU", f"{before_total:.1f} s before the cuts",
                   ratio=before_total / total, goal=2, note="goal: half the CPU time of before"))

    cache = tempfile.mkdtemp(prefix="pe-warm-")
    try:
        done = subprocess.run([sys.executable, "-m", "puzzle_explorer", "warm", "--json"], cwd=ROOT, capture_output=True,
                              text=True, env={**os.environ, "PUZZLE_EXPLORER_CACHE": cache})
        if done.returncode != 0:
            raise RuntimeError(done.stderr[-2000:])
        warm = json.loads(done.stdout)
        report.add(Row(f"`puzzle-explorer warm` on an empty cache ({warm['jobs']} processes), as make run does",
                       f"{warm['wall_s']:.1f} s wall, {warm['cpu_s']:.1f} s of CPU", "",
                       note="once per install or update of the sources (the app does it in the background)"))
        kernels = sum(len(f["kernels"]) for f in warm["families"].values())
        report.add(Row("kernel signatures compiled ahead", f"{kernels}", "", note="every family's, as `warm` lists them"))
        for family_id in families:
            first = _python(_FIRST, family_id, cache=cache)
            report.add(Row(f"first {family_id} solve after the warm-up, fresh process: under "
                           f"{FIRST_SOLVE_GOAL_S:g} s",
                           f"{first['first_s']:.2f} s ({first['solver']} on {first['preset']}; "
                           f"{first['warm_s'] * 1000:.1f} ms once loaded)", "",
                           ratio=FIRST_SOLVE_GOAL_S / first["first_s"], goal=1,
                           note=f"ratio = {FIRST_SOLVE_GOAL_S:g} s / the first solve (kernels loaded from the cache)"))
        command_line_start(report, cache)
    finally:
        shutil.rmtree(cache, ignore_errors=True)
