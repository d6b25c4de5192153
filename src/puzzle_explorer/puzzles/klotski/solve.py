"""Solving a sliding-block board: pack it, run a core search, turn the path back into moves."""
from __future__ import annotations

import numpy as np

from puzzle_explorer.core.kernels.codes import STOPPED
from puzzle_explorer.core.kernels.jit import prepare
from puzzle_explorer.core.kernels.signature import Kernel
from puzzle_explorer.core.run.memory import budget_bytes
from puzzle_explorer.core.run.progress import Phase, SearchControl
from puzzle_explorer.core.run.search import Limits, Stats, kernel_status, shortest_path, shortest_path_kernels
from puzzle_explorer.core.run.status import Limit, Status
from puzzle_explorer.puzzles.interface import Options, Run, Solution, Solver, Step, plain_headline, run_solver
from puzzle_explorer.puzzles.kit import distances as D
from puzzle_explorer.puzzles.kit import engines
from puzzle_explorer.puzzles.klotski import distances, live
from puzzle_explorer.puzzles.klotski.board import Board, validate
from puzzle_explorer.puzzles.klotski.kernels.moves import count_placements, goal_states
from puzzle_explorer.puzzles.klotski.kernels.packing import (
    KlotskiCtx,
    Layout,
    encode,
    make_context,
    make_layout,
    with_own_scratch,
)
from puzzle_explorer.puzzles.klotski.options import MOVES, OPTIONS, convention
from puzzle_explorer.puzzles.klotski.steps import path_steps

GOAL_STATES_LIMIT = 4_000_000  # the warm-up's example limit (a constant of the compiled signature's type)
GOAL_STATE_PEAK = 16  # bytes per goal position while they are listed (the array and its doubled copy)


# --- the searches ------------------------------------------------------------------------------

def _packed(board: Board, options: Options, control: SearchControl) -> tuple[Layout, KlotskiCtx, np.ndarray]:
    """The board packed for the engine's searches under the options' move convention: its layout,
    a context, the start as a word; the live picture decodes that layout."""
    layout = make_layout(board, *convention(options))
    start = np.array([encode(layout, board)], dtype=np.uint64)
    control.show_with(live.decoder(layout, board, path_steps))
    return layout, make_context(layout), start


def _shortest(algo: str, board: Board, layout: Layout, ctx: KlotskiCtx, start: np.ndarray, control: SearchControl,
              limits: Limits, goals: np.ndarray | None = None, before: Stats = Stats()) -> Solution:
    """The engine's shortest-path search `algo` as a Solution (before: what listing the goals took)."""
    out = shortest_path(algo, start, ctx, control, limits, goals)
    steps = path_steps(layout, board, out.path) if out.status == Status.SOLVED else [Step("start", board)]
    return Solution(out.status, steps, out.stats.plus(before), out.limit)


def _path_search(algo: str) -> Run:
    """The run of a solver that is one of the engine's shortest-path searches from the start alone."""
    def run(board: Board, options: Options, control: SearchControl, limits: Limits) -> Solution:
        layout, ctx, start = _packed(board, options, control)
        return _shortest(algo, board, layout, ctx, start, control, limits)

    return run


def _bidirectional(board: Board, options: Options, control: SearchControl, limits: Limits) -> Solution:
    """Bidirectional BFS: every goal position listed first, then the search from both sides."""
    layout, ctx, start = _packed(board, options, control)
    # listing the goal positions doubles its array as it fills (GOAL_STATE_PEAK); they may take
    # half the budget, and the search counts the 8 bytes each it holds them in afterwards. They
    # are states the search stores: a state cap holds them too.
    by_memory = budget_bytes(limits.max_memory) // 2 // GOAL_STATE_PEAK
    most = by_memory if limits.max_states is None else min(by_memory, limits.max_states)
    control.compiling()
    prepare(goal_states, ctx, 0, control.counters)
    began = control.limited() or 0.0  # the job's clock, which counts the work before the search
    with control.work(Phase.LISTING_GOALS):
        goals, complete = goal_states(ctx, most, control.counters)
    listed = Stats(elapsed_s=(control.limited() or 0.0) - began)
    if control.stopped():
        status, limit = kernel_status(STOPPED, control)
        return Solution(status, [Step("start", board)], listed, limit,
                        details={"note": f"stopped while listing the goal positions ({len(goals):,} so far)"})
    if not complete:
        limit = Limit.STATES if most == limits.max_states else Limit.MEMORY
        held = "the state limit" if limit == Limit.STATES else "half the memory budget"
        return Solution(Status.LIMIT, [Step("start", board)], listed, limit,
                        details={"note": f"more than {most:,} goal positions, {held} holds no more; "
                                         "use bfs or astar on this board"})
    return _shortest("bibfs", board, layout, ctx, start, control, limits, goals, listed)


def _census(board: Board, options: Options, control: SearchControl, limits: Limits) -> Solution:
    """Every position reachable from the start, the goal positions among them and the deepest level."""
    from puzzle_explorer.core.scale.census import census_contexts, count_states  # (a census only)

    layout, ctx, start = _packed(board, options, control)
    spec = engines.spec_from(options)
    contexts = census_contexts(ctx, lambda: with_own_scratch(ctx), spec)
    out = count_states(start, contexts, control, limits, engine=spec)
    return Solution(out.status, [Step("start", board)], out.stats, out.limit,
                    details={"census": D.census_counts(out)})


SOLVERS = (
    Solver("bfs", "Breadth-first search", True,
           "shortest answer; stores every position it meets", OPTIONS, run=_path_search("bfs")),
    Solver("bibfs", "Bidirectional BFS", True,
           "shortest answer; searches from the start and from every goal position at once", OPTIONS,
           run=_bidirectional),
    Solver("astar", "A*", True,
           "shortest answer; guided by the target's distance to the goal", OPTIONS, run=_path_search("astar")),
    Solver("idastar", "IDA*", True,
           "shortest answer in little memory; slow when the heuristic is weak", OPTIONS,
           run=_path_search("idastar")),
    Solver("census", "Census", None,
           "counts every reachable position, the goal positions and the deepest level",
           (*OPTIONS, *engines.OPTIONS), run=_census),
    D.solver((*OPTIONS, *engines.OPTIONS), distances.space, distances.moves),
)


def solve(board: Board, solver: str, options: Options, control: SearchControl, limits: Limits) -> Solution:
    """Run one of SOLVERS on the board."""
    validate(board)
    return run_solver(SOLVERS, solver, board, options, control, limits)


def headline(solution: Solution) -> str:
    """'81 moves, shortest', or for a census 'census: 25,955 positions · 964 at the goal · deepest 133'."""
    from_goal = D.headline(solution, "moves")
    if from_goal is not None:
        return from_goal
    census = solution.details.get("census")
    if census is None:
        return plain_headline(solution, "moves", shortest=True)
    goals = f"{census['goal_states']:,}" if census["goal_states"] else "none"
    counts = f"{census['states']:,} positions · {goals} at the goal · deepest {census['max_depth']}"
    if solution.status in (Status.SOLVED, Status.UNSOLVABLE):
        return f"census: {counts}"
    return f"{solution.reason()} · census so far: {counts}"


def kernels() -> list[Kernel]:
    """Every kernel the solvers run (one context type serves every move convention)."""
    from puzzle_explorer.core.scale.census import census_kernels
    from puzzle_explorer.puzzles.klotski.board import parse

    tiny = parse("AA./AAb/..b")
    layout = make_layout(tiny, MOVES.default, False)
    ctx = make_context(layout)
    start = np.array([encode(layout, tiny)], dtype=np.uint64)
    counters = SearchControl().counters
    return [*shortest_path_kernels(("bfs", "bibfs", "astar", "idastar"), start, ctx, counters),
            Kernel("goal positions", goal_states, (ctx, GOAL_STATES_LIMIT, counters)),
            Kernel("placements", count_placements, (ctx, GOAL_STATES_LIMIT, counters)),
            *census_kernels(ctx, counters)]
