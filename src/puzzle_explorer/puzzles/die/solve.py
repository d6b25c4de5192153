"""Solving a rolling-die board: checks on the whole board, then the pruned depth-first search.

A node of the search is one placement of the die: the start, and every roll
that passed the rules and the pruning (the same thing a plain search counts
when it counts its calls). Rolls the pruning refuses are never entered and
are not counted. A state cap counts these nodes; the memory budget must hold
the search's stack and the tours kept, checked before the search starts.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace

import numpy as np

from puzzle_explorer.core.errors import InputError
from puzzle_explorer.core.estimate import probe
from puzzle_explorer.core.estimate.dives import Estimate
from puzzle_explorer.core.kernels import backtrack
from puzzle_explorer.core.kernels.backtrack import fixed_bytes as backtrack_bytes
from puzzle_explorer.core.kernels.jit import prepare
from puzzle_explorer.core.kernels.signature import Kernel
from puzzle_explorer.core.run.memory import SCRATCH, array_bytes, budget_bytes, largest_cap
from puzzle_explorer.core.run.progress import SearchControl
from puzzle_explorer.core.run.search import (
    FIRST,
    Limits,
    Outcome,
    Stats,
    backtrack_args,
    search_paths,
    search_paths_kernels,
)
from puzzle_explorer.core.run.status import Limit, Status
from puzzle_explorer.core.scale.split_paths import count_paths
from puzzle_explorer.puzzles.die import analysis, live
from puzzle_explorer.puzzles.die.board import Board, Placed, validate
from puzzle_explorer.puzzles.die.kernels.tour import N_ORIENT, DieCtx, cell_of, index, make_context
from puzzle_explorer.puzzles.die.orientation import (
    ARROW,
    DIRECTIONS,
    GOAL_ANY,
    GOAL_FACES,
    ROLLS,
    STEP,
    TOP,
    mark_direction,
)
from puzzle_explorer.puzzles.interface import JSON, Option, Options, Solution, Solver, Step, run_solver
from puzzle_explorer.puzzles.kit import engines
from puzzle_explorer.puzzles.kit.numbers import count_text
from puzzle_explorer.puzzles.kit.text import cell_text

MAX_KEEP = 10_000
BROWSE = 500  # tours turned into steps for the app to browse (each step holds a board)
PLACED_BYTES = 400  # a placement of a kept tour: a tuple (76 measured), a JSON object and its cell list (268)
BRANCH = 4  # rolls from one cell (kernel._branching)
STEP_BYTES = 1000  # a step: its board, label, highlight and data (measured: 930 or so)

GOAL_FACE = Option("goal_face", "Mark at the goal", "choice", "up", GOAL_FACES,
                   "up: the marked face must be on top at the goal; not-up: it must not; any: either")
KEEP = Option("keep", "Solutions kept", "int", 100,
              help=f"how many tours to keep for listing, at most {MAX_KEEP:,} (the first {BROWSE} can be "
                   "browsed); the count is always complete", search_only=True, low=1, high=MAX_KEEP)
PRUNING = Option("pruning", "Exact pruning", "bool", True,
                 help="off: try every roll the rules allow, with no degree, connectivity or parity checks "
                      "(the same tours, many more nodes)", search_only=True)

@dataclass
class TourSolution(Solution):
    """A Solution that also carries the tours kept, as (x, y, orientation) per cell.

    They stay out of `details` (which the app may show) because there can be
    thousands; `tours_json` turns them into the command line's `paths`.
    """

    tours: list[list[Placed]] = field(default_factory=list)


def goal_face_rule(options: Options) -> int:
    rule = options.get("goal_face", GOAL_FACE.default)
    if rule not in GOAL_FACES:
        raise InputError(f"goal face {rule!r} is not one of {', '.join(GOAL_FACES)}")
    return GOAL_FACES.index(rule)


def keep_count(options: Options) -> int:
    """How many tours a count keeps to list (KEEP)."""
    keep = int(options.get("keep", KEEP.default))
    if not 1 <= keep <= MAX_KEEP:
        raise InputError(f"solutions kept must be between 1 and {MAX_KEEP:,}, not {keep}")
    return keep


def kept_bytes(keep: int, cells: int) -> int:
    """What `keep` tours of `cells` placements cost once found: as tuples, as JSON objects for the
    command line, and for the first BROWSE as steps (each step's board holds the tour so far)."""
    return keep * cells * PLACED_BYTES + min(keep, BROWSE) * cells * (STEP_BYTES + 4 * cells)


def _affordable_keep(keep: int, cells: int, ctx: DieCtx, limits: Limits) -> int:
    """The most tours, up to `keep`, that the budget holds beside the search (0: not even one)."""
    def need(k: int) -> int:
        return backtrack_bytes(cells - 1, BRANCH, k) + array_bytes(ctx) + kept_bytes(k, cells) + SCRATCH

    return largest_cap(need, budget_bytes(limits.max_memory), most=keep)


def decode_path(board: Board, nodes: np.ndarray) -> list[Placed]:
    """Search nodes -> (x, y, orientation) along the tour."""
    stride = board.width + 2
    out = []
    for node in nodes.tolist():
        x, y = cell_of(stride, node // N_ORIENT)
        out.append((x, y, node % N_ORIENT))
    return out


def roll_between(a: Placed, b: Placed) -> int:
    """The roll direction (EAST … SOUTH) from placement a to the next one b."""
    delta = (b[0] - a[0], b[1] - a[1])
    for direction, step in STEP.items():
        if step == delta:
            return direction
    raise ValueError(f"{a} and {b} are not neighbours")


def placed_json(p: Placed) -> JSON:
    return {"cell": [p[0] + 1, p[1] + 1], "mark": DIRECTIONS[mark_direction(p[2])], "top": int(TOP[p[2]])}


def tours_json(tours: list[list[Placed]]) -> list[list[JSON]]:
    """Each tour as a list of {"cell": [x, y], "mark": "up", "top": 1}, 1-based, start first."""
    return [[placed_json(p) for p in tour] for tour in tours]


def tour_steps(board: Board, tour: list[Placed]) -> list[Step]:
    """The steps of a tour: the die at the start, then one step per roll."""
    base = board.without_tour()
    first = tour[0]
    here = (first[0], first[1])
    steps = [Step(f"start at {cell_text(here)}, mark {DIRECTIONS[mark_direction(first[2])]}",
                  _with_tour(base, tour[:1]), frozenset({here}))]
    for i in range(1, len(tour)):
        a, b = tour[i - 1], tour[i]
        data = roll_data(a, b)
        mark = mark_direction(b[2])
        here = (b[0], b[1])
        label = f"roll {data['roll']:<5} to {cell_text(here)}: mark {DIRECTIONS[mark]} {ARROW[mark]}"
        steps.append(Step(label, _with_tour(base, tour[: i + 1]), frozenset({here}), data))
    return steps


def roll_data(a: Placed, b: Placed) -> JSON:
    """The roll from placement a to b as JSON: its direction, where it lands, the mark and the top face."""
    mark = mark_direction(b[2])
    return {"roll": ROLLS[roll_between(a, b)], "to": [b[0] + 1, b[1] + 1], "mark": DIRECTIONS[mark],
            "top": int(TOP[b[2]])}


def _with_tour(board: Board, tour: list[Placed]) -> Board:
    return replace(board, tour=tuple(tour))


def search_tree(board: Board, rule: int, prune: bool) -> tuple[DieCtx, int, list[tuple[int, int]]]:
    """The search's context, its root (the start, the mark on top) and the open cells."""
    cells = board.open_cells()
    ctx = make_context(board.width, board.height, cells, board.goal, rule, prune=prune)
    return ctx, index(board.width + 2, *board.start) * N_ORIENT, cells


def estimate_tours(board: Board, options: Options, dives: int = probe.DIVES) -> Estimate | None:
    """Knuth's estimate of `all`'s nodes, tours and time on one worker, before it runs; None when
    the board's obstacles settle the count at once."""
    board = board.without_tour()
    validate(board)
    prune = bool(options.get("pruning", PRUNING.default))
    if prune and analysis.obstacle(board) is not None:
        return None
    ctx, root, cells = search_tree(board, goal_face_rule(options), prune)
    return probe.estimate(ctx, root, len(cells) - 1, dives=dives, timed=True)


def _tours(board: Board, options: Options, control: SearchControl, limits: Limits, counting: bool) -> TourSolution:
    """The first tour the search finds, or (counting) every tour counted and the first KEEP kept."""
    rule = goal_face_rule(options)
    keep = keep_count(options) if counting else 1
    details: JSON = {"goal_face": GOAL_FACES[rule]}
    prune = bool(options.get("pruning", PRUNING.default))
    if not prune:
        details["pruning"] = False
    start_only = [Step("start", board)]
    proof = analysis.obstacle(board) if prune else None
    if proof is not None:
        details.update({"solutions": 0 if counting else None, "proof": proof})
        if counting:
            details["count_complete"] = True
        return TourSolution(Status.UNSOLVABLE, start_only, Stats(), None, details=details)
    ctx, root, cells = search_tree(board, rule, prune)
    affordable = _affordable_keep(keep, len(cells), ctx, limits)
    if counting and 0 < affordable < keep:
        details["note"] = f"kept at most {affordable:,} tours: the memory budget holds no more"
    control.show_with(live.decoder(board, decode_path, roll_data))
    held = kept_bytes(max(1, affordable), len(cells))
    out = (_count(ctx, root, len(cells), affordable, held, options, control, limits, details) if counting
           else search_paths(ctx, root, len(cells) - 1, FIRST, 1, control, limits, branch=BRANCH, held=held))
    tours = [decode_path(board, p) for p in out.kept]
    details["solutions"] = out.solutions if counting else None
    if out.status == Status.UNSOLVABLE:
        details["proof"] = "exhaustive search: no tour passes every rule"
    if out.limit == Limit.MEMORY:
        details["note"] = "the memory budget cannot hold the search's path and one tour"
    steps = tour_steps(board, tours[0]) if tours else start_only
    alternatives: list[Sequence[Step]] = [tour_steps(board, t) for t in tours[1:BROWSE]]
    if counting:
        details["count_complete"] = out.status in (Status.SOLVED, Status.UNSOLVABLE)
    return TourSolution(out.status, steps, out.stats, out.limit, details=details, alternatives=alternatives,
                        tours=tours)


def _count(ctx: DieCtx, root: int, cells: int, affordable: int, held: int, options: Options,
           control: SearchControl, limits: Limits, details: JSON) -> Outcome:
    """Every tour counted, the tree cut into subtrees run by the engine (its estimate and how it
    ran go into the details)."""
    # subtrees and shuffle (a seed: subtrees start in random order) are the tests' handles
    control.compiling()  # the dives' kernel and the count's, whose speed the estimate measures
    prepare(probe.probe, *probe.probe_args(ctx, root, cells - 1, 1, control.counters))
    prepare(backtrack.backtrack, *backtrack_args(ctx, root, cells - 1, backtrack.COUNT, 1, control.counters))
    control.estimating()
    guess = probe.estimate(ctx, root, cells - 1, control.counters, timed=True, limit_s=limits.timeout_s,
                           max_nodes=limits.max_states)
    control.expect(guess.nodes, guess.nodes_se)
    details["estimate"] = guess.as_json(unit="tours")
    out, run = count_paths(ctx, root, cells - 1, max(1, affordable), control, limits, engines.spec_from(options),
                           BRANCH, held, options.get("subtrees", 0), options.get("shuffle"), guess)
    if run is not None:
        details.update(engines.run_json(run))
    return out


def _first_tour(board: Board, options: Options, control: SearchControl, limits: Limits) -> TourSolution:
    return _tours(board, options, control, limits, counting=False)


def _every_tour(board: Board, options: Options, control: SearchControl, limits: Limits) -> TourSolution:
    return _tours(board, options, control, limits, counting=True)


SOLVERS = (
    Solver("dfs", "Depth-first search", None,
           "the first tour found; exhaustive with exact pruning, so 'unsolvable' is a proof", (GOAL_FACE, PRUNING),
           run=_first_tour),
    Solver("all", "Every tour", None,
           "counts every tour (a proof of how many there are) and keeps some to browse; the tree is cut into "
           "subtrees shared among workers", (GOAL_FACE, KEEP, PRUNING, *engines.OPTIONS), run=_every_tour),
)


def solve(board: Board, solver: str, options: Options, control: SearchControl, limits: Limits) -> TourSolution:
    """Run one of SOLVERS on the board (the tour it carries, if any, left out)."""
    board = board.without_tour()
    validate(board)
    solution = run_solver(SOLVERS, solver, board, options, control, limits, TourSolution)
    assert isinstance(solution, TourSolution)
    return solution


def _argument(proof: str) -> str:
    """The name of the argument a proof rests on: its first clause ('the parity argument')."""
    if proof.startswith("parity:"):
        return "the parity argument"
    return proof.split(";")[0].split(":")[0]


def headline(solution: Solution) -> str:
    """'tour found: 63 rolls', '1 tour (mark at the goal: up)', 'proved: no tour (the parity argument)'."""
    d = solution.details
    n = d.get("solutions")
    if solution.status == Status.UNSOLVABLE:
        if not solution.searched and d.get("proof"):
            return f"proved: no tour ({_argument(d['proof'])})"
        return "proved: no tour (every placement searched)"
    if solution.status == Status.SOLVED:
        if n is not None:
            return f"{count_text(n, 'tour')} (mark at the goal: {d['goal_face']})"
        return f"tour found: {count_text(solution.length or 0, 'roll')}"
    so_far = f" · {count_text(n, 'tour')} so far" if n is not None else ""
    return solution.reason() + so_far


def kernels() -> list[Kernel]:
    """Every kernel the solvers run: the backtracking search over a die context."""
    ctx = make_context(1, 2, [(0, 0), (0, 1)], (0, 1), GOAL_ANY)
    counters = SearchControl().counters
    return [*search_paths_kernels(ctx, counters),
            Kernel("tree size estimate", probe.probe, probe.probe_args(ctx, 0, 1, 1, counters))]
