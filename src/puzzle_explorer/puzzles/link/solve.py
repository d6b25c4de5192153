"""The link solvers: the fewest-segment path between the marked cells, clearing the board, a hint."""
from __future__ import annotations

import time
from dataclasses import replace

import numpy as np

from puzzle_explorer.core.errors import InputError
from puzzle_explorer.core.estimate.sampled import sample_tasks
from puzzle_explorer.core.kernels.codes import FOUND, STOPPED
from puzzle_explorer.core.kernels.counters import EXPANDED, NODE_CAP, RUN, new_counters
from puzzle_explorer.core.kernels.jit import prepare
from puzzle_explorer.core.kernels.signature import Kernel
from puzzle_explorer.core.run.memory import WORKER_BYTES, budget_bytes, state_cap
from puzzle_explorer.core.run.progress import Phase, SearchControl
from puzzle_explorer.core.run.search import Limits, Stats, counter_stats, kernel_status, timed, tree_fits
from puzzle_explorer.core.run.status import Limit, Status
from puzzle_explorer.core.scale.cuts import MAX_TASKS, SPLIT_BYTES, trial_cap, wanted_subtrees
from puzzle_explorer.core.scale.engine import LOCAL, EngineSpec
from puzzle_explorer.core.scale.task_run import Run
from puzzle_explorer.core.scale.tasks import run_tasks, worker_count, workers_known
from puzzle_explorer.puzzles.interface import JSON, Option, Options, Solution, Solver, Step, answered_by, run_solver
from puzzle_explorer.puzzles.kit import engines
from puzzle_explorer.puzzles.kit.numbers import count_text
from puzzle_explorer.puzzles.kit.text import cell_text
from puzzle_explorer.puzzles.link import live, split
from puzzle_explorer.puzzles.link.board import MAX_SEGMENTS, Board, validate
from puzzle_explorer.puzzles.link.kernels import clearing
from puzzle_explorer.puzzles.link.kernels.generate import place_args, place_pairs
from puzzle_explorer.puzzles.link.kernels.grid import Grid, build, index
from puzzle_explorer.puzzles.link.kernels.linking import (
    LinkPath,
    fewest_segments,
    path_args,
    quick_path,
    search_bytes,
    search_path,
)
from puzzle_explorer.puzzles.link.replay import one_based, replay

SEGMENTS = Option("max_segments", "Segment limit", "int", 0,
                  help="auto (0): the board's own rule (the game's 3 to clear; no limit for a path)", zero="auto")
OUTSIDE = Option("outside", "Outside ring", "choice", "board", ("board", "yes", "no"),
                 help="may paths run round the outside of the board (board: as the board says)")
GRAVITY = Option("gravity", "Gravity", "choice", "board", ("board", "yes", "no"),
                 help="do tiles fall after a removal (board: as the board says)")

def with_rules(board: Board, options: Options) -> Board:
    """The board with the rule options that are not 'board' applied."""
    for name in ("outside", "gravity"):
        value = options.get(name, "board")
        if value in (True, False):
            value = "yes" if value else "no"
        if value not in ("board", "yes", "no"):
            raise InputError(f"option {name} is {value!r}; choose board, yes or no")
        if value != "board":
            board = replace(board, **{name: value == "yes"})
    return board


def _limit_option(options: Options) -> int | None:
    value = int(options.get("max_segments") or 0)
    if not 0 <= value <= MAX_SEGMENTS:
        raise InputError(f"segment limit {value}: it must be 1 to {MAX_SEGMENTS:,} (or 0 for the board's rule)")
    return value or None


# --- one path ------------------------------------------------------------------------------------

def path_steps(board: Board, path: LinkPath) -> list[Step]:
    """The start, then one step per segment, each drawing the path so far."""
    steps = [Step("start", board)]
    for i, (a, b) in enumerate(zip(path.corners, path.corners[1:]), start=1):
        part = LinkPath(i, path.corners[: i + 1])
        data = {"segment": i, "from": one_based(a), "to": one_based(b)}
        steps.append(Step(f"segment {i}: {cell_text(a)} → {cell_text(b)}", replace(board, trail=part.corners),
                          frozenset(part.cells()), data))
    return steps


def solve_path(board: Board, options: Options, control: SearchControl, limits: Limits = Limits()) -> Solution:
    """The fewest-segment path between the two marked cells, within the limit if there is one.

    Its arrays cover every (cell, direction) of the board from the start, so
    the budget is checked once; a state cap counts the states expanded.
    """
    if len(board.marked) != 2:
        raise InputError("mark two cells first: the path runs between the two marked cells")
    a, b = board.marked
    limit = _limit_option(options) or board.max_segments
    fits = tree_fits(search_bytes(board), limits)
    code, path, seconds = STOPPED, None, 0.0
    if fits:
        control.show_with(live.reach_decoder(board))
        with control.node_cap(limits.max_states):
            code, path, seconds = search_path(board, a, b, limit, control)
    expanded = int(control.counters[EXPANDED])
    stats = Stats(nodes_expanded=expanded, states_seen=expanded, elapsed_s=seconds)
    details = {"from": one_based(a), "to": one_based(b), "max_segments": limit, "outside": board.outside,
               "segments": path.segments if path else None,
               "path": [one_based(c) for c in path.corners] if path else [],
               "same_kind": board.is_tile(a) and board.is_tile(b) and board.at(a) == board.at(b)}
    if not fits:
        return Solution(Status.LIMIT, [Step("start", board)], stats, Limit.MEMORY, details=details)
    if code == STOPPED:
        status, lim = kernel_status(STOPPED, control)
        return Solution(status, [Step("start", board)], stats, lim, details=details)
    if path is None:
        return Solution(Status.UNSOLVABLE, [Step("start", board)], stats, None, details=details)
    return Solution(Status.SOLVED, path_steps(board, path), stats, None, details=details)


# --- the whole board -----------------------------------------------------------------------------

def _odd_kind(board: Board) -> str | None:
    for kind, n in board.kind_counts().items():
        if n % 2:
            return f"kind {kind!r} has {n} tiles: an odd number can never be cleared in pairs"
    return None


def _lonely_tile(board: Board, limit: int) -> str | None:
    """With one segment a tile can only ever link along its row or column: each needs a partner there."""
    if limit != 1 or board.gravity:
        return None  # with two or more segments any two cells link once the rest is gone; gravity moves tiles
    for (x, y) in board.tiles():
        k = board.at((x, y))
        if not any(board.at((x, j)) == k for j in range(board.height) if j != y) and \
                not any(board.at((i, y)) == k for i in range(board.width) if i != x):
            return f"tile {k!r} at {cell_text((x, y))} has no tile of its kind in its row or column"
    return None


def ruled_out(board: Board, limit: int) -> str:
    """Why the board cannot be cleared, seen before any search ('' when it takes a search)."""
    return _odd_kind(board) or _lonely_tile(board, limit) or ""


def clear_limit(board: Board, options: Options) -> int:
    """The segment limit of a removal: the option's, else the board's rule."""
    return _limit_option(options) or board.play_limit()


def _keys(n_tiles: int) -> np.ndarray:
    """One key word per tile: exact bits on small boards, random 63-bit words beyond 63 tiles."""
    if n_tiles <= 63:
        return (np.uint64(1) << np.arange(n_tiles, dtype=np.uint64)).astype(np.uint64)
    rng = np.random.default_rng(n_tiles)
    return rng.integers(0, 2**63, size=n_tiles, dtype=np.uint64)


NO_PREFIX = np.empty((0, 2), dtype=np.int64)
KernelArgs = tuple[object, ...]  # clearing.clear_board's arguments, of the types it is compiled for
# (EngineSpec, subtrees, shuffle): a search cut into subtrees run by the engine (see clear)
How = tuple[EngineSpec, int, int | None]
# (status, the limit hit, the moves as tile-number pairs, stats, the grid, why the board was ruled out)
Searched = tuple[Status, Limit | None, np.ndarray, Stats, Grid, str]
SearchedRun = tuple[Status, Limit | None, np.ndarray, Stats, Grid, str, Run | None]  # and the engine's Run
SAMPLE_S = 1.0  # a split proof first runs subtrees here this long, for its time left
MIN_SAMPLED = 8  # subtrees below which a split is too short for the time left to matter


def _clear_args(board: Board, grid: Grid, limit: int, cap: int, max_moves: int, counters: np.ndarray,
                prefix: np.ndarray = NO_PREFIX, cut: int = 0, most: int = 0) -> KernelArgs:
    """The clear kernel's arguments, of the types it is compiled for (prefix, cut, most: a search
    from a prefix of removals, or a split: clearing.clear_board)."""
    tile_pos = np.array([index(grid.stride, c) for c in grid.tile_cell], dtype=np.int64)
    return (grid.cells, np.int64(grid.stride), np.int64(board.height), tile_pos, grid.tile_kind,
            np.int64(len(grid.kinds)), np.int64(limit), bool(board.gravity), _keys(len(grid.tile_cell)),
            np.int64(cap), np.int64(max_moves), np.ascontiguousarray(prefix, dtype=np.int64), np.int64(cut),
            np.int64(most), counters)


def replay_bytes(board: Board, n_tiles: int) -> int:
    """What the steps of a clearing order cost (replay.py): per removed pair a board sharing the
    rows it did not change, its path, label and data; with gravity a removal changes whole columns."""
    rows_changed = board.height if board.gravity else 2
    return n_tiles // 2 * (2048 + 8 * board.height + (board.width + 64) * rows_changed)


def clear(board: Board, limit: int, control: SearchControl, limits: Limits, how: How | None = None) -> SearchedRun:
    """Run the clear search; returns (status, limit hit, moves as tile-number pairs, stats, grid, reason,
    the engine's Run or None).

    A state is a position (the tiles left) the search has finished with and
    remembers; the budget holds those, the kernel's arrays, the moves listed
    along the current path (a share of the budget) and the steps of the answer.
    how: (EngineSpec, subtrees, shuffle) to cut the search into subtrees run by the engine (with
    the worker count left open, only a search the trial here does not finish: puzzle_explorer.core.scale.cuts.trial_cap;
    cancelled before the split has searched as far, it reports the trial).
    """
    grid = build(board)
    no_moves = np.empty((0, 2), dtype=np.int64)
    reason = ruled_out(board, limit)
    if reason:
        return Status.UNSOLVABLE, None, no_moves, Stats(), grid, reason, None
    control.show_with(live.clear_decoder(board, grid, limit))
    if how is None:
        return (*_clear_here(board, grid, limit, control, limits), None)
    tried = None
    if how[0].workers is None:
        trial, whole = trial_cap(limits.max_states, int(control.counters[NODE_CAP]))
        with control.node_cap(trial):
            tried = _clear_here(board, grid, limit, control, limits)
        if tried[1] != Limit.STATES or whole:
            return (*tried, None)
        control.reset_counters()
    with workers_known(how[0]) as spec:
        out = _clear_split(board, grid, limit, control, limits, spec, *how[1:])
    if tried and out[0] == Status.CANCELLED and out[3].nodes_expanded < tried[3].nodes_expanded:
        return (Status.CANCELLED, None, *tried[2:], out[6])
    return out


def _clear_room(board: Board, grid: Grid, limits: Limits, budget: int | None = None) -> tuple[int, Limit, int]:
    """(dead-store cap, which limit it comes from, moves room) for one search holding `budget`
    bytes (default: the whole budget)."""
    n = len(grid.tile_cell)
    budget = budget_bytes(limits.max_memory) if budget is None else budget
    moves_room = budget // clearing.MOVES_SHARE
    need = (clearing.fixed_bytes(grid.cells.shape[0], n, len(grid.kinds), board.height)
            + replay_bytes(board, n) + moves_room)
    cap, cap_limit = state_cap(clearing.peak_bytes, limits.max_states, budget, need)
    return cap, cap_limit, max(1, moves_room // clearing.MOVE_BYTES)


def search_args(board: Board, grid: Grid, limit: int, limits: Limits,
                budget: int | None = None) -> tuple[KernelArgs | None, Limit]:
    """(the kernel's arguments before the prefix, which limit its dead-store cap comes from) for
    one search holding `budget` bytes (default: the whole budget); no arguments when it does not fit."""
    cap, cap_limit, max_moves = _clear_room(board, grid, limits, budget)
    if cap == 0:
        return None, cap_limit
    return _clear_args(board, grid, limit, cap, max_moves, new_counters(quiet=True))[:-4], cap_limit


def _clear_here(board: Board, grid: Grid, limit: int, control: SearchControl, limits: Limits) -> Searched:
    no_moves = np.empty((0, 2), dtype=np.int64)
    args, cap_limit = search_args(board, grid, limit, limits)
    if args is None:
        return Status.LIMIT, Limit.MEMORY, no_moves, Stats(), grid, ""
    result, seconds = timed(control, clearing.clear_board, *args, NO_PREFIX, np.int64(0), np.int64(0),
                            control.counters)
    out = clearing.Removals(*result)
    stats = replace(counter_stats(control, seconds), nodes_expanded=int(out.expanded))
    status, lim = kernel_status(out.code, control, cap_limit)
    return status, lim, out.moves, stats, grid, ""


def split_args(board: Board, grid: Grid, limit: int, limits: Limits,
               spec: EngineSpec) -> tuple[int, KernelArgs | None, Limit]:
    """(workers, the kernel's arguments before the prefix of each worker's search, which limit its
    dead-store cap comes from) for a split run by `spec`; no arguments when one worker's search
    does not fit its share of the budget."""
    workers = worker_count(spec, MAX_TASKS)
    # the workers' processes and the split's prefixes come off the budget first
    held = (WORKER_BYTES * workers if spec.kind == LOCAL and workers > 1 else 0) + SPLIT_BYTES
    return (workers, *search_args(board, grid, limit, limits,
                                  max(0, budget_bytes(limits.max_memory) - held) // workers))


def _clear_split(board: Board, grid: Grid, limit: int, control: SearchControl, limits: Limits, spec: EngineSpec,
                 subtrees: int, shuffle: int | None) -> SearchedRun:
    """The clear search cut into prefixes run by the engine; each worker's search holds its share
    of the budget."""
    no_moves = np.empty((0, 2), dtype=np.int64)
    workers, args, cap_limit = split_args(board, grid, limit, limits, spec)
    if args is None:
        return Status.LIMIT, Limit.MEMORY, no_moves, Stats(), grid, "", None
    control.compiling()
    prepare(clearing.clear_board, *args, split.NO_PREFIX, np.int64(0), np.int64(0), control.counters)
    began = time.perf_counter()
    wanted = wanted_subtrees(workers, subtrees, resumable=spec.checkpoint is not None)
    with control.work(Phase.CUTTING):
        cut = split.split(args, len(grid.tile_cell) // 2, wanted, control.stopped)
    seconds = time.perf_counter() - began
    if cut.code == FOUND:
        return Status.SOLVED, None, cut.moves, Stats(cut.nodes, 0, 0, seconds), grid, "", None
    tasks = [split.ClearFrom(args, p) for p in cut.prefixes]
    began = time.perf_counter()
    given = _sample_first(tasks, control)
    seconds += time.perf_counter() - began
    run = run_tasks(tasks, spec, control, warm=split.Warm(args), shuffle=shuffle,
                    decisive=lambda r: r.code == FOUND, given=given)
    nodes = cut.nodes + sum(r.nodes for r in run.results if r is not None)
    stored = sum(r.stored for r in run.results if r is not None)
    stats = Stats(nodes, stored, 0, seconds + run.elapsed_s)
    found = split.first_found(run.results)
    if found is not None:
        return Status.SOLVED, None, found.moves, stats, grid, "", run
    if run.status != Status.SOLVED:
        return run.status, run.limit, no_moves, stats, grid, "", run
    if split.dead_store_full(run.results):
        return Status.LIMIT, cap_limit, no_moves, stats, grid, "", run
    return Status.UNSOLVABLE, None, no_moves, stats, grid, "", run


def _sample_first(tasks: list[split.ClearFrom], control: SearchControl) -> dict[int, split.Cleared]:
    """A few subtrees run here first, for the time left while the rest run (core/estimate/sampled.py: the
    proof has a memo, so Knuth's dives would overestimate it); those that ran to their end are
    not run again, so the answer and the node total are those of the run without it."""
    if len(tasks) < MIN_SAMPLED:
        return {}
    control.estimating()
    sample, results = sample_tasks(tasks, lambda r: (r.nodes, r.complete), budget_s=SAMPLE_S,
                                   decisive=lambda r: r.code == FOUND,
                                   stopped=lambda: control.stop_requested != RUN, share=1)
    if sample.sampled >= 2 and not sample.lower_bound and not any(r.code == FOUND for _, r in results):
        control.expect(sample.nodes, sample.nodes_se)
    return {i: r for i, r in results if r.complete}


def _clear_details(board: Board, limit: int, reason: str) -> JSON:
    out: JSON = {"max_segments": limit, "outside": board.outside, "gravity": board.gravity,
           "tiles": len(board.tiles())}
    if reason:
        out["reason"] = reason
    return out


def solve_clear(board: Board, options: Options, control: SearchControl, limits: Limits) -> Solution:
    """An order of removals that clears the board, or a proof that there is none."""
    limit = clear_limit(board, options)
    # subtrees and shuffle (a seed: subtrees start in random order) are the tests' handles
    how = (engines.spec_from(options), options.get("subtrees", 0), options.get("shuffle"))
    status, lim, moves, stats, grid, reason, run = clear(board, limit, control, limits, how)
    details = _clear_details(board, limit, reason)
    if run is not None:
        details.update(engines.run_json(run))
    steps = replay(board, grid, moves, limit) if status == Status.SOLVED else [Step("start", board)]
    return Solution(status, steps, stats, lim, details=details)


def solve_hint(board: Board, options: Options, control: SearchControl, limits: Limits) -> Solution:
    """A pair whose removal keeps the board clearable: the first move of a clearing order."""
    limit = clear_limit(board, options)
    if not board.tiles():
        raise InputError("the board is already clear: nothing to hint")
    status, lim, moves, stats, grid, reason, _ = clear(board, limit, control, limits)
    details = _clear_details(board, limit, reason)
    steps = [Step("start", board)]
    if status == Status.SOLVED:
        a, b = (grid.tile_cell[int(t)] for t in moves[0])
        path = quick_path(board, a, b, limit)
        assert path is not None  # the first removal of a clearing order links
        data = {"pair": [one_based(a), one_based(b)], "kind": board.at(a), "segments": path.segments,
                "path": [one_based(c) for c in path.corners]}
        details["hint"] = data
        steps.append(Step(f"hint: {board.at(a)} {cell_text(a)} + {cell_text(b)} (the board stays clearable)",
                          replace(board, marked=(a, b), trail=()), frozenset((a, b)), data))
    elif status == Status.UNSOLVABLE:
        details["reason"] = "no removal keeps the board clearable" + (f": {reason}" if reason else "")
    elif len(moves):
        # stopped early: the pair the search was trying first links, but is not known to be safe
        a, b = (grid.tile_cell[int(t)] for t in moves[0])
        details["unchecked"] = {"pair": [one_based(a), one_based(b)], "kind": board.at(a)}
    return Solution(status, steps, stats, lim, details=details)


def _two_marks(board: Board) -> str | None:
    return None if len(board.marked) == 2 else "two marked cells (m marks one)"


SOLVERS = (
    Solver("path", "Fewest-segment path", True,
           "the path with the fewest segments between the two marked cells (mark with m)", (SEGMENTS, OUTSIDE),
           needs=_two_marks, question="path", run=solve_path),
    Solver("clear", "Clear the board", False,
           "exact search for an order of pair removals that empties the board, or a proof that none exists; "
           "a long search is cut into subtrees shared among workers",
           (SEGMENTS, OUTSIDE, GRAVITY, *engines.OPTIONS), question="clear", run=solve_clear),
    Solver("hint", "Hint", False,
           "a pair whose removal keeps the board clearable (found by the clear search)", (SEGMENTS, OUTSIDE, GRAVITY),
           question="hint", run=solve_hint),
)


def solve(board: Board, solver: str, options: Options, control: SearchControl, limits: Limits) -> Solution:
    """Run one of SOLVERS on the board, under the rules the options set."""
    validate(board)
    return run_solver(SOLVERS, solver, with_rules(board, options), options, control, limits)


def headline(solution: Solution) -> str:
    """'3 segments, fewest (1,3 → 5,3)', 'board cleared: 24 pairs', 'proved: cannot be cleared (...)'."""
    d = solution.details
    status = solution.status
    solver = answered_by(SOLVERS, solution)
    question = solver.question if solver is not None else ""
    if question == "path":
        ends = "{},{} → {},{}".format(*d["from"], *d["to"])
        if status == Status.SOLVED:
            return f"{count_text(d['segments'], 'segment')}, fewest ({ends})"
        if status == Status.UNSOLVABLE:
            within = f"within {count_text(d['max_segments'], 'segment')}" if d["max_segments"] else "at all"
            return f"proved: no path {within} ({ends})"
    elif status == Status.UNSOLVABLE:
        what = "cannot be cleared" if question == "clear" else "no removal keeps the board clearable"
        why = d["reason"].split(":")[0] if not solution.searched and d.get("reason") else "every order searched"
        return f"proved: {what} ({why})"
    elif status == Status.SOLVED and question == "clear":
        return f"board cleared: {count_text(solution.length or 0, 'pair')}"
    elif status == Status.SOLVED and "hint" in d:
        (x1, y1), (x2, y2) = d["hint"]["pair"]
        return f"hint: {d['hint']['kind']} {x1},{y1} + {x2},{y2} keeps the board clearable"
    return solution.reason()


def kernels() -> list[Kernel]:
    """Every kernel the solvers and the generator run, on a tiny board."""
    from puzzle_explorer.puzzles.link.board import parse

    tiny = parse("AB\nBA\nmarked: 1,1 2,2")
    counters = SearchControl().counters
    grid = build(tiny)
    return [Kernel("fewest segments", fewest_segments, path_args(tiny, (0, 0), (1, 1), 1, counters)),
            Kernel("clearing", clearing.clear_board, _clear_args(tiny, grid, 1, 1, 1, counters)),
            Kernel("generator", place_pairs, place_args(grid.cells, tiny.width, tiny.height, 2, 1, False, False, 1))]
