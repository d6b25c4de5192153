"""Watching the search: what drawing the live picture costs the kernels, and the app under 10 Hz snapshots.

The cost is measured in one run, with the same compiled kernels: each search
runs with the picture drawn and with the kernels asked to keep quiet
(SearchControl.quiet), in pairs run back to back, each first as often. The
cost is the median of the pairs' ratios: on a shared machine a busy moment
falls on both runs of a pair alike, where comparing the fastest of each
compares two lucky moments (a search of 20 ms swings by half from one run
to the next). A search that short is run several times per sample, so that
a sample lasts SAMPLE_S at least.
The app runs headless (Textual's test driver) on a search that never ends,
with the timeline following it, while a key is sent every half second: the
time from sending a key until the app has run its action, and the process's
memory, which must stay flat once the search track holds all it keeps. Keys
are posted to the app rather than pressed through the driver's pilot: the
pilot waits for the process to fall idle after each key, up to a second,
and a process running a search never does.

    PUZZLE_EXPLORER_WATCH_S   how long to watch the app (default 600 s, as the issue asks)
"""
from __future__ import annotations

import asyncio
import math
import os
import statistics
import time

from bench.harness import Report, Row
from puzzle_explorer.core.run.progress import SearchControl
from puzzle_explorer.core.run.search import Limits

MOST_OVERHEAD = 0.05  # drawing may cost at most 5% of the search's speed
WATCH_S = float(os.environ.get("PUZZLE_EXPLORER_WATCH_S", "600"))
KEY_GOAL_S = 0.100
KEY_EVERY_S = 0.5
SAMPLE_S = 0.2
UNANSWERED_S = 5.0  # a key not handled by then counts as this slow


def _cases():
    from puzzle_explorer.puzzles import registry
    from puzzle_explorer.puzzles.die.board import Board as DieBoard
    from puzzle_explorer.puzzles.klotski.board import parse
    from puzzle_explorer.puzzles.klotski.presets import BY_ID
    from puzzle_explorer.puzzles.knights.board import Board as KnightsBoard

    klotski, die, knights = (registry.get(f) for f in ("klotski", "die", "knights"))
    hengdao = parse(BY_ID["hengdao-lima"].text)
    reference = parse("NAAO/PAAQ/.BB./HIJK/HIJK")  # bench/klotski.py's census, every piece distinct
    return [
        ("横刀立马, BFS (free convention)", 30, lambda c: klotski.solve(hengdao, "bfs", {}, c, Limits())),
        ("横刀立马, BFS (unit convention)", 30, lambda c: klotski.solve(hengdao, "bfs", {"moves": "unit"}, c, Limits())),
        ("klotski census, every piece distinct (14,950,080 positions)", 4,
         lambda c: klotski.solve(reference, "census", {"moves": "unit", "distinct": True}, c, Limits())),
        ("die 8x8, mark up at the goal: every tour (the proof)", 40,
         lambda c: die.solve(DieBoard(8, 8, frozenset(), (0, 0), (0, 7)), "all", {"goal_face": "up", "keep": 10},
                             c, Limits())),
        ("knights 6x6 from a corner: every tour counted", 5,
         lambda c: knights.solve(KnightsBoard(6, 6, (0, 0)), "count", {}, c, Limits())),
    ]


def _seconds(task, drawing: bool, repeat: int = 1) -> float:
    """Search time of `repeat` runs in a row (compilation excluded: it is not on the search clock)."""
    total = 0.0
    for _ in range(repeat):
        control = SearchControl()
        control.quiet(not drawing)
        total += task(control).stats.elapsed_s
    return total


def overhead(report: Report) -> None:
    for what, runs, task in _cases():
        _seconds(task, True)  # compiles or loads the kernels
        repeat = max(1, math.ceil(SAMPLE_S / max(_seconds(task, True), 1e-4)))
        on, off, ratios = [], [], []
        for i in range(runs):  # pairs back to back, each first as often
            pair = {}
            for drawing in ((False, True) if i % 2 == 0 else (True, False)):
                pair[drawing] = _seconds(task, drawing, repeat)
            on.append(pair[True])
            off.append(pair[False])
            ratios.append(pair[True] / pair[False])
        cost = statistics.median(ratios) - 1
        each = f" ({repeat} searches a sample)" if repeat > 1 else ""
        report.add(Row(
            f"live picture cost: {what}",
            f"{cost:+.1%} (median of {runs} pairs{each}; medians {statistics.median(on) / repeat * 1000:.1f} ms "
            f"drawn, {statistics.median(off) / repeat * 1000:.1f} ms quiet; fastest "
            f"{min(on) / repeat * 1000:.1f} / {min(off) / repeat * 1000:.1f} ms)",
            "", ratio=(1 + MOST_OVERHEAD) / (1 + cost), goal=1,
            note=f"ratio = {1 + MOST_OVERHEAD:.2f} / (drawn time / quiet time)"))


def rss_mib() -> float:
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0


async def _until(pilot, condition, timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise RuntimeError("the app did not get there in time")
        await pilot.pause(0.05)


async def _watch(seconds: float) -> dict:
    from textual import events

    from puzzle_explorer.puzzles import registry
    from puzzle_explorer.tui.app import PuzzleApp
    from puzzle_explorer.tui.widgets.timeline import Timeline

    family = registry.get("knights")
    board = family.parse(next(p for p in family.presets if p.id == "chessboard").text)
    app = PuzzleApp("knights", board, "chessboard", warm=False)  # counting a chessboard's tours never ends
    waits: list[float] = []
    lefts = 0  # lefts with somewhere to step back to
    unmoved: list[str] = []  # those that did not step back by one, and keys never handled
    memory: list[tuple[float, float]] = []
    async with app.run_test(size=(80, 24)) as pilot:
        timeline = app.screen.query_one(Timeline)
        await pilot.press("f3", "right", "right", "right", "f5")
        await _until(pilot, lambda: len(timeline.search) >= 2, timeout=300)
        await pilot.press("f4")  # the timeline: left steps back, end follows the search again
        handled: list[tuple[float, int, int]] = []  # when a key's action ran, the index before and after

        def timed(action):
            def run(*args):
                before = timeline.index
                action(*args)
                handled.append((time.perf_counter(), before, timeline.index))
            return run

        timeline.action_step = timed(timeline.action_step)  # the bindings find the action on the widget
        timeline.action_jump = timed(timeline.action_jump)
        began = time.monotonic()
        next_sample = began
        keys = ("left", "left", "end")
        while time.monotonic() - began < seconds:
            key = keys[len(waits) % len(keys)]
            seen = len(handled)
            asked = time.perf_counter()
            app.post_message(events.Key(key, None))
            while len(handled) == seen and time.perf_counter() - asked < UNANSWERED_S:
                await asyncio.sleep(0.002)
            if len(handled) == seen:
                waits.append(UNANSWERED_S)
                unmoved.append(f"{time.monotonic() - began:.1f} s: {key} not handled")
                continue
            when, before, after = handled[-1]
            waits.append(when - asked)
            if key == "left" and before > 0:
                lefts += 1
                if after != before - 1:
                    unmoved.append(f"{time.monotonic() - began:.1f} s: left from {before} went to {after} "
                                   f"(of {len(timeline.search)})")
            if time.monotonic() >= next_sample:
                memory.append((time.monotonic() - began, rss_mib()))
                next_sample += 10
            await asyncio.sleep(KEY_EVERY_S)
        memory.append((time.monotonic() - began, rss_mib()))
        kept, added = len(timeline.search), timeline.search.added
        await pilot.press("escape")
        await _until(pilot, lambda: not timeline.running, timeout=30)
    return {"waits": waits, "memory": memory, "kept": kept, "added": added, "lefts": lefts, "unmoved": unmoved}


def app_under_snapshots(report: Report) -> None:
    seen = asyncio.run(_watch(WATCH_S))
    waits = sorted(seen["waits"])
    worst = waits[-1]
    p99 = waits[int(0.99 * (len(waits) - 1))]
    report.add(Row(
        f"app: keys answered while a search publishes at 10 Hz ({WATCH_S:.0f} s, {len(waits)} keys)",
        f"median {statistics.median(waits) * 1000:.0f} ms, 99th percentile {p99 * 1000:.0f} ms, "
        f"slowest {worst * 1000:.0f} ms", "", ratio=KEY_GOAL_S / p99, goal=1,
        note=f"ratio = {KEY_GOAL_S * 1000:.0f} ms / the 99th percentile"))
    unmoved = seen["unmoved"]
    report.add(Row(
        "app: every key handled, every left steps back by one through the growing search track",
        f"{seen['lefts']} lefts" + (f"; {len(unmoved)} wrong: {'; '.join(unmoved[:3])}" if unmoved else ", all right"),
        "", ratio=1.0 if not unmoved else 0.0, goal=1,
        note="a key not handled or a left that does not step back is a miss"))
    memory = seen["memory"]
    full = [m for t, m in memory if t >= 210]  # the search track holds all it keeps after 200 s
    settled = full[0] if full else memory[len(memory) // 2][1]
    last = memory[-1][1]
    growth = last - settled
    report.add(Row(
        "app: memory over the long search (the search track is bounded)",
        f"{memory[0][1]:.0f} MiB at the start, {settled:.0f} MiB once the track was full, {last:.0f} MiB at the end "
        f"({seen['kept']:,} of {seen['added']:,} snapshots kept)", "",
        ratio=(settled * 0.05) / max(growth, 0.5), goal=1,
        note="ratio = 5% of the settled size / its growth after the track filled (0.5 MiB at least: noise)"))


def run(report: Report, bin_dir) -> None:
    overhead(report)
    app_under_snapshots(report)
