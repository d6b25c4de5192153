"""Sliding blocks: the reference program's census with every piece distinct, and 横刀立马 in each convention."""
from __future__ import annotations

import json

from bench import harness as h
from bench.harness import Report, Row
from puzzle_explorer.core.run.progress import SearchControl
from puzzle_explorer.core.run.search import Limits
from puzzle_explorer.puzzles.klotski.board import parse
from puzzle_explorer.puzzles.klotski.presets import BY_ID
from puzzle_explorer.puzzles.klotski.solve import solve

REFERENCE_LAYOUT = "NAAO/PAAQ/.BB./HIJK/HIJK"  # the layout built into the reference program
REFERENCE_STATES = 14_950_080


def run(report: Report, bin_dir) -> None:
    peer = h.run([str(bin_dir / "hrd_census")])
    peer_states = int(peer.stdout.strip().split("=")[-1])
    mine = h.ours("solve", "klotski", "--board", REFERENCE_LAYOUT, "--distinct", "--census", "--moves", "unit", "--json")
    data = json.loads(mine.stdout)
    census = data["census"]["states"]
    search = data["stats"]["elapsed_s"]
    assert census == peer_states == REFERENCE_STATES, (census, peer_states)
    report.add(Row(
        "census of the reference layout, every piece distinct: speed",
        f"{census:,} states in {search:.2f} s of search ({mine.wall_s:.2f} s whole process)",
        f"{peer_states:,} states in {peer.wall_s:.2f} s (whole process: it is all search)",
        ratio=peer.wall_s / search, goal=10))
    report.add(Row(
        "census of the reference layout, every piece distinct: peak memory",
        f"{mine.max_rss_kb / 1024:.0f} MiB (whole Python process, numba included)",
        f"{peer.max_rss_kb / 1024:.0f} MiB",
        ratio=peer.max_rss_kb / mine.max_rss_kb, goal=3))
    partitioned(report, census, data["census"], search, mine.max_rss_kb)
    board = parse(BY_ID["hengdao-lima"].text)
    for convention in ("unit", "straight", "free"):
        for algo in ("bfs", "bibfs", "astar"):
            solve(board, algo, {"moves": convention}, SearchControl(), Limits())  # warm
        times = {}
        for algo in ("bfs", "bibfs", "astar"):
            sol = h.best_of(5, lambda: solve(board, algo, {"moves": convention}, SearchControl(), Limits()),
                            key=lambda s: s.stats.elapsed_s)
            times[algo] = (sol.stats.elapsed_s, sol.length)
        fastest = min(times, key=lambda a: times[a][0])
        seconds, length = times[fastest]
        detail = ", ".join(f"{a} {t * 1000:.1f} ms" for a, (t, _) in times.items())
        report.add(Row(f"横刀立马, {convention} convention: optimal solution under 50 ms",
                       f"{length} moves; {detail}", "", ratio=0.050 / seconds, goal=1,
                       note="ratio = 50 ms / our fastest search time"))


CENSUS_ARGS = ("solve", "klotski", "--board", REFERENCE_LAYOUT, "--distinct", "--census", "--moves", "unit", "--json")
PARTITION_WORKERS = "2"


def partitioned(report: Report, states: int, single: dict, single_s: float, single_rss_kb: int) -> None:
    """The same census with its states split into 2 hash partitions, on local worker processes and on
    actors of a Ray cluster started for the run: the counts must be the single process's; the time
    and each worker's peak memory are set beside the single process's (two threads, one process)."""
    engines = [("local", ())]
    try:
        import ray  # noqa: F401
        engines.append(("ray", ("--engine", "ray")))
    except ImportError:
        report.add(Row("census of the reference layout over 2 Ray workers", "not run: Ray is not installed "
                       "(pip install 'puzzle-explorer[cluster]')", ""))
    for name, extra in engines:
        run = h.ours(*CENSUS_ARGS, "--workers", PARTITION_WORKERS, *extra)
        data = json.loads(run.stdout)
        census = data["census"]
        counts = {k: census[k] for k in ("states", "goal_states", "max_depth", "goal_depth")}
        assert counts == {k: single[k] for k in counts} and census["states"] == states, (name, counts, single)
        search = data["stats"]["elapsed_s"]
        workers = census["workers"]
        each = ", ".join(f"{w['peak_rss_bytes'] / 2**20:.0f} MiB ({w['peak_bytes'] / 2**20:.0f} MiB of buffers, "
                         f"{w['states']:,} states)" for w in workers)
        report.add(Row(
            f"census of the reference layout over {len(workers)} {name} workers",
            f"{census['states']:,} states, {census['goal_states']:,} at the goal, deepest {census['max_depth']}: "
            f"the same; {search:.2f} s of search ({run.wall_s:.2f} s whole process); peak per worker: {each}",
            f"one process: {single_s:.2f} s of search, {single_rss_kb / 1024:.0f} MiB",
            ratio=single_s / search,
            note="ratio = one process's search time / the partitioned search time (no goal: on 2 cores the "
                 "one process already uses both)"))
