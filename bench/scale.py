"""Counts split over workers: knights 6x6 from every square with 1, 2 and 4 local workers and on a
local 2-CPU Ray cluster (identical answers; the speed-up of two workers over one; Ray's overhead),
and the 7x7 count's Knuth estimate beside real counts of a random sample of its subtrees."""
from __future__ import annotations

import random

from bench.harness import Report, Row
from puzzle_explorer.core.kernels.counters import NODE_CAP, new_counters
from puzzle_explorer.core.run.progress import SearchControl
from puzzle_explorer.core.run.search import Limits
from puzzle_explorer.core.scale.engine import EngineSpec, ray_installed
from puzzle_explorer.puzzles.knights import split
from puzzle_explorer.puzzles.knights.board import Board
from puzzle_explorer.puzzles.knights.kernels import pruned
from puzzle_explorer.puzzles.knights.kernels.geometry import ORDERS, deltas, free_mask, neighbour_table
from puzzle_explorer.puzzles.knights.solve import estimate_count, solve

DIE_PRESET = "classic-8x8"  # the proof: identical answers (too small, 9,487 nodes, to time)
DIE_TIMED = "walls-12x12"  # about 3 million nodes: long enough for the workers' speed-up to show
TOURS_6X6 = 6_637_920  # directed open tours of 6x6 summed over the 36 squares
TOURS_7X7 = 165_575_218_320  # OEIS A165134: directed open tours of 7x7 summed over the 49 squares
ESTIMATE_DIVES = 400_000  # the bench can afford far more dives than a run's quick look
SAMPLE = 12  # subtrees of the 7x7 count counted for real
SAMPLE_CAP = 50_000_000  # nodes one sampled subtree may take
TIMED = 3  # runs of one and of two workers, the fastest of each kept


def _die(preset: str):
    from puzzle_explorer.puzzles.die.board import parse
    from puzzle_explorer.puzzles.die.presets import BY_ID
    from puzzle_explorer.puzzles.die.solve import solve as solve_die
    board = parse(BY_ID[preset].text)
    return lambda engine, workers: solve_die(board, "all", {"goal_face": "any", "engine": engine, "workers": workers},
                                             SearchControl(), Limits())


def _count(engine: str, workers: int):
    options = {"all_starts": True, "engine": engine, "workers": workers}
    return solve(Board(6, 6, (0, 0)), "count", options, SearchControl(), Limits())


def _every_engine(count) -> dict:
    """count(engine, workers) on 1, 2 and 4 local workers and, with Ray installed, on a local
    2-CPU Ray cluster (key 'ray'), after a warm-up run. One and two workers run TIMED times each,
    taking turns, and the fastest of each is kept: on this VM the same count varies by a quarter
    from one run to the next, which a single pair turns into a speed-up anywhere from 1.4x to 2x."""
    count("local", 1)  # warm: load or compile the kernels
    runs = {4: count("local", 4)}
    for _ in range(TIMED):
        for w in (1, 2):
            run = count("local", w)
            if w not in runs or run.stats.elapsed_s < runs[w].stats.elapsed_s:
                runs[w] = run
    runs = {w: runs[w] for w in (1, 2, 4)}
    if ray_installed():
        import ray
        ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
        try:
            runs["ray"] = count("ray", 2)
        finally:
            ray.shutdown()
    return runs


def run(report: Report, bin_dir) -> None:
    runs = _every_engine(_count)
    one = runs[1]
    for key, sol in runs.items():
        assert sol.details["solutions"] == TOURS_6X6, (key, sol.details["solutions"])
        assert sol.details["per_square"] == one.details["per_square"]
        assert sol.stats.nodes_expanded == one.stats.nodes_expanded
    t1, t2 = one.stats.elapsed_s, runs[2].stats.elapsed_s
    report.add(Row("knights 6x6 from every square: 2 local workers over 1",
                   f"{TOURS_6X6:,} tours, {one.stats.nodes_expanded:,} nodes: {t1:.2f} s on 1, {t2:.2f} s on 2 (fastest of {TIMED}), "
                   f"{runs[4].stats.elapsed_s:.2f} s on 4 ({runs[2].details['tasks']} subtrees)",
                   "the same count on one worker", ratio=t1 / t2, goal=1.8))
    if "ray" in runs:
        tr = runs["ray"].stats.elapsed_s
        report.add(Row("knights 6x6 from every square: Ray (2 CPUs) against 2 local workers",
                       f"{tr:.2f} s on Ray, {t2:.2f} s local (identical counts)", "",
                       ratio=t2 / tr, note="ratio < 1: Ray's overhead"))
    _die_proof(report, DIE_PRESET, None)
    _die_proof(report, DIE_TIMED, 1.8)
    _estimate_7x7(report)


def _die_proof(report: Report, preset: str, goal: float | None) -> None:
    runs = _every_engine(_die(preset))
    one = runs[1]
    for key, sol in runs.items():
        assert sol.status == one.status and sol.details["solutions"] == one.details["solutions"], key
        assert sol.stats.nodes_expanded == one.stats.nodes_expanded, key
    t = {k: v.stats.elapsed_s for k, v in runs.items()}
    ray_text = f", {t['ray']:.2f} s on Ray (2 CPUs)" if "ray" in t else ""
    report.add(Row(f"die {preset} every tour: 2 local workers over 1",
                   f"{one.status.value}, {one.details['solutions']:,} tours, {one.stats.nodes_expanded:,} nodes: "
                   f"{t[1]:.2f} s on 1, {t[2]:.2f} s on 2 (fastest of {TIMED}), {t[4]:.2f} s on 4{ray_text}",
                   "the same count on one worker", ratio=t[1] / t[2], goal=goal))


def _estimate_7x7(report: Report) -> None:
    board = Board(7, 7, (0, 0))
    guess = estimate_count(board, True, EngineSpec(workers=1), dives=ESTIMATE_DIVES)
    hours = guess.nodes / guess.rate / 3600
    report.add(Row("knights 7x7 from every square: Knuth estimate of the tours",
                   f"~{guess.solutions:.3g} tours (± {100 * guess.solutions_se / guess.solutions:.0f}%), "
                   f"~{guess.nodes:.3g} nodes, ~{hours:.0f} core-hours at {guess.rate:,.0f} nodes/s",
                   f"{TOURS_7X7:,} tours known (OEIS A165134)", ratio=guess.solutions / TOURS_7X7,
                   note="ratio = estimate / known count"))
    dx, dy = deltas(ORDERS["clockwise"])
    table = neighbour_table(7, 7, free_mask(board), dx, dy)
    cut = split.split(table, 7, 7, 0, 49, False, 4096)
    rng = random.Random(7)
    lines = []
    for prefix in rng.sample(cut.prefixes, min(SAMPLE, len(cut.prefixes))):
        counters = new_counters(quiet=True)
        counters[NODE_CAP] = SAMPLE_CAP
        out = pruned.Searched(*pruned.pruned_search(table, 7, 7, prefix, 49, False, pruned.TABLE_ORDER,
                                                    pruned.COUNT, 0, 0, counters))
        tours, nodes = out.tours, out.nodes
        node_est, tour_est, made = pruned.probe(table, 7, 7, prefix, 49, False, 2000, 1, new_counters(quiet=True))
        done = "" if nodes < SAMPLE_CAP else " (capped)"
        lines.append(f"{int(tours):,} tours / {int(nodes):,} nodes{done} vs estimated "
                     f"{tour_est[:made].mean():.3g} / {node_est[:made].mean():.3g}")
    report.add(Row(f"knights 7x7 from 1,1: {len(lines)} random subtrees of {len(cut.prefixes):,}, real vs estimate",
                   "; ".join(lines), ""))




