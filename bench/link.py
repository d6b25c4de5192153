"""Link paths: the reference solver's worst case, 100x100 queries, clearing boards, the contest form.

There is no peer program for this family. The reference solver reports about 2 s for its
worst case (20 segments allowed, 13x11, one end walled in, no path); that
figure is the reference solver's author's own, from their machine, and is not measured
here. The other rows are measured against fixed time goals.
"""
from __future__ import annotations

import random
import time

from bench import harness as h
from bench.harness import Report, Row
from puzzle_explorer.core.run.progress import SearchControl
from puzzle_explorer.core.run.runner import Job
from puzzle_explorer.core.run.search import Limits
from puzzle_explorer.core.run.status import Status
from puzzle_explorer.puzzles.link.board import Board, parse
from puzzle_explorer.puzzles.link.kernels.generate import generate
from puzzle_explorer.puzzles.link.presets import BY_ID
from puzzle_explorer.puzzles.link.solve import solve

REFERENCE_REPORTED_S = 2.0  # the reference solver's own published figure for its worst case, not measured here
# Searched on 2026-11-27 (GitHub code and issues, the web: Lianliankan / Shisen-Sho solvers): the public
# programs we found (games and exercises) find one pair's path by BFS or line scans and report no
# speeds; the one
# exhaustive Shisen-Sho solver described in print (M. de Bondt, "Solving Shisen-Sho boards",
# arXiv:2010.09014, 2020, which also proves solvability NP-complete) gives no time per board to
# compare with. So no public figure stands beside the clearing rows.
PUBLIC_FIELD = ("no public figure found: searched GitHub code and issues and the web for Lianliankan/Shisen-Sho "
                "solvers; they report no speeds, and de Bondt's exhaustive solver (arXiv:2010.09014, 2020) no time "
                "per board")


def walled_in(width: int, height: int) -> Board:
    """One A in the open near a corner, the other in the middle behind four B tiles; both marked."""
    grid = [["."] * width for _ in range(height)]
    a, b = (2, 2), (width * 2 // 3, height // 2)
    grid[a[1]][a[0]] = grid[b[1]][b[0]] = "A"
    for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        grid[b[1] + dy][b[0] + dx] = "B"
    return Board(tuple("".join(r) for r in grid), marked=(a, b))


def best_path_time(board: Board, options: dict, runs: int) -> tuple[float, object]:
    solve(board, "path", options, SearchControl(), Limits())  # warm
    sol = h.best_of(runs, lambda: solve(board, "path", options, SearchControl(), Limits()),
                    key=lambda s: s.stats.elapsed_s)
    return sol.stats.elapsed_s, sol


def run(report: Report, bin_dir) -> None:
    board = parse(BY_ID["walled-13x11"].text)
    assert (board.width, board.height) == (13, 11)
    seconds, sol = best_path_time(board, {"max_segments": 20}, 200)
    assert sol.status == Status.UNSOLVABLE
    report.add(Row(
        "the reference solver's worst case: 13x11, 20 segments, one end walled in, no path",
        f"proved no path in {seconds * 1e6:.1f} µs of search ({sol.stats.nodes_expanded} states), best of 200",
        f"about {REFERENCE_REPORTED_S:g} s: the reference solver's own report, not measured here (no peer program)",
        ratio=REFERENCE_REPORTED_S / seconds, goal=2000,
        note="ratio = the reference solver's reported 2 s / our search time; 2000x means under 1 ms"))

    big = walled_in(100, 100)
    seconds, sol = best_path_time(big, {}, 30)
    assert sol.status == Status.UNSOLVABLE
    report.add(Row("100x100, one end walled in, no limit: prove there is no path",
                   f"{seconds * 1e3:.2f} ms ({sol.stats.nodes_expanded:,} states), best of 30", "",
                   ratio=0.010 / seconds, goal=1, note="ratio = 10 ms / our search time"))
    maze = parse(BY_ID["serpentine-100"].text)
    seconds, sol = best_path_time(maze, {}, 30)
    assert sol.details["segments"] == 99
    report.add(Row("100x100 serpentine maze: the fewest-segment path (99 segments)",
                   f"{seconds * 1e3:.2f} ms ({sol.stats.nodes_expanded:,} states), best of 30", "",
                   ratio=0.010 / seconds, goal=1, note="ratio = 10 ms / our search time"))
    cells = maze.width * maze.height
    report.add(Row("100x100 serpentine maze: against the physical limit",
                   f"{seconds * 1e6:.0f} µs of search",
                   f"{cells / h.CACHED_STEPS_PER_S * 1e6:.0f} µs: the path winds through the whole maze, so each of its "
                   f"{cells:,} cells is read at least once, at ~10^9 a second (the board fits the caches)",
                   note=h.times_the_bound(seconds, cells / h.CACHED_STEPS_PER_S)))

    for w, hh, kinds, gravity, goal_s, runs in ((18, 8, 36, False, 1, 3), (18, 8, 36, True, 1, 3),
                                                 (40, 30, 60, False, 1, 3), (100, 100, 50, False, 10, 1)):
        gen = generate(w, hh, kinds, seed=1, gravity=gravity)
        solve(generate(8, 6, 6, seed=1, gravity=gravity), "clear", {}, SearchControl(), Limits())  # warm
        sol = h.best_of(runs, lambda: solve(gen, "clear", {}, SearchControl(), Limits()),
                        key=lambda s: s.stats.elapsed_s)
        assert sol.status == Status.SOLVED
        report.add(Row(f"clear a generated {w}x{hh} board, {kinds} kinds{', gravity' if gravity else ''}",
                       f"{sol.length} pairs in {sol.stats.elapsed_s * 1e3:.1f} ms of search, "
                       f"{sol.stats.nodes_expanded:,} positions" + (f", best of {runs}" if runs > 1 else ""), "",
                       ratio=goal_s / sol.stats.elapsed_s, goal=1, note=f"ratio = {goal_s} s / our search time"))

    deadlock = parse(BY_ID["shisen-deadlock"].text)
    sol = Job(lambda c: solve(deadlock, "clear", {}, c, Limits()), timeout_s=120).run()
    report.add(Row("shuffled 18x8 Shisen-Sho: prove it cannot be cleared",
                   f"{sol.status.value} in {sol.stats.elapsed_s:.2f} s, {sol.stats.nodes_expanded:,} positions "
                   f"({sol.stats.nodes_expanded / max(sol.stats.elapsed_s, 1e-9):,.0f}/s)", PUBLIC_FIELD,
                   ratio=10.0 / sol.stats.elapsed_s, goal=1, note="ratio = 10 s / our search time"))
    positions = sol.stats.nodes_expanded
    report.add(Row("shuffled 18x8 Shisen-Sho, the proof: against the physical limit",
                   f"{sol.stats.elapsed_s:.2f} s, {positions:,} positions",
                   f"{positions / h.PROBES_PER_S * 1000:.2f} ms: the same positions, each at least one memory-bound probe "
                   "(~10^8 a second) to tell it from those already refuted",
                   note=h.times_the_bound(sol.stats.elapsed_s, positions / h.PROBES_PER_S) + ": "
                        "each position's moves are found by path searches over the board"))

    times = []
    for seed in range(3):
        start = time.perf_counter()
        gen = generate(100, 100, 50, seed=seed)
        times.append(time.perf_counter() - start)
    t = min(times)
    report.add(Row("generate a clearable 100x100 board, 50 kinds", f"{t:.2f} s (whole call), best of 3", "",
                   note=f"{len(gen.tiles())} tiles placed"))

    text = contest_input(random.Random(1), boards=10, side=75, pairs=200)
    run_ = h.best_of(3, lambda: h.ours("solve", "link", "--contest", stdin=text))
    assert run_.returncode == 0 and run_.stdout.count("Board #") == 10
    report.add(Row("contest form: 10 boards of 75x75, 2,000 pairs", f"{run_.wall_s:.2f} s whole process "
                   "(Python start-up and kernel loading included), best of 3", "",
                   ratio=5.0 / run_.wall_s, goal=1, note="ratio = 5 s / our whole process time"))


def contest_input(rng: random.Random, boards: int, side: int, pairs: int) -> str:
    """Random contest boards, half tiles, with random tile pairs."""
    out = []
    for _ in range(boards):
        rows = ["".join("X" if rng.random() < 0.5 else " " for _ in range(side)) for _ in range(side)]
        tiles = [(x, y) for y in range(side) for x in range(side) if rows[y][x] == "X"]
        out.append(f"{side} {side}")
        out += rows
        for _ in range(pairs):
            (x1, y1), (x2, y2) = rng.sample(tiles, 2)
            out.append(f"{x1 + 1} {y1 + 1} {x2 + 1} {y2 + 1}")
        out.append("0 0 0 0")
    out.append("0 0")
    return "\n".join(out) + "\n"


