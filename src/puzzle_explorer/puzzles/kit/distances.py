"""The distance census from the goal, its tables, and what a family gives for them.

A census from the goal runs breadth-first backwards from every goal
position (moves can be undone, so backwards is forwards): the level a
position is met on is its distance to the nearest goal. It reports the
positions at each distance, the farthest ones (the hardest starts), and
whether the start is among them: a start that is not cannot reach the goal,
which is then proved without a separate search. Kept, the distances make a
table (core/kernels/tables.py) that answers any position of the set at once: play
mode's hint, and a shortest solution by walking downhill.

Scope: every goal position (every position that can reach the goal: for
sliding blocks, all the components that hold a goal placement), or only the
start's component (a census forward from the start finds its goal
positions first, then the census backwards runs from those; its count is
the forward census's).

A family takes part by giving, per board and options, a Space:
`PackedSpace` for positions packed into words that the engine's census
expands (the family's context hooks), or its own subclass (cube8's dense
numbering). Play mode adds `moves(board, options)` (interface.Move).
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from puzzle_explorer.core.errors import InputError
from puzzle_explorer.core.kernels import census as core_census
from puzzle_explorer.core.kernels import tables
from puzzle_explorer.core.kernels.codes import FOUND, STOPPED
from puzzle_explorer.core.run.memory import SCRATCH, array_bytes, budget_bytes
from puzzle_explorer.core.run.progress import Phase, SearchControl
from puzzle_explorer.core.run.search import Census, Limits, Outcome, Stats, kernel_status
from puzzle_explorer.core.run.status import Limit, Status
from puzzle_explorer.core.scale.engine import EngineSpec
from puzzle_explorer.core.sizes import describe_bytes
from puzzle_explorer.puzzles.interface import JSON, Move, Option, Options, Solution, Solver, Step
from puzzle_explorer.puzzles.kit.engines import spec_from

SOLVER_ID = "distances"
HARDEST = 5  # hardest positions a census reports unless asked for another number
SCOPES = {"all": "every goal position", "component": "the start's component"}
SCOPE = Option("scope", "From", "choice", "all", tuple(SCOPES),
               "all: every goal position (every position that can reach the goal); component: only the "
               "start's component (a census forward finds its goal positions first)")
KEEP = Option("keep", "Keep table", "bool", True,
              help="keep every position's distance for play mode and a solution from the table "
                   "(more memory: see the estimate play offers)")
# Listing the goal positions holds 16 bytes each at most (their array doubles as it fills), then the
# census holds them as its start list and its first level: 8 + 8.
GOAL_LISTING = 16
GOAL_HELD = 16
MOST_COUNTED = 10**7  # placements counted for an estimate, at most (a fraction of a second)

Table = tables.SortedTable | tables.DenseTable  # positions as sorted words, or a byte for every position number
Moves = Callable[[Any], list[Move]]  # every move from a board (the family's play-mode hook, its options given)


def solver(options: tuple[Option, ...], space: Callable[[Any, Options], Space],
           moves: Callable[[Any, Options], list[Move]], unit: str = "moves") -> Solver:
    """The distance census as a family's solver entry (the family's own options first), run on the
    space its `space` hook makes of the board (moves: the family's play-mode hook, for the
    solution read off a kept table)."""
    def run(board: Any, chosen: Options, control: SearchControl, limits: Limits) -> Solution:
        return solve(board, space(board, chosen), lambda b: moves(b, chosen), chosen, control, limits,
                     int(chosen.get("hardest") or HARDEST))

    return Solver(SOLVER_ID, "Distance census", None,
                  f"backwards from every goal position: {unit} to the goal for every position, the "
                  "hardest starts, a table for play", options + (SCOPE, KEEP), run=run)


@dataclass
class Result:
    """What a distance census found (a Space's census), before it is dressed as a Solution."""

    status: Status
    limit: Limit | None
    stats: Stats
    by_distance: list[int] = field(default_factory=list)
    start_distance: int | None = None
    hardest: list[int] = field(default_factory=list)  # words (or numbers) at the largest distance
    table: Table | None = None
    note: str = ""
    budget_note: str | None = None  # the census's (puzzle_explorer.core.run.search.Outcome.budget_note)


@dataclass(frozen=True)
class Estimate:
    """What a distance table will cost, said before the census starts."""

    what: str  # the positions it may hold, in words ("at most 65,880 positions (every placement...)")
    table_bytes: int | None  # the table kept afterwards (None: unknown, and then so are the peak bytes)
    peak_bytes: int | None  # the census and the table's build at their largest (None: unknown)
    budget: int
    exact: bool  # the bytes are the table's own, not bounds

    @property
    def fits(self) -> bool | None:
        """True when it surely fits, False when it surely does not, None when only the census can tell."""
        if self.peak_bytes is not None and self.peak_bytes <= self.budget:
            return True
        return False if self.exact else None

    def text(self) -> str:
        """A sentence for the user."""
        budget = describe_bytes(self.budget)
        if self.peak_bytes is None:
            return f"{self.what}; the census stops at the memory budget ({budget}) if the table would pass it"
        bound = "" if self.exact else "at most "
        said = (f"{self.what}: the table takes {bound}{describe_bytes(self.table_bytes or 0)}, "
                f"{bound}{describe_bytes(self.peak_bytes)} while it is built")
        if self.fits:
            return f"{said}; the budget is {budget}"
        if self.exact:
            return f"{said}: more than the memory budget ({budget})"
        return f"{said}; the budget is {budget}: the census stops there if that many are reachable"


class Space:
    """The positions of one board's pieces under one move convention, as a family sees them.

    identity: what a table must match to answer for this board (saved in its
    header); start: the start's word. Subclasses give the census and the
    translation between boards and words.
    """

    family: str
    identity: JSON
    start: int
    unit: str = "moves"
    engine: EngineSpec | None = None  # where the census runs (None or one local worker: here)

    def census(self, control: SearchControl, limits: Limits, scope: str, hardest: int, keep: bool) -> Result:
        raise NotImplementedError

    def estimate(self, limits: Limits, scope: str) -> Estimate:
        raise NotImplementedError

    def word(self, board: Any) -> int | None:
        """The board's word, or None if it is not a position of this space."""
        raise NotImplementedError

    def board(self, word: int) -> Any:
        """The board of a word (letters, walls and marks as on the board this space was made from)."""
        raise NotImplementedError

    def text(self, board: Any) -> str:
        """The board as one line that --board reads."""
        raise NotImplementedError


def _outcome_result(out: Outcome, layers: core_census.Layers) -> Result:
    return Result(out.status, out.limit, out.stats, list(layers.sizes),
                  layers.probe_level if layers.probe_level >= 0 else None,
                  [int(w) for w in layers.last], layers.table, budget_note=out.budget_note)


class PackedSpace(Space):
    """A space whose positions are words the engine's census expands (core/kernels/census.py).

    goals(limit, counters) -> (words, complete): every goal position, at most limit, a kernel
    that stops at the counters' stop flag (incomplete); goals(0, counters) lists none at once
    (it loads the kernel);
    context: the puzzle context of the census's first thread, another() one for each thread after
    it (core/scale/census.py census_contexts);
    most(limit) -> (count, complete): how many positions there can be at most
    (counting stops past limit), for the estimate; None when unknown.
    """

    def __init__(self, family: str, identity: JSON, start: int, *,
                 goals: Callable[[int, np.ndarray], tuple[np.ndarray, bool]], context: Any, another: Callable[[], Any],
                 word: Callable[[Any], int | None], board: Callable[[int], Any], text: Callable[[Any], str],
                 most: Callable[[int], tuple[int, bool]] | None = None, unit: str = "moves"):
        self.family = family
        self.identity = identity
        self.start = int(start)
        self.unit = unit
        self._goals = goals
        self._context = context
        self._another = another
        self._word = word
        self._board = board
        self._text = text
        self._most = most

    def word(self, board: Any) -> int | None:
        return self._word(board)

    def board(self, word: int) -> Any:
        return self._board(int(word))

    def text(self, board: Any) -> str:
        return self._text(board)

    # --- memory ---------------------------------------------------------------
    def _room(self, limits: Limits, contexts: list[Any]) -> int:
        return (budget_bytes(limits.max_memory) - array_bytes(*contexts) - SCRATCH
                - core_census.fixed_bytes(len(contexts)))

    @staticmethod
    def per_position(keep: bool) -> int:
        """Bytes a position costs a census that keeps its table: a level entry, its kept entry and
        its share of the table built from them."""
        return 8 + (core_census.KEPT_BYTES + core_census.TABLE_BYTES if keep else 0)

    def estimate(self, limits: Limits, scope: str = "all") -> Estimate:
        """The most the table can take: every placement of the pieces reachable (counted, up to
        what the budget could hold), at 9 bytes kept and 26 while the census builds it."""
        budget = budget_bytes(limits.max_memory)
        per = self.per_position(True)
        count, complete = self._most(max(1, min(budget // per + 1, MOST_COUNTED))) if self._most else (0, False)
        if not complete:
            return Estimate("more placements of these pieces than the memory budget could hold", None, None,
                            budget, False)
        return Estimate(f"at most {count:,} positions (every placement of these pieces)",
                        int(count) * tables.SORTED_BYTES, int(count) * per, budget, False)

    # --- the census -------------------------------------------------------------
    def _goal_words(self, control: SearchControl, limits: Limits, contexts: list[Any],
                    keep: bool) -> np.ndarray | Result:
        """Every goal position, within the budget and the state cap, or the Result that says why not
        (a cancel or the time limit stops the listing too)."""
        room = self._room(limits, contexts)
        by_memory = max(0, room // max(GOAL_LISTING, GOAL_HELD + self.per_position(keep) - 8))
        most = by_memory if limits.max_states is None else min(by_memory, limits.max_states)
        control.compiling()
        self._goals(0, control.counters)
        with control.work(Phase.LISTING_GOALS):
            words, complete = self._goals(max(most, 0), control.counters)
        if control.stopped():
            status, limit = kernel_status(STOPPED, control)
            return Result(status, limit, Stats(), note=f"stopped while listing the goal positions "
                                                          f"({len(words):,} so far)")
        if not complete:
            limit = Limit.STATES if limits.max_states is not None and most == limits.max_states else Limit.MEMORY
            return Result(Status.LIMIT, limit, Stats(),
                          note=f"more than {most:,} goal positions: the {limit.value} limit holds no more")
        return np.ascontiguousarray(words, dtype=np.uint64)

    def census(self, control: SearchControl, limits: Limits, scope: str, hardest: int, keep: bool) -> Result:
        from puzzle_explorer.core.scale.census import census_contexts, count_states  # (a census only)

        refuse_partitioned(self.engine, scope, keep)
        contexts = census_contexts(self._context, self._another, self.engine)
        extra = Stats()
        if scope == "component":
            # forward from the start: its component, and the goal positions in it
            forward = core_census.Layers(goals=True)
            out = count_states(np.array([self.start], dtype=np.uint64), contexts, control, limits, forward)
            extra = out.stats
            if out.status not in (Status.SOLVED, Status.UNSOLVABLE):
                return Result(out.status, out.limit, out.stats, note="stopped in the census forward from the start")
            counted = census_of(out)
            if counted.goal_states == 0:
                return Result(Status.UNSOLVABLE, None, out.stats,
                              note=f"the start's component ({counted.states:,} positions) holds no goal position")
            goals = np.array(forward.goal_states, dtype=np.uint64)
            del forward
        else:
            listed = self._goal_words(control, limits, contexts, keep)
            if isinstance(listed, Result):
                return listed
            goals = listed
        layers = core_census.Layers(probe=self.start, sample=hardest, keep=keep)
        out = count_states(goals, contexts, control, limits, layers, self.engine)
        result = _outcome_result(out, layers)
        result.stats = extra.plus(out.stats)
        if out.status in (Status.SOLVED, Status.UNSOLVABLE):  # finished (every level is a goal's)
            result.status = Status.SOLVED if result.start_distance is not None else Status.UNSOLVABLE
        if result.table is not None:
            result.table.identity = self.identity
            result.table.scope = scope_header(scope, self)
        return result


def census_of(out: Outcome) -> Census:
    """The counts of an Outcome of count_states (which always counts, if only to zero)."""
    if out.census is None:
        raise ValueError("the outcome of a search that is no census has no counts")
    return out.census


def census_counts(out: Outcome) -> JSON:
    """A census's counts for a solution's details (puzzle_explorer.core.run.search.Outcome), with what each worker held
    when it was spread over several."""
    c = census_of(out)
    counts: JSON = {"states": c.states, "goal_states": c.goal_states, "max_depth": c.max_depth,
                    "goal_depth": c.goal_depth}
    if out.workers:
        counts["workers"] = [{"states": w.states, "peak_bytes": w.peak_bytes, "peak_rss_bytes": 1024 * w.peak_rss_kb,
                              "restarts": w.restarts} for w in out.workers]
    if out.budget_note is not None:
        counts["budget_note"] = out.budget_note
    return counts


def refuse_partitioned(engine: EngineSpec | None, scope: str, keep: bool) -> None:
    """InputError for what a census spread over workers does not do: each worker holds only its
    own levels, so the table and the goal positions of the start's component stay in one process."""
    from puzzle_explorer.core.scale.partitioned import partitioned
    if not partitioned(engine):
        return
    if keep:
        raise InputError("a kept table (--save-table, the app's Keep table) is built in one process: one worker "
                         "only (leave out --workers and --engine ray)")
    if scope == "component":
        raise InputError("the component's goal positions (--component, the app's scope) are listed in one "
                         "process: one worker only (leave out --workers and --engine ray)")


def swept(space: Space, dist: np.ndarray, code: int, control: SearchControl, stats: Stats, scope: str, hardest: int,
          keep: bool, start: int | None, levels: np.ndarray | None = None) -> Result:
    """The Result of a sweep that filled a dense table (a byte a position number, tables.UNREACHED
    where the goal is out of reach): the kernel's code, and the start's number (None: the start is
    not a position of the table); levels, the positions at each distance where the sweep counted
    them (else the table is scanned for them)."""
    table = tables.DenseTable(dist, space.identity, scope_header(scope, space))
    if levels is not None:
        table.count_levels_as(levels)
    at = int(dist[start]) if start is not None else tables.UNREACHED
    result = Result(Status.SOLVED, None, stats, table.by_distance(), None if at == tables.UNREACHED else at)
    if code != FOUND:
        result.status, result.limit = kernel_status(code, control, Limit.STATES)
        return result
    if result.start_distance is None:
        result.status = Status.UNSOLVABLE
    result.hardest = [int(n) for n in table.farthest(hardest)]
    result.table = table if keep else None
    return result


def scope_header(scope: str, space: Space) -> JSON:
    """What a table saved from this census holds, for its header."""
    if scope == "component":
        return {"from": "component", "start": space.text(space.board(space.start))}
    return {"from": "all"}


# --- tables as boards see them -------------------------------------------------------------

class BoardTable:
    """A distance table with the space that reads boards into it: what play mode asks."""

    def __init__(self, table: Table, space: Space):
        self.table = table
        self.space = space

    @property
    def identity(self) -> JSON:
        return self.table.identity

    @property
    def component_only(self) -> bool:
        return self.table.scope.get("from") == "component"

    def covers(self, space: Space) -> bool:
        """Whether it answers for boards of that space (same pieces, goal and convention)."""
        return space.family == self.space.family and space.identity == self.table.identity

    def distances(self, boards: Sequence[Any]) -> list[int | None]:
        """Moves from each board to the goal; None for a board the table does not hold."""
        words = [self.space.word(b) for b in boards]
        known = [w for w in words if w is not None]
        found = iter(self.table.lookup(np.array(known, dtype=np.uint64 if self.table.kind == "sorted"
                                                 else np.int64)) if known else [])
        out: list[int | None] = []
        for w in words:
            d = int(next(found)) if w is not None else tables.ABSENT
            out.append(None if d == tables.ABSENT else d)
        return out

    def distance(self, board: Any) -> int | None:
        return self.distances([board])[0]

    def farthest(self, most: int) -> list[Any]:
        return [self.space.board(w) for w in self.table.farthest(most)]


def descend(table: BoardTable, board: Any, moves: Moves, start: int) -> list[Step]:
    """A shortest solution read off the table: from the start, each time a move one nearer."""
    steps = [Step("start", board)]
    here, d = board, start
    while d > 0:
        options = moves(here)
        near = table.distances([m.board for m in options])
        move = next(m for m, n in zip(options, near) if n == d - 1)
        steps.append(Step(move.label, move.board, move.highlight, move.data))
        here, d = move.board, d - 1
    return steps


# --- the solver --------------------------------------------------------------------------

def census_json(result: Result, space: Space, scope: str, hardest_boards: list[Any]) -> JSON:
    levels = result.by_distance if any(result.by_distance) else []  # no goal position: no level 0 either
    finished = result.status in (Status.SOLVED, Status.UNSOLVABLE) and bool(result.by_distance)
    out = {
        "from_goal": True,
        "scope": SCOPES.get(scope, scope),
        "states": int(sum(levels)),
        "goal_states": int(levels[0]) if levels else 0,
        "max_distance": len(levels) - 1 if levels else None,
        "farthest": int(levels[-1]) if levels else 0,
        "by_distance": [int(n) for n in levels],
        "hardest": [space.text(b) for b in hardest_boards],
        "start_distance": result.start_distance,
        "start_in_component": result.start_distance is not None if finished else None,
    }
    if result.budget_note is not None:
        out["budget_note"] = result.budget_note
    if result.note:
        out["note"] = result.note
    elif finished and not levels:
        out["note"] = "no placement of the pieces puts the target on its goal"
    return out


def solve(board: Any, space: Space, moves: Moves, options: Options, control: SearchControl,
          limits: Limits, hardest: int = HARDEST) -> Solution:
    """Run the distance census on the board's space and dress it as a Solution.

    With the table kept (options["keep"]), the solution's steps are a
    shortest solution read off it and Solution.table holds it (a BoardTable).
    """
    scope = options.get("scope") or SCOPE.default
    if scope not in SCOPES:
        raise InputError(f"unknown scope {scope!r}; expected {' or '.join(SCOPES)}")
    keep = bool(options.get("keep", False))
    space.engine = spec_from(options)
    refuse_partitioned(space.engine, scope, keep)
    estimate = space.estimate(limits, scope) if keep else None
    if estimate is not None and estimate.fits is False:
        # refused before it starts: the table alone would pass the budget
        result = Result(Status.LIMIT, Limit.MEMORY, Stats(), note=f"no table: {estimate.text()}")
    else:
        result = space.census(control, limits, scope, hardest, keep)
    table = BoardTable(result.table, space) if result.table is not None else None
    steps = [Step("start", board)]
    if table is not None and result.start_distance:
        steps = descend(table, board, moves, result.start_distance)
    hardest_boards = [space.board(w) for w in result.hardest]
    details = {"census": census_json(result, space, scope, hardest_boards)}
    if estimate is not None:
        details["estimate"] = estimate_json(estimate)
    if table is not None:
        details["table"] = {"positions": table.table.states, "bytes": table.table.nbytes}
    return Solution(result.status, steps, result.stats, result.limit, SOLVER_ID, details, table=table)


def estimate_json(estimate: Estimate) -> JSON:
    """What the table was expected to cost, said before the census ran."""
    return {"text": estimate.text(), "table_bytes": estimate.table_bytes, "peak_bytes": estimate.peak_bytes,
            "budget": estimate.budget, "exact": estimate.exact, "fits": estimate.fits}


def from_table(board: Any, table: BoardTable, moves: Moves, solver: str, hardest: int,
               as_census: bool) -> Solution:
    """What a loaded table answers without a search: the census it holds, or a shortest solution."""
    space = table.space
    start = table.distance(board)
    steps = descend(table, board, moves, start) if start and not as_census else [Step("start", board)]
    if start is None and table.component_only:
        raise InputError("the start is not in the component this table was built for; build one for this "
                         "board with --census --from-goal --save-table")
    status = Status.SOLVED if start is not None else Status.UNSOLVABLE
    result = Result(status, None, Stats(), table.table.by_distance(), start,
                    [int(w) for w in table.table.farthest(hardest)], table.table)
    scope = "component" if table.component_only else "all"
    hardest_boards = [space.board(w) for w in result.hardest]
    details = {"census": census_json(result, space, scope, hardest_boards)} if as_census else {}
    details["table"] = {"positions": table.table.states, "bytes": table.table.nbytes}
    return Solution(status, steps, Stats(), None, solver, details, table=table)


def headline(solution: Solution, unit: str = "moves") -> str | None:
    """'from the goal: 25,955 positions · start 116 moves away · farthest 167 (2)', or None when the
    solution is not a census from the goal."""
    census = solution.details.get("census")
    if not census or not census.get("from_goal"):
        return None
    n = census["states"]
    far = census["max_distance"]
    if solution.status in (Status.SOLVED, Status.UNSOLVABLE) and far is not None:
        where = (f"start {census['start_distance']:,} {unit} away" if census["start_distance"] is not None
                 else "the start is not among them: unsolvable")
        return f"from the goal: {n:,} positions · {where} · farthest {far:,} ({census['farthest']:,})"
    if solution.status == Status.UNSOLVABLE:
        return f"proved unsolvable: {census.get('note', 'the start reaches no goal position')}"
    so_far = f" · so far {n:,} positions to distance {far:,}" if far is not None else ""
    return f"{solution.reason()}{so_far}" + (f" ({census['note']})" if census.get("note") else "")


# --- files -------------------------------------------------------------------------------

def save_table(solution: Solution, path: str, family: str) -> Path:
    table = solution.table
    if table is None:
        raise InputError("no table to save: the census did not finish")
    try:
        return tables.save(table.table, Path(path), family)
    except OSError as exc:
        raise InputError(f"cannot write the table {path}: {exc.strerror or exc}") from None


def load_table(path: str, space: Space, limits: Limits, stopped: Callable[[], bool] = lambda: False) -> BoardTable:
    """The table at path for this space (InputError: not one, or not for it); stopped: as tables.load."""
    table = tables.load(Path(path), space.family, space.identity, budget_bytes(limits.max_memory), stopped)
    return BoardTable(table, space)


def answer_from_table(board: Any, path: str, space: Space, moves: Moves, hardest: int, as_census: bool,
                      control: SearchControl, limits: Limits) -> Solution:
    """`--table`: the table loaded (Phase.LOADING_TABLE: the time limit counts it, a cancel or the
    time limit stops it within a second), then its answer (from_table); or where the loading was
    stopped, the start alone with the status that stopped it."""
    try:
        with control.work(Phase.LOADING_TABLE):
            table = load_table(path, space, limits, control.stopped)
            return from_table(board, table, moves, "table", hardest, as_census)
    except tables.LoadStopped:
        status, limit = kernel_status(STOPPED, control)
        return Solution(status, [Step("start", board)], Stats(), limit, "table",
                        {"note": "stopped while loading the table: nothing was answered"})
