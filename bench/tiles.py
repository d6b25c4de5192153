"""Sliding tiles: Korf's 100 random 15-puzzles against the published numbers, in one run.

There is no peer program: the references are Korf's own figures. Each
instance must come out at exactly its published optimal length. Search time
is the kernels' own clock (compilation and building the databases excluded).

- Pattern database builds: 6-6-3 afresh into a temporary folder; 7-8 into the
  user's cache if it is not there yet (minutes), as `--build-pdb --pdb 7-8` does.
- All 100 with the pattern databases `auto` picks (7-8 once built): total
  search time against the 10 s goal, average nodes next to the 36,710 Korf and
  Felner (2002) published for their 7-8 partition; 6-6-3 for comparison.
- IDA* with Manhattan distance on the first 10: nodes generated against the
  counts Korf published (1985), and nodes per second.
- Korf's #70 by Manhattan distance with its large iterations split over 2 local workers against
  the whole search here: the same path and nodes, and the speed ratio.
- The engine's generic IDA* (packed states, heuristic from scratch) against
  this family's kernel on a few easy instances: why the family has its own.
"""
from __future__ import annotations

import tempfile
import time
from pathlib import Path

import numpy as np

from bench.harness import ROOT, Report, Row
from puzzle_explorer.core.run.progress import SearchControl
from puzzle_explorer.core.run.search import Limits, shortest_path
from puzzle_explorer.core.run.status import Status
from puzzle_explorer.core.scale.engine import LOCAL, EngineSpec
from puzzle_explorer.puzzles.tiles import pdb as D
from puzzle_explorer.puzzles.tiles import split as S
from puzzle_explorer.puzzles.tiles.board import Board, solved_tiles
from puzzle_explorer.puzzles.tiles.kernels import patterns as P
from puzzle_explorer.puzzles.tiles.kernels.hooks import make_context, pack
from puzzle_explorer.puzzles.tiles.solve import run_idastar

KORF = ROOT.parent / "shared" / "data" / "korf100.txt"
GOAL_S = 10.0
PUBLISHED_7_8 = 36_710  # average nodes, Korf and Felner (2002), 7-8 partition with its reflection


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
        path, _ = D.build(part, SearchControl())
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
                       f"{avg:,.0f} per instance", f"{PUBLISHED_7_8:,} (Korf and Felner 2002, 7-8 with its mirror)",
                       ratio=PUBLISHED_7_8 / avg, note="see docs/tiles.md on why the counts differ"))


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
    _korf100(report, cases, small, small_dbs, None)
    _manhattan_first_ten(report, cases)
    _split_over_workers(report, cases)
    _generic_engine(report, cases)
    _bigger_boards(report)
