"""Run in a fresh process: which kernel signatures a family's warm-up and its solvers compile.

    python -m tests.core.warm_probe FAMILY warm-first|solve-first ...

prints JSON: for each order named, the signatures its second step added to those of its first
(each order in a process of its own, forked once the modules are loaded: the loading, about a
second of processor time, is done once for all of them, and no kernel is loaded before the fork).
Kernels come from the disk cache, so this takes seconds once they are
compiled. The solvers run on every preset (and the first preset with each
option switched), under limits that end them in a moment: which kernels a
solve calls follows from the code path, not from the size of the board. A
census over worker processes stops where it would start them: they show
nothing in this process (census_without_workers).
"""
from __future__ import annotations

import json
import os
import sys
import traceback

from puzzle_explorer import core  # noqa: F401  (the kernel cache, before numba loads)
from puzzle_explorer.core.kernels.jit import KERNELS
from puzzle_explorer.core.run import runner
from puzzle_explorer.core.run.progress import SearchControl
from puzzle_explorer.core.run.runner import Job
from puzzle_explorer.core.run.search import Limits
from puzzle_explorer.puzzles import registry

LIMITS = Limits(max_states=2_000)
TIMEOUT_S = 0.03
# How often a job looks at its time limit: the runner's rate for progress (a tenth of a second) would
# let each search that meets the limit run three times as long as the limit says, and nothing here
# reads the progress.
CHECK_HZ = 200.0


def signatures() -> set[tuple[str, str]]:
    return {(f"{d.py_func.__module__}.{d.py_func.__qualname__}", str(sig)) for d in KERNELS for sig in d.signatures}


def variants(solver) -> list[dict]:
    """The default options, each switch flipped and each choice taken. Where a search runs is one
    variant: two local workers (Ray, when it is installed at all, runs the same kernels here)."""
    out: list[dict] = [{}]
    for o in solver.options:
        if o.name == "engine":
            continue
        if o.name == "workers":
            out.append({"workers": 2, "keep": False})  # a census spread over workers keeps no table
        elif o.kind == "bool":
            out.append({o.name: not o.default})
        elif o.kind == "choice":
            out += [{o.name: c} for c in o.choices if c != o.default]
    return out


def extras(family_id: str) -> None:
    """What a family runs besides its solvers: the same kernels, other callers."""
    if family_id == "link":
        from puzzle_explorer.puzzles.link.kernels.generate import generate
        for gravity in (False, True):
            generate(6, 4, 3, seed=1, gravity=gravity)
    if family_id == "knights":
        from puzzle_explorer.puzzles.knights.board import Board
        # the presets' narrow boards outgrow the probe's cap before their tour is walked out (thin_path)
        registry.get("knights").solve(Board(3, 4, (0, 0)), "warnsdorff", {}, SearchControl(), LIMITS)
        # a frontier step swept in pieces merges them once every piece is done: the presets' counts
        # stop at the probe's time limit before that on a busy machine, and split only on two cores
        from puzzle_explorer.puzzles.knights import frontier_count
        frontier_count.count(Board(5, 5, (0, 0)), False, SearchControl(), LIMITS, {}, workers=2)
        # the presets' counts from every square that meet in the middle take minutes (7x7)
        from puzzle_explorer.puzzles.knights import meet
        meet.count(meet.plan(5, 5, frozenset()), SearchControl().counters, workers=2)
        # and on Ray, whose actors (in this process here) load the kernels the count prepared
        from puzzle_explorer.puzzles.knights import frontier_ray
        from tests.core.scale.counts_here import HerePool
        p = meet.plan(5, 6, frozenset())
        frontier_ray.count_met(p, HerePool(2, frontier_ray.Halves(plan=p)), 1 << 40, lambda: None)
    if family_id == "tiles":
        import tempfile
        from pathlib import Path

        from puzzle_explorer.puzzles.tiles import pdb
        from puzzle_explorer.puzzles.tiles.kernels import patterns
        control = SearchControl()
        control.cancel()  # the database build compiles, starts and stops at its first look at the flag
        with tempfile.TemporaryDirectory() as folder:
            pdb.build(patterns.partition(3, 3, 8), control, Path(folder) / "probe.bin")
        # IDA*'s estimate (--estimate, and before a long iteration), with and without databases
        from puzzle_explorer.puzzles.tiles.kernels import estimate
        from puzzle_explorer.puzzles.tiles.solve import ready_idastar
        board = registry.get("tiles").parse("8 6 7/2 5 4/3 . 1")
        part = patterns.partition(3, 3, 8)
        with tempfile.TemporaryDirectory() as folder:
            built, _ = pdb.build(part, SearchControl(), Path(folder) / "probe.bin")
            for heuristic, dbs in (("manhattan", None), ("pdb", pdb.open_databases(part, built))):
                made = ready_idastar(board, heuristic, part, SearchControl(), LIMITS, dbs)
                estimate.iteration(made.setup, made.h0, probes=1)
    if family_id == "klotski":
        from puzzle_explorer.puzzles.klotski import distances
        # play's memory estimate for a table counts the placements of the pieces
        distances.space(registry.get("klotski").parse("AA./AAb/..b"), {}).estimate(LIMITS)
    if family_id == "cube8":
        from puzzle_explorer.puzzles.cube8.solve import build_table
        control = SearchControl()
        control.cancel()  # the sweep compiles, starts and stops at its first look at the flag
        build_table(control)


def exercise(family_id: str) -> None:
    family = registry.get(family_id)
    for i, preset in enumerate(family.presets):
        board = family.parse(preset.text)
        for solver in family.solvers:
            if solver.id == "table":
                continue  # answers from a file; its kernel is the sweep in extras()
            for options in variants(solver) if i == 0 else [{}]:
                job = Job(lambda c: family.solve(board, solver.id, options, c, LIMITS), timeout_s=TIMEOUT_S,
                          hz=CHECK_HZ)
                try:
                    job.run()
                except Exception:  # a refusal (bad combination) is not what this looks at
                    pass
    extras(family_id)


def split_whatever_the_size() -> None:
    """Take the split paths on any machine and any board: whether a census spreads over workers
    depends on the cores (core/scale/partitioned.py split_pays), whether a frontier step is cut
    into pieces on its states (knights/frontier.py), and the warm-up compiles their kernels for
    the machines and boards where they do."""
    from puzzle_explorer.core.scale import partitioned
    from puzzle_explorer.puzzles.knights import frontier

    partitioned.SPLIT_FROM = 1
    frontier.SPLIT_FROM = 1


class NoWorkerProcesses(Exception):
    """Raised where a partitioned census would start its worker processes."""


def census_without_workers() -> None:
    """A census over workers goes as far as its worker processes: this process prepares their
    kernels (core/scale/partitioned.py prepare_kernels) and they load them from the disk cache,
    so starting them (seconds of processor time) shows no signature here; what this process runs
    while they count (the live picture) the census in one process runs too. The census stops
    there, as a refusal does."""
    from puzzle_explorer.core.scale import census_local

    def no_workers(parts: int, need: int, modules: list[str]) -> census_local.LocalPool:
        raise NoWorkerProcesses()

    census_local.acquire = no_workers


def added(family, order: str) -> list:
    """The signatures the order's second step compiled beyond its first's."""
    first, second = (family.warm, lambda: exercise(family.id))
    if order == "solve-first":
        first, second = second, first
    first()
    before = signatures()
    second()
    return sorted(signatures() - before)


def in_a_child(job) -> tuple[int, int]:
    """Fork a process that runs job() and writes its JSON to a pipe: (pid, the pipe's read end)."""
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(read)
        status = 1
        try:
            with os.fdopen(write, "w") as out:
                json.dump(job(), out)
            status = 0
        except BaseException:
            traceback.print_exc()
        finally:
            sys.stderr.flush()
            os._exit(status)
    os.close(write)
    return pid, read


def main(family_id: str, *orders: str) -> int:
    split_whatever_the_size()
    census_without_workers()
    runner.MAX_RATE_HZ = CHECK_HZ
    family = registry.get(family_id)
    children = {order: in_a_child(lambda order=order: added(family, order)) for order in orders}
    found, failed = {}, []
    for order, (pid, read) in children.items():
        with os.fdopen(read) as pipe:
            text = pipe.read()
        if os.waitpid(pid, 0)[1] != 0:
            failed.append(order)
        else:
            found[order] = json.loads(text)
    print(json.dumps(found))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:]))
