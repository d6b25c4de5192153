"""Counting with the frontier counter (frontier.py): when a count uses it, the memory it needs,
progress, checkpoints between steps, and its answer as a Solution."""
from __future__ import annotations

import functools
import math
import os
import time
from pathlib import Path
from typing import Any, Callable

import numpy as np

from puzzle_explorer.core.errors import EngineError, InputError
from puzzle_explorer.core.files import side_file_failed, write_atomically
from puzzle_explorer.core.kernels import picture
from puzzle_explorer.core.kernels.counters import DEPTH, EXPANDED, FRONTIER, RUN, SOLUTIONS, STOP_CANCEL, STORED
from puzzle_explorer.core.kernels.jit import prepare
from puzzle_explorer.core.run.memory import HARD_CAP, SCRATCH, available_bytes, budget_bytes
from puzzle_explorer.core.run.progress import SearchControl
from puzzle_explorer.core.run.search import Limits, Stats
from puzzle_explorer.core.run.status import Limit, Status
from puzzle_explorer.core.scale import counts_ray
from puzzle_explorer.core.scale.engine import RAY, EngineSpec
from puzzle_explorer.core.scale.engines import counts_on_ray
from puzzle_explorer.core.sizes import describe_bytes
from puzzle_explorer.puzzles.interface import JSON, Solution, Step
from puzzle_explorer.puzzles.kit.text import Cell
from puzzle_explorer.puzzles.knights import frontier, frontier_flat, frontier_peaks, frontier_ray, live, meet
from puzzle_explorer.puzzles.knights.board import Board
from puzzle_explorer.puzzles.knights.kernels import frontier as kern
from puzzle_explorer.puzzles.knights.symmetry import orbits

METHODS = ("auto", "frontier", "backtrack")
NAME = "frontier count (transfer matrix)"
MEET_NAME = "frontier count (transfer matrix), the two halves met in the middle"
MOST_WIDTH = 8  # a window of 2 * 8 + 1 cells is the most a key holds
STATE_BYTES = frontier.STATE_BYTES
SECONDS_PER_STATE = 1.5e-6  # one state moved past one cell, on one core of the machine it was measured on
# A state of the peak, in bytes: the step's input and table, then the join's copies sorted by group.
MEET_STATE_BYTES = 100
# One state of the peak moved past one edge of a half, the join's share included, on one core: 7x7
# took 359 s of CPU for 60 edges and a peak of 39,474,695 states. A half has about 1.25 edges a square.
MEET_SECONDS_PER_STATE = 1.5e-7
MEET_EDGES_PER_SQUARE = 1.25
MEETING = 0  # sets_swept's answer for the total alone, met in the middle
FREE_ENDS = -1  # sets_swept's answer for the total alone, by one sweep with free ends
AUTO_SEARCH_S = 1.0  # counts the search finishes this soon stay with it: it keeps tours to browse
SAVE_EVERY_S = 30.0
# A state a Ray checkpoint gathers here: its key and count, and their copy while the actors' shares are
# joined (7x7's halves met on 2 actors: 39.5 million states at the peak, 2.6 GB resident here)
GATHERED_BYTES = 2 * 16
TABLE_SECONDS = 600.0  # the longest guessed sweep for the per-square table; past it, the total alone
# details["every_square"]: what an --all-starts count by the frontier counter gave
TABLE = "per-square table: a set of states for each class of start squares"
TOTAL_ONLY = (
    "total only: one sweep with free ends (the per-square table, a set of states per class of start squares, "
    "would not fit the memory budget or would take too long)")
TOTAL_LONG = (
    "total only: one sweep with free ends, faster than meeting in the middle on a board this much longer than "
    "wide (the per-square table, a set of states per class of start squares, would not fit the memory budget or "
    "would take too long)")
TOTAL_MET = (
    "total only: the free-ends sweep's two halves met in the middle (the per-square table, a set of states per "
    "class of start squares, would not fit the memory budget or would take too long)")


def guess(board: Board, starts: int) -> tuple[int, float]:
    """(peak states, seconds) the sweep is expected to take; `starts` the start squares it counts
    from, each a set of states after its square (MEETING, FREE_ENDS: the total alone, met in the middle
    or by one sweep with free ends)."""
    width, length = sorted((board.width, board.height))
    if starts == MEETING:
        peak = frontier_peaks.MEET.at(width, length)
        return peak, peak * board.squares * MEET_EDGES_PER_SQUARE * MEET_SECONDS_PER_STATE
    if starts == FREE_ENDS:
        peak = frontier_peaks.FREE_ENDS.at(width, length)
    else:
        peak = frontier_peaks.FROM_A_START.at(width, length) * max(1, (starts + 1) // 2)
    steps = board.squares + 2 * width + 1
    return peak, peak * steps / 3 * SECONDS_PER_STATE


def table_fits(board: Board, budget: int) -> bool:
    """Whether `--all-starts` sweeps for the per-square table: a set of states for each class of start
    squares, expected to fit the budget and to end within TABLE_SECONDS. Otherwise one sweep with free
    ends (no start square: any cell may become one of the two ends) gives the total alone, every
    directed tour being one undirected Hamiltonian path walked from either end; closed tours need one
    sweep for both."""
    if board.closed:
        return True
    peak, seconds = guess(board, len(orbits(board)))
    return peak * STATE_BYTES <= budget and seconds <= TABLE_SECONDS


def sets_swept(board: Board, all_starts: bool, budget: int) -> int:
    """The start squares whose sets of states the sweep for this count holds (none counts as one), or
    where the count is the total alone, how: MEETING where the board's two halves meet in the middle
    (faster on boards not much longer than wide, frontier_peaks.meets_faster), else FREE_ENDS."""
    if board.closed or not all_starts:
        return 1
    if not table_fits(board, budget):
        meets = frontier_peaks.meets_faster(*sorted((board.width, board.height)))
        return MEETING if meets and meet.plan(board.width, board.height, board.blocked) else FREE_ENDS
    return len(orbits(board))


def spreads_on_ray(board: Board, starts: int, engine: EngineSpec | None) -> bool:
    """Whether this count's states are spread over a Ray cluster's actors: the engine is Ray, and the
    sweep holds one set of states (met in the middle, the free-ends total, closed tours); sets_swept's
    `starts`."""
    return engine is not None and engine.kind == RAY and board.free_squares > 2 and (
        starts in (MEETING, FREE_ENDS) or board.closed)


def planned(board: Board, all_starts: bool, max_memory: int | None,
            engine: EngineSpec | None) -> tuple[int, bool, int]:
    """How a count sweeps, as planned before it starts (by count, and by auto's choice of method):
    sets_swept's answer, against this machine's budget (where a per-square table is held); whether its
    states are spread over a Ray cluster's actors (spreads_on_ray); and the bytes it may hold, held to
    this machine's memory or, on the actors, --max-memory as given (the cluster's memory bounds it once
    the cluster is joined, _on_ray)."""
    sets = sets_swept(board, all_starts, budget_bytes(max_memory) - SCRATCH)
    on_ray = spreads_on_ray(board, sets, engine)
    return sets, on_ray, budget_bytes(max_memory, HARD_CAP if on_ray else None) - SCRATCH


def state_bytes(starts: int) -> int:
    """The bytes a state of the peak costs: sets_swept's answer says which sweep."""
    return MEET_STATE_BYTES if starts == MEETING else STATE_BYTES


def supported(board: Board) -> bool:
    return min(board.width, board.height) <= MOST_WIDTH


def chosen(board: Board, method: str, search_seconds: float | None, starts: int, budget: int = 0) -> bool:
    """Whether a count uses the frontier counter: asked for, or (auto) when it fits the key and the
    memory budget and its guess beats the search's estimated time (search_seconds; None: not estimated)."""
    if method not in METHODS:
        raise InputError(f"unknown counting method {method!r}; choose one of {', '.join(METHODS)}")
    if method == "frontier":
        if not supported(board):
            raise InputError(f"the frontier counter sweeps boards at most {MOST_WIDTH} squares across; "
                             f"this one is {min(board.width, board.height)}")
        return True
    if method == "backtrack" or not supported(board) or search_seconds is None:
        return False
    peak, seconds = guess(board, starts)
    return search_seconds > AUTO_SEARCH_S and seconds < search_seconds and peak * state_bytes(starts) <= budget


def _late_representatives(board: Board) -> list[tuple[Cell, list[Cell]]]:
    """The classes of squares the board's symmetries swap, each counted from its square the sweep
    reaches last: the sets of states of the starts split off the common one as late as they can."""
    sweep = frontier.sweep_of(board.width, board.height, board.blocked)
    return [(max(members, key=sweep.from_board), members) for _, members in orbits(board)]


def _start_only(board: Board) -> list[Step]:
    return [Step(f"start at {board.start[0] + 1},{board.start[1] + 1}", board.plain(),
                 frozenset({board.start}), {})]


def count(board: Board, all_starts: bool, control: SearchControl, limits: Limits, details: JSON,
          checkpoint: str | None = None, workers: int | None = None, order: int | None = None,
          engine: EngineSpec | None = None) -> Solution:
    """Tours from the start (or from every square) by the frontier counter, each large step swept by
    `workers` threads (None: one per core; `order` shuffles the pieces, for the tests). On the ray engine
    a count that holds one set of states (met in the middle, the free-ends total, closed tours) spreads
    them over the cluster's actors (frontier_ray.py); other counts sweep on this machine's threads, and
    say that the engine went unused."""
    workers = workers or os.cpu_count() or 1
    sets, on_ray, budget = planned(board, all_starts, limits.max_memory, engine)
    meeting = sets == MEETING
    total_only = sets in (MEETING, FREE_ENDS)
    reps = _late_representatives(board) if all_starts and not total_only else [(board.start, [board.start])]
    peak, seconds = guess(board, sets)
    need = peak * state_bytes(sets)
    details = {**details, "method": MEET_NAME if meeting else NAME,
               "frontier": {"width": min(board.width, board.height), "workers": workers, "expected_states": peak,
                            "expected_bytes": need}}
    if engine is not None and engine.kind == RAY and not on_ray:
        details["engine_unused"] = RAY
    if all_starts:
        long = sets == FREE_ENDS and meet.plan(board.width, board.height, board.blocked) is not None
        details["every_square"] = TOTAL_MET if meeting else TOTAL_LONG if long else TOTAL_ONLY if total_only else TABLE
        # theory's verdict is the start square's ("whether one starts on this square"), not every square's
        details.pop("existence", None)
    if on_ray and checkpoint:
        _gathered_fits(peak, meeting)
    if need > budget:
        return _too_big(board, details, need)
    counters = control.counters
    cut = meet.plan(board.width, board.height, board.blocked) if meeting else None
    control.show_with(live.meet_decoder(board, cut) if cut else live.frontier_decoder(board))
    starts = [rep for rep, _ in reps]
    totals: dict[Cell, int] = {}
    every = 0  # the total alone (total_only)
    done = 0
    key = _key(board, None if total_only else starts) + (" met in the middle" if meeting else "")
    saved = [time.perf_counter()]

    def on_step(p: frontier.Progress) -> None:
        nonlocal done
        done += p.states
        counters[DEPTH], counters[FRONTIER], counters[STORED], counters[EXPANDED] = p.step, p.states, p.states, done
        details["frontier"].update(step=p.step, steps=p.steps, states=p.states, most_states=p.most_states)
        picture.append_history(counters, p.states)
        picture.show_sample(counters, picture.CENSUS, p.step, None)

    def due() -> bool:
        return bool(checkpoint) and time.perf_counter() - saved[0] >= SAVE_EVERY_S

    def on_saved(at: frontier.Sweeping) -> None:
        _found(counters, sum(at.totals.values()))
        if checkpoint and due():
            try:
                _save(Path(checkpoint), key, at)
                saved[0] = time.perf_counter()
            except OSError as exc:  # the count goes on without it; the command line says so after the answer
                side_file_failed("--checkpoint", checkpoint, exc)
                saved[0] = math.inf

    resumed = _load(Path(checkpoint), key) if checkpoint else None
    if checkpoint and resumed is None:
        _writable(Path(checkpoint))
    room = max(1, (budget - frontier_flat.scratch_bytes(workers)) // state_bytes(sets))
    # the states a step holds are what --max-states caps: a step that would hold more ends the sweep
    capped = limits.max_states is not None and limits.max_states < room
    if capped:
        room = max(1, limits.max_states or 1)
    control.compiling()
    prepare(kern.step, *frontier.example_args(counters))  # counts in two words, past 64 bits
    if meeting or on_ray:
        frontier_ray.prepare_kernels(counters)
    else:
        frontier.prepare_flat_kernels(counters)
    control.reset_counters()
    before = control.elapsed()
    control.start_search()
    status, limit = Status.SOLVED, None
    try:
        try:
            if on_ray and not (resumed and any(s.pairs is None for s in resumed.sets)):
                assert engine is not None
                found = _on_ray(board, cut, engine, control, room, on_step, resumed, on_saved, due, order, details,
                                limits.max_memory, need)
                every = found if cut else 2 * found
                totals = {s: 2 * found for s in starts}
            elif cut:
                every = _met(cut, counters, room, on_step, workers, resumed, on_saved)
            elif total_only:
                every = frontier.count_all(board.width, board.height, board.blocked, counters, room, on_step, resumed,
                                           on_saved, workers, order)
            else:
                totals = frontier.count_starts(board.width, board.height, board.blocked, starts, board.closed,
                                               counters, room, on_step, resumed, on_saved, workers, order)
        except (meet.Wide, frontier_flat.Wide):  # past 64 bits: the cell-by-cell sweep here counts in two words
            if details["frontier"].pop("engine", None):  # swept here, not on the actors
                details["frontier"]["workers"] = workers
            if not (meeting or total_only):  # closed tours on Ray
                totals = frontier.count_starts(board.width, board.height, board.blocked, starts, board.closed,
                                               counters, room, on_step, None, on_saved, workers, order)
            else:
                details.update(method=NAME, every_square=TOTAL_ONLY)
                key = _key(board, None)  # its checkpoints are the cell-by-cell sweep's
                every = frontier.count_all(board.width, board.height, board.blocked, counters, room, on_step,
                                           None, on_saved, workers, order)
    except OverCluster as over:
        return _too_big(board, details, need, over.budget)
    except frontier.Stopped:
        status, limit = _stopped(control)
    except frontier.OutOfRoom:
        status, limit = Status.LIMIT, Limit.STATES if capped else Limit.MEMORY
    finally:
        elapsed = control.end_search() - before
    most = int(details["frontier"].get("most_states", 0))
    stats = Stats(done, most, most, elapsed)
    if checkpoint:
        details["checkpoint"] = {"file": checkpoint, "resumed_at_step": resumed.step if resumed else 0,
                                 "finished": status == Status.SOLVED}
    if status != Status.SOLVED:
        details["solutions_so_far"] = int(counters[SOLUTIONS])
        return Solution(status, _start_only(board), stats, limit, details=details)
    if checkpoint and os.path.exists(checkpoint):
        os.remove(checkpoint)
    if total_only:
        total = every
        details = {**details, "solutions": total}
        return Solution(Status.SOLVED if total else Status.UNSOLVABLE, _start_only(board), stats, None,
                        details=details)
    if not all_starts:
        tours = totals[board.start]
        details["solutions"] = tours
        return Solution(Status.SOLVED if tours else Status.UNSOLVABLE, _start_only(board), stats, None,
                        details=details)
    grid: list[list[int | None]] = [[None if (x, y) in board.blocked else 0 for x in range(board.width)]
                                    for y in range(board.height)]
    for rep, members in reps:
        for x, y in members:
            grid[y][x] = totals[rep]
    total = sum(v for row in grid for v in row if v)
    details = {**details, "per_square": grid, "solutions": total}
    return Solution(Status.SOLVED if total else Status.UNSOLVABLE, _start_only(board), stats, None, details=details)


def _met(p: meet.Plan, counters: np.ndarray, room: int, on_step: Callable[[frontier.Progress], None],
         workers: int, resumed: frontier.Sweeping | None, on_saved: Callable[[frontier.Sweeping], None]) -> int:
    """The total by meeting in the middle, its progress told by edge (_by_edge), and the tours counted as
    the join assembles them."""
    return meet.count(p, counters, room, _by_edge(p, on_step), workers, resumed, on_saved,
                      functools.partial(_found, counters))


def _found(counters: np.ndarray, tours: int) -> None:
    """The tours a running count has found so far, for its progress: the counters are int64, and a
    count may pass them (it is kept exact elsewhere)."""
    counters[SOLUTIONS] = min(tours, 2 ** 62)


class OverCluster(Exception):
    """The count is expected to need more than the joined Ray cluster's budget (`budget` bytes)."""

    def __init__(self, budget: int):
        super().__init__(budget)
        self.budget = budget


def _too_big(board: Board, details: JSON, need: int, cluster: int | None = None) -> Solution:
    """The count ended before it began: it is expected to need `need` bytes, more than the budget (on a
    Ray cluster, `cluster` bytes)."""
    on = "" if cluster is None else f", and the Ray cluster's budget is {describe_bytes(cluster)}"
    return Solution(Status.LIMIT, _start_only(board), Stats(), Limit.MEMORY,
                    details={**details, "note": f"the frontier counter is expected to need "
                                                f"{describe_bytes(need)} on this board{on}"})


def _on_ray(board: Board, cut: meet.Plan | None, spec: EngineSpec, control: SearchControl, room: int,
            on_step: Callable[[frontier.Progress], None], resumed: frontier.Sweeping | None,
            on_saved: Callable[[frontier.Sweeping], None], due: Callable[[], bool], order: int | None,
            details: JSON, max_memory: int | None, need: int) -> int:
    """On a Ray cluster's actors (frontier_ray.py): the directed tours met in the middle (cut), or else
    the paths (closed: cycles) of the free-ends sweep. The budget is --max-memory held to the cluster's
    memory (or a share of what it has free), shared out evenly among the actors, each a thread's scratch
    and as many states as the rest holds, and at most its share of `room` (--max-states); OverCluster
    when the count's guessed `need` is more."""
    counters = control.counters

    def tick() -> None:
        if control.stop_requested != RUN:
            pool.stop(control.stop_requested)

    on_paths = functools.partial(_found, counters)
    sweep: counts_ray.Sweep = frontier_ray.Halves(plan=cut) if cut else frontier_ray.Cells(
        width=board.width, height=board.height, blocked=board.blocked, closed=board.closed)
    control.end_search()  # starting the actors is not search time
    with counts_on_ray(spec, sweep, [frontier_ray.__name__], control, order) as pool:
        details["frontier"].update(workers=pool.parts, engine=RAY)
        budget, over = pool.budget(max_memory)
        budget -= SCRATCH
        details["frontier"]["budget_bytes"] = budget
        if over is not None:
            details["frontier"]["budget_note"] = over
        if need > budget:
            raise OverCluster(budget)
        share = budget // pool.parts - frontier_flat.scratch_bytes(1)
        each = max(1, min(room // pool.parts, share // state_bytes(MEETING if cut else 1)))
        pool.ready(tick)
        control.start_search()
        try:
            found = _sweep_on_ray(cut, sweep, pool, each, tick, on_step, resumed, on_saved, due, on_paths)
        finally:
            try:  # what a cluster of this size needs per worker: said with the answer, stopped or not
                details["frontier"]["actor_peak_rss_bytes"] = pool.peak_rss(lambda: None)
            except EngineError:
                pass
    on_paths(found)
    return found


def _sweep_on_ray(cut: meet.Plan | None, sweep: counts_ray.Sweep, pool: counts_ray.CountsPool, each: int,
                  tick: Callable[[], None], on_step: Callable[[frontier.Progress], None],
                  resumed: frontier.Sweeping | None, on_saved: Callable[[frontier.Sweeping], None],
                  due: Callable[[], bool], on_paths: Callable[[int], None]) -> int:
    if cut:
        return frontier_ray.count_met(cut, pool, each, tick, _by_edge(cut, on_step), resumed, on_saved, due)
    assert isinstance(sweep, frontier_ray.Cells)
    return frontier_ray.count_cells(sweep, pool, each, tick, on_step, resumed, on_saved, due, on_paths)


def _by_edge(p: meet.Plan, on_step: Callable[[frontier.Progress], None]) -> Callable[[int, int], None]:
    """A count met in the middle told as the cell-by-cell sweep's progress is: the step is the edges
    swept."""
    progress = frontier.Progress(steps=p.swept)

    def on_edge(edges: int, states: int) -> None:
        progress.advance(edges, states)
        on_step(progress)

    return on_edge


def _stopped(control: SearchControl) -> tuple[Status, Limit | None]:
    if control.stop_requested == STOP_CANCEL:
        return Status.CANCELLED, None
    return Status.LIMIT, Limit.TIME


def _key(board: Board, starts: list[Cell] | None) -> str:
    """What a checkpoint belongs to: the board, open or closed, the starts (None: the free-ends sweep)."""
    return repr((board.width, board.height, sorted(board.blocked), board.closed, starts))


def _save(path: Path, key: str, at: frontier.Sweeping) -> None:
    """The sweep between two steps, written whole to a new file and then moved over the old one."""
    arrays: dict[str, np.ndarray] = {}
    for k, s in enumerate(at.sets):
        arrays[f"keys{k}"], arrays[f"lo{k}"] = s.keys, s.lo
        if s.hi is not None:  # counts in two words
            arrays[f"hi{k}"] = s.hi
    starts = [-1 if s.start is None else s.start for s in at.sets]
    totals = [(-1 if c is None else c, str(v)) for c, v in at.totals.items()]
    arrays.update(key=np.array(key), step=np.array(at.step), starts=np.array(starts, dtype=np.int64),
                  totals=np.array(totals, dtype=object))
    write_atomically(path, lambda f: np.savez(f, allow_pickle=True, **arrays))


def _gathered_fits(peak: int, meeting: bool) -> None:
    """InputError, before a cluster starts, when a checkpoint of a count on Ray could not be made here:
    it gathers every actor's states into this process (a key and a count each, and the first half's
    beside the second's when the halves meet), with a copy while they are joined into one array."""
    gathered = peak * GATHERED_BYTES * (2 if meeting else 1)
    free = available_bytes()
    if gathered > free:
        raise InputError(f"--checkpoint with --engine ray saves the actors' states from this machine: about "
                         f"{describe_bytes(gathered)} on this board, and it has {describe_bytes(free)} free; "
                         "count without --checkpoint, or from a machine with more memory")


def _writable(path: Path) -> None:
    """InputError, before the count starts, when a checkpoint could not be written at path."""
    part = path.with_name(path.name + ".part")
    try:
        with open(part, "wb"):
            pass
        part.unlink()
    except OSError as exc:
        raise InputError(f"checkpoint {path}: {exc.strerror or exc}") from None


def _set(start: int | None, f: Any, k: int) -> frontier.States:
    if f"hi{k}" in f:
        return frontier.States(start, f[f"keys{k}"], f[f"lo{k}"], f[f"hi{k}"])
    return frontier.one_word(start, f[f"keys{k}"], f[f"lo{k}"])


def _load(path: Path, key: str) -> frontier.Sweeping | None:
    """The sweep a checkpoint holds, or None when there is none; InputError when it is another count's."""
    if not path.exists():
        return None
    try:
        with np.load(path, allow_pickle=True) as f:
            if str(f["key"]) != key:
                raise InputError(f"checkpoint {path} belongs to another count; remove it or name another file")
            sets = [_set(None if s < 0 else int(s), f, k) for k, s in enumerate(f["starts"].tolist())]
            totals = {None if int(c) < 0 else int(c): int(v) for c, v in f["totals"].tolist()}
            return frontier.Sweeping(int(f["step"]), sets, totals)
    except (OSError, ValueError, KeyError) as e:
        raise InputError(f"checkpoint {path} cannot be read: {e}") from None
