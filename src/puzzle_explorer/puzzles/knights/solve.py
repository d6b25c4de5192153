"""The solvers: what each one runs, and how its answer becomes a Solution."""
from __future__ import annotations

import math
import time
from typing import Any

import numpy as np

from puzzle_explorer.core.errors import InputError
from puzzle_explorer.core.estimate.dives import Estimate
from puzzle_explorer.core.kernels.backtrack import fixed_bytes as backtrack_bytes
from puzzle_explorer.core.kernels.codes import FOUND, STOPPED
from puzzle_explorer.core.kernels.counters import EXPANDED, NODE_CAP, STORED
from puzzle_explorer.core.kernels.jit import prepare
from puzzle_explorer.core.kernels.signature import Kernel
from puzzle_explorer.core.run.memory import SCRATCH, budget_bytes
from puzzle_explorer.core.run.progress import Phase, SearchControl
from puzzle_explorer.core.run.search import COUNT as PLAIN_COUNT
from puzzle_explorer.core.run.search import FIRST as PLAIN_FIRST
from puzzle_explorer.core.run.search import (
    Limits,
    Stats,
    kernel_status,
    nodes_left,
    search_paths,
    search_paths_kernels,
    timed,
    tree_fits,
)
from puzzle_explorer.core.run.status import Limit, Status
from puzzle_explorer.core.scale import counts_ray, split_paths
from puzzle_explorer.core.scale.cuts import wanted_subtrees
from puzzle_explorer.core.scale.engine import EngineSpec
from puzzle_explorer.core.scale.task_run import Run
from puzzle_explorer.core.scale.tasks import (
    one_worker_when_sooner,
    run_tasks,
    stopped_run,
    within_budget,
    worker_count,
    workers_known,
)
from puzzle_explorer.core.sizes import describe_bytes
from puzzle_explorer.puzzles.interface import JSON, Option, Options, Solution, Solver, Step, run_solver
from puzzle_explorer.puzzles.kit import engines
from puzzle_explorer.puzzles.kit.numbers import count_text
from puzzle_explorer.puzzles.knights import estimate, existence, frontier, frontier_count, live, meet, split
from puzzle_explorer.puzzles.knights.board import Board, validate
from puzzle_explorer.puzzles.knights.kernels import frontier as frontier_kernel
from puzzle_explorer.puzzles.knights.kernels import frontier_table, greedy, halves, plain, pruned, thin
from puzzle_explorer.puzzles.knights.kernels.geometry import ORDERS, deltas, free_mask, neighbour_table, reach
from puzzle_explorer.puzzles.knights.steps import TourSteps
from puzzle_explorer.puzzles.knights.symmetry import orbits
from puzzle_explorer.puzzles.knights.tour import Tour

KEEP = 12  # tours kept for browsing when counting
AUTO_FRONTIER_FROM = 40  # free squares: smaller boards' counts stay with the search (6x6 from every square: 2.4 s)
THIN = 4  # boards at most this many squares wide go to the exact line-by-line search
TOUR_BYTES = 32  # per square of a tour kept: its number, its place (the inverse), x,y written out
TABLE_BYTES = 32  # per square: the neighbour table's eight int32 moves


def _rotation_budget(free_squares: int) -> int:
    return 20 * free_squares + 20_000


ORDER = Option("order", "Move order", "choice", "program", tuple(ORDERS),
               "program: the order the classic article's program tries (reproduces its search sizes); listed: the order its "
               "text lists; clockwise: from up-and-right, clockwise", search_only=True)
COUNT_ALL = Option("count", "Count every tour", "bool", False,
                   help="search the whole tree and count the tours instead of stopping at the first")
ALL_STARTS = Option("all_starts", "From every square", "bool", False,
                    help="count the tours from every free square (same-shaped squares are counted once)")

METHOD = Option("method", "Counting method", "choice", "auto", frontier_count.METHODS,
                "auto: the frontier counter where its guess beats the search's estimate; frontier: sweep the board "
                "keeping only what partial tours look like across it (boards at most 8 across); backtrack: walk "
                "every tour", search_only=True)

# Tours from each start (how many, and the first ones kept), then the nodes, the seconds, how the engine ran
Counted = tuple[list[tuple[int, list[np.ndarray]]], int, float, Run]


# --- helpers ---------------------------------------------------------------------------

def _start_only(board: Board) -> list[Step]:
    return [Step(f"start at {board.start[0] + 1},{board.start[1] + 1}", board.plain(),
                 frozenset({board.start}), {})]


def _steps(board: Board, squares: np.ndarray) -> TourSteps:
    return TourSteps(board, Tour(squares, board.width, board.height, board.closed))


def tours_word(board: Board) -> str:
    """What a count of this board counts, in words."""
    return "closed tours" if board.closed else "tours"


def board_json(board: Board) -> JSON:
    return {"size": [board.width, board.height], "start": [board.start[0] + 1, board.start[1] + 1],
            "closed": board.closed, "blocked": [[x + 1, y + 1] for x, y in sorted(board.blocked)]}


def _over_budget(board: Board, need: int, limits: Limits, details: JSON) -> Solution | None:
    """A limit-memory answer if the search's arrays (`need` bytes, all made before it starts and
    never grown) do not fit the budget; None if they do."""
    return None if tree_fits(need, limits) else _too_big(board, need, details)


def _too_big(board: Board, need: int, details: JSON) -> Solution:
    """The limit-memory answer of a search that needs `need` bytes."""
    return Solution(Status.LIMIT, _start_only(board), Stats(), Limit.MEMORY,
                    details={**details, "note": f"this search needs {describe_bytes(need)} on this board"})


def _capped(board: Board, stats: Stats, details: JSON) -> Solution:
    """The answer when the state cap (nodes entered) is used up before a search could start."""
    return Solution(Status.LIMIT, _start_only(board), stats, Limit.STATES, details=details)


def _table(board: Board, order: str, control: SearchControl) -> tuple[np.ndarray, float]:
    dx, dy = deltas(ORDERS[order])
    return timed(control, neighbour_table, board.width, board.height, free_mask(board), dx, dy)


# --- the solvers ------------------------------------------------------------------------------

def _begun(board: Board, control: SearchControl) -> JSON:
    """What every answer's details start with: what theory says of the board's tours, and the
    board. The live picture draws the squares toured (every search but the line-by-line one, _thin)."""
    control.show_with(live.squares_decoder(board))
    return {"existence": existence.check(board).as_json(), "board": board_json(board)}


def _ruled_out(board: Board, details: JSON) -> Solution | None:
    """The answer when theory proves there is no tour; None when it does not."""
    if details["existence"]["exists"] is not False:
        return None
    return Solution(Status.UNSOLVABLE, _start_only(board), Stats(), None, details={**details, "method": "theory"})


def _run_warnsdorff(board: Board, options: Options, control: SearchControl, limits: Limits) -> Solution:
    details = _begun(board, control)
    return _ruled_out(board, details) or _warnsdorff(board, control, limits, details)


def _run_pruned(board: Board, options: Options, control: SearchControl, limits: Limits) -> Solution:
    details = _begun(board, control)
    return _ruled_out(board, details) or _pruned_first(board, control, limits, details)


def _run_plain(board: Board, options: Options, control: SearchControl, limits: Limits) -> Solution:
    return _plain(board, options, control, limits, _begun(board, control))


def _run_count(board: Board, options: Options, control: SearchControl, limits: Limits) -> Solution:
    details = _begun(board, control)
    # subtrees (per start) and shuffle (a seed: tasks start in random order) are the tests' handles
    spec, subtrees, shuffle = engines.spec_from(options), options.get("subtrees", 0), options.get("shuffle")
    frontier = _frontier_chosen(board, str(options.get("method", METHOD.default)), bool(options.get("all_starts")),
                                spec, control, limits)
    if control.stopped():
        # stopped while estimating: nothing counted, and no count starts to load its kernels (it
        # would be taken for a cancel while compiling)
        status, limit = kernel_status(STOPPED, control)
        details["solutions_so_far"] = 0
        return Solution(status, _start_only(board), Stats(), limit, details=details)
    if frontier:
        if not options.get("all_starts") and (ruled_out := _ruled_out(board, details)):
            ruled_out.details["solutions"] = 0
            return ruled_out
        return frontier_count.count(board, bool(options.get("all_starts")), control, limits, details, spec.checkpoint,
                                    spec.workers, shuffle, spec)
    if options.get("all_starts"):
        return count_every_start(board, control, limits, details, spec, subtrees, shuffle)
    return _count(board, control, limits, details, spec, subtrees, shuffle)


def _frontier_chosen(board: Board, method: str, all_starts: bool, spec: EngineSpec, control: SearchControl,
                     limits: Limits) -> bool:
    """Whether a count sweeps with the frontier counter: asked for, or (auto) when its guess fits the
    budget and beats Knuth's estimate of the search's time. Small boards stay with the search, which
    counts them at once and keeps tours to browse."""
    if method != "auto" or not frontier_count.supported(board) or board.free_squares < AUTO_FRONTIER_FROM:
        return frontier_count.chosen(board, method, None, 1)
    starts, _, budget = frontier_count.planned(board, all_starts, limits.max_memory, spec)
    if not frontier_count.chosen(board, method, math.inf, starts, budget):  # too big for the budget: no need to estimate
        return False
    control.estimating()
    guess = estimate_count(board, all_starts, spec, stop=control.counters)
    return guess is not None and frontier_count.chosen(board, method, guess.seconds()[0], starts, budget)


SOLVERS = (
    Solver("warnsdorff", "Warnsdorff's rule", None,
           "fast on any board up to 1000x1000: greedy fewest-onward-moves with rotations when stuck; exact "
           "search on boards 3 or 4 wide; falls back to complete backtracking", run=_run_warnsdorff),
    Solver("warnsdorff-backtrack", "Backtracking, Warnsdorff order", None,
           "complete depth-first search trying fewest-onward-moves first, with exact dead-end pruning",
           run=_run_pruned),
    Solver("backtrack", "Plain backtracking (the classic article's)", None,
           "the classic article's search: fixed move order, no pruning; counts every square placed", (ORDER, COUNT_ALL),
           run=_run_plain),
    Solver("count", "Count every tour", None,
           "exact count of the tours from the start (open: directed paths; closed: directed cycles): pruned "
           "backtracking cut into subtrees shared among workers, or the frontier counter", (ALL_STARTS, METHOD,
                                                                                             *engines.OPTIONS),
           run=_run_count),
)
SOLVER_IDS = tuple(s.id for s in SOLVERS)


def solve(board: Board, solver: str, options: Options, control: SearchControl, limits: Limits) -> Solution:
    """Run one of SOLVERS on the board (the tour it carries, if any, left out). Theory answers first
    when it proves there is no tour."""
    validate(board)
    return run_solver(SOLVERS, solver, board.plain(), options, control, limits)


def _plain(board: Board, options: Options, control: SearchControl, limits: Limits, details: JSON) -> Solution:
    order = options.get("order", ORDER.default)
    if order not in ORDERS:
        raise InputError(f"unknown move order {order!r}; choose one of {', '.join(ORDERS)}")
    counting = bool(options.get("count", False))
    keep = KEEP if counting else 1
    n, f = board.width * board.height, board.free_squares
    # the table, the context's marks beside it, the generic kernel's arrays, the tours kept
    need = (TABLE_BYTES + 2) * n + backtrack_bytes(f - 1, 8, keep) + keep * f * TOUR_BYTES
    too_big = _over_budget(board, need, limits, details)
    if too_big:
        return too_big
    table, seconds = _table(board, order, control)
    ctx = plain.make_context(table, board.index(board.start), board.free_squares, board.closed)
    out = search_paths(ctx, board.index(board.start), board.free_squares - 1,
                       PLAIN_COUNT if counting else PLAIN_FIRST, keep, control, limits, branch=8,
                       held=keep * f * TOUR_BYTES)
    stats = Stats(elapsed_s=seconds).plus(out.stats)
    details = {**details, "method": "plain backtracking", "order": order, "nodes": out.stats.nodes_expanded}
    if counting:
        details["solutions"] = out.solutions
    tours = [_steps(board, p) for p in out.kept if len(p) == board.free_squares]
    steps = tours[0] if tours and out.status in (Status.SOLVED,) else _start_only(board)
    return Solution(out.status, steps, stats, out.limit, details=details, alternatives=list(tours[1:]))


def _pruned_bytes(board: Board, keep: int) -> int:
    """The neighbour table and pruned_search's arrays, with `keep` tours kept and turned into steps."""
    n, f = board.width * board.height, board.free_squares
    return TABLE_BYTES * n + pruned.fixed_bytes(n, f, keep) + keep * f * TOUR_BYTES


def _pruned_first(board: Board, control: SearchControl, limits: Limits, details: JSON, used: int = 0) -> Solution:
    too_big = _over_budget(board, _pruned_bytes(board, 1), limits, details)
    if too_big:
        return too_big
    if nodes_left(limits, used) == 0:
        return _capped(board, Stats(), details)
    table, seconds = _table(board, "clockwise", control)
    with control.node_cap(nodes_left(limits, used)):
        result, search = timed(control, pruned.pruned_search, table, board.width, board.height,
                               np.array([board.index(board.start)], dtype=np.int32), board.free_squares, board.closed,
                               pruned.WARNSDORFF, pruned.FIRST, 1, 0, control.counters)
    out = pruned.Searched(*result)
    status, limit = kernel_status(out.code, control)
    stats = Stats(int(out.nodes), int(out.nodes), board.free_squares, seconds + search)
    steps = _steps(board, out.kept[0]) if status == Status.SOLVED else _start_only(board)
    return Solution(status, steps, stats, limit,
                    details={**details, "method": "backtracking, Warnsdorff order", "nodes": int(out.nodes)})


def _count(board: Board, control: SearchControl, limits: Limits, details: JSON,
           spec: EngineSpec = EngineSpec(), subtrees: int = 0, shuffle: int | None = None) -> Solution:
    verdict = details["existence"]
    if verdict["exists"] is False:
        return Solution(Status.UNSOLVABLE, _start_only(board), Stats(), None,
                        details={**details, "method": "theory", "solutions": 0})
    counted = _count_from(board, [board.index(board.start)], KEEP, control, limits, spec, details,
                          subtrees=subtrees, shuffle=shuffle)
    if isinstance(counted, Solution):
        return counted
    [(tours, found)], nodes, seconds, run = counted
    status, limit = run.status, run.limit
    if status == Status.SOLVED and tours == 0:
        status = Status.UNSOLVABLE
    toured = [_steps(board, tour) for tour in found]
    stats = _count_stats(board, nodes, seconds, run)
    details = {**details, "method": "pruned backtracking, every tour", "solutions": tours, "nodes": nodes,
               **engines.run_json(run)}
    if status not in (Status.SOLVED, Status.UNSOLVABLE):
        details["solutions_so_far"] = details.pop("solutions")
    steps = toured[0] if toured else _start_only(board)
    return Solution(status, steps, stats, limit, details=details, alternatives=list(toured[1:]))


def estimate_count(board: Board, all_starts: bool, spec: EngineSpec, dives: int = estimate.DIVES,
                   stop: np.ndarray | None = None) -> Estimate | None:
    """Knuth's estimate of a count's size and time (from every square, or from the start) without
    running it; None when theory already rules every start out. stop: the counters of the search it
    sizes, whose stop flag (a cancel, the time limit) ends the dives early."""
    validate(board)
    board = board.plain()
    starts = []
    for rep, members in (orbits(board) if all_starts else [(board.start, [board.start])]):
        if existence.check(Board(board.width, board.height, rep, board.closed, board.blocked)).exists is not False:
            starts.append((board.index(rep), len(members)))
    if not starts:
        return None
    dx, dy = deltas(ORDERS["clockwise"])
    table = neighbour_table(board.width, board.height, free_mask(board), dx, dy)
    return estimate.estimate(table, board.width, board.height, starts, board.free_squares, board.closed,
                             stop, dives=dives)


def _count_from(board: Board, starts: list[int], keep: int, control: SearchControl, limits: Limits,
                spec: EngineSpec, details: JSON, weights: list[int] | None = None, subtrees: int = 0,
                shuffle: int | None = None) -> Counted | Solution:
    """Every tour from each start, the trees cut into subtrees run by the engine: a list of
    (tours, the first `keep` tours), one per start, then the nodes, the seconds and the engine's Run; or a
    limit-memory Solution when not even one worker fits the budget."""
    need = _pruned_bytes(board, keep)
    if within_budget(spec, 1, need, limits.max_memory) is None:
        return _too_big(board, need, details)
    table, seconds = _table(board, "clockwise", control)
    control.compiling()
    prepare(pruned.pruned_search, *split.example_args(table))
    prepare(pruned.probe, *estimate.example_args(table, control.counters))
    control.estimating()
    guess = estimate.estimate(table, board.width, board.height, list(zip(starts, weights or [1] * len(starts))),
                              board.free_squares, board.closed, control.counters, limit_s=limits.timeout_s,
                              max_nodes=limits.max_states)
    control.expect(guess.nodes, guess.nodes_se)
    if control.stopped():  # a cancel or the time limit ended the estimate: nothing to cut or count
        details["estimate"] = guess.as_json(unit=tours_word(board))
        return [(0, []) for _ in starts], 0, seconds, stopped_run(spec, control)
    spec = one_worker_when_sooner(spec, guess.seconds_capped(limits.max_states, int(control.counters[NODE_CAP])))
    with workers_known(spec) as known:
        fitted = within_budget(known, split.MAX_TASKS, need, limits.max_memory)
        assert fitted is not None  # one worker fits (checked above), and within_budget always keeps one that fits
        workers = worker_count(fitted, split.MAX_TASKS)
        details["estimate"] = guess.as_json(workers, tours_word(board))
        wanted = wanted_subtrees(workers, subtrees, len(starts), fitted.checkpoint is not None)
        began = time.perf_counter()
        with control.work(Phase.CUTTING):
            cuts = [split.split(table, board.width, board.height, s, board.free_squares, board.closed, wanted,
                                control.stopped) for s in starts]
        seconds += time.perf_counter() - began
        return _count_cuts(board, cuts, keep, control, limits, fitted, shuffle, table, seconds)


def _count_cuts(board: Board, cuts: list[split.Split], keep: int, control: SearchControl, limits: Limits,
                spec: EngineSpec, shuffle: int | None, table: np.ndarray, seconds: float) -> Counted:
    """_count_from's subtrees run by the engine and merged per start."""
    tasks, owners = [], []
    for k, cut in enumerate(cuts):
        for prefix in cut.prefixes:
            tasks.append(split.Subtree(table, board.width, board.height, prefix, board.free_squares, board.closed,
                                       keep))
            owners.append(k)
    split_nodes = sum(c.nodes for c in cuts)
    cap = None if limits.max_states is None else max(1, limits.max_states - split_nodes)
    run = run_tasks(tasks, spec, control, node_cap=cap, warm=split.warm, shuffle=shuffle)
    seconds += run.elapsed_s
    per_start = []
    nodes = split_nodes
    owned: list[list[Any]] = [[] for _ in cuts]  # each start's results in task order (one pass: thousands of starts)
    for r, o in zip(run.results, owners):
        owned[o].append(r)
    for results in owned:
        tours, n, kept, _ = split_paths.merge(results, keep)
        nodes += n
        per_start.append((tours, kept))
    return per_start, nodes, seconds, run


def count_every_start(board: Board, control: SearchControl, limits: Limits, details: JSON,
                      spec: EngineSpec = EngineSpec(), subtrees: int = 0, shuffle: int | None = None) -> Solution:
    """Tours from every free square: one search per class of squares the board's symmetries swap,
    all their subtrees shared among the workers. The state cap counts the nodes of all of them."""
    grid = [[None if (x, y) in board.blocked else 0 for x in range(board.width)] for y in range(board.height)]
    theory_zero = 0
    searched = []
    verdicts: dict[str | None, JSON] = {}  # why squares were ruled out: the first square's verdict per rule
    control.estimating()  # which squares theory rules out: on a huge board, seconds of it
    for rep, members in orbits(board):
        if control.stopped():  # the count below then stops at once, cancelled or out of time
            break
        start_board = Board(board.width, board.height, rep, board.closed, board.blocked)
        verdict = existence.check(start_board)
        if verdict.exists is False:
            theory_zero += len(members)
            verdicts.setdefault(verdict.rule, verdict.as_json())
        else:
            searched.append((rep, members))
    counted = _count_from(board, [board.index(rep) for rep, _ in searched], 0, control, limits, spec, details,
                          [len(members) for _, members in searched], subtrees, shuffle) if searched else None
    if isinstance(counted, Solution):
        return counted
    nodes, seconds, status, limit, extra = 0, 0.0, Status.SOLVED, None, {}
    if counted is None and control.stopped():  # stopped while theory looked at the squares
        status, limit = kernel_status(STOPPED, control)
    if counted is not None:
        per_start, nodes, seconds, run = counted
        status, limit, extra = run.status, run.limit, engines.run_json(run)
        for (rep, members), (tours, _) in zip(searched, per_start):
            for x, y in members:
                grid[y][x] = tours
    total = sum(v for row in grid for v in row if v)
    if status == Status.SOLVED and total == 0:
        status = Status.UNSOLVABLE
    details = {**details, "method": _every_square_method(len(searched), theory_zero, status), "per_square": grid,
               "solutions" if status in (Status.SOLVED, Status.UNSOLVABLE) else "solutions_so_far": total,
               "nodes": nodes, "squares_ruled_out_by_theory": theory_zero, **extra}
    # the board's own verdict is its start's; where theory settled every square, its verdict stands instead
    details.pop("existence")
    if details["method"] == "theory":
        details["existence"] = _one_verdict(list(verdicts.values()))
    stats = _count_stats(board, nodes, seconds, counted[3]) if counted is not None else Stats()
    return Solution(status, _start_only(board), stats, limit, details=details)


def _every_square_method(searched: int, ruled_out: int, status: Status) -> str:
    """How a count from every square was made (searched: the classes of squares searched): by
    theory alone when it ruled out every square."""
    if not searched and ruled_out and status == Status.UNSOLVABLE:
        return "theory"
    method = "pruned backtracking from every square"
    return method + (f" ({ruled_out} {'square' if ruled_out == 1 else 'squares'} ruled out by theory)"
                     if ruled_out else "")


def _one_verdict(verdicts: list[JSON]) -> JSON:
    """Theory's verdicts on the squares as one: the verdict itself when one rule settled them all."""
    if len(verdicts) == 1:
        return verdicts[0]
    return {"exists": False, "rule": None, "reason": "; ".join(v["reason"] for v in verdicts)}


def _count_stats(board: Board, nodes: int, seconds: float, run: Run) -> Stats:
    """A count's figures; none when it stopped before it searched a node or made a task (a cancel or
    the time limit in its estimate), so that it says it stopped before the search rather than show a
    search of nothing. (A small tree is counted whole while it is cut: nodes, and no task.)"""
    return Stats(nodes, nodes, board.free_squares, seconds) if nodes or run.results else Stats()


def _warnsdorff(board: Board, control: SearchControl, limits: Limits, details: JSON) -> Solution:
    if board.free_squares == 1:  # the start alone is the tour (theory has ruled out the closed case)
        squares = np.array([board.index(board.start)], dtype=np.int32)
        return Solution(Status.SOLVED, _steps(board, squares), Stats(1, 1, 1, 0.0), None,
                        details={**details, "method": "a single square"})
    if min(board.width, board.height) <= THIN:
        return _thin(board, control, limits, details)
    need = TABLE_BYTES * board.width * board.height + greedy.fixed_bytes(board.width * board.height,
                                                                           board.free_squares)
    too_big = _over_budget(board, need + board.free_squares * TOUR_BYTES, limits, details)
    if too_big:
        return too_big
    table, seconds = _table(board, "clockwise", control)
    steps_taken = 0
    rotations = 0
    detour = _has_whole_closed_tour(board)
    # With a closed tour of the whole board to fall back on, the direct walk gets a short budget.
    budget = _rotation_budget(board.free_squares) // (10 if detour else 1)
    attempts = [(board.start, board.closed, seed, budget) for seed in (1, 2, 3)]
    if detour:  # a closed tour from a corner, where the walk is at its best, then cut or turned to the start
        attempts[1:] = [((0, 0), True, 1, _rotation_budget(board.free_squares)),
                        ((board.width - 1, 0), True, 2, _rotation_budget(board.free_squares)), attempts[1]]
    for origin, closed, seed, budget in attempts:
        if nodes_left(limits, steps_taken) == 0:
            return _capped(board, Stats(steps_taken, 0, 0, seconds),
                           {**details, "rotations": rotations, "method": "Warnsdorff's rule"})
        with control.node_cap(nodes_left(limits, steps_taken)):
            result, search = timed(
                control, greedy.warnsdorff_walk, table, board.width, board.height, board.index(origin),
                board.free_squares, closed, seed, budget, control.counters)
        walk = greedy.Walk(*result)
        seconds += search
        steps_taken += int(control.counters[EXPANDED])
        rotations += int(walk.rotations)
        path, length = walk.path, walk.length
        if walk.code == FOUND:
            stats = Stats(steps_taken, board.free_squares, board.free_squares, seconds)
            method = "Warnsdorff's rule" + (f" with {rotations} rotations" if rotations else "")
            if origin != board.start:
                at = int(np.flatnonzero(path == board.index(board.start))[0])
                path = np.roll(path, -at)
                method += (f"; a closed tour from {origin[0] + 1},{origin[1] + 1} "
                           f"{'turned' if board.closed else 'cut open'} to start here")
            return Solution(Status.SOLVED, _steps(board, path), stats, None,
                            details={**details, "rotations": rotations, "method": method})
        if walk.code == STOPPED:
            status, limit = kernel_status(walk.code, control)
            return Solution(status, _start_only(board), Stats(steps_taken, length, length, seconds), limit,
                            details={**details, "rotations": rotations, "method": "Warnsdorff's rule"})
    # every walk ran out of rotations: a complete search settles it
    del table
    fallback = _pruned_first(board, control, limits, {**details, "rotations": rotations}, used=steps_taken)
    stats = Stats(steps_taken, 0, 0, seconds).plus(fallback.stats)
    fallback.stats = stats
    fallback.details["method"] = "Warnsdorff's rule, then backtracking (Warnsdorff order)"
    return fallback


def _has_whole_closed_tour(board: Board) -> bool:
    """No blocked squares and Schwenk's theorem promises a closed tour: every square lies on one."""
    m, n = sorted((board.width, board.height))
    return not board.blocked and existence.closed_board_reason(m, n) is None


def _thin(board: Board, control: SearchControl, limits: Limits, details: JSON) -> Solution:
    """Boards at most four wide: the exact line-by-line search (see thin.py)."""
    w, h = board.width, board.height
    free = free_mask(board)
    x0, y0 = board.start
    if h <= w:  # lines are columns: v = x * h + y
        short, line_free, start = h, free.reshape(h, w).T.ravel(), x0 * h + y0
    else:  # lines are rows: v = y * w + x, the board's own numbering
        short, line_free, start = w, free, y0 * w + x0
    limit = _middle_limit(board) if short == 4 else -1
    # the search's stacks and first memo, then the tour: walked out (thin_path), turned into squares, kept
    need = thin.fixed_bytes(short, w * h) + 48 * w * h + board.free_squares * TOUR_BYTES
    too_big = _over_budget(board, need, limits, details)
    if too_big:
        return too_big
    # the memo may grow into the rest; a state is a node here as in every tour search
    slots = thin.max_slots(budget_bytes(limits.max_memory) - need - SCRATCH)
    control.show_with(live.thin_decoder(board, short))
    with control.node_cap(limits.max_states):
        (code, moves, nodes), seconds = timed(
            control, thin.thin_search, short, w * h, np.ascontiguousarray(line_free),
            -1 if board.closed else start, board.closed, limit, slots, control.counters)
    status, lim = kernel_status(code, control)
    details = {**details, "method": f"exact line-by-line search (board {short} wide)", "nodes": int(nodes)}
    stats = Stats(int(nodes), int(control.counters[STORED]), 0, seconds)
    if status != Status.SOLVED:
        return Solution(status, _start_only(board), stats, lim, details=details)
    order, more = timed(control, thin.thin_path, short, w * h, moves, start)
    stats = Stats(stats.nodes_expanded, stats.states_seen, 0, seconds + more)
    if h <= w:
        xs, ys = order // h, order % h
    else:
        xs, ys = order % w, order // w
    squares = (ys * w + xs).astype(np.int32)
    return Solution(Status.SOLVED, _steps(board, squares), stats, None, details=details)


def _middle_limit(board: Board) -> int:
    """The most middle-to-middle moves a tour may use on a board four wide (see existence.py)."""
    edge = middle = 0
    for y in range(board.height):
        for x in range(board.width):
            if (x, y) in board.blocked:
                continue
            line = y if board.height == 4 else x
            if line in (0, 3):
                edge += 1
            else:
                middle += 1
    most = middle - edge + (0 if board.closed else 1)
    return most if 0 <= most <= 2 else -1


# The arguments existence.check proves with, as the headline names them.
ARGUMENTS = {"schwenk": "Schwenk's theorem", "open-boards": "the open-tour theorem", "colours": "the colours argument",
             "four-lines": "the four-lines argument", "graph": "the squares' moves", "one-square": "a single square"}


def headline(solution: Solution) -> str:
    """'304 tours from 1,1', 'proved: no closed tour on 5x5 (Schwenk's theorem)', 'tour found from 1,1: 63 moves'."""
    d = solution.details
    if "board" not in d:  # stopped before it began (an allocation refused)
        return solution.reason()
    board = d["board"]
    closed = board["closed"]
    kind = "closed tour" if closed else "tour"
    start = "{},{}".format(*board["start"])
    origin = "any square" if "per_square" in d else start
    where = f"on {board['size'][0]}x{board['size'][1]}" + ("" if closed else f" from {origin}")
    if d.get("method") == "theory":
        rule = d["existence"]["rule"]
        return f"proved: no {kind} {where} ({ARGUMENTS.get(rule, 'theory')})"
    counted = solution.status in (Status.SOLVED, Status.UNSOLVABLE)
    if ("per_square" in d or "every_square" in d) and counted:
        return f"{count_text(d['solutions'], kind)} from every square"
    if "solutions" in d and counted:
        return f"{count_text(d['solutions'], kind)} from {start}"
    if solution.status == Status.UNSOLVABLE:
        return f"proved: no {kind} {where} (every branch searched)"
    if solution.status == Status.SOLVED:
        return f"{kind} found from {start}: {count_text(solution.length or 0, 'move')}"
    so_far = f" · {count_text(d['solutions_so_far'], kind)} so far" if "solutions_so_far" in d else ""
    return solution.reason() + so_far


def kernels() -> list[Kernel]:
    """Every kernel the solvers and the theory checks run, on a small board."""
    board = Board(5, 5, (0, 0))
    counters = SearchControl().counters
    dx, dy = deltas(ORDERS["clockwise"])
    table = np.full((board.squares, 8), -1, dtype=np.int32)  # as neighbour_table returns it
    ctx = plain.make_context(table, 0, board.free_squares, board.closed)
    line_free = np.ones(12, dtype=np.bool_)
    flat = frontier.flat_example_args(counters)
    halves_args = meet.example_args(counters)
    return [Kernel("neighbour table", neighbour_table, (board.width, board.height, free_mask(board), dx, dy)),
            Kernel("connectivity", reach, (table, 0)),
            *search_paths_kernels(ctx, counters),
            Kernel("pruned backtracking", pruned.pruned_search, split.example_args(table, counters)),
            Kernel("tree size estimate", pruned.probe, estimate.example_args(table, counters)),
            Kernel("Warnsdorff", greedy.warnsdorff_walk, (table, 5, 5, 0, 25, False, 1, 1, counters)),
            Kernel("frontier count", frontier_kernel.step, frontier.example_args(counters)),
            Kernel("frontier count: one-word step", frontier_kernel.expand, flat["expand"]),
            Kernel("frontier count: mirror images", frontier_kernel.fold, flat["fold"]),
            *(Kernel(f"frontier count: table {name}", getattr(frontier_table, name), flat[name])
              for name in ("absorb", "clear", "compact", "move_into")),
            *(Kernel(f"frontier count, met in the middle: {name}", getattr(halves, name), args)
              for name, args in halves_args.items()),
            *counts_ray.kernels(),
            Kernel("narrow boards", thin.thin_search, (4, 12, line_free, 0, False, -1, 1, counters)),
            Kernel("narrow boards: the tour", thin.thin_path, (4, 12, np.zeros(12, dtype=np.uint8), 0))]
