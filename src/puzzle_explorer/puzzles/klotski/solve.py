"""Solving a sliding-block board: pack it, run a core search, turn the path back into moves."""
from __future__ import annotations

import numpy as np

from puzzle_explorer.core.run.memory import budget_bytes
from puzzle_explorer.core.run.progress import SearchControl
from puzzle_explorer.core.run.search import Limits, Stats, shortest_path, shortest_path_kernels, timed
from puzzle_explorer.core.run.status import Limit, Status
from puzzle_explorer.core.run.warmup import Kernel
from puzzle_explorer.core.scale.census import census_kernels, count_states
from puzzle_explorer.puzzles.interface import Option, Solution, Solver, Step, plain_headline
from puzzle_explorer.puzzles.kit import distances as D
from puzzle_explorer.puzzles.kit import engines
from puzzle_explorer.puzzles.kit.text import cell_text
from puzzle_explorer.puzzles.klotski import live
from puzzle_explorer.puzzles.klotski.board import Board, validate
from puzzle_explorer.puzzles.klotski.kernels.moves import count_placements, goal_states
from puzzle_explorer.puzzles.klotski.kernels.packing import Layout, decode, encode, make_context, make_layout

GOAL_STATES_LIMIT = 4_000_000
GOAL_STATE_PEAK = 16  # bytes per goal position while they are listed (the array and its doubled copy)

MOVES = Option("moves", "Move convention", "choice", "free", ("unit", "straight", "free"),
               "unit: one piece one cell; straight: one piece any distance in a line; "
               "free: one piece anywhere it can slide, turns included")
DISTINCT = Option("distinct", "Distinct pieces", "bool", False,
                  help="treat every piece as its own, not same-shaped pieces as interchangeable",
                  search_only=True)
OPTIONS = (MOVES, DISTINCT)

SOLVERS = (
    Solver("bfs", "Breadth-first search", True,
           "shortest answer; stores every position it meets", OPTIONS),
    Solver("bibfs", "Bidirectional BFS", True,
           "shortest answer; searches from the start and from every goal position at once", OPTIONS),
    Solver("astar", "A*", True,
           "shortest answer; guided by the target's distance to the goal", OPTIONS),
    Solver("idastar", "IDA*", True,
           "shortest answer in little memory; slow when the heuristic is weak", OPTIONS),
    Solver("census", "Census", None,
           "counts every reachable position, the goal positions and the deepest level",
           (*OPTIONS, *engines.OPTIONS)),
    D.solver((*OPTIONS, *engines.OPTIONS)),
)


def move_label(letter: str, frm: tuple[int, int], to: tuple[int, int]) -> str:
    dx, dy = to[0] - frm[0], to[1] - frm[1]
    words = []
    if dy:
        words.append(f"{'down' if dy > 0 else 'up'} {abs(dy)}")
    if dx:
        words.append(f"{'right' if dx > 0 else 'left'} {abs(dx)}")
    return f"{letter} {cell_text(frm)} → {cell_text(to)} ({', '.join(words)})"


def path_steps(layout: Layout, board: Board, path: np.ndarray) -> list[Step]:
    """The boards and moves along a path of packed positions."""
    steps = [Step("start", board)]
    if len(path) == 0:
        return steps
    prev = decode(layout, int(path[0]))
    current = board
    for word in path[1:]:
        now = decode(layout, int(word))
        for c, (before, after) in enumerate(zip(prev, now)):
            if before == after:
                continue
            frm = next(a for a in before if a not in after)
            to = next(a for a in after if a not in before)
            piece = next(p for p in current.pieces
                         if p.letter in layout.classes[c].letters and (p.x, p.y) == frm)
            moved = piece.moved_to(*to)
            current = current.with_pieces([moved if p is piece else p for p in current.pieces])
            data = {"piece": piece.letter, "from": [frm[0] + 1, frm[1] + 1], "to": [to[0] + 1, to[1] + 1]}
            steps.append(Step(move_label(piece.letter, frm, to), current, frozenset(moved.cells()), data))
            break
        prev = now
    return steps


def solve(board: Board, solver: str, options: dict, control: SearchControl, limits: Limits) -> Solution:
    """Run one of SOLVERS on the board."""
    validate(board)
    if solver == D.SOLVER_ID:
        from puzzle_explorer.puzzles.klotski import distances
        return D.solve(board, distances.space(board, options), lambda b: distances.moves(b, options), options,
                       control, limits, int(options.get("hardest") or D.HARDEST))
    layout = make_layout(board, options.get("moves", MOVES.default), bool(options.get("distinct", False)))
    ctx = make_context(layout)
    start = np.array([encode(layout, board)], dtype=np.uint64)
    control.show_with(live.decoder(layout, board, path_steps))
    if solver == "census":
        # a second context (its own scratch arrays) lets the census use two cores
        out = count_states(start, [ctx, make_context(layout)], control, limits,
                           engine=engines.spec_from(options))
        details = {"census": D.census_counts(out)}
        return Solution(out.status, [Step("start", board)], out.stats, out.limit, solver, details)
    goals = None
    extra = Stats()
    if solver == "bibfs":
        # listing the goal positions doubles its array as it fills (GOAL_STATE_PEAK); they may take
        # half the budget, and the search counts the 8 bytes each it holds them in afterwards
        by_memory = budget_bytes(limits.max_memory) // 2 // GOAL_STATE_PEAK
        most = min(GOAL_STATES_LIMIT, by_memory)
        (goals, complete), seconds = timed(control, goal_states, ctx, most)
        extra = Stats(elapsed_s=seconds)
        if not complete:
            limit = Limit.MEMORY if by_memory < GOAL_STATES_LIMIT else Limit.STATES
            return Solution(Status.LIMIT, [Step("start", board)], extra, limit, solver,
                            {"note": f"more than {most:,} goal positions; use bfs or astar on this board"})
    out = shortest_path(solver, start, ctx, control, limits, goals)
    steps = path_steps(layout, board, out.path) if out.status == Status.SOLVED else [Step("start", board)]
    return Solution(out.status, steps, out.stats.plus(extra), out.limit, solver)


def headline(solution: Solution) -> str:
    """'81 moves, shortest', or for a census 'census: 25,955 positions · 964 at the goal · deepest 133'."""
    census = solution.details.get("census")
    if census is not None and census.get("from_goal"):
        return D.headline(solution, "moves")
    if census is None:
        return plain_headline(solution, "moves", shortest=True)
    goals = f"{census['goal_states']:,}" if census["goal_states"] else "none"
    counts = f"{census['states']:,} positions · {goals} at the goal · deepest {census['max_depth']}"
    if solution.status in (Status.SOLVED, Status.UNSOLVABLE):
        return f"census: {counts}"
    return f"{solution.reason()} · census so far: {counts}"


def kernels() -> list[Kernel]:
    """Every kernel the solvers run (one context type serves every move convention)."""
    from puzzle_explorer.puzzles.klotski.board import parse

    tiny = parse("AA./AAb/..b")
    layout = make_layout(tiny, MOVES.default, False)
    ctx = make_context(layout)
    start = np.array([encode(layout, tiny)], dtype=np.uint64)
    counters = SearchControl().counters
    return [*shortest_path_kernels(("bfs", "bibfs", "astar", "idastar"), start, ctx, counters),
            Kernel("goal positions", goal_states, (ctx, GOAL_STATES_LIMIT)),
            Kernel("placements", count_placements, (ctx, GOAL_STATES_LIMIT)),
            *census_kernels(ctx, counters)]
