"""Compiling kernels ahead in worker processes, into the disk cache, the most wanted family first.

numba compiles under a process-wide lock and holds the GIL for most of it, so a
process that compiles in a thread of its own stalls whatever else it runs (the
app's screen, a search's progress). Here fresh worker processes, one per core
(as many as memory allows), compile families' kernels into the disk cache
(core/run/cache.py); whoever asked loads them from there in milliseconds.

Work is handed out one piece at a time as workers free up, so `prefer()` can put
a family first at any moment (the one the user has just opened). A family is
split into as many pieces as it takes to give every worker something to do: a
piece is every n-th kernel of the family's list. The parent learns how far
each family has got (`Report`s; `progress()` in core/run/warmup.py shows the
preferred family's) and `wait()` blocks until a family is compiled.

Processes that compile different signatures of one kernel into one cache save
its index in turn under the cache's lock (core/run/cache.py).
"""
from __future__ import annotations

import json
import os
import queue
import sys
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Callable

from puzzle_explorer.core.run import interrupts, warmup
from puzzle_explorer.core.run.memory import available_bytes

if TYPE_CHECKING:
    from multiprocessing.process import BaseProcess
    from multiprocessing.queues import Queue

    from puzzle_explorer.core.kernels.signature import Kernel
    from puzzle_explorer.core.run.progress import SearchControl

MARKER = "compiled-ahead.json"  # in the cache folder once every family compiled there
WORKER_BYTES = 500 * 2**20  # a compiling worker at its peak: Python, numpy, numba and LLVM at work
MOST_PIECES = 4  # a family in more pieces than this compiles its shared routines more often than it gains
BACKGROUND_NICE = 10  # the app's workers yield the cores to the app itself and to searches


def _stamp() -> dict[str, str]:
    """What the compiled code depends on besides the sources (which name the folder)."""
    from importlib import metadata  # (here: a solve that starts no pool never reads the installed packages)

    return {"numba": metadata.version("numba"), "python": sys.version.split()[0]}


def done_already(folder: Path) -> bool:
    """Every family compiled into this cache folder (by `puzzle-explorer warm` or the app)."""
    try:
        return bool(json.loads((folder / MARKER).read_text())["stamp"] == _stamp())
    except (OSError, ValueError, KeyError, TypeError):
        return False


def mark_done(folder: Path, report: object) -> None:
    """Remember in the cache folder that every family compiled, so that later runs start no pool."""
    try:
        (folder / MARKER).write_text(json.dumps({"stamp": _stamp(), "report": report}))
    except OSError:
        pass  # nowhere to remember it: the next run loads every kernel from the cache again, quickly


def default_jobs(pieces: int) -> int:
    """One worker per core, as many as the free memory holds (at least one), no more than the work."""
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)
    return max(1, min(cores, available_bytes() // WORKER_BYTES, pieces))


@dataclass(frozen=True)
class Report:
    """What a worker says of a piece of a family: it has `kernels` to compile ("start"), one more is
    compiled ("kernel": the last `name`, in `cpu_s`), all are ("done", in `cpu_s` and `wall_s`), or
    it could not ("failed", `error` says why). `part` of `parts`: which piece of the family."""

    kind: str
    family: str
    part: int = 0
    parts: int = 1
    kernels: int = 0
    index: int = 0  # of a "kernel": its place in the family's list
    name: str = ""
    cpu_s: float = 0.0
    wall_s: float = 0.0
    error: str = ""


def _worker(kernels_of: Callable[[str], list[Kernel]], tasks: Queue[tuple[str, int, int] | None],
            reports: Queue[Report], nice: int) -> None:
    """Compile pieces of families taken from `tasks` until it says stop; report on `reports`."""
    from puzzle_explorer import core  # noqa: F401  (the kernel cache, before numba loads)

    if nice:  # in the background: below the app, and silent (the app owns the terminal)
        try:
            os.nice(nice)
            quiet = os.open(os.devnull, os.O_WRONLY)
            os.dup2(quiet, 1)
            os.dup2(quiet, 2)
        except OSError:
            pass
    while (task := tasks.get()) is not None:
        family, part, parts = task
        cpu, wall = time.process_time(), time.perf_counter()

        def compiled(k: Kernel, done: int, seconds: float) -> None:
            reports.put(Report("kernel", family, part, parts, index=part + parts * (done - 1), name=k.name,
                               cpu_s=seconds))

        try:
            kernels = kernels_of(family)[part::parts]
            reports.put(Report("start", family, part, parts, kernels=len(kernels)))
            warmup.compile_kernels(family, kernels, compiled)
        except Exception as exc:  # reported; the other families go on
            reports.put(Report("failed", family, part, parts, error=f"{type(exc).__name__}: {exc}"))
            continue
        reports.put(Report("done", family, part, parts, cpu_s=time.process_time() - cpu,
                           wall_s=time.perf_counter() - wall))


@dataclass
class _Family:
    parts: int
    waiting: list[int]  # pieces not handed out yet
    running: int = 0
    kernels: int = 0  # of the pieces started
    done: int = 0  # kernels compiled
    started: int = 0  # pieces started (each says how many kernels it has)
    failed: str = ""

    @property
    def finished(self) -> bool:
        return not self.waiting and not self.running

    @property
    def total(self) -> int:
        """Kernels in the family: known once every piece has started; before, a lower bound."""
        return self.kernels if self.started == self.parts else max(self.kernels, self.done + 1)


class Ahead:
    """Worker processes compiling families' kernels into the disk cache, the preferred family first.

    families: in the order to compile them; kernels_of(family): its kernels, a function the
    workers import by name (module level). on_report runs in the pool's own thread.
    """

    def __init__(self, families: list[str], kernels_of: Callable[[str], list[Kernel]], jobs: int | None = None,
                 on_report: Callable[[Report], None] | None = None, background: bool = False) -> None:
        self._order = list(families)
        self._kernels_of = kernels_of
        self.jobs = max(1, min(jobs or default_jobs(MOST_PIECES * len(families)), 64))
        # Each family in enough pieces that every worker has one while there is work: a family's
        # pieces compile their shared routines each, which costs less than an idle core.
        parts = max(1, min(MOST_PIECES, -(-self.jobs // max(1, len(families)))))
        self._families = {f: _Family(parts, list(range(parts))) for f in families}
        self._on_report = on_report
        self._nice = BACKGROUND_NICE if background else 0
        self._preferred: str | None = None
        self._changed = threading.Condition()
        self._stopped = False
        import multiprocessing  # (here: a solve that starts no pool loads none of it)

        context = multiprocessing.get_context("spawn")  # a fresh interpreter: no threads or numba state copied
        self._tasks: Queue[tuple[str, int, int] | None] = context.Queue()
        self._reports: Queue[Report] = context.Queue()
        self._workers: list[BaseProcess] = [
            context.Process(target=_worker, args=(kernels_of, self._tasks, self._reports, self._nice), daemon=True,
                            name="compile-ahead") for _ in range(self.jobs)]
        self._thread = threading.Thread(target=self._collect, name="compile-ahead", daemon=True)

    # --- asked from any thread ------------------------------------------------------
    def start(self) -> Ahead:
        with interrupts.children_deaf():  # the command (or the app) stops its workers itself
            for w in self._workers:
                w.start()
        with self._changed:
            for _ in range(self.jobs):
                self._hand_out()
        self._thread.start()
        return self

    def prefer(self, family: str) -> None:
        """Compile this family's waiting pieces before any other's."""
        with self._changed:
            self._preferred = family
            self._publish()

    def pending(self, family: str) -> bool:
        """The family is still to be compiled here (a caller that needs it should wait())."""
        with self._changed:
            entry = self._families.get(family)
            return entry is not None and not entry.finished and not self._stopped

    def wait(self, family: str, timeout: float | None = None) -> bool | None:
        """Until the family is compiled (True), or failed, or the pool stopped (False); None
        after `timeout` seconds. The family goes first from now on."""
        ends = None if timeout is None else time.monotonic() + timeout
        with self._changed:
            if self._preferred != family:
                self._preferred = family
                self._publish()
            while True:
                entry = self._families.get(family)
                if entry is None or self._stopped:
                    return False
                if entry.finished:
                    return not entry.failed
                left = None if ends is None else ends - time.monotonic()
                if left is not None and left <= 0:
                    return None
                self._changed.wait(left)

    def pieces(self) -> int:
        """How many pieces the families are compiled in."""
        return sum(f.parts for f in self._families.values())

    def finished(self) -> bool:
        with self._changed:
            return self._stopped or all(f.finished for f in self._families.values())

    def failures(self) -> dict[str, str]:
        with self._changed:
            return {name: f.failed for name, f in self._families.items() if f.failed}

    def join(self, poll_s: float = 0.5) -> None:
        """Until every family is compiled or failed (KeyboardInterrupt gets through between polls)."""
        while not self.finished():
            self._thread.join(poll_s)

    def stop(self) -> None:
        """End the workers now (a kernel half compiled is lost; what is in the cache stays)."""
        with self._changed:
            self._stopped = True
            self._changed.notify_all()
        for w in self._workers:
            if w.is_alive():
                w.terminate()
        for w in self._workers:
            w.join(1.0)

    # --- the pool's thread -------------------------------------------------------------
    def _next(self) -> tuple[str, int, int] | None:
        """The next piece: the preferred family's, else the first family's in order with one waiting."""
        names = ([self._preferred] if self._preferred in self._families else []) + self._order
        for name in names:
            entry = self._families[name]
            if entry.waiting:
                return name, entry.waiting.pop(0), entry.parts
        return None

    def _hand_out(self) -> bool:
        task = self._next()
        if task is None:
            return False
        self._families[task[0]].running += 1
        self._tasks.put(task)
        return True

    def _publish(self) -> None:
        """The preferred family's count, else that of a family being compiled, for warmup.progress()."""
        candidates = ([self._preferred] if self._preferred in self._families else []) + self._order
        for name in candidates:
            entry = self._families[name]
            if entry.running and not entry.failed:
                warmup.publish(warmup.Progress(name, entry.done, entry.total))
                return
        warmup.publish(warmup.Progress())

    def _collect(self) -> None:
        busy = sum(f.running for f in self._families.values())
        while busy:
            try:
                report = self._reports.get(timeout=1.0)
            except queue.Empty:
                if self._stopped:
                    return
                if not any(w.is_alive() for w in self._workers):
                    with self._changed:
                        for entry in self._families.values():
                            if not entry.finished:
                                entry.failed = entry.failed or "the worker process ended unexpectedly"
                                entry.waiting, entry.running = [], 0
                        self._changed.notify_all()
                        self._publish()
                    return
                continue
            with self._changed:
                entry = self._families[report.family]
                if report.kind == "start":
                    entry.started += 1
                    entry.kernels += report.kernels
                elif report.kind == "kernel":
                    entry.done += 1
                else:
                    entry.running -= 1
                    busy -= 1
                    if report.kind == "failed":
                        entry.failed = entry.failed or report.error
                    if self._hand_out():
                        busy += 1
                self._publish()
                self._changed.notify_all()
            if self._on_report is not None:
                self._on_report(report)
        for _ in self._workers:
            self._tasks.put(None)


# The pool compiling for this process in the background (the app's), which searches wait for.
_background: Ahead | None = None


def run_in_background(pool: Ahead | None) -> None:
    """Make pool the one this process's searches wait for (None: none)."""
    global _background
    _background = pool


def wait_for(family: str, control: SearchControl, poll_s: float = 0.1) -> None:
    """Before a search of this family: while the background pool still compiles it, wait (shown as
    compiling, the family first), so that the search loads its kernels from the cache instead of
    compiling them a second time beside the pool. A cancel while waiting raises CancelledBeforeSearch."""
    pool = _background
    if pool is None or not pool.pending(family):
        return
    from puzzle_explorer.core.run.progress import CancelledBeforeSearch

    control.compiling()
    while pool.wait(family, poll_s) is None:
        if control.stop_requested:
            raise CancelledBeforeSearch()
