"""`puzzle-explorer warm`: compile every family's kernels into the disk cache before the first solve.

Compiling takes a while once per version of the sources; afterwards every
run loads the machine code from the cache (core/run/cache.py) in milliseconds.
`make test` calls this after installing (the app compiles in the background
as it opens). Families compile in separate worker processes, one per core
(core/run/ahead.py), and each worker reports after every kernel: one progress
line per family. When every family is done a marker in the cache folder says
so, and later calls return at once.
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from typing import TYPE_CHECKING, Any

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TaskID, TextColumn, TimeElapsedColumn

from puzzle_explorer.cli.parser import Parser
from puzzle_explorer.core.run.ahead import Ahead, Report, done_already, mark_done
from puzzle_explorer.core.run.exit_codes import ExitCode

if TYPE_CHECKING:
    from puzzle_explorer.puzzles.interface import JSON

def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--jobs", type=int, metavar="N",
                        help="worker processes (default: one per core, as many as the free memory holds)")
    parser.add_argument("--force", action="store_true",
                        help="compile (or load) everything even if an earlier run finished")
    parser.add_argument("--json", action="store_true",
                        help="print the CPU seconds of every kernel and family as JSON")


class Lines:
    """One line per family: live bars on a terminal, else a line as each family finishes."""

    def __init__(self, console: Console, families: list[str]) -> None:
        self.console = console
        self.live = console.is_terminal
        self.tasks: dict[str, TaskID] = {}
        self.progress = Progress(TextColumn("  {task.description:<8}"), BarColumn(bar_width=24),
                                 MofNCompleteColumn(), TextColumn("kernels"), TimeElapsedColumn(),
                                 TextColumn("{task.fields[now]}", style="dim"), console=console)
        if self.live:
            for f in families:
                self.tasks[f] = self.progress.add_task(f, total=None, start=False, now="")
            self.progress.start()

    def start(self, family: str, total: int) -> None:
        if self.live:
            self.progress.start_task(self.tasks[family])
            self.progress.update(self.tasks[family], total=total)

    def kernel(self, family: str, done: int, name: str) -> None:
        if self.live:
            self.progress.update(self.tasks[family], completed=done, now=name)

    def finish(self, family: str, kernels: int, seconds: float, failed: str = "") -> None:
        if self.live:
            self.progress.update(self.tasks[family], now="failed: " + failed if failed else "")
            self.progress.stop_task(self.tasks[family])
        elif failed:
            self.console.print(f"  {family:<8} failed: {failed}", highlight=False, soft_wrap=True)
        else:
            self.console.print(f"  {family:<8} {kernels} kernel{'s' if kernels != 1 else ''} in {seconds:.1f} s",
                               highlight=False)

    def close(self) -> None:
        if self.live:
            self.progress.stop()


class Tally:
    """The report of a compile ahead, family by family, from the workers' reports (core/run/ahead.py)."""

    def __init__(self, lines: Lines, families: list[str]) -> None:
        self.lines = lines
        self.started = time.perf_counter()
        self.entries: dict[str, dict[str, Any]] = {f: {"kernels": {}, "cpu_s": 0.0, "total": 0, "parts": 0, "pieces": 0,
                                             "began": None, "failed": ""} for f in families}

    def __call__(self, r: Report) -> None:
        e = self.entries[r.family]
        if r.kind == "start":
            e["began"] = e["began"] or time.perf_counter()
            e["total"] += r.kernels
            e["parts"] = r.parts
            self.lines.start(r.family, e["total"])  # grows as the family's pieces start
        elif r.kind == "kernel":
            e["kernels"][r.index] = {"name": r.name, "cpu_s": round(r.cpu_s, 3)}
            self.lines.kernel(r.family, len(e["kernels"]), r.name)
        else:
            e["pieces"] += 1
            e["cpu_s"] += r.cpu_s
            e["failed"] = e["failed"] or r.error
            e["parts"] = r.parts
            if e["pieces"] == e["parts"]:
                e["wall_s"] = time.perf_counter() - (e["began"] or self.started)
                self.lines.finish(r.family, len(e["kernels"]), e["wall_s"], e["failed"])

    def report(self, jobs: int) -> JSON:
        families: JSON = {}
        for name, e in self.entries.items():
            families[name] = {"kernels": [e["kernels"][i] for i in sorted(e["kernels"])],
                              "cpu_s": round(e["cpu_s"], 3), "wall_s": round(e.get("wall_s", 0.0), 3)}
        return {"families": families, "jobs": jobs, "wall_s": round(time.perf_counter() - self.started, 3),
                "cpu_s": round(sum(f["cpu_s"] for f in families.values()), 3)}


def compile_ahead(console: Console, jobs: int | None = None) -> JSON:
    """Compile every family in worker processes; returns the report (JSON-ready).

    Raises RuntimeError naming the families that could not compile.
    """
    from puzzle_explorer.puzzles import registry

    # The most kernels first: a family compiles on one worker, so a large one left to the end
    # keeps that worker busy while the others stand idle (tiles last took 15 s longer on 2 cores).
    families = sorted(registry.ids(), key=lambda f: -len(registry.kernels_of(f)))
    lines = Lines(console, families)
    tally = Tally(lines, families)
    pool = Ahead(families, registry.kernels_of, jobs, on_report=tally)
    try:
        pool.start()
        pool.join()
    finally:
        lines.close()
        pool.stop()
    failed = pool.failures()
    if failed:
        raise RuntimeError("; ".join(f"{f}: {why}" for f, why in failed.items()))
    return tally.report(pool.jobs)


def main(argv: list[str]) -> int:
    from puzzle_explorer.core.run.cache import kernel_folder

    parser = Parser(prog="puzzle-explorer warm", description=DESCRIPTION)
    add_arguments(parser)
    args = parser.parse_args(argv)
    if args.jobs is not None and args.jobs < 1:
        parser.error("--jobs must be 1 or more")
    console = Console()
    folder = kernel_folder()
    if not args.force and done_already(folder):
        if args.json:
            print(json.dumps({"compiled_already": str(folder)}))
        else:
            console.print(f"solver kernels: compiled already (in {folder})", highlight=False, soft_wrap=True)
        return ExitCode.OK
    if not args.json:
        console.print("Compiling the solvers' kernels: this happens once, later runs load them from the cache "
                      f"({folder}).", highlight=False, soft_wrap=True)
    try:
        report = compile_ahead(Console(stderr=True) if args.json else console, args.jobs)
    except RuntimeError as exc:
        print(f"puzzle-explorer warm: some kernels did not compile ({exc}); they will compile on their "
              "first solve", file=sys.stderr)
        return ExitCode.FAULT
    except KeyboardInterrupt:
        return ExitCode.INTERRUPTED
    mark_done(folder, report)
    if args.json:
        print(json.dumps(report))
    else:
        kernels = sum(len(f["kernels"]) for f in report["families"].values())
        console.print(f"Compiled {kernels} kernels in {report['wall_s']:.1f} s with {report['jobs']} "
                      f"process{'es' if report['jobs'] > 1 else ''}.", highlight=False)
    return ExitCode.OK


DESCRIPTION = ("Compile every solver's kernels into the cache now, using every core, so that no solve waits "
               "for the compiler. Happens once per install or update; `make run` and `make test` do it.")
