"""Sliding tiles: Korf's 100 random 15-puzzles against the published numbers, in one run.

There is no peer program: the references are Korf's own figures. Each
instance must come out at exactly its published optimal length. Search time
is the kernels' own clock (compilation and building the databases excluded).

- Pattern database builds: 6-6-3 afresh into a temporary folder; 7-8 into the
  user's cache if it is not there yet (minutes), as `--build-pdb --pdb 7-8` does,
  over every core. Then 6-6-3 and 7-8 again into a temporary folder on 1 thread
  and on 2: the speed-up (goal 1.7x for 7-8), the wall time on 2 (goal 3 minutes)
  and the CPU time an entry on each (on a busy machine, what the threads cost).
- All 100 with the 7-8 databases: total search time against the 1 s goal,
  average nodes expanded against the 25,000 goal, next to the 36,710 Korf and
  Felner (2002) published for their 7-8 partition; 6-6-3 for comparison.
- Ten of them, each solved by the command line in a process of its own: the
  searches' total time against the 1 s goal (the tables mapped, not read in).
- IDA* with Manhattan distance on the first 10: nodes generated against the
  counts Korf published (1985), and nodes per second.
- Korf's #70 by Manhattan distance with its large iterations split over 2 local workers against
  the whole search here: the same path and nodes, and the speed ratio.
- The engine's generic IDA* (packed states, heuristic from scratch) against
  this family's kernel on a few easy instances: why the family has its own.

The 7-8 build on other thread counts (a machine with more cores):

    python -m bench.tiles --workers 1,2,4,8,16
"""
from __future__ import annotations

import json
import random
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

from bench.harness import ROOT, Report, Row, ours
from puzzle_explorer.core.run.progress import SearchControl
from puzzle_explorer.core.run.race import cores
from puzzle_explorer.core.run.search import Limits, shortest_path
from puzzle_explorer.core.run.status import Status
from puzzle_explorer.core.scale.engine import LOCAL, EngineSpec
from puzzle_explorer.puzzles.tiles import pdb as D
from puzzle_explorer.puzzles.tiles import split as S
from puzzle_explorer.puzzles.tiles.board import Board, solved_tiles
from puzzle_explorer.puzzles.tiles.distances import one_line
from puzzle_explorer.puzzles.tiles.kernels import patterns as P
from puzzle_explorer.puzzles.tiles.kernels.hooks import make_context, pack
from puzzle_explorer.puzzles.tiles.solve import run_idastar

KORF = ROOT.parent / "shared" / "data" / "korf100.txt"
GOAL_S = 1.0  # all 100 with 7-8, and ten in a process each
GOAL_NODES = 25_000  # expanded per instance, with 7-8
GOAL_SPEEDUP = 1.7  # the 7-8 build on 2 threads against 1
GOAL_BUILD_S = 180.0  # the 7-8 build's wall time on 2 threads
PUBLISHED_7_8 = 36_710  # average nodes, Korf and Felner (2002), 7-8 partition with its reflection
PUBLISHED_SOURCE = "Korf and Felner 2002, Disjoint pattern database heuristics, AIJ 134: 7-8 with its reflection"


def instances() -> list[tuple[int, int, int, Board]]:
    """(number, optimal length, Korf's Manhattan node count, board) for each line of korf100.txt."""
    out = []
    for line in KORF.read_text().splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        words = [int(w) for w in line.split()]
        out.append((words[0], words[1], words[2], Board(4, 4, tuple(words[3:]), solved_tiles(4, 4, True))))
    return out


def _build_row(report: Report, part: P.Partition, fresh: bool) -> D.Databases:
    """Build (fresh: into a temporary folder, timed now) or reuse the cache; report size and time."""
    if fresh:
        with tempfile.TemporaryDirectory(prefix="tiles-bench-") as folder:
            path, seconds = D.build(part, SearchControl(), Path(folder) / D.file_name(part))
            dbs = D.open_databases(part, path)  # the mapping outlives the file
        report.add(Row(f"pattern databases {part.name}: build time and size",
                       f"{D.summary(part)} in {seconds:.1f} s of search "
                       f"(peak memory {D.build_memory(part) / 2**20:,.0f} MiB)", ""))
        return dbs
    dbs = D.open_databases(part)
    when = "already in the cache; its build took"
    if dbs is None:
        path, _ = D.build(part, SearchControl())  # one thread a core
        dbs = D.open_databases(part, path)
        when = "built now in"
    report.add(Row(f"pattern databases {part.name}: build time and size",
                   f"{D.summary(part)}, {when} {dbs.built_s:.0f} s of search "
                   f"(peak memory {D.build_memory(part) / 2**20:,.0f} MiB)", ""))
    return dbs


def _korf100(report: Report, cases, part: P.Partition, dbs: D.Databases, goal: float | None) -> None:
    total_s, nodes, worst = 0.0, 0, (0.0, 0)
    cpu = time.thread_time()
    for number, length, _, board in cases:
        status, _, blanks, stats, _ = run_idastar(board, "pdb", part, SearchControl(), Limits(), dbs)
        assert status == Status.SOLVED and len(blanks) - 1 == length, (number, len(blanks) - 1, length)
        total_s += stats.elapsed_s
        nodes += stats.nodes_expanded
        worst = max(worst, (stats.elapsed_s, number))
    cpu = time.thread_time() - cpu
    avg = nodes / len(cases)
    report.add(Row(f"Korf's 100, IDA* with {part.name} pattern databases: total search time",
                   f"{total_s:.2f} s for all 100 ({cpu:.2f} s of CPU), every length as published (slowest: "
                   f"#{worst[1]}, {worst[0]:.2f} s); {avg:,.0f} nodes expanded per instance, "
                   f"{nodes / total_s / 1e6:.1f} M/s", f"goal {goal:g} s" if goal else "",
                   ratio=(goal / total_s) if goal else None, goal=1 if goal else None,
                   note="search time is the wall clock of the searches; CPU time shows what a busy machine took"))
    if part.name == "7-8":
        report.add(Row("Korf's 100, IDA* with 7-8 pattern databases: average nodes expanded",
                       f"{avg:,.0f} per instance", f"{PUBLISHED_7_8:,} ({PUBLISHED_SOURCE})",
                       ratio=GOAL_NODES / avg, goal=1,
                       note=f"goal at most {GOAL_NODES:,}; ours counts nodes expanded, the published figure nodes "
                            f"generated (docs/tiles.md)"))


def _build_scaling(report: Report, part: P.Partition, workers: list[int]) -> None:
    """The partition built afresh on each thread count: seconds, and the speed-up over the first."""
    runs = {}
    for w in workers:
        with tempfile.TemporaryDirectory(prefix="tiles-bench-") as folder:
            wall, cpu = time.perf_counter(), time.process_time()
            path, seconds = D.build(part, SearchControl(), Path(folder) / D.file_name(part), workers=w)
            assert path is not None
            runs[w] = (time.perf_counter() - wall, time.process_time() - cpu)
        print(f"       {part.name} on {w} thread(s): {runs[w][0]:.1f} s wall, {runs[w][1]:.1f} s CPU", flush=True)
    base = workers[0]
    for w in workers[1:]:
        goal = GOAL_SPEEDUP if w == 2 and base == 1 and part.name == "7-8" else None
        per_entry = {c: runs[c][1] / part.entries() * 1e9 for c in (base, w)}
        report.add(Row(f"pattern databases {part.name}: build on {w} threads against {base}",
                       f"{runs[w][0]:.1f} s wall ({runs[w][1]:.1f} s CPU, {per_entry[w]:.0f} ns an entry)",
                       f"{base} thread{'s' if base > 1 else ''}: {runs[base][0]:.1f} s wall "
                       f"({runs[base][1]:.1f} s CPU, {per_entry[base]:.0f} ns an entry)",
                       ratio=runs[base][0] / runs[w][0], goal=goal,
                       note=f"{cores()} cores here; each level's entries split over the threads. The CPU an entry "
                            f"on both says whether the threads add work; the wall clock, on a busy machine, "
                            f"what the others left"))
        if w == 2 and part.name == "7-8":
            report.add(Row(f"pattern databases {part.name}: build wall time on 2 threads",
                           f"{runs[w][0]:.1f} s", f"goal {GOAL_BUILD_S:.0f} s", ratio=GOAL_BUILD_S / runs[w][0],
                           goal=1))


def _fresh_processes(report: Report, cases, part: P.Partition) -> None:
    """Ten instances, each solved by the command line in a process of its own: what one solve pays
    for its tables (mapped: only the pages it reads come in)."""
    chosen = random.Random(30).sample(cases, 10)
    total_s, nodes, walls = 0.0, 0, 0.0
    for number, length, _, board in chosen:
        run = ours("solve", "tiles", "--board", one_line(board), "--algo", "idastar", "--heuristic", "pdb",
                   "--pdb", part.name, "--json")
        out = json.loads(run.stdout)
        assert out["status"] == "solved" and out["length"] == length, (number, out.get("length"), length)
        total_s += out["stats"]["elapsed_s"]
        nodes += out["stats"]["nodes_expanded"]
        walls += run.wall_s
    report.add(Row(f"ten of Korf's 100, one process each, {part.name} pattern databases: total search time",
                   f"{total_s:.2f} s ({nodes / 10:,.0f} nodes expanded each; {walls:.1f} s of wall time with "
                   f"starting Python and loading the kernels)", f"goal {GOAL_S:g} s",
                   ratio=GOAL_S / total_s, goal=1,
                   note="instances " + ", ".join(f"#{c[0]}" for c in chosen)))


def _manhattan_first_ten(report: Report, cases) -> None:
    rows, ours_total, korf_total, seconds, expanded = [], 0, 0, 0.0, 0
    cpu = time.thread_time()
    for number, length, korf_nodes, board in cases[:10]:
        status, _, blanks, stats, details = run_idastar(board, "manhattan", None, SearchControl(), Limits())
        assert status == Status.SOLVED and len(blanks) - 1 == length
        ours = details["generated"] + 1  # Korf counts the start too
        rows.append(f"#{number} {ours:,}" + ("" if ours == korf_nodes else f" (Korf {korf_nodes:,})"))
        ours_total += ours
        korf_total += korf_nodes
        seconds += stats.elapsed_s
        expanded += stats.nodes_expanded
    cpu = time.thread_time() - cpu
    same = sum(1 for r in rows if "Korf" not in r)
    report.add(Row("IDA* with Manhattan distance, Korf's first 10: nodes generated",
                   f"{ours_total:,} in all; {same} of 10 exactly Korf's count: " + ", ".join(rows),
                   f"{korf_total:,} (Korf 1985)", ratio=korf_total / ours_total,
                   note="moves tried in Korf's order (blank up, left, right, down), goal tested when generated; "
                        "the count includes the start"))
    report.add(Row("IDA* with Manhattan distance: nodes per second",
                   f"{ours_total / seconds / 1e6:.1f} M generated/s, {expanded / seconds / 1e6:.1f} M expanded/s "
                   f"({seconds:.1f} s of search for the first 10; by CPU time {ours_total / cpu / 1e6:.1f} M "
                   f"generated/s)", ""))


def _split_over_workers(report: Report, cases) -> None:
    """Korf's #70 by Manhattan distance (151M nodes): the whole search here against its large
    iterations split over 2 local workers, which must find the same path with the same nodes."""
    number, length, _, board = next(c for c in cases if c[0] == 70)
    runs = {}
    for workers in (None, 1, 2):
        engine = None if workers is None else EngineSpec(LOCAL, workers)
        began = time.perf_counter()
        status, _, blanks, stats, details = run_idastar(board, "manhattan", None, SearchControl(), Limits(),
                                                        engine=engine)
        assert status == Status.SOLVED and len(blanks) - 1 == length
        runs[workers] = (blanks, stats, time.perf_counter() - began, details.get("tasks", 0))
    whole, one, two = runs[None], runs[1], runs[2]
    assert whole[0] == one[0] == two[0] and whole[1].nodes_expanded == one[1].nodes_expanded == two[1].nodes_expanded
    report.add(Row(f"IDA* with Manhattan distance, Korf's #{number}: iterations split over 2 local workers",
                   f"{two[1].elapsed_s:.2f} s of search ({two[2]:.1f} s with starting the workers), {two[3]} "
                   f"subtrees, {two[1].nodes_expanded:,} nodes as in one search",
                   f"one search: {whole[1].elapsed_s:.2f} s; split, 1 worker: {one[1].elapsed_s:.2f} s",
                   ratio=whole[1].elapsed_s / two[1].elapsed_s,
                   note=f"iterations after one of {S.SPLIT_AFTER:,} nodes split; the workers start once a search"))


def _generic_engine(report: Report, cases) -> None:
    """The engine's IDA* over packed words, heuristic from scratch, against the family's kernel."""
    easy = sorted(cases, key=lambda c: c[2])[:4]
    goal = solved_tiles(4, 4, True)
    ctx = make_context(4, 4, goal)
    generic_s = ours_s = 0.0
    generic_n = ours_n = 0
    for _, length, _, board in easy:
        out = shortest_path("idastar", np.array([pack(board.tiles)], dtype=np.uint64), ctx, SearchControl(), Limits())
        assert out.status == Status.SOLVED and len(out.path) - 1 == length
        generic_s += out.stats.elapsed_s
        generic_n += out.stats.nodes_expanded
        status, _, blanks, stats, _ = run_idastar(board, "linear-conflict", None, SearchControl(), Limits())
        assert len(blanks) - 1 == length
        ours_s += stats.elapsed_s
        ours_n += stats.nodes_expanded
    report.add(Row("linear conflict, Korf's 4 easiest: this family's IDA* against the engine's",
                   f"{ours_s:.3f} s, {ours_n:,} nodes ({ours_n / ours_s / 1e6:.1f} M/s)",
                   f"engine: {generic_s:.3f} s, {generic_n:,} nodes ({generic_n / generic_s / 1e6:.2f} M/s)",
                   ratio=generic_s / ours_s,
                   note="the engine's IDA* recomputes the bound for every state and keeps a transposition table"))


def _bigger_boards(report: Report) -> None:
    """The 24-puzzle preset with and without its databases; row by row on random 6x6 boards."""
    import random

    from puzzle_explorer.puzzles.tiles.board import parse
    from puzzle_explorer.puzzles.tiles.editor import random_walk
    from puzzle_explorer.puzzles.tiles.presets import BY_ID
    from puzzle_explorer.puzzles.tiles.solve import solve

    board = parse(BY_ID["twenty-four"].text)
    lc = solve(board, "idastar", {"heuristic": "linear-conflict"}, SearchControl(), Limits())
    part = P.partition(5, 5, 24)
    dbs = D.open_databases(part)
    if dbs is not None:
        for _ in range(2):  # the first run also pages the tables in from disk
            status, _, blanks, stats, _ = run_idastar(board, "pdb", part, SearchControl(), Limits(), dbs)
        assert status == Status.SOLVED and len(blanks) - 1 == lc.length
        report.add(Row(f"24-puzzle preset ({lc.length} moves): 6-6-6-6 pattern databases against linear conflict",
                       f"{stats.elapsed_s:.3f} s, {stats.nodes_expanded:,} nodes",
                       f"linear conflict: {lc.stats.elapsed_s:.3f} s, {lc.stats.nodes_expanded:,} nodes",
                       ratio=lc.stats.elapsed_s / stats.elapsed_s,
                       note=f"databases: {dbs.describe()}"))
    else:
        report.add(Row(f"24-puzzle preset ({lc.length} moves): linear conflict",
                       f"{lc.stats.elapsed_s:.3f} s, {lc.stats.nodes_expanded:,} nodes", "",
                       note="the 5x5 6-6-6-6 databases are not built (--build-pdb --size 5x5)"))
    rng = random.Random(36)
    moves, seconds = 0, 0.0
    for _ in range(10):
        start = random_walk(Board(6, 6, solved_tiles(6, 6)), 10_000, rng)
        out = solve(start, "rows", {}, SearchControl(), Limits())
        assert out.status == Status.SOLVED
        moves += out.length
        seconds += out.stats.elapsed_s
    report.add(Row("row by row, 10 random 6x6 boards (not shortest)",
                   f"{moves / 10:.0f} moves on average, {seconds / 10 * 1000:.1f} ms each", ""))


def run(report: Report, bin_dir) -> None:
    cases = instances()
    assert len(cases) == 100
    small = P.partition(4, 4, 0, "6-6-3")
    big = P.partition(4, 4, 0, "7-8")
    small_dbs = _build_row(report, small, fresh=True)
    big_dbs = _build_row(report, big, fresh=False)
    run_idastar(cases[0][3], "pdb", big, SearchControl(), Limits(max_states=10), big_dbs)  # compile
    _korf100(report, cases, big, big_dbs, GOAL_S)
    _fresh_processes(report, cases, big)
    _korf100(report, cases, small, small_dbs, None)
    _build_scaling(report, small, [1, 2])  # seconds: the threads' cost an entry, where 7-8 takes minutes
    _build_scaling(report, big, [1, 2])
    _manhattan_first_ten(report, cases)
    _split_over_workers(report, cases)
    _generic_engine(report, cases)
    _bigger_boards(report)


def main(argv: list[str]) -> int:
    """`python -m bench.tiles --workers 1,2,4,8,16 [--pdb 7-8]`: the build on each thread count."""
    import argparse

    parser = argparse.ArgumentParser(prog="python -m bench.tiles")
    parser.add_argument("--workers", default=f"1,{cores()}", help="thread counts, the first the base")
    parser.add_argument("--pdb", default="7-8", choices=P.names(4, 4))
    args = parser.parse_args(argv)
    try:
        workers = [int(w) for w in args.workers.split(",")]
    except ValueError:
        parser.error(f"--workers: {args.workers!r} is not a list of numbers like 1,2,16")
    if any(w < 1 for w in workers) or len(workers) < 2:
        parser.error("--workers: at least two thread counts, each 1 or more")
    _build_scaling(Report(), P.partition(4, 4, 0, args.pdb), workers)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
