"""Sliding blocks: the reference program's census with every piece distinct, and 横刀立马 in each convention."""
from __future__ import annotations

import json
import os
import re
import statistics
import subprocess

from bench import harness as h
from bench.harness import Report, Row
from puzzle_explorer.core.run.progress import SearchControl
from puzzle_explorer.core.run.search import Limits
from puzzle_explorer.puzzles.klotski.board import parse
from puzzle_explorer.puzzles.klotski.presets import BY_ID
from puzzle_explorer.puzzles.klotski.solve import solve

REFERENCE_LAYOUT = "NAAO/PAAQ/.BB./HIJK/HIJK"  # the layout built into the reference program
REFERENCE_STATES = 14_950_080

# The fastest public solver of 横刀立马 we know of, dnomd343/klotski (C++: a position is a 64-bit
# code of 3 bits a cell, successors by bit operations, a flat hash map), measured side by side with
# this project on the shared two-core machine on 2026-11-26 (its FastCal built with g++ 12 -O3
# -march=native; the machine loaded, so the figures are the fastest of 35 runs each, in turns with
# ours). Its code is not part of this project; set KLOTSKI_PEER_MS="census,shortest" to compare
# with figures of your own run instead.
DNOMD343 = {"census": 0.0331, "shortest": 0.0297}
DNOMD343_SOURCE = ("dnomd343/klotski FastCal (C++), built locally and run side by side on this machine "
                   "(docs/klotski.md, 'Against the fastest public solver')")
# The distinct census's speed when issue 30 was filed, in one process on two threads on the shared
# two-core machine (a machine of another speed has its own: set KLOTSKI_BASELINE_STATES_PER_S).
BASELINE_STATES_PER_S = float(os.environ.get("KLOTSKI_BASELINE_STATES_PER_S", 2.8e6))
BASELINE_SOURCE = ("issue 30, measured on the shared two-core machine" if "KLOTSKI_BASELINE_STATES_PER_S"
                   not in os.environ else "KLOTSKI_BASELINE_STATES_PER_S")
# The physical limit of a census: harness.PROBES_PER_S hash probes a second a core, one per successor.
# The baseline above is one figure of one hour, and this machine's speed moves by 1.5x from hour to
# hour: KLOTSKI_FILED_SRC names the src folder of the code issue 30 was filed against (`git archive
# 45759ed src | tar -x -C DIR`, then DIR/src), and the census is then timed against it in turns.
FILED_SRC = os.environ.get("KLOTSKI_FILED_SRC")
FILED_ROUNDS = 5


def run(report: Report, bin_dir) -> None:
    peer = h.run([str(bin_dir / "hrd_census")])
    peer_states = int(peer.stdout.strip().split("=")[-1])
    mine = h.ours(*CENSUS_ARGS)
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
    report.add(Row(
        "census of the reference layout, every piece distinct: against the memory bound",
        f"{census / search / 1e6:.1f}M states/s ({search:.2f} s)",
        f"~{h.PROBES_PER_S / 1e6:.0f}M hash probes/s a core, one per successor (about 3.3 a state here): "
        f"{census * 3.3 / h.PROBES_PER_S:.2f} s on one core",
        ratio=census * 3.3 / h.PROBES_PER_S / search, note="ratio = the bound's time / ours (1 = at the bound)"))
    report.add(Row(
        "census of the reference layout, every piece distinct: against issue 30's baseline",
        f"{census / search / 1e6:.2f}M states/s in one process ({search:.2f} s of search)",
        f"{BASELINE_STATES_PER_S / 1e6:.1f}M states/s ({BASELINE_SOURCE})",
        ratio=census / search / BASELINE_STATES_PER_S, goal=2))
    if FILED_SRC:
        against_the_filed_code(report, FILED_SRC)
    partitioned(report, census, data["census"], search, mine.max_rss_kb)
    board = parse(BY_ID["hengdao-lima"].text)
    against_dnomd343(report, board)
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


def against_the_filed_code(report: Report, src: str) -> None:
    """The distinct census now and as the code was when issue 30 was filed, each in fresh processes
    in turns (its kernels in a cache folder of their own), the medians compared."""
    then_env = {"PYTHONPATH": src, "PUZZLE_EXPLORER_CACHE": str(h.WORK / "cache-issue-30-filed")}
    h.ours(*CENSUS_ARGS, env=then_env)  # compiles its kernels, outside the rounds
    now, then = [], []
    for _ in range(FILED_ROUNDS):
        for runs, env in ((then, then_env), (now, None)):
            answer = json.loads(h.ours(*CENSUS_ARGS, env=env).stdout)
            assert answer["census"]["states"] == REFERENCE_STATES
            runs.append(answer["stats"]["elapsed_s"])
    report.add(Row(
        "census of the reference layout, every piece distinct: against the code issue 30 was filed on",
        f"{statistics.median(now):.2f} s of search at the median of {FILED_ROUNDS}",
        f"{statistics.median(then):.2f} s ({src}, in turns)",
        ratio=statistics.median(then) / statistics.median(now), goal=2))


def against_dnomd343(report: Report, board) -> None:
    """横刀立马's census and shortest solution (free moves, shapes interchangeable) against the
    fastest public C++ solver: the fastest of several searches each, after a warm-up.

    With KLOTSKI_PEER naming a program that prints lines 'shortest N moves X ms | census M
    positions Y ms' (a driver around the peer's FastCal, built locally; none ships here), the peer
    runs in turns with ours in this run, so the machine's load weighs on both alike. Otherwise
    the figures of KLOTSKI_PEER_MS ("census,shortest" in ms) or of the run noted in DNOMD343."""
    peer = dict(DNOMD343)
    source = DNOMD343_SOURCE
    if os.environ.get("KLOTSKI_PEER_MS"):
        census_ms, shortest_ms = (float(x) for x in os.environ["KLOTSKI_PEER_MS"].split(","))
        peer, source = {"census": census_ms / 1000, "shortest": shortest_ms / 1000}, "KLOTSKI_PEER_MS"
    driver = os.environ.get("KLOTSKI_PEER")
    runs = {"census": "census", "shortest": "bfs"}
    for algo in runs.values():
        solve(board, algo, {}, SearchControl(), Limits())  # warm
    best: dict = {}
    side: dict[str, list[float]] = {"census": [], "shortest": []}
    for _ in range(PEER_ROUNDS):
        for what, algo in runs.items():
            sol = solve(board, algo, {}, SearchControl(), Limits())
            if what not in best or sol.stats.elapsed_s < best[what].stats.elapsed_s:
                best[what] = sol
        if driver:
            for what, ms in peer_times(driver).items():
                side[what].append(ms / 1000)
    if driver:
        peer = {what: min(times) for what, times in side.items()}
        source = (f"dnomd343/klotski FastCal, the fastest of {PEER_ROUNDS} runs of {driver} in turns with ours "
                  "(its own repetitions after its first)")
    for what, sol in best.items():
        answer = (f"{sol.details['census']['states']:,} positions" if what == "census" else f"{sol.length} moves")
        report.add(Row(f"横刀立马 {what} (free moves) against dnomd343/klotski",
                       f"{answer} in {sol.stats.elapsed_s * 1000:.1f} ms (search, the fastest of {PEER_ROUNDS})",
                       f"{peer[what] * 1000:.1f} ms ({source})",
                       ratio=peer[what] / sol.stats.elapsed_s, goal=1))


PEER_ROUNDS = 15


def peer_times(driver: str) -> dict[str, float]:
    """The fastest repetition of each search one run of the peer's driver prints, in ms (its first
    repetition left out: the warm-up)."""
    out = subprocess.run([driver], capture_output=True, text=True, check=True).stdout
    times: dict[str, list[float]] = {"census": [], "shortest": []}
    for line in out.splitlines()[1:]:
        for what in times:
            found = re.search(rf"{what} [^|]*? ([0-9.]+) ms", line)
            if found:
                times[what].append(float(found.group(1)))
    return {what: min(ms) for what, ms in times.items() if ms}


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
        workers = census.get("workers", [])  # none: two local workers stay in one process, where a split cannot pay
        each = ", ".join(f"{w['peak_rss_bytes'] / 2**20:.0f} MiB ({w['peak_bytes'] / 2**20:.0f} MiB of buffers, "
                         f"{w['states']:,} states)" for w in workers) or "none: run in one process on its two threads"
        report.add(Row(
            f"census of the reference layout over {PARTITION_WORKERS} {name} workers",
            f"{census['states']:,} states, {census['goal_states']:,} at the goal, deepest {census['max_depth']}: "
            f"the same; {search:.2f} s of search ({run.wall_s:.2f} s whole process); peak per worker: {each}",
            f"one process: {single_s:.2f} s of search, {single_rss_kb / 1024:.0f} MiB",
            ratio=single_s / search, goal=1.0 if name == "local" else None,
            note="ratio = one process's search time / the partitioned search time (local: 2 workers must never "
                 "be slower than one process)"))
