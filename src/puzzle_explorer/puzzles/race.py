"""A race of a family's solvers on one board: who runs with which options, running them side by
side (core/run/race.py), what their answers say together, and the table that compares them.

Only the Family interface is used, so a family takes part with whatever solvers it declares.
Answers are compared between solvers that answer the same question (see comparable(): the same
Solver.question and the same values for every option that is not `search_only`, such as a move
convention). Optimal solvers must agree on the length, no answer may be shorter than theirs, and
no solver may find an answer where another proved there is none; anything else is a
disagreement, which means a solver is wrong.
"""
from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from rich import box
from rich.console import Console, ConsoleOptions, RenderResult
from rich.table import Table
from rich.text import Text

from puzzle_explorer.core.errors import InputError
from puzzle_explorer.core.run.memory import budget_bytes
from puzzle_explorer.core.run.progress import SearchControl, Snapshot
from puzzle_explorer.core.run.race import DONE, Lane, Race, RaceRefused, Runner, cores, shares
from puzzle_explorer.core.run.search import Limits, Stats
from puzzle_explorer.core.run.status import Status
from puzzle_explorer.puzzles.interface import JSON, Family, Option, Options, Solution, Solver
from puzzle_explorer.puzzles.kit import cli_support, numbers, typed
from puzzle_explorer.puzzles.kit.cli_options import read_value

MIN_ENTRIES = 2
MAX_ENTRIES = 8  # on the command line; the app has room for four columns
# Settings every solver takes besides its options: its own limits
MAX_STATES, TIMEOUT, MAX_MEMORY = "max_states", "timeout", "max_memory"
LIMIT_KEYS = (MAX_STATES, TIMEOUT, MAX_MEMORY)
BEST = "*"
COLUMN_GAP = 2  # spaces between the table's columns
SHORTEST = "✓"
DASH = "–"

__all__ = ["Entry", "Report", "Result", "RaceRefused", "entries", "read_algos", "apply_settings", "prepare",
           "judge", "run", "results_table", "legend", "report_json", "default_budget", "cores"]


# --- who runs -----------------------------------------------------------------------------

@dataclass(frozen=True)
class Entry:
    """One solver in the race, with its options and limits. limits.max_memory is the memory it
    asks to reserve; None takes an equal share of the race's budget."""

    name: str  # the solver's id; a second entry of the same solver is id.2, a third id.3
    solver: Solver
    options: Options
    limits: Limits = Limits()

    def label(self, race: Sequence[Entry] = ()) -> str:
        """The name and the options that tell it apart: those not at their default, and those set
        differently in the race's other entries ('astar.2 moves=unit')."""
        def value(entry: Entry, option: Option) -> Any:
            return entry.options.get(option.name, option.default)

        shown = [o for o in self.solver.options
                 if value(self, o) != o.default
                 or any(o in e.solver.options and value(e, o) != value(self, o) for e in race)]
        return " ".join([self.name, *(f"{o.name}={_shown(value(self, o))}" for o in shown)])


def _shown(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def names_for(ids: list[str]) -> list[str]:
    """Entry names: each solver's id, then id.2, id.3 for its further entries."""
    seen: dict[str, int] = defaultdict(int)
    out = []
    for solver_id in ids:
        seen[solver_id] += 1
        out.append(solver_id if seen[solver_id] == 1 else f"{solver_id}.{seen[solver_id]}")
    return out


def entries(family: Family, ids: list[str], limits: Limits = Limits()) -> list[Entry]:
    """An entry per solver id, with the solver's default options and the given limits."""
    by_id = {s.id: s for s in family.solvers}
    return [Entry(name, by_id[i], {o.name: o.default for o in by_id[i].options}, limits)
            for name, i in zip(names_for(ids), ids)]


def read_algos(family: Family, text: str) -> list[str]:
    """'bfs,astar,idastar' -> solver ids of the family; InputError names what is wrong."""
    ids = [part.strip() for part in text.split(",")]
    known = [s.id for s in family.solvers]
    for i in ids:
        if i not in known:
            what = f"--algos: {numbers.shown(i)} is not" if i else "--algos: an empty name is not"
            raise InputError(f"{what} a {family.id} solver; it has {', '.join(known)}")
    if not MIN_ENTRIES <= len(ids) <= MAX_ENTRIES:
        raise InputError(f"--algos: a race takes {MIN_ENTRIES} to {MAX_ENTRIES} solvers, not {len(ids)}")
    return ids


def read_limit(key: str, text: str, where: str) -> Any:
    if key == MAX_STATES:
        return numbers.whole(text, where, 1, typed.MAX_STATES, grouped=True)
    if key == TIMEOUT:
        return numbers.decimal(text, where, 0.0, typed.MAX_TIMEOUT_S, above_low=True)
    return numbers.byte_size(text, where, typed.MAX_MEMORY)


def _set(entry: Entry, key: str, text: str, where: str) -> Entry:
    if key in LIMIT_KEYS:
        value = read_limit(key, text, where)
        field = {MAX_STATES: "max_states", TIMEOUT: "timeout_s", MAX_MEMORY: "max_memory"}[key]
        return replace(entry, limits=replace(entry.limits, **{field: value}))
    option = next(o for o in entry.solver.options if o.name == key)
    return replace(entry, options={**entry.options, key: read_value(option, text, where)})


def _keys(entry: Entry) -> list[str]:
    return [o.name for o in entry.solver.options] + list(LIMIT_KEYS)


def apply_settings(race: list[Entry], words: list[str]) -> list[Entry]:
    """Apply 'KEY=VALUE' (every solver that has the option) and 'NAME:KEY=VALUE' (one entry).

    The shared settings come first, so a named one overrides them whatever the order typed.
    """
    parsed: list[tuple[str | None, str, str, str]] = []  # (entry name or None: every entry, key, value, as typed)
    for word in words:
        left, eq, text = word.partition("=")
        named, colon, key = left.rpartition(":")
        if not eq or not key:
            raise InputError(f"setting {numbers.shown(word)} is not KEY=VALUE or NAME:KEY=VALUE")
        parsed.append((named if colon else None, key.strip(), text, word))
    race = list(race)
    for name, key, text, word in sorted(parsed, key=lambda p: p[0] is not None):
        where = f"setting {word.partition('=')[0]}"
        if name is None:
            hit = [i for i, e in enumerate(race) if key in _keys(e)]
            if not hit:
                raise InputError(f"{where}: no solver in the race has an option {numbers.shown(key)}")
        else:
            hit = [i for i, e in enumerate(race) if e.name == name]
            if not hit:
                raise InputError(f"{where}: no solver named {numbers.shown(name)} in the race; it has "
                                 f"{', '.join(e.name for e in race)}")
            if key not in _keys(race[hit[0]]):
                raise InputError(f"{where}: {name} has no option {numbers.shown(key)}; it takes "
                                 f"{', '.join(_keys(race[hit[0]]))}")
        for i in hit:
            race[i] = _set(race[i], key, text, where)
    return race


def check_board(family: Family, board: Any, race: list[Entry]) -> None:
    """InputError when the board is not valid or a solver cannot run on it."""
    family.validate(board)
    for e in race:
        needed = e.solver.needs(board) if e.solver.needs is not None else None
        if needed:
            raise InputError(f"{e.name} cannot run on this board: it needs {needed}")


# --- running --------------------------------------------------------------------------------

def default_budget(max_memory: int | None = None) -> int:
    """The race's memory budget: the one given (held to the machine's memory), or the share of the
    free memory a single search has."""
    return budget_bytes(max_memory)


def _task(family: Family, board: Any, entry: Entry, memory: int) -> Callable[[SearchControl], Solution]:
    limits = replace(entry.limits, max_memory=memory)
    options = dict(entry.options)
    if "workers" in options and not options["workers"]:
        options["workers"] = 1  # the race already gives each runner a core: a split search stays in its lane
    return lambda control: family.solve(board, entry.solver.id, options, control, limits)


def prepare(family: Family, board: Any, race: list[Entry], *, budget: int | None = None, slots: int | None = None,
            on_progress: Callable[[int, Snapshot], None] | None = None) -> Race[Solution]:
    """The race ready to run(); InputError for a board a solver cannot take, RaceRefused when a
    solver's memory can never fit the budget."""
    check_board(family, board, race)
    budget = default_budget(budget)
    slots = slots if slots is not None else cores()
    reserved = shares([e.limits.max_memory for e in race], budget, slots)
    runners = [Runner(e.name, _task(family, board, e, m), m, e.limits.timeout_s) for e, m in zip(race, reserved)]
    return Race(runners, budget=budget, slots=slots, on_progress=on_progress)


# --- judging --------------------------------------------------------------------------------

@dataclass
class Result:
    entry: Entry
    lane: Lane[Solution]
    solution: Solution | None  # None: it never ran, was cancelled while compiling, or failed
    error: str | None = None
    shortest: bool | None = None  # True: its answer is proved shortest; False: longer; None: unknown
    excess: int | None = None  # how much longer than the shortest

    @property
    def status(self) -> str:
        if self.solution is not None:
            return self.solution.status.value
        return "error" if self.error is not None else Status.CANCELLED.value

    def status_text(self) -> str:
        """'solved', 'limit: time', 'cancelled', 'not started', 'error'."""
        s = self.solution
        if s is None:
            if self.error is not None:
                return "error"
            return "cancelled" if self.lane.job is not None else "not started"
        if s.status == Status.LIMIT and s.limit is not None:
            return f"limit: {s.limit.value}"
        return s.status.value

    @property
    def stats(self) -> Stats:
        return self.solution.stats if self.solution is not None else Stats()

    @property
    def searched(self) -> bool:
        return self.solution is not None and self.solution.searched

    @property
    def length(self) -> int | None:
        """The answer's length where it means one (a path, a tour); None for a count or a census."""
        s = self.solution
        if s is None or s.status != Status.SOLVED:
            return None
        if self.entry.solver.optimal is None and len(s.steps) < 2:
            return None
        return s.length

    @property
    def peak_stored(self) -> int:
        """The most states it held at once: its stored counter's peak (a tree search holds its
        frontier: the path or stack it is on)."""
        return max(self.lane.peak_stored, self.lane.peak_frontier, self.stats.max_frontier)

    @property
    def peak_frontier(self) -> int:
        return max(self.lane.peak_frontier, self.stats.max_frontier)

    @property
    def rate(self) -> float | None:
        s = self.stats
        return s.nodes_expanded / s.elapsed_s if s.elapsed_s > 0 else None


@dataclass
class Report:
    family_id: str
    results: list[Result]
    how: str  # how they were run
    disagreements: list[str]
    cancelled: bool  # the race was cancelled

    def result(self, name: str) -> Result:
        return next(r for r in self.results if r.entry.name == name)


def comparable(a: Entry, b: Entry) -> bool:
    """Whether two entries answer the same question: the same Solver.question, and the same value
    for every option that changes the answer (an option one of them lacks counts at its default)."""
    if a.solver.question != b.solver.question:
        return False
    deciding = {o.name: o for o in (*b.solver.options, *a.solver.options) if not o.search_only}
    return all(a.options.get(name, o.default) == b.options.get(name, o.default) for name, o in deciding.items())


def _contradictions(finished: list[Result]) -> tuple[list[str], set[str]]:
    """What the finished answers contradict, pair by pair, and the names of the solvers involved."""
    wrong: list[str] = []
    involved: set[str] = set()
    optimal_apart: list[Result] = []
    for i, a in enumerate(finished):
        for b in finished[i + 1:]:
            if not comparable(a.entry, b.entry):
                continue
            if a.status != b.status:
                none, found = (a, b) if a.status == Status.UNSOLVABLE.value else (b, a)
                wrong.append(f"{none.entry.name} proved there is no answer, but {found.entry.name} found one")
                involved |= {a.entry.name, b.entry.name}
            elif a.length is None or b.length is None or a.length == b.length:
                continue
            elif a.entry.solver.optimal and b.entry.solver.optimal:
                optimal_apart += [r for r in (a, b) if r not in optimal_apart]
                involved |= {a.entry.name, b.entry.name}
            else:
                short, long_ = (a, b) if a.length < b.length else (b, a)
                if long_.entry.solver.optimal:
                    wrong.append(f"{short.entry.name} found {short.length}, shorter than optimal "
                                 f"{long_.entry.name}'s {long_.length}")
                    involved |= {a.entry.name, b.entry.name}
    if optimal_apart:
        each = ", ".join(f"{r.entry.name} {r.length}" for r in sorted(optimal_apart, key=finished.index))
        wrong.insert(0, f"optimal solvers disagree on the length: {each}")
    return wrong, involved


def _mark_shortest(finished: list[Result], involved: set[str]) -> None:
    """An answer is shortest when an optimal solver of the same question found one as long."""
    for r in finished:
        if r.length is None or r.entry.solver.optimal is None or r.entry.name in involved:
            continue
        proofs = [p for p in finished if p.entry.solver.optimal and p.length is not None
                  and (p is r or comparable(r.entry, p.entry))]
        best = proofs[0].length if proofs else None
        if best is not None and not any(p.entry.name in involved for p in proofs):
            r.shortest = r.length == best
            r.excess = r.length - best


def _error_text(lane: Lane[Solution]) -> str | None:
    if lane.error is None:
        return None
    if isinstance(lane.error, InputError):
        return str(lane.error)
    return f"{type(lane.error).__name__}: {lane.error}"


def judge(race_entries: list[Entry], race: Race[Solution], family_id: str = "") -> Report:
    """The race's results, which answers are shortest, and what the answers contradict."""
    results = [Result(e, lane, lane.result if lane.state == DONE else None, _error_text(lane))
               for e, lane in zip(race_entries, race.lanes)]
    finished = [r for r in results
                if r.solution is not None and r.solution.status in (Status.SOLVED, Status.UNSOLVABLE)]
    disagreements, involved = _contradictions(finished)
    _mark_shortest(finished, involved)
    return Report(family_id, results, race.how_run(), disagreements, race.cancelled)


def run(family: Family, board: Any, race: list[Entry], **how: Any) -> Report:
    """Prepare, run and judge a race (see prepare for the keywords)."""
    prepared = prepare(family, board, race, **how)
    prepared.run()
    return judge(race, prepared, family.id)


# --- the table ------------------------------------------------------------------------------

def count_text(n: float) -> str:
    """At most six characters: 99,999 · 123k · 1.23M · 12.3G."""
    if n < 100_000:
        return f"{int(n):,}"
    for div, unit in ((1e3, "k"), (1e6, "M"), (1e9, "G"), (1e12, "T")):
        if n / div < 999.5:
            return f"{n / div:.3g}{unit}"
    return f"{n / 1e15:.3g}P"


def time_text(s: float) -> str:
    """At most six characters: 45µs · 3.2ms · 580ms · 12.3s · 312s."""
    if 0 < s < 0.001:
        return f"{s * 1e6:.0f}µs"
    if s < 0.01:
        return f"{s * 1000:.1f}ms"
    if s < 1:
        return f"{s * 1000:.0f}ms"
    if s < 100:
        return f"{s:.1f}s"
    return f"{s:.0f}s"


# (header, value of a result or None, text of a value, whether lower is better)
COLUMNS: tuple[tuple[str, Callable[[Result], float | None], Callable[[float], str], bool], ...] = (
    ("expanded", lambda r: r.stats.nodes_expanded if r.searched else None, count_text, True),
    ("frontier", lambda r: r.peak_frontier if r.searched else None, count_text, True),
    ("stored", lambda r: r.peak_stored if r.searched else None, count_text, True),
    ("time", lambda r: r.stats.elapsed_s if r.searched else None, time_text, True),
    ("states/s", lambda r: r.rate if r.searched else None, count_text, False),
)


def _best(report: Report, value: Callable[[Result], float | None], lower: bool) -> float | None:
    """The best value among the solvers that finished their search, when it beats another one."""
    values = [v for r in report.results
              if r.solution is not None and r.solution.status in (Status.SOLVED, Status.UNSOLVABLE)
              and (v := value(r)) is not None]
    if len(set(values)) < 2:
        return None
    return min(values) if lower else max(values)


def _length_text(r: Result) -> Text:
    if r.length is None:
        return Text(DASH, style="dim")
    if r.shortest:
        return Text(f"{r.length:,} {SHORTEST}", style="bold")
    if r.shortest is False:
        return Text(f"{r.length:,} +{r.excess}")
    return Text(f"{r.length:,}  ")


def _cells(report: Report) -> tuple[list[str], list[list[Text]]]:
    """The headers and, for each solver, its cells: label, status, length, then the figures, the
    best in each figure marked with * (and bold) so it reads without colour."""
    bests = [_best(report, value, lower) for _, value, _, lower in COLUMNS]
    race = [r.entry for r in report.results]
    rows = []
    for r in report.results:
        cells = [Text(r.entry.label(race)), Text(r.status_text(), style="bold" if r.status == "error" else ""),
                 _length_text(r)]
        for (_, value, text, _), best in zip(COLUMNS, bests):
            v = value(r)
            if v is None:
                cells.append(Text(DASH + " ", style="dim"))
            elif best is not None and v == best:
                cells.append(Text(text(v) + BEST, style="bold"))
            else:
                cells.append(Text(text(v) + " "))
        rows.append(cells)
    return ["solver", "status", "length", *(header for header, *_ in COLUMNS)], rows


def _table() -> Table:
    return Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False, padding=(0, 1), collapse_padding=True)


def by_solver(headers: list[str], rows: list[list[Text]]) -> Table:
    """A row a solver, a column a figure (the cells of _cells)."""
    table = _table()
    table.add_column(headers[0], ratio=1, min_width=7, overflow="fold")
    table.add_column(headers[1], no_wrap=True)
    for header in headers[2:]:
        table.add_column(header, justify="right", no_wrap=True)
    for cells in rows:
        table.add_row(*cells)
    return table


def by_figure(headers: list[str], rows: list[list[Text]]) -> Table:
    """A column a solver, a row a figure: the same table turned, for a narrow terminal."""
    table = _table()
    table.add_column("", no_wrap=True, style="dim")
    for cells in rows:
        table.add_column(cells[0], justify="right", overflow="fold")
    for i, header in enumerate(headers[1:], start=1):
        table.add_row(header, *(cells[i] for cells in rows))
    return table


class ResultsTable:
    """The race's table: a row a solver where it fits the width, else turned, a column a solver."""

    def __init__(self, report: Report) -> None:
        self.report = report

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        headers, rows = _cells(self.report)
        # the solver column may wrap (at its longest word); every other column keeps its width
        widths = [max(len(h), *(_longest(cells[i], whole=i > 0) for cells in rows)) for i, h in enumerate(headers)]
        fits = sum(widths) + COLUMN_GAP * (len(widths) - 1) <= options.max_width
        yield (by_solver if fits else by_figure)(headers, rows)


def _longest(text: Text, whole: bool) -> int:
    return text.cell_len if whole else max(len(word) for word in text.plain.split() or [""])


def results_table(report: Report) -> ResultsTable:
    """The table that compares the solvers (see ResultsTable)."""
    return ResultsTable(report)


def legend(report: Report) -> list[Text]:
    """The lines under the table: what the marks mean, how the race was run, what went wrong."""
    marks = []
    if any(r.shortest for r in report.results):
        marks.append(f"{SHORTEST} shortest (proved by an optimal solver)")
    if any(r.excess for r in report.results):
        marks.append("+n: n longer")
    if any(_best(report, value, lower) is not None for _, value, _, lower in COLUMNS):
        marks.append(f"{BEST} best figure")
    lines = [Text(" · ".join(marks), style="dim")] if marks else []
    lines += [Text("stored: most positions held at once · time: the search alone, not compiling", style="dim"),
              Text(f"run: {report.how}", style="dim")]
    if report.cancelled:
        lines.append(Text("the race was cancelled", style="yellow"))
    for r in report.results:
        if r.error is not None:
            lines.append(Text(f"{r.entry.name}: {r.error}", style="bold red"))
    for d in report.disagreements:
        lines.append(Text(f"DISAGREEMENT: {d}: a solver is wrong", style="bold red reverse"))
    return lines


def report_json(report: Report) -> list[JSON]:
    """One `solve --json` object a solver, with its options and a `race` object."""
    out = []
    for r in report.results:
        solution = r.solution or Solution(Status.CANCELLED, [], Stats(), solver=r.entry.solver.id)
        race = {"name": r.entry.name, "started": r.lane.job is not None,
                "shortest": r.shortest, "peak_stored": r.peak_stored if r.searched else None,
                "memory_budget": r.lane.runner.memory, "waited_for": r.lane.waited_for,
                "waited_s": round(r.lane.queued_s, 3)}
        if r.error is not None:
            race["error"] = r.error
        out.append(cli_support.solution_json(solution, options=r.entry.options, race=race))
    return out
