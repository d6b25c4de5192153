"""Solving a sliding-tile board: the parity check first, then the chosen search, then the moves.

`auto` picks the fastest optimal search the board allows: IDA* with pattern
databases when they are built or can be built in under a minute, else IDA*
with linear conflicts; the answer says what it chose and why.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from puzzle_explorer.core.errors import InputError
from puzzle_explorer.core.estimate.dives import speed
from puzzle_explorer.core.kernels.codes import STOPPED
from puzzle_explorer.core.kernels.jit import prepare
from puzzle_explorer.core.kernels.signature import Kernel
from puzzle_explorer.core.run.memory import SCRATCH, array_bytes, budget_bytes, fits
from puzzle_explorer.core.run.progress import Phase, SearchControl
from puzzle_explorer.core.run.search import Limits, Stats, kernel_status, shortest_path, shortest_path_kernels
from puzzle_explorer.core.run.status import Limit, Status
from puzzle_explorer.core.scale.census import census_contexts, census_kernels, count_states
from puzzle_explorer.core.scale.engine import EngineSpec
from puzzle_explorer.core.sizes import describe_bytes
from puzzle_explorer.puzzles.interface import (
    JSON,
    Option,
    Options,
    Solution,
    Solver,
    Step,
    answered_by,
    plain_headline,
    run_solver,
    solver_named,
)
from puzzle_explorer.puzzles.kit import distances as FG  # the census from the goal (D is the pattern databases)
from puzzle_explorer.puzzles.kit import engines
from puzzle_explorer.puzzles.kit.numbers import count_text
from puzzle_explorer.puzzles.tiles import distances, live
from puzzle_explorer.puzzles.tiles import pdb as D
from puzzle_explorer.puzzles.tiles import split as S
from puzzle_explorer.puzzles.tiles.board import BLANK, Board, validate
from puzzle_explorer.puzzles.tiles.geometry import neighbours
from puzzle_explorer.puzzles.tiles.kernels import estimate as E
from puzzle_explorer.puzzles.tiles.kernels import heuristics as H
from puzzle_explorer.puzzles.tiles.kernels import idastar as I
from puzzle_explorer.puzzles.tiles.kernels import patterns as P
from puzzle_explorer.puzzles.tiles.kernels.hooks import MAX_PACKED_CELLS, TilesCtx, make_context, pack, unpack
from puzzle_explorer.puzzles.tiles.kernels.patterns import Partition
from puzzle_explorer.puzzles.tiles.kernels.rows import solve_rows
from puzzle_explorer.puzzles.tiles.parity import blank_distance, permutation_parity, unsolvable_reason
from puzzle_explorer.puzzles.tiles.steps import path_steps

QUICK_BUILD_S = 60.0  # auto builds missing databases only when the forecast is below this
NO_CAP = np.int64(1) << np.int64(62)

HEURISTICS = {"pdb": I.PATTERN_DATABASES, "linear-conflict": I.LINEAR_CONFLICT, "manhattan": I.MANHATTAN}
HEURISTIC_WORDS = {"pdb": "pattern databases", "linear-conflict": "linear conflicts",
                   "manhattan": "Manhattan distance"}
PARTITION_NAMES = ("auto", "6-6-3", "7-8", "6-6-6-6", "4-4", "3", "generic")

HEURISTIC = Option("heuristic", "Heuristic", "choice", "pdb", tuple(HEURISTICS),
                   "pdb: additive pattern databases (built once into the cache); linear-conflict: "
                   "Manhattan distance plus line conflicts; manhattan: the plain sum of distances",
                   search_only=True)
PARTITION = Option("pdb", "Databases", "choice", "auto", PARTITION_NAMES,
                   "which tile groups: auto (7-8 on 4x4 once built, else 6-6-3; 6-6-6-6 on 5x5), "
                   "or a named partition for the board's size", search_only=True)

# --- choosing -----------------------------------------------------------------------------------

Found = tuple[Status, Limit | None, list[int], Stats, JSON]  # status, limit, the blank's cells along the answer, stats, details


@dataclass(frozen=True)
class Plan:
    """What a search will run: the algorithm, the heuristic, the partition, why, and what runs it."""

    algo: str
    heuristic: str | None = None  # IDA*'s (None: the search is no IDA*)
    part: Partition | None = None
    why: str = ""
    engine: EngineSpec | None = None  # the census's or IDA*'s workers (puzzle_explorer.core.scale.engine.EngineSpec); None: this process
    # IDA*'s test handles (split.search): subtrees an iteration is cut into, a seed that starts them in
    # random order, the nodes of an iteration after which the next one splits
    subtrees: int = 0
    shuffle: int | None = None
    split_after: int | None = None
    # what runs it: (board, this plan, control, limits) -> what it found
    counts: bool = False  # a census: it counts what the start reaches, whether or not the goal is among it
    search: Callable[[Board, Plan, SearchControl, Limits], Found] = field(kw_only=True, compare=False, repr=False)

    def describe(self) -> str:
        if self.heuristic is None:  # no IDA*: the search is the solver of that name
            return solver_named(SOLVERS, self.algo).label
        if self.heuristic == "pdb" and self.part is not None:
            return f"IDA* with the {self.part.name} pattern databases"
        return f"IDA* with {HEURISTIC_WORDS[self.heuristic]}"


def _tables_fit(part: Partition, limits: Limits) -> bool:
    """Whether a search may map the partition's tables under the budget."""
    return fits(D.search_memory(part), limits.max_memory)


def _build_allowed(part: Partition, limits: Limits) -> bool:
    """Whether building the partition's tables is within --max-memory and --max-states."""
    states_ok = limits.max_states is None or limits.max_states >= part.entries()
    return states_ok and D.fits_memory(part, limits.max_memory)


def partition_for(board: Board, name: str | None, limits: Limits = Limits()) -> Partition:
    """The partition named; None or 'auto': a larger named one when it is built and fits the
    memory budget, else the default."""
    w, h = board.width, board.height
    blank = board.goal_tiles().index(BLANK)
    try:
        if name not in (None, "auto"):
            return P.partition(w, h, blank, name)
        default = P.partition(w, h, blank)
        for other in P.names(w, h):
            if other in ("generic", default.name):
                continue
            part = P.partition(w, h, blank, other)
            if (part.entries() > default.entries() and _tables_fit(part, limits)
                    and D.open_databases(part) is not None):
                return part
        return default
    except ValueError as exc:
        raise InputError(str(exc)) from None


Planner = Callable[[Board, Options, Limits], Plan]  # the search a solver will run on a board, with these options


def _in_words(board: Board, algo: str) -> None:
    """InputError when the board is too large for a search that keeps positions as 64-bit words."""
    if board.size > MAX_PACKED_CELLS:
        raise InputError(f"{algo} keeps positions in 64-bit words: boards up to {MAX_PACKED_CELLS} cells "
                         f"(4x4); use idastar or rows for {board.width}x{board.height}")


def _plan_path(algo: str) -> Planner:
    """The planner of one of the engine's shortest-path searches (bfs, bibfs, astar)."""
    def planner(board: Board, options: Options, limits: Limits) -> Plan:
        _in_words(board, algo)
        return Plan(algo, search=_shortest)

    return planner


def _plan_census(board: Board, options: Options, limits: Limits) -> Plan:
    _in_words(board, "census")
    return Plan("census", engine=engines.spec_from(options), counts=True, search=_count)


def _plan_rows(board: Board, options: Options, limits: Limits) -> Plan:
    return Plan("rows", search=_rows)


def _ida(heuristic: str, part: Partition | None, why: str, options: Options) -> Plan:
    """IDA* with this heuristic, on the engine its options name (engines.OPTIONS)."""
    return Plan("idastar", heuristic, part, why, engines.spec_from(options), int(options.get("subtrees") or 0),
                options.get("shuffle"), options.get("split_after"), search=_idastar)


def _plan_idastar(board: Board, options: Options, limits: Limits) -> Plan:
    heuristic = options.get("heuristic") or HEURISTIC.default
    if heuristic not in HEURISTICS:
        raise InputError(f"unknown heuristic {heuristic!r}; expected one of {', '.join(HEURISTICS)}")
    part = partition_for(board, options.get("pdb") or "auto", limits) if heuristic == "pdb" else None
    return _ida(heuristic, part, "asked for", options)


def _plan_auto(board: Board, options: Options, limits: Limits) -> Plan:
    """IDA* with pattern databases when they are built or quick to build, else with linear conflicts."""
    part = partition_for(board, options.get("pdb") or "auto", limits)
    if part.name == "generic" and board.size > MAX_PACKED_CELLS:
        return _ida("linear-conflict", None,
                    f"no pattern databases of their own for {board.width}x{board.height}; small generic "
                    f"ones do no better than linear conflicts here", options)
    if not _tables_fit(part, limits):
        return _ida("linear-conflict", None,
                    f"the {part.name} pattern databases ({describe_bytes(D.search_memory(part))}) do not fit "
                    f"the memory budget", options)
    if D.open_databases(part) is not None:
        return _ida("pdb", part, "the pattern databases are built", options)
    forecast = D.build_seconds(part)
    if forecast <= QUICK_BUILD_S and _build_allowed(part, limits):
        return _ida("pdb", part, f"the pattern databases build in about {max(1, round(forecast))} s", options)
    if forecast <= QUICK_BUILD_S:
        return _ida("linear-conflict", None,
                    f"building the {part.name} pattern databases would pass --max-memory or --max-states", options)
    return _ida("linear-conflict", None,
                f"the {part.name} pattern databases are not built (about {forecast / 60:.0f} min with "
                f"--build-pdb)", options)


def plan(board: Board, solver: str, options: Options, limits: Limits = Limits()) -> Plan:
    """The search `solver` with these options will run on this board."""
    run = solver_named(SOLVERS, solver).run
    if not isinstance(run, Planned):
        raise InputError(f"{solver} plans no search of its own")
    return run.plan(board, options, limits)


# --- searching ------------------------------------------------------------------------------------

@dataclass
class Stop:
    """Why a search ended before it began, for the answer."""

    status: Status
    limit: Limit | None
    note: str = ""


def databases(part: Partition, control: SearchControl, limits: Limits
              ) -> tuple[D.Databases | None, JSON, Stats, Stop | None]:
    """The partition's tables, built first if missing: (tables, details, build stats, None), or
    (None, details, build stats, why not) when a limit or a cancel stopped them."""
    details: JSON = {}
    dbs = D.open_databases(part)
    if dbs is None:
        need = D.build_memory(part)
        if not D.fits_memory(part, limits.max_memory):
            return None, details, Stats(), Stop(Status.LIMIT, Limit.MEMORY,
                                                f"building the {part.label()} pattern databases needs "
                                                f"{describe_bytes(need)}")
        if limits.max_states is not None and limits.max_states < part.entries():
            return None, details, Stats(), Stop(Status.LIMIT, Limit.STATES,
                                                f"building the {part.label()} pattern databases fills "
                                                f"{part.entries():,} entries")
        refused = D.stale(part)
        if refused:
            details["pdb_refused"] = refused
        path, seconds = D.build(part, control, within=Phase.BUILDING_TABLE)
        details["pdb_built_s"] = round(seconds, 3)
        if path is None:
            return None, details, Stats(elapsed_s=seconds), Stop(*kernel_status(STOPPED, control))
        dbs = D.open_databases(part)
        if dbs is None:
            raise InputError(f"the pattern databases written to {path} cannot be read back")
    details["databases"] = dbs.describe()
    return dbs, details, Stats(), None


@dataclass
class Ready:
    """What an IDA* search reads, made: the setup its passes share, the start's bound, and what
    making it took (pattern databases opened or built), or why it could not begin."""

    setup: S.Setup | None
    h0: int = 0
    shared: int = 0  # bytes of mapped databases every worker reads
    stack: int = 0  # the stack's share of the budget
    details: JSON = field(default_factory=dict)
    extra: Stats = field(default_factory=Stats)
    stop: Stop | None = None


def ready_idastar(board: Board, heuristic: str, part: Partition | None, control: SearchControl, limits: Limits,
                  dbs: D.Databases | None = None) -> Ready:
    """The search's setup; the budget holds the goal tables, the lookups (the mapped databases at
    their full size) and the stack, which gets what is left."""
    goal = board.goal_tiles()
    tables = H.goal_tables(board.width, board.height, goal)
    lookups = P.no_lookups(board.size)
    read: P.Lookups | S.Mapped = lookups  # what the passes read: the lookups, or the mapped databases they come from
    out = Ready(None)
    if heuristic == "pdb":
        if part is None:
            raise InputError("the pattern databases' heuristic needs a partition of the tiles")
        if dbs is None:
            dbs, built, out.extra, out.stop = databases(part, control, limits)
            out.details.update(built)
            if dbs is None:  # a limit or a cancel stopped the build (out.stop says which)
                return out
        lookups = P.make_lookups(part, goal, dbs.data, dbs.offsets)
        out.shared = dbs.size
        read = S.mapped(dbs, goal, lookups) if out.shared else lookups
    start = np.array(board.tiles, dtype=np.int64)
    nbr = neighbours(board.width, board.height)
    out.stack = budget_bytes(limits.max_memory) - array_bytes(start, nbr, tables, lookups) - SCRATCH
    mode = HEURISTICS[heuristic]
    out.setup = S.Setup(start, nbr, tables, read, mode, max(0, out.stack))
    control.compiling()
    prepare(I.subtree, *out.setup.args(out.setup.root(), 0, 0, 0, S.NO_CAP, control.counters))
    out.h0 = int(I.bounds(start[None, :], tables, lookups, mode)[0])
    return out


def run_idastar(board: Board, heuristic: str, part: Partition | None, control: SearchControl,
                limits: Limits, dbs: D.Databases | None = None, engine: EngineSpec | None = None,
                subtrees: int = 0, shuffle: int | None = None, split_after: int | None = None) -> Found:
    """(status, limit, blank cells of a shortest path, stats, details) by the family's IDA*.

    An iteration whose stack would not fit what the budget leaves it (ready_idastar) ends the
    search with limit memory. engine: where large iterations split (split.py; None: all here);
    subtrees, shuffle, split_after: split.search's test handles.
    """
    made = ready_idastar(board, heuristic, part, control, limits, dbs)
    details, extra, stack = made.details, made.extra, made.stack
    if made.stop is not None:
        if made.stop.note:
            details["note"] = made.stop.note
        return made.stop.status, made.stop.limit, [], extra, details
    assert made.setup is not None
    before = control.elapsed()
    out = S.search(made.setup, made.h0, control, limits.max_states, limits.max_memory, engine, subtrees, shuffle,
                   made.shared, split_after)
    elapsed = control.elapsed() - before
    status, limit = kernel_status(out.code, control, Limit.STATES)
    details["generated"] = out.generated
    if out.runs:
        details.update(out.run_json())
    if limit == Limit.MEMORY and part is not None and heuristic == "pdb" and stack < I.stack_bytes(0, 1):
        details["note"] = (f"the {part.name} pattern databases take {describe_bytes(D.search_memory(part))} "
                           f"of a {describe_bytes(budget_bytes(limits.max_memory))} budget")
    if status in (Status.LIMIT, Status.CANCELLED):
        # every iteration below the current bound ended without the goal: no shorter answer exists
        details["shortest_at_least"] = out.bound
    stats = Stats(nodes_expanded=out.expanded, states_seen=out.generated + 1,
                  max_frontier=len(out.path), elapsed_s=elapsed).plus(extra)
    return status, limit, [int(c) for c in out.path], stats, details


@dataclass
class Forecast:
    """IDA*'s size before it runs (--estimate): the search it would be, the start's bound, a row for
    each length the answer may have (estimate.table), one worker's speed; or why there is none."""

    chosen: Plan
    h0: int = 0
    rows: list[E.Row] = field(default_factory=list)
    rate: float = 0.0
    details: JSON = field(default_factory=dict)
    reason: str = ""  # why there is nothing to search: the goal cannot be reached, or the board is at it
    stop: Stop | None = None


def estimate_idastar(board: Board, solver: str, options: Options, control: SearchControl, limits: Limits) -> Forecast:
    """The forecast of the IDA* search `solver` (auto or idastar) would run on the board."""
    validate(board)
    chosen = plan(board, solver, options, limits)
    if chosen.algo != "idastar":
        raise InputError(f"--estimate forecasts IDA*'s iterations; {chosen.describe()} is no tree search: "
                         "give --algo idastar")
    reason = unsolvable_reason(board) or ("the board is at its goal" if board.tiles == board.goal_tiles() else None)
    if reason is not None:
        return Forecast(chosen, reason=reason)
    made = ready_idastar(board, chosen.heuristic or "manhattan", chosen.part, control, limits)
    if made.stop is not None or made.setup is None:
        return Forecast(chosen, details=made.details, stop=made.stop)
    setup = made.setup
    args = (setup.start, setup.nbr, setup.tables, setup.lk(), setup.mode)
    prepare(I.search, *args, np.int64(1), np.int64(setup.max_stack), control.counters)
    E.prepare_sample(setup)
    control.start_search()
    try:
        rate = speed(lambda counters: int(I.search(*args, np.int64(S.NO_CAP), np.int64(setup.max_stack),
                                                   counters)[3]), control.counters)
        rows = E.table(setup, made.h0, blank_distance(board) % 2, rate, control.counters)
    finally:
        control.end_search()
    return Forecast(chosen, made.h0, rows, rate, made.details)


def _idastar(board: Board, chosen: Plan, control: SearchControl, limits: Limits) -> Found:
    control.show_with(live.decoder(board, False, path_steps))
    assert chosen.heuristic is not None  # every IDA* plan names its heuristic
    return run_idastar(board, chosen.heuristic, chosen.part, control, limits, None, chosen.engine, chosen.subtrees,
                       chosen.shuffle, chosen.split_after)


def _rows(board: Board, chosen: Plan, control: SearchControl, limits: Limits) -> Found:
    # row by row searches regions of its own boards: nothing to draw on this one
    status, limit, blanks, stats = solve_rows(board.width, board.height, board.tiles, board.goal_tiles(), control,
                                              limits)
    return status, limit, [int(b) for b in blanks], stats, {}  # numpy's integers are no JSON


def _packed(board: Board, control: SearchControl) -> tuple[TilesCtx, np.ndarray]:
    """A context of the engine's searches for the board, and the start as a word; the live picture
    decodes the words."""
    control.show_with(live.decoder(board, True, path_steps))
    return make_context(board.width, board.height, board.goal_tiles()), np.array([pack(board.tiles)], dtype=np.uint64)


def _shortest(board: Board, chosen: Plan, control: SearchControl, limits: Limits) -> Found:
    ctx, start = _packed(board, control)
    goals = np.array([pack(board.goal_tiles())], dtype=np.uint64)
    out = shortest_path(chosen.algo, start, ctx, control, limits, goals)
    blanks = [unpack(int(s), board.size).index(BLANK) for s in out.path]
    return out.status, out.limit, blanks, out.stats, {}


def _count(board: Board, chosen: Plan, control: SearchControl, limits: Limits) -> Found:
    ctx, start = _packed(board, control)
    contexts = census_contexts(ctx, lambda: make_context(board.width, board.height, board.goal_tiles()),
                               chosen.engine)
    out = count_states(start, contexts, control, limits, engine=chosen.engine)
    return out.status, out.limit, [], out.stats, {"census": FG.census_counts(out)}


# --- the solvers ------------------------------------------------------------------------------

def run_plan(board: Board, chosen: Plan, control: SearchControl, limits: Limits) -> Solution:
    """Run a planned search on the board (an impossible board is answered at once, with the reason,
    unless the plan counts what the start reaches)."""
    reason = unsolvable_reason(board)
    details: JSON = {"chosen": chosen.describe()}
    if chosen.why:
        details["why"] = chosen.why
    if reason is not None and not chosen.counts:
        details["reason"] = reason
        return Solution(Status.UNSOLVABLE, [Step("start", board)], Stats(), None, details=details)
    status, limit, blanks, stats, more = chosen.search(board, chosen, control, limits)
    details.update(more)
    if reason is not None:
        details["reason"] = reason
    steps = path_steps(board, blanks) if status == Status.SOLVED else [Step("start", board)]
    return Solution(status, steps, stats, limit, details=details)


@dataclass(frozen=True)
class Planned:
    """A solver's run that plans the search for the board first (plan), then runs the plan."""

    plan: Planner

    def __call__(self, board: Board, options: Options, control: SearchControl, limits: Limits) -> Solution:
        return run_plan(board, self.plan(board, options, limits), control, limits)


SOLVERS = (
    Solver("auto", "Best optimal", True,
           "shortest answer by the fastest search this board allows (IDA* with pattern databases when "
           "built or quick to build, else with linear conflicts); says which; large iterations split over "
           "workers", (PARTITION, *engines.OPTIONS), run=Planned(_plan_auto), chooses=True),
    Solver("idastar", "IDA*", True,
           "shortest answer in a few kilobytes; as fast as its heuristic; large iterations split over workers",
           (HEURISTIC, PARTITION, *engines.OPTIONS), run=Planned(_plan_idastar)),
    Solver("astar", "A*", True,
           "shortest answer; Manhattan distance plus linear conflicts; stores every position (up to 4x4)",
           run=Planned(_plan_path("astar"))),
    Solver("bibfs", "Bidirectional BFS", True,
           "shortest answer; searches from the start and the goal at once (up to 4x4)",
           run=Planned(_plan_path("bibfs"))),
    Solver("bfs", "Breadth-first search", True, "shortest answer; stores every position (up to 4x4)",
           run=Planned(_plan_path("bfs"))),
    Solver("census", "Census", False,
           "counts every position reachable from this one and the deepest level (up to 4x4)", engines.OPTIONS,
           run=Planned(_plan_census)),
    Solver("rows", "Row by row", False,
           "fast on any size, not shortest: puts rows and columns in place one by one, then "
           "finishes the last 3x3 exactly", run=Planned(_plan_rows)),
    FG.solver((), distances.space, distances.moves),
)
SOLVER_IDS = tuple(s.id for s in SOLVERS)


def solve(board: Board, solver: str, options: Options, control: SearchControl, limits: Limits) -> Solution:
    """Run one of SOLVERS on the board."""
    validate(board)
    return run_solver(SOLVERS, solver, board, options, control, limits)


# --- what it found, in words ---------------------------------------------------------------------

def _census_text(census: JSON, complete: bool) -> str:
    goal = census["goal_depth"]
    if goal is not None:
        where = f"the goal {count_text(goal, 'move')} away"
    else:
        where = "the goal out of reach" if complete else "the goal not met yet"
    return f"{count_text(census['states'], 'position')} · {where} · deepest {census['max_depth']}"


def _parity_text(board: Board) -> str:
    """'an odd permutation, blank distance 2': the two parities that disagree (as short as the
    timeline's one line needs)."""
    odd = permutation_parity(board.tiles, board.goal_tiles())
    return f"{'an odd' if odd else 'an even'} permutation, blank distance {blank_distance(board)}"


def headline(solution: Solution) -> str:
    """'31 moves, shortest', 'proved unsolvable by the parity rule: an odd permutation, blank distance 0'
    (the permutation's parity and the blank's distance from its goal cell disagree), 'census: 181,440
    positions · …', '212 moves, not shortest (row by row)'; `auto` names its search."""
    from_goal = FG.headline(solution, "moves")
    if from_goal is not None:
        return from_goal
    d = solution.details
    census = d.get("census")
    if census is not None:
        if solution.status in (Status.SOLVED, Status.UNSOLVABLE):
            return f"census: {_census_text(census, True)}"
        return f"{solution.reason()} · census so far: {_census_text(census, False)}"
    if solution.status == Status.UNSOLVABLE and not solution.searched and solution.steps:
        return f"proved unsolvable by the parity rule: {_parity_text(solution.steps[0].board)}"
    if solution.status == Status.SOLVED:
        solver = answered_by(SOLVERS, solution)  # None: read off a distance table, shortest
        if solver is not None and not solver.optimal:
            return plain_headline(solution, "moves") + (f", not shortest ({solver.label.lower()})"
                                                        if solution.length else "")
        text = plain_headline(solution, "moves", shortest=True)
        if solver is not None and solver.chooses and d.get("chosen") and solution.length:
            text += f", by {d['chosen']}"
        return text
    text = solution.reason()
    if d.get("note"):
        text += f" · {d['note']}"
    if d.get("shortest_at_least"):
        text += f" · no answer shorter than {count_text(d['shortest_at_least'], 'move')}"
    return text


def kernels() -> list[Kernel]:
    """Every kernel signature the solvers run, on tiny boards: the engine's searches through the
    hooks, IDA* without tables and with read-only ones (as they are mapped), the placing search of
    row by row, and the database build."""
    from puzzle_explorer.puzzles.tiles.board import parse
    from puzzle_explorer.puzzles.tiles.kernels import ranks, sweep
    from puzzle_explorer.puzzles.tiles.kernels.rows import cancel_backtracks, place

    tiny = parse("1 2 3/4 . 5/7 8 6")
    counters = SearchControl().counters
    goal = tiny.goal_tiles()
    ctx = make_context(3, 3, goal)
    packed = np.array([pack(tiny.tiles)], dtype=np.uint64)
    part = P.partition(3, 3, goal.index(BLANK))
    mapped = np.zeros(part.entries(), dtype=np.uint8)
    mapped.flags.writeable = False  # a mapped file is read-only, and numba compiles for that apart
    offsets = {t: at for t, at in zip(part.tables(), np.cumsum([0] + [t.entries(9) for t in part.tables()]))}
    tiles, nbr, tables = np.array(tiny.tiles, dtype=np.int64), neighbours(3, 3), H.goal_tables(3, 3, goal)
    one = np.zeros(1, dtype=np.int64)
    root = np.array([tiny.tiles.index(BLANK)], dtype=np.int64)
    plain, with_dbs = P.no_lookups(9), P.make_lookups(part, goal, mapped, offsets)

    def pass_args(lk: P.Lookups, mode: int) -> tuple[Any, ...]:
        return S.Setup(tiles, nbr, tables, lk, mode, S.NO_CAP).args(root, 0, 0, 0, S.NO_CAP, counters)

    return [*shortest_path_kernels(("bfs", "bibfs", "astar"), packed, ctx, counters),
            *census_kernels(ctx, counters),
            Kernel("IDA*", I.search, (tiles, nbr, tables, plain, I.MANHATTAN, NO_CAP, NO_CAP, counters)),
            Kernel("IDA*: one pass", I.subtree, pass_args(plain, I.MANHATTAN)),
            Kernel("IDA* with pattern databases: one pass", I.subtree, pass_args(with_dbs, I.PATTERN_DATABASES)),
            Kernel("IDA*: estimate", E.sample, E.sample_args(S.Setup(tiles, nbr, tables, plain, I.MANHATTAN,
                                                                     S.NO_CAP), 0, 1, counters)),
            Kernel("IDA* with pattern databases: estimate", E.sample,
                   E.sample_args(S.Setup(tiles, nbr, tables, with_dbs, I.PATTERN_DATABASES, S.NO_CAP), 0, 1,
                                 counters)),
            Kernel("IDA*: first bound", I.bounds, (tiles[None, :], tables, plain, I.MANHATTAN)),
            Kernel("IDA* with pattern databases: first bound", I.bounds,
                   (tiles[None, :], tables, with_dbs, I.PATTERN_DATABASES)),
            Kernel("distance table", sweep.expand_level, (np.empty(16, dtype=np.uint8), np.empty(2, dtype=np.uint64),
                                                          0, 12, 0, 2, 4, 0, ranks.halves(3), 12, counters, True)),
            Kernel("row by row: placing", place, (nbr, np.zeros(9, dtype=np.bool_), 0, one, one, np.int64(1))),
            Kernel("row by row: the moves", cancel_backtracks, (one,)),
            *D.build_kernels()]
