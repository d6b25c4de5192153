"""`puzzle-explorer warm`: compile every family's kernels into the disk cache before the first solve.

Compiling takes a while once per version of the sources; afterwards every
run loads the machine code from the cache (core/run/cache.py) in milliseconds.
`make run` and `make test` call this after installing. Families compile in
separate worker processes, one per core (numba's compiler holds a lock, so
threads would not help), and each worker reports after every kernel: one
progress line per family. When every family is done a marker in the cache
folder says so, and later calls return at once.
"""
from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import queue
import sys
import time
from dataclasses import dataclass
from importlib import metadata
from multiprocessing.queues import Queue
from pathlib import Path
from typing import TYPE_CHECKING

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TaskID, TextColumn, TimeElapsedColumn

from puzzle_explorer.cli.parser import Parser
from puzzle_explorer.core.run import interrupts
from puzzle_explorer.core.run.exit_codes import ExitCode

if TYPE_CHECKING:
    from puzzle_explorer.puzzles.interface import JSON

MARKER = "compiled-ahead.json"
MAX_JOBS = 4  # each worker holds its own numba and LLVM, about 200 MB


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--jobs", type=int, metavar="N",
                        help=f"worker processes (default: one per core, at most {MAX_JOBS})")
    parser.add_argument("--force", action="store_true",
                        help="compile (or load) everything even if an earlier run finished")
    parser.add_argument("--json", action="store_true",
                        help="print the CPU seconds of every kernel and family as JSON")


def _stamp() -> dict[str, str]:
    """What the compiled code depends on besides the sources (which name the folder)."""
    return {"numba": metadata.version("numba"), "python": sys.version.split()[0]}


def done_already(folder: Path) -> bool:
    try:
        return bool(json.loads((folder / MARKER).read_text())["stamp"] == _stamp())
    except (OSError, ValueError, KeyError, TypeError):
        return False


@dataclass(frozen=True)
class Report:
    """What a worker says of a family: it has `kernels` to compile ("start"), one more is compiled
    ("kernel": `done` of them, the last `name`, in `cpu_s`), all are ("done", in `cpu_s` and
    `wall_s`), or it could not ("failed", `error` says why)."""

    kind: str
    family: str
    kernels: int = 0
    done: int = 0
    name: str = ""
    cpu_s: float = 0.0
    wall_s: float = 0.0
    error: str = ""


def _worker(tasks: Queue[str | None], reports: Queue[Report]) -> None:
    """Compile whole families taken from `tasks` until it says stop; report on `reports`."""
    from puzzle_explorer import core  # noqa: F401  (the kernel cache, before numba loads)
    from puzzle_explorer.core.run.warmup import Kernel, compile_kernels
    from puzzle_explorer.puzzles import registry

    while (family_id := tasks.get()) is not None:
        cpu, wall = time.process_time(), time.perf_counter()

        def compiled(k: Kernel, done: int, seconds: float, family: str = family_id) -> None:
            reports.put(Report("kernel", family, done=done, name=k.name, cpu_s=seconds))

        try:
            kernels = registry.get(family_id).kernels()
            reports.put(Report("start", family_id, kernels=len(kernels)))
            compile_kernels(family_id, kernels, compiled)
        except Exception as exc:  # reported; the other families go on
            reports.put(Report("failed", family_id, error=f"{type(exc).__name__}: {exc}"))
            continue
        reports.put(Report("done", family_id, cpu_s=time.process_time() - cpu, wall_s=time.perf_counter() - wall))


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


def compile_ahead(console: Console, jobs: int | None = None) -> JSON:
    """Compile every family in worker processes; returns the report (JSON-ready).

    Raises RuntimeError naming the families that could not compile.
    """
    from puzzle_explorer.puzzles import registry

    families = list(registry.families())
    jobs = max(1, min(jobs or min(os.cpu_count() or 1, MAX_JOBS), len(families)))
    context = multiprocessing.get_context("spawn")  # a fresh interpreter: no threads or numba state copied
    tasks: Queue[str | None] = context.Queue()
    reports: Queue[Report] = context.Queue()
    for f in families:  # the registry lists the biggest first, so the load evens out
        tasks.put(f)
    for _ in range(jobs):
        tasks.put(None)
    workers = [context.Process(target=_worker, args=(tasks, reports), daemon=True) for _ in range(jobs)]
    report: JSON = {"families": {}, "jobs": jobs}
    lines = Lines(console, families)
    started = time.perf_counter()
    failed: dict[str, str] = {}
    try:
        with interrupts.children_deaf():
            for w in workers:
                w.start()
        pending = set(families)
        while pending:
            try:
                message = reports.get(timeout=1.0)
            except queue.Empty:
                if not any(w.is_alive() for w in workers):
                    failed.update({f: "the worker process ended unexpectedly" for f in pending})
                    break
                continue
            family = message.family
            entry = report["families"].setdefault(family, {"kernels": []})
            if message.kind == "start":
                lines.start(family, message.kernels)
            elif message.kind == "kernel":
                entry["kernels"].append({"name": message.name, "cpu_s": round(message.cpu_s, 3)})
                lines.kernel(family, message.done, message.name)
            elif message.kind == "done":
                entry["cpu_s"], entry["wall_s"] = round(message.cpu_s, 3), round(message.wall_s, 3)
                lines.finish(family, len(entry["kernels"]), message.wall_s)
                pending.discard(family)
            else:
                failed[family] = message.error
                lines.finish(family, 0, 0.0, message.error)
                pending.discard(family)
    finally:
        lines.close()
        for w in workers:
            if w.is_alive():
                w.terminate()
            w.join()
    report["wall_s"] = round(time.perf_counter() - started, 3)
    report["cpu_s"] = round(sum(f.get("cpu_s", 0.0) for f in report["families"].values()), 3)
    if failed:
        raise RuntimeError("; ".join(f"{f}: {why}" for f, why in failed.items()))
    return report


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
    try:
        (folder / MARKER).write_text(json.dumps({"stamp": _stamp(), "report": report}))
    except OSError:
        pass  # nowhere to remember it: the next call loads every kernel from the cache again, quickly
    if args.json:
        print(json.dumps(report))
    else:
        kernels = sum(len(f["kernels"]) for f in report["families"].values())
        console.print(f"Compiled {kernels} kernels in {report['wall_s']:.1f} s with {report['jobs']} "
                      f"process{'es' if report['jobs'] > 1 else ''}.", highlight=False)
    return ExitCode.OK


DESCRIPTION = ("Compile every solver's kernels into the cache now, using every core, so that no solve waits "
               "for the compiler. Happens once per install or update; `make run` and `make test` do it.")
