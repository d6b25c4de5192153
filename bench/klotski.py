"""Sliding blocks: the reference program's census with every piece distinct, and 横刀立马 in each convention."""
from __future__ import annotations

import json

from bench import harness as h
from bench.harness import Report, Row
from core.progress import SearchControl
from core.search import Limits
from puzzles.klotski.board import parse
from puzzles.klotski.presets import BY_ID
from puzzles.klotski.solve import solve

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

