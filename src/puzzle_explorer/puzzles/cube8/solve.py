"""Solving a cubic eight-puzzle board: bidirectional BFS, IDA*, or the distance table."""
from __future__ import annotations

import time
from pathlib import Path

import numpy as np

from puzzle_explorer.core.errors import InputError
from puzzle_explorer.core.kernels.codes import EXHAUSTED, FOUND, STOPPED
from puzzle_explorer.core.kernels.signature import Kernel
from puzzle_explorer.core.run.memory import fits, state_cap
from puzzle_explorer.core.run.progress import Phase, SearchControl
from puzzle_explorer.core.run.search import (
    Limits,
    Stats,
    counter_stats,
    kernel_status,
    shortest_path,
    shortest_path_kernels,
    timed,
)
from puzzle_explorer.core.run.status import Limit, Status
from puzzle_explorer.core.scale.census import census_kernels
from puzzle_explorer.core.sizes import describe_bytes
from puzzle_explorer.puzzles.cube8 import cubes as C
from puzzle_explorer.puzzles.cube8 import distances, live
from puzzle_explorer.puzzles.cube8 import table as T
from puzzle_explorer.puzzles.cube8.board import Board, validate
from puzzle_explorer.puzzles.cube8.goals import goal_numbers, ida_start
from puzzle_explorer.puzzles.cube8.kernels import rolls as K
from puzzle_explorer.puzzles.cube8.steps import path_steps
from puzzle_explorer.puzzles.interface import JSON, Option, Options, Solution, Solver, Step, plain_headline, run_solver
from puzzle_explorer.puzzles.kit import distances as D
from puzzle_explorer.puzzles.kit import engines

NO_CAP = 1 << 30
ALL_WHITE = tuple(C.EMPTY if s == 4 else C.COLOURS.index("W") for s in range(9))  # a target to draw sweeps with
BIBFS_BYTES_PER_STATE = 4  # a uint32 in its side's queue (each side's queue is written only as it fills)
# Building the table holds the three distance arrays (a byte per position) and one sweep's queue.
TABLE_BUILD_BYTES = (T.CLASSES + 4) * C.SPACE
# Positions the three table sweeps reach (corner, edge, centre starts), for the progress bar.
TABLE_POSITIONS = (4_133_430, 3_306_744, 4_133_430)

CAP_OPTION = Option("cap", "Most rolls", "int", 0,
                    help="stop with status 'limit' if every solution needs more rolls (none or 0: no limit)",
                    search_only=True)
Searched = tuple[Status, Limit | None, list[tuple[int, ...]], Stats]  # status, limit, positions along the answer, stats
Found = tuple[Status, Limit | None, list[tuple[int, ...]], Stats, JSON]  # the same, and the answer's details
TABLE_PATH = "table_path"  # a tests' option: where the distance table is (default: the cache)


# --- the searches ---------------------------------------------------------------------

def _status(code: int, control: SearchControl, cap_limit: Limit) -> tuple[Status, Limit | None]:
    # IDA* under a depth cap ends exhausted without proving anything past the cap
    if code == EXHAUSTED and cap_limit == Limit.DEPTH:
        return Status.LIMIT, Limit.DEPTH
    return kernel_status(code, control, cap_limit)


def run_bibfs(position: tuple[int, ...], pattern: tuple[int, ...], max_len: int, control: SearchControl,
              limits: Limits) -> Searched:
    """(status, limit, positions of a shortest path, stats) by the dense bidirectional BFS."""
    # the marks (a byte per position) are there whatever the cap
    cap, cap_limit = state_cap(BIBFS_BYTES_PER_STATE, limits.max_states, limits.max_memory, C.SPACE)
    if cap == 0:
        return Status.LIMIT, Limit.MEMORY, [], Stats()
    par = C.parity(position)
    control.show_with(live.decoder(Board(C.empty_of(position), pattern), par, path_steps))
    (code, numbers), elapsed = timed(control, K.bibfs, C.index(position), goal_numbers(pattern), par,
                                     max_len, cap, control.counters)
    status, limit = _status(code, control, Limit.DEPTH if code == EXHAUSTED and max_len < NO_CAP else cap_limit)
    path = [C.position(int(n), par) for n in numbers] if status == Status.SOLVED else []
    return status, limit, path, counter_stats(control, elapsed)


def run_idastar(position: tuple[int, ...], pattern: tuple[int, ...], control: SearchControl,
                limits: Limits) -> Searched:
    """(status, limit, positions of a shortest path, stats) by the engine's IDA*."""
    par = C.parity(position)
    start, ctx = ida_start(position, pattern)
    control.show_with(live.decoder(Board(C.empty_of(position), pattern), par, path_steps))
    out = shortest_path("idastar", start, ctx, control, limits)
    path = [C.position(int(n), par) for n in out.path] if out.status == Status.SOLVED else []
    return out.status, out.limit, path, out.stats


def build_table(control: SearchControl, path: Path | None = None,
                pattern: tuple[int, ...] = ALL_WHITE, within: str | None = None) -> tuple[Path | None, float]:
    """Sweep from each start class and write the table; (its path, seconds of search).

    The path is None if the build was stopped. Progress (the snapshots' running
    totals) counts positions over all three sweeps (sum(TABLE_POSITIONS) in all).
    within: the phase the sweeps run in when a search builds the table before reading it
    (Phase.BUILDING_TABLE); the build command's sweeps are its search.
    """
    dist = np.empty((T.CLASSES, C.SPACE), dtype=np.uint8)
    queue = np.empty(C.SPACE, dtype=np.uint32)
    seconds = 0.0
    for cls, square in enumerate(C.START_CLASSES):
        start = C.start_position(square)
        control.show_with(live.decoder(Board(square, pattern), C.parity(start), path_steps))
        sources = np.array([C.index(start)], dtype=np.int64)
        (code, reached), elapsed = timed(control, K.distances, sources, C.parity(start), dist[cls],
                                         queue, C.SPACE, control.counters, within=within)
        seconds += elapsed
        if code != FOUND:
            return None, seconds
    del queue
    return T.write_table(dist, path), seconds


def run_table(board: Board, control: SearchControl, path: Path | None = None, limits: Limits = Limits()) -> Found:
    """(status, limit, positions, stats, details) from the table, building it first if needed.

    Building sweeps every position, so it needs a state cap of at least that
    many and TABLE_BUILD_BYTES of the budget; reading the table needs neither.
    """
    if board.cubes is not None and board.cubes != C.start_position(board.start):
        raise InputError("the distance table answers from the start position (every cube white on top, "
                         "blue along x); use bibfs or idastar from the middle of a solution")
    details: JSON = {}
    table = T.open_table(path)
    if table is None and not fits(TABLE_BUILD_BYTES, limits.max_memory):
        details["note"] = f"building the distance table needs {describe_bytes(TABLE_BUILD_BYTES)}"
        return Status.LIMIT, Limit.MEMORY, [], Stats(), details
    if table is None and limits.max_states is not None and limits.max_states < sum(TABLE_POSITIONS):
        details["note"] = f"building the distance table visits {sum(TABLE_POSITIONS):,} positions"
        return Status.LIMIT, Limit.STATES, [], Stats(), details
    if table is None:
        built, seconds = build_table(control, path, board.pattern, within=Phase.BUILDING_TABLE)
        details["table_built_s"] = round(seconds, 3)
        if built is None:
            status, limit = kernel_status(STOPPED, control)
            return status, limit, [], counter_stats(control, seconds), details
        table = T.open_table(built)
        if table is None:
            raise InputError(f"the distance table written to {built} cannot be read back")
    with table:
        details["table"] = str(table.path)
        control.reset_counters()
        control.start_search()
        control.show_table()
        before = time.perf_counter()
        positions = table.solution(board.start, board.pattern)
        elapsed = time.perf_counter() - before
        control.end_search()
    stats = Stats(nodes_expanded=len(positions or []), states_seen=len(positions or []), elapsed_s=elapsed)
    if positions is None:
        return Status.UNSOLVABLE, None, [], stats, details
    return Status.SOLVED, None, positions, stats, details


def _cap(options: Options) -> int:
    """The most rolls an answer may take (0 or less: no limit)."""
    return int(options.get("cap") or 0)


def _answer(board: Board, cap: int, found: Found) -> Solution:
    """What a search found as a Solution: none at all when every solution takes more than `cap` rolls."""
    status, limit, positions, stats, details = found
    if status == Status.SOLVED and cap > 0 and len(positions) - 1 > cap:
        status, limit, positions = Status.LIMIT, Limit.DEPTH, []
        details["note"] = f"every solution takes more than {cap} rolls"
    elif status == Status.LIMIT and limit == Limit.DEPTH:
        details["note"] = f"every solution takes more than {cap} rolls"
    steps = path_steps(board, positions) if status == Status.SOLVED else [Step("start", board)]
    return Solution(status, steps, stats, limit, details=details)


def _bibfs(board: Board, options: Options, control: SearchControl, limits: Limits) -> Solution:
    cap = _cap(options)
    max_len = cap if cap > 0 else NO_CAP
    return _answer(board, cap, (*run_bibfs(board.position(), board.pattern, max_len, control, limits), {}))


def _idastar(board: Board, options: Options, control: SearchControl, limits: Limits) -> Solution:
    return _answer(board, _cap(options), (*run_idastar(board.position(), board.pattern, control, limits), {}))


def _table(board: Board, options: Options, control: SearchControl, limits: Limits) -> Solution:
    return _answer(board, _cap(options), run_table(board, control, options.get(TABLE_PATH), limits))


SOLVERS = (
    Solver("bibfs", "Bidirectional BFS", True,
           "shortest answer; searches from the start and from every goal orientation at once",
           (CAP_OPTION,), run=_bibfs),
    Solver("idastar", "IDA*", True,
           "shortest answer in little memory; bound: the empty square must visit every wrong square",
           (CAP_OPTION,), run=_idastar),
    Solver("table", "Distance table", True,
           "shortest answer in microseconds from a 21.6 MiB table of every distance, built once "
           "(seconds) and cached on disk", (CAP_OPTION,), run=_table),
    D.solver(engines.OPTIONS, distances.space, distances.moves, "rolls"),
)


def solve(board: Board, solver: str, options: Options, control: SearchControl, limits: Limits,
          table_path: Path | None = None) -> Solution:
    """Run one of SOLVERS on the board (table_path: where the distance table is, for tests; default:
    the cache)."""
    validate(board)
    if table_path is not None:
        options = {**options, TABLE_PATH: table_path}
    return run_solver(SOLVERS, solver, board, options, control, limits)


def headline(solution: Solution) -> str:
    """'14 rolls, shortest', or why there is no answer."""
    census = D.headline(solution, "rolls")
    if census is not None:
        return census
    note = solution.details.get("note")
    if solution.status == Status.LIMIT and note:
        return f"stopped: {note}"
    if solution.status == Status.UNSOLVABLE and "table" in solution.details:  # answered by the distance table
        return "proved: no solution (out of reach: the distance table holds every reachable position)"
    return plain_headline(solution, "rolls", shortest=True)


def kernels() -> list[Kernel]:
    """Every kernel the solvers run: the two searches and the table sweep."""
    board = Board(4, (0, 0, 0, 0, 0, C.EMPTY, 0, 0, 0))
    position = board.position()
    counters = SearchControl().counters
    start, ctx = ida_start(position, board.pattern)
    return [Kernel("bidirectional BFS", K.bibfs, (C.index(position), goal_numbers(board.pattern),
                                                  C.parity(position), NO_CAP, 1, counters)),
            *shortest_path_kernels(("idastar",), start, ctx, counters),
            *census_kernels(ctx, counters),  # the census from the goal spread over workers
            Kernel("distance table", K.distances, (np.empty(1, dtype=np.int64), 0, np.empty(1, dtype=np.uint8),
                                                   np.empty(1, dtype=np.uint32), 0, counters))]
