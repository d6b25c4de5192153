"""The Python side of a search's counters: the SearchControl that owns them, starts and stops the
search clock and asks the kernel to stop, and the Snapshot of them the app and the command line
read.

The counters array's layout and the helpers kernels publish with are core/kernels/counters.py;
past the counters the same array holds the live picture (core/kernels/picture.py, read back by
core/run/live.py).
"""
from __future__ import annotations

import threading
import time
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, Callable, Iterator

import numpy as np

from puzzle_explorer.core.kernels import picture
from puzzle_explorer.core.kernels.counters import (
    DEPTH,
    EXPANDED,
    FRONTIER,
    MAX_FRONTIER,
    NODE_CAP,
    RUN,
    SLOTS,
    SOLUTIONS,
    STOP,
    STOP_CANCEL,
    STOP_TIMEOUT,
    STORED,
)
from puzzle_explorer.core.run import warmup
from puzzle_explorer.core.run.live import Live, read_live


@dataclass(frozen=True)
class Snapshot:
    """The counters at one moment, plus the phase, the search's own clock and the live picture.

    expanded and solutions add up over every kernel the job has run so far, and max_frontier is
    the largest of them, so none of the three ever goes down within a job; frontier, depth and
    stored are the running kernel's own. `live` is what the search is doing right now (a
    puzzle_explorer.core.run.live.Live: its kind, the path to the node it works on, depth, g/h/bound, layer sizes...)
    or None before anything was drawn. `view` is the family's drawing of it, made by the decoder
    the family's solve() handed its SearchControl (for puzzle_explorer.puzzles.interface.LiveView: a board to
    draw, the path as moves); None without a decoder or a picture.
    """

    phase: str
    expanded: int = 0
    frontier: int = 0
    depth: int = 0
    stored: int = 0
    max_frontier: int = 0
    solutions: int = 0
    elapsed_s: float = 0.0
    # while compiling: the kernels of `compiling` (a family) compiled so far, of how many
    compiling: str = ""
    compiled: int = 0
    kernels: int = 0
    live: Live | None = field(default=None, compare=False)
    view: Any = field(default=None, compare=False)
    # a tree search's expected nodes and their standard error (core/estimate/dives.py); 0: no estimate
    expected: float = 0.0
    expected_se: float = 0.0
    expected_of: str = ""  # what the estimate covers when it is not the whole search ("iteration")
    # a search split into tasks (core/scale/tasks.py): how many have finished, of how many (0: not split)
    tasks_done: int = 0
    tasks: int = 0

    @property
    def rate(self) -> float:
        """Nodes expanded per second of search."""
        return self.expanded / self.elapsed_s if self.elapsed_s > 0 else 0.0

    def eta(self) -> tuple[float, float] | None:
        """Seconds left and their uncertainty, at the speed so far toward the expected nodes (None
        without an estimate or a speed yet, or once the search has passed its estimate)."""
        if self.expected <= 0 or self.rate <= 0 or self.past_estimate:
            return None
        return (self.expected - self.expanded) / self.rate, self.expected_se / self.rate

    @property
    def past_estimate(self) -> bool:
        """The search has entered more nodes than its estimate expected: the time left is unknown
        (the estimate's long tail; '~0 s left' would mislead)."""
        return 0 < self.expected <= self.expanded


class CancelledBeforeSearch(Exception):
    """A cancel arrived before the search began (while kernels were compiling, say).

    Compilation cannot be interrupted. The waiting caller stops waiting for it,
    abandons the search and raises this; the compiling thread raises it too, from
    start_search(), so a search nobody waits for never starts once its kernels are ready.
    """


class Phase:
    IDLE = "idle"
    COMPILING = "compiling"  # the compiler alone (or loading its cache): the time limit waits for it
    STARTING = "starting workers"  # after compiling: a cancel now is an ordinary cancel
    # The work before the search: each counts toward the time limit, and a cancel or the time
    # limit stops it within a second (its kernels read the stop flag, as the search's do).
    ESTIMATING = "estimating"  # a short look at the search's size before it runs
    LISTING_GOALS = "listing goals"  # every goal position, to search or count back from
    LOADING_TABLE = "loading the table"
    BUILDING_TABLE = "building the table"  # a table or pattern database the search reads
    CUTTING = "cutting"  # cutting the search into subtrees for the workers
    SEARCHING = "searching"
    DONE = "done"


# What the progress line and the Stats pane say in each phase before the search clock runs.
WAITING = {Phase.IDLE: "starting…", Phase.COMPILING: "compiling solver…", Phase.STARTING: "starting workers…",
           Phase.ESTIMATING: "estimating the search's size…", Phase.LISTING_GOALS: "listing the goal positions…",
           Phase.LOADING_TABLE: "loading the table…", Phase.BUILDING_TABLE: "building the table…",
           Phase.CUTTING: "cutting the search into subtrees…"}
# The phases of work before the search (the time limit counts them; a cancel in them is ordinary).
WORKING = frozenset({Phase.ESTIMATING, Phase.LISTING_GOALS, Phase.LOADING_TABLE, Phase.BUILDING_TABLE,
                     Phase.CUTTING})


class SearchControl:
    """The counters, the stop flag and the search clock of one search.

    Thread-safe where it matters: cancel() and snapshot() may be called from
    any thread while the search runs in another.
    """

    def __init__(self) -> None:
        self.counters = np.zeros(SLOTS, dtype=np.int64)
        self.phase = Phase.IDLE
        self.decoder: Callable[[Live], Any] | None = None
        self._carried = (0, 0, 0)  # expanded, solutions, max frontier of the kernels already run
        self._lock = threading.Lock()
        self._started: float | None = None
        self._elapsed = 0.0
        self._working: float | None = None  # when the work before the search (a WORKING phase) began
        self._worked = 0.0  # seconds of that work so far, which the time limit counts with the search's
        self._abandoned = False
        self._searched = False
        self.expected: tuple[float, float, str] = (0.0, 0.0, "")
        self.tasks: tuple[int, int] = (0, 0)  # a split search's tasks finished, of how many

    # --- the searching side -------------------------------------------------
    def _enter(self, phase: str) -> None:
        """Move to `phase`, running the clock of the work before the search while it is one of
        that work's phases (Phase.WORKING)."""
        with self._lock:
            now = time.perf_counter()
            if self._working is not None:
                self._worked += now - self._working
            self._working = now if phase in WORKING else None
            self.phase = phase

    def compiling(self) -> None:
        """Mark that kernels are being compiled or loaded (not part of the search time)."""
        self._enter(Phase.COMPILING)

    def starting_workers(self) -> None:
        """Mark that worker processes are starting (not part of the search time)."""
        self._enter(Phase.STARTING)

    def estimating(self) -> None:
        """Mark a look at the search's size (not part of the search time, nor shown as compiling)."""
        self._enter(Phase.ESTIMATING)

    def working(self, phase: str) -> None:
        """Mark work before the search (one of Phase.WORKING): not the search's time, but the time
        limit's; its kernels stop at the stop flag like the search's."""
        assert phase in WORKING, phase
        self._enter(phase)

    @contextmanager
    def work(self, phase: str) -> Iterator[None]:
        """Within the block the job does the work `phase` names; after it, the phase it was in,
        unless the job was asked to stop meanwhile: then it stays in `phase` as it returns what the
        work has, since back in COMPILING a cancel would be taken for one before any work (the
        caller's thread reads the phase when its Ctrl-C lands, and may read it only after the
        block has ended)."""
        before = self.phase
        self.working(phase)
        try:
            yield
        finally:
            if self.phase == phase and self.stop_requested == RUN:
                self._enter(before)

    def start_search(self) -> None:
        """Start the search clock; compilation must be done by now.

        Raises CancelledBeforeSearch once the search was abandoned. A search that
        is only cancelled still starts: its kernel sees the stop flag at its first
        look and the caller gets a cancelled result.
        """
        with self._lock:
            if self._abandoned:
                raise CancelledBeforeSearch()
            now = time.perf_counter()
            if self._working is not None:
                self._worked += now - self._working
                self._working = None
            if self._started is None:
                self._started = now
            self._searched = True
            self.phase = Phase.SEARCHING

    @property
    def searched(self) -> bool:
        """A search has run on this control: a cancel from now on, even while further kernels
        compile or workers start, stops a search that has something to report."""
        return self._searched

    def end_search(self) -> float:
        """Stop the search clock and return the search time in seconds."""
        with self._lock:
            if self._started is not None:
                self._elapsed += time.perf_counter() - self._started
                self._started = None
            self.phase = Phase.DONE
            return self._elapsed

    def reset_counters(self) -> None:
        """Zero the counters and the picture for a further search of the same job (keeps STOP, the
        node cap and the quiet flag); the snapshots' running totals carry what came before."""
        c = self.counters
        expanded, solutions, most = self._carried
        self._carried = (expanded + int(c[EXPANDED]), solutions + int(c[SOLUTIONS]),
                         max(most, int(c[MAX_FRONTIER])))
        stop, cap, quiet = c[STOP], c[NODE_CAP], c[picture.QUIET]
        c[:] = 0
        c[STOP] = stop
        c[NODE_CAP] = cap
        c[picture.QUIET] = quiet

    def expect(self, nodes: float, se: float, of: str = "") -> None:
        """The search's expected nodes and their standard error, for every snapshot from now on;
        of: the part of the search they end ("iteration": the nodes at its end), "" the whole."""
        self.expected = (float(nodes), float(se), of)

    def show_with(self, decoder: Callable[[Live], Any] | None) -> None:
        """The family's decoder of the live picture (path entries -> a board to draw, moves), used
        for every snapshot from now on. It runs in the thread that takes the snapshot."""
        self.decoder = decoder

    def quiet(self, on: bool = True) -> None:
        """Ask the kernels not to draw the live picture (before a search; the benchmark's switch)."""
        self.counters[picture.QUIET] = int(on)

    def show_table(self) -> None:
        """The answer comes from a table: say so in the picture (there is no search to show)."""
        picture.show_sample(self.counters, picture.TABLE, 0, None)

    @contextmanager
    def node_cap(self, most: int | None) -> Iterator[None]:
        """Within the block, each kernel may enter at most `most` nodes (None: no cap). For tree
        searches, whose memory does not grow with the nodes; graph searches cap what they store."""
        self.counters[NODE_CAP] = 0 if most is None else max(1, most)
        try:
            yield
        finally:
            self.counters[NODE_CAP] = 0

    # --- the controlling side -------------------------------------------------
    def abandon(self) -> None:
        """Cancel, and let no search start any more: nobody will read its result."""
        self.cancel()
        with self._lock:
            self._abandoned = True

    def cancel(self) -> None:
        """Ask the running kernel to stop (it notices within a few thousand expansions)."""
        if self.counters[STOP] == RUN:
            self.counters[STOP] = STOP_CANCEL

    def time_out(self) -> None:
        """Ask the running kernel to stop because the time limit passed."""
        if self.counters[STOP] == RUN:
            self.counters[STOP] = STOP_TIMEOUT

    @property
    def stop_requested(self) -> int:
        return int(self.counters[STOP])

    def stopped(self) -> bool:
        """A cancel or the time limit has asked the job to stop (for work done in Python between
        kernels: a cut's depths, an estimate's starts)."""
        return bool(self.counters[STOP] != RUN)

    def elapsed(self) -> float:
        """Search time so far in seconds (compilation excluded)."""
        with self._lock:
            running = time.perf_counter() - self._started if self._started is not None else 0.0
            return self._elapsed + running

    def searching_since(self) -> float | None:
        with self._lock:
            return self._started

    def limited(self) -> float | None:
        """Seconds the time limit has counted so far: the search's and the work's before it
        (compiling and starting workers left out); None while neither clock runs."""
        with self._lock:
            now = time.perf_counter()
            if self._started is None and self._working is None:
                return None
            running = (now - self._started if self._started is not None else 0.0) + \
                (now - self._working if self._working is not None else 0.0)
            return self._elapsed + self._worked + running

    def live(self) -> Live | None:
        """The live picture now (None before the first one)."""
        return read_live(self.counters)

    def decode(self, live: Live | None) -> Any:
        """The family's drawing of a picture; None without a decoder, or if it cannot make one
        (a decoder must never stop a search: a picture it cannot read is skipped)."""
        if live is None or self.decoder is None:
            return None
        try:
            return self.decoder(live)
        except Exception:
            return None

    def snapshot(self, decode: bool = True) -> Snapshot:
        """The counters and the picture now; with decode, the family's drawing of the picture too."""
        c = self.counters[:picture.LIVE].copy()
        warm = warmup.progress() if self.phase == Phase.COMPILING else warmup.Progress()
        live = self.live()
        expanded, solutions, most = self._carried
        return Snapshot(
            phase=self.phase,
            expanded=expanded + int(c[EXPANDED]),
            frontier=int(c[FRONTIER]),
            depth=int(c[DEPTH]),
            stored=int(c[STORED]),
            max_frontier=max(most, int(c[MAX_FRONTIER])),
            solutions=solutions + int(c[SOLUTIONS]),
            elapsed_s=self.elapsed(),
            compiling=warm.family if warm.active else "",
            compiled=warm.done if warm.active else 0,
            kernels=warm.total if warm.active else 0,
            live=live,
            view=self.decode(live) if decode else None,
            expected=self.expected[0],
            expected_se=self.expected[1],
            expected_of=self.expected[2],
            tasks_done=self.tasks[0],
            tasks=self.tasks[1],
        )
