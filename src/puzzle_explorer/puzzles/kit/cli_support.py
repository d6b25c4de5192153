"""What every family's command line shares: limits, loading boards, running a search, printing it."""
from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterable, Mapping
from itertools import islice
from typing import Any, Callable, Protocol, TypeVar

from rich.columns import Columns
from rich.console import Console, RenderableType
from rich.panel import Panel
from rich.text import Text

from puzzle_explorer.core.errors import InputError, one_line
from puzzle_explorer.core.run import interrupts
from puzzle_explorer.core.run.exit_codes import ExitCode
from puzzle_explorer.core.run.memory import over_machine
from puzzle_explorer.core.run.progress import WAITING, WORKING, Phase, SearchControl, Snapshot
from puzzle_explorer.core.run.runner import Job
from puzzle_explorer.core.run.search import Limits, Stats
from puzzle_explorer.core.run.status import Status
from puzzle_explorer.core.scale.engine import EngineSpec
from puzzle_explorer.puzzles.interface import JSON, Family, Option, Solution, Solver, View
from puzzle_explorer.puzzles.kit import engines
from puzzle_explorer.puzzles.kit.cli_options import Flags, add_option_flags, given, option_values, solver_options
from puzzle_explorer.puzzles.kit.reading import find_preset, read_board_file
from puzzle_explorer.puzzles.kit.trace import trace_to
from puzzle_explorer.puzzles.kit.typed import byte_size, positive_float, positive_int, states

T = TypeVar("T")


class Render(Protocol):
    """A family's board drawing (its render module's render)."""

    def __call__(self, board: Any, view: View = ...) -> RenderableType: ...


LIMIT_HELP = {
    "max_states": "stop with status 'limit' after holding N states",
    "timeout": "stop with status 'limit' after S seconds of search",
    "max_memory": "memory budget such as 512M or 4G (default: half of the free memory)",
    "json": "print one JSON object instead of the summary",
    "trace": "write one JSON line per progress snapshot (10 a second): counters, depth, the current path as "
             "moves, layer sizes; docs/cli.md shows how to read it",
}


def add_limit_arguments(parser: argparse.ArgumentParser, helps: Mapping[str, str] | None = None) -> None:
    """--max-states, --timeout, --max-memory, --json and --trace; `helps` words them for another
    command (by their dest), where they mean something else there."""
    words = {**LIMIT_HELP, **(helps or {})}
    group = parser.add_argument_group("limits and output")
    group.add_argument("--max-states", type=states, metavar="N", help=words["max_states"])
    group.add_argument("--timeout", type=positive_float, metavar="S", help=words["timeout"])
    group.add_argument("--max-memory", type=byte_size, metavar="SIZE", help=words["max_memory"])
    group.add_argument("--json", action="store_true", help=words["json"])
    group.add_argument("--trace", metavar="FILE", help=words["trace"])


def flagged_options(solvers: Iterable[Solver], leave: Iterable[Option] = ()) -> tuple[Option, ...]:
    """The options of the family's solvers that add_solver_arguments makes flags of: all but those
    in `leave` (the family's own flags give them) and those with flags of their own here: where a
    search runs (add_engine_arguments) and the census from the goal's (--component, --save-table)."""
    from puzzle_explorer.puzzles.kit import distances

    return solver_options(solvers, (*engines.OPTIONS, distances.SCOPE, distances.KEEP, *leave))


def add_solver_arguments(parser: Flags, solvers: Iterable[Solver], leave: Iterable[Option] = (),
                         helps: Mapping[str, str] | None = None) -> None:
    """A flag for each of flagged_options() (kit/cli_options.py says how an option becomes one)."""
    add_option_flags(parser, flagged_options(solvers, leave), helps)


def solver_values(args: argparse.Namespace, solvers: Iterable[Solver],
                  leave: Iterable[Option] = ()) -> dict[str, Any]:
    """The values of flagged_options(): each flag's, or the option's default."""
    return option_values(args, flagged_options(solvers, leave))


def add_switches(parser: Flags, switches: Mapping[str, str]) -> None:
    """Flags that take no value and choose what the command does ('--census': its help)."""
    for name, words in switches.items():
        parser.add_argument(name, action="store_true", help=words)


def add_census_arguments(parser: argparse.ArgumentParser, census_help: str,
                         engine_about: str | None = None) -> None:
    """--census (what it counts: census_help), the census from the goal (add_distance_arguments) and
    where a census runs (add_engine_arguments; engine_about: what else splits, if anything)."""
    add_switches(parser, {"--census": census_help})
    add_distance_arguments(parser)
    add_engine_arguments(parser, engine_about or CENSUS_ENGINE_HELP)


def add_distance_arguments(parser: argparse.ArgumentParser) -> None:
    """The census from the goal and its tables (families with `distances` hooks)."""
    from puzzle_explorer.puzzles.kit.distances import HARDEST

    group = parser.add_argument_group("distances to the goal")
    group.add_argument("--from-goal", action="store_true",
                       help="with --census: count backwards from every goal position: the positions at each "
                            "distance, the hardest starts, and whether the start can reach the goal at all")
    group.add_argument("--component", action="store_true",
                       help="with --from-goal: only the start's component (a census forward from the start "
                            "finds its goal positions first)")
    group.add_argument("--hardest", type=positive_int, metavar="N",
                       help=f"with --from-goal: report N of the farthest positions (default {HARDEST})")
    group.add_argument("--save-table", metavar="FILE",
                       help="with --from-goal: keep every position's distance and write the table to FILE")
    group.add_argument("--table", metavar="FILE",
                       help="answer from a table --save-table wrote, without a search: a shortest solution, "
                            "or with --census --from-goal the census it holds")


def add_engine_arguments(parser: argparse.ArgumentParser, about: str | None = None,
                         checkpoint: bool = False) -> None:
    """Where an exhaustive search runs (families whose searches split over workers): the engine
    options' flags, and the cluster's address; `about` says what the family's split does;
    `checkpoint`: its tree searches can keep their finished subtrees in a file to go on from."""
    group = parser.add_argument_group("workers", about)
    add_option_flags(group, engines.OPTIONS)
    group.add_argument("--address", metavar="ADDR",
                       help="with --engine ray: the cluster to join (default: start one here for the run)")
    if checkpoint:
        group.add_argument("--checkpoint", metavar="FILE",
                           help="keep each finished subtree in FILE; after Ctrl-C or a crash, the same command "
                                "with the same FILE goes on from there")


CENSUS_ENGINE_HELP = ("the census runs in this process on a thread per core (on --workers 1 or 2: that many); "
                      "--workers 3 or more on as many cores, or --engine ray, splits its states by a hash into "
                      "one partition per worker, with the same counts")


def engine_options(args: argparse.Namespace) -> dict[str, Any]:
    """The solver options the engine arguments give (add_engine_arguments), as the family's solve
    reads them (engines.spec_from)."""
    return {**option_values(args, engines.OPTIONS), "address": args.address,
            "checkpoint": getattr(args, "checkpoint", None)}


def engine_from(args: argparse.Namespace) -> EngineSpec:
    """The EngineSpec the engine arguments name; InputError for ones that do not go together or a
    missing Ray."""
    from puzzle_explorer.core.scale.engine import RAY, EngineSpec, require_ray

    chosen = option_values(args, engines.OPTIONS)
    spec = EngineSpec(chosen["engine"], chosen["workers"] or None, args.address, getattr(args, "checkpoint", None))
    if spec.kind == RAY:
        require_ray()
    return spec


def engine_asked(args: argparse.Namespace) -> bool:
    """Whether the command line names an engine, workers or a cluster (not the defaults)."""
    return any(given(args, option) and getattr(args, option.name) != option.default for option in engines.OPTIONS) \
        or bool(args.address)


def census_options(args: argparse.Namespace) -> dict[str, Any]:
    """The engine options of a census as plain values (the family's solve reads them with
    engines.spec_from), checked here before anything runs; InputError for engine options given to
    another search, ones that do not go together, or a missing Ray."""
    if not args.census:
        if engine_asked(args):
            raise InputError("--engine, --workers and --address spread a census over workers: add --census")
        return {}
    engine_from(args)
    return engine_options(args)


def distance_mode(args: argparse.Namespace) -> bool:
    """Whether the command is about distances to the goal (a census from it, or a saved table);
    InputError for options that do not go together."""
    from_goal = bool(getattr(args, "from_goal", False))
    if from_goal and not args.census:
        raise InputError("--from-goal is a kind of census: add --census")
    for name in ("component", "hardest", "save_table"):
        if getattr(args, name, None) and not from_goal:
            raise InputError(f"--{name.replace('_', '-')} goes with --census --from-goal")
    if getattr(args, "table", None):
        if args.save_table:
            raise InputError("--table reads a table and --save-table writes one: give one of them")
        if args.census and not from_goal:
            raise InputError("a table holds a census from the goal: add --from-goal")
        if getattr(args, "algo", None):
            raise InputError("--table answers from the table: leave out --algo")
    return from_goal or bool(getattr(args, "table", None))


def run_distances(args: argparse.Namespace, family: Family, board: Any, options: JSON, console: Console,
                  render: Render, extra: JSON) -> int:
    """The census from the goal (or a saved table's answer): JSON, or the summary, the positions
    per distance as bars, the hardest positions."""
    from puzzle_explorer.puzzles.kit import distances as D

    hooks = family.distances
    space: D.Space = hooks.space(board, options)
    limits = limits_from(args)
    hardest = args.hardest or D.HARDEST
    if args.table:
        solution = run_job(lambda control: D.answer_from_table(board, args.table, space,
                                                                lambda b: hooks.moves(b, options), hardest,
                                                                args.census, control, limits), limits)
    else:
        chosen = {**options, "scope": "component" if args.component else "all", "keep": bool(args.save_table),
                  "hardest": hardest}
        solution = run_job(lambda control: family.solve(board, D.SOLVER_ID, chosen, control, limits), limits)
        if args.save_table and solution.table is not None:
            solution.details["table"]["path"] = str(D.save_table(solution, args.save_table, family.id))
    if args.json:
        print_json(solution_json(solution, **extra))
        return ExitCode.OK
    console.print(render(board))
    for line in summary_lines(solution, family.headline(solution)):
        console.print(line, highlight=False)
    estimate = solution.details.get("estimate")
    if estimate:
        console.print(f"table estimate: {estimate['text']}", highlight=False)
    census = solution.details.get("census")
    if census:
        print_census(console, census, space.unit)
    elif len(solution.steps) > 1:
        print_steps(console, solution, render)
    table_json = solution.details.get("table")
    if table_json and table_json.get("path"):
        from puzzle_explorer.core.sizes import describe_bytes
        console.print(f"table: {table_json['positions']:,} positions, {describe_bytes(table_json['bytes'])}, "
                      f"written to {table_json['path']}", highlight=False)
    elif args.save_table:
        console.print("no table written: the census did not finish", highlight=False)
    return ExitCode.OK


HISTOGRAM_ROWS = 16  # bars of a census from the goal on the command line (fits 24 rows with the rest)


def print_census(console: Console, census: JSON, unit: str) -> None:
    from puzzle_explorer.puzzles.kit.bars import bar_lines

    levels = census["by_distance"]
    if levels:
        console.print(f"positions per distance ({unit} to the goal):", highlight=False)
        for line in bar_lines(levels, min(console.width, 80) - 2, HISTOGRAM_ROWS):
            console.print(f"  {line}", highlight=False, markup=False)
    if census["hardest"]:
        far = census["max_distance"]
        console.print(f"hardest ({far} {unit}, {len(census['hardest'])} of {census['farthest']:,}):", highlight=False)
        for text in census["hardest"]:
            console.print(f"  {text}", highlight=False, markup=False)


def add_board_arguments(parser: argparse.ArgumentParser, presets_hint: str) -> None:
    """--board, --file and --preset, one of them (families whose boards come only from those)."""
    source = parser.add_mutually_exclusive_group()
    add_board_sources(source, presets_hint)


def add_board_sources(source: Flags, presets_hint: str,
                      board_help: str = "the board inline, rows separated by '/'") -> None:
    """--board, --file and --preset into `source`, a group where one of them (or another way to give
    the board that the family adds) may be given."""
    source.add_argument("--board", metavar="TEXT", help=board_help)
    source.add_argument("--file", metavar="PATH", help="read the board from a file")
    source.add_argument("--preset", metavar="NAME", help=f"a named board ({presets_hint})")


def note_over_machine(max_memory: int | None) -> None:
    """A --max-memory past the machine's memory, noted on stderr in one line (the work holds to the
    machine's, core/run/memory.py): every command that takes a budget says it the same way."""
    note = over_machine(max_memory)
    if note is not None:
        Console(stderr=True, highlight=False).print(note, markup=False, soft_wrap=True)


def limits_from(args: argparse.Namespace) -> Limits:
    """The limits the options name; a --max-memory past the machine's memory is noted on stderr
    (note_over_machine), unless the search runs on a Ray cluster, whose actors hold what they hold
    within the cluster's memory (core/scale/ray_cluster.cluster_budget)."""
    if getattr(args, "engine", None) != "ray":
        note_over_machine(getattr(args, "max_memory", None))
    return Limits(max_states=getattr(args, "max_states", None), timeout_s=getattr(args, "timeout", None),
                  max_memory=getattr(args, "max_memory", None))


def board_given(args: argparse.Namespace) -> bool:
    """Whether --board, --file or --preset names the board (else the family makes one from other options)."""
    return args.board is not None or args.file is not None or args.preset is not None


def board_text(args: argparse.Namespace, family: Family) -> str:
    """The board text given by --board, --file or --preset."""
    if args.board is not None:
        return str(args.board)
    if args.file is not None:
        return read_board_file(args.file)
    if args.preset is not None:
        return find_preset(family.presets, args.preset, family.id).text
    raise InputError("no board: give --board TEXT, --file PATH or --preset NAME")




class ProgressLine:
    """The running search's line on a terminal's stderr (rich's status spinner), one snapshot at a time."""

    def __init__(self, console: Console) -> None:
        self.console = console
        self.status = console.status("starting…")
        self.started = False

    def __call__(self, s: Snapshot) -> None:
        if s.phase == Phase.DONE:
            self.stop()  # between two kernels of one job (IDA*'s iterations): it starts again
            return
        if not self.started:
            self.status.start()
            self.started = True
        if s.phase != Phase.SEARCHING:
            self.status.update(waiting_line(s))
        else:
            self.status.update(search_line(s, self.console.width - 2))  # (the spinner and its space)

    def stop(self) -> None:
        self.status.stop()
        self.started = False


def waiting_line(s: Snapshot) -> str:
    """The progress line before the search: the phase by name, and the positions a table build
    or a goal listing holds so far ('building the table… 4,200,000 stored')."""
    line = WAITING.get(s.phase, f"{s.phase}…")
    return f"{line} {s.stored:,} stored" if s.phase in WORKING and s.stored else line


def search_line(s: Snapshot, width: int) -> str:
    """The progress line of a running search, kept within `width` columns where it can be (at 80
    a count's line with its time left wrapped onto a second): the stored states, then the depth,
    then the frontier, then a split search's subtrees done give way before the nodes, the time and
    the time left."""
    head, clock = f"searching: {s.expanded:,} expanded", f"{s.elapsed_s:.1f} s{eta_text(s)}"
    optional = [f"frontier {s.frontier:,}", f"depth {s.depth}", f"{s.stored:,} stored"]
    if s.tasks:  # a split search: how far through its subtrees, kept before the picture's numbers
        optional.insert(0, f"{s.tasks_done:,}/{s.tasks:,} subtrees")
    while True:
        line = " · ".join([head, *optional, clock])
        if len(line) <= width or not optional:
            return line
        optional.pop()


def eta_text(s: Snapshot) -> str:
    """' · about 3 min 20 s left (± 40 s)' when the search has an estimate of its size, else ''."""
    from puzzle_explorer.core.estimate.dives import duration

    eta = s.eta()
    if eta is None:
        return " · past its estimated size: time left unknown" if s.past_estimate else ""
    of = f" in this {s.expected_of}" if s.expected_of else ""
    if eta[0] == float("inf"):  # a tree past what a float counts
        return f" · {duration(eta[0])} left{of}"
    return f" · about {duration(eta[0])} left{of} (± {duration(eta[1])})"


def run_with(task: Callable[[SearchControl], T], timeout_s: float | None, show: Callable[[Snapshot], None] | None,
             trace: str | None, stop: Callable[[], None] | None) -> T:
    """The task as a Job: each snapshot to `show` and to the `trace` file if one is named
    (puzzles/kit/trace.py); Ctrl-C or SIGTERM cancels it; `stop` ends the progress display."""
    with trace_to(trace) as write:
        listeners = [f for f in (show, write) if f is not None]

        def report(s: Snapshot) -> None:
            for listener in listeners:
                listener(s)

        job = Job(task, timeout_s=timeout_s, on_progress=report if listeners else None)
        try:
            with interrupts.cancelling(job.cancel):
                return job.run()
        finally:
            if stop is not None:
                stop()


def run_job(task: Callable[[SearchControl], T], limits: Limits, progress: bool = True,
            trace: str | None = None) -> T:
    """Run a solve in the background with live progress on stderr (when it is a terminal and
    `progress`), each snapshot written to the `trace` file if one is named. Ctrl-C or SIGTERM
    cancels it: the task's cancelled result comes back."""
    err = Console(stderr=True)
    show = ProgressLine(err) if progress and err.is_terminal else None
    return run_with(task, limits.timeout_s, show, trace, show.stop if show is not None else None)


def run_build(task: Callable[[SearchControl], T], what: str, total: int, unit: str, step: str,
              timeout_s: float | None = None, trace: str | None = None) -> T:
    """Build a table in the background with a progress line on stderr (when it is a terminal):
    '{what}: 42% (4,200 of 10,000 {unit}, 7 {step} deep) · 3.1 s', each snapshot written to the
    `trace` file if one is named. Ctrl-C, SIGTERM or the timeout stop it; the task then returns
    what it returns when stopped."""
    err = Console(stderr=True)
    if not err.is_terminal:
        return run_with(task, timeout_s, None, trace, None)
    status = err.status(f"{what}…")

    def show(s: Snapshot) -> None:
        share = min(1.0, s.stored / total) if total else 1.0
        status.update(f"{what}: {share:4.0%} ({s.stored:,} of {total:,} {unit}, {s.depth} {step} deep) "
                      f"· {s.elapsed_s:.1f} s")

    status.start()
    return run_with(task, timeout_s, show, trace, status.stop)


def stats_json(solution: Solution) -> JSON:
    s = solution.stats
    return {"nodes_expanded": s.nodes_expanded, "states_seen": s.states_seen,
            "max_frontier": s.max_frontier, "elapsed_s": round(s.elapsed_s, 6)}


def solution_json(solution: Solution, **extra: Any) -> JSON:
    """The JSON object every family prints: status, length, moves, stats, then its extras."""
    out: JSON = {
        "status": solution.status.value,
        "length": solution.length,
        "moves": [step.data for step in solution.steps[1:]],
        "stats": stats_json(solution),
    }
    if solution.status == Status.LIMIT:
        out["limit"] = solution.limit.value if solution.limit else None
    if solution.solver:
        out["solver"] = solution.solver
    out.update(extra)
    out.update(solution.details)
    return out


def print_json(obj: JSON | list[JSON]) -> None:
    """obj as one line on stdout, whole: a stop signal waits until it is written (made first, so
    a signal that comes while it is made finds nothing half written)."""
    text = json.dumps(obj, ensure_ascii=False) + "\n"
    with interrupts.holding():
        sys.stdout.write(text)
        sys.stdout.flush()


def summary_lines(solution: Solution, headline: str) -> list[str]:
    """The family's headline (what the search found), then how the search went, then any note on
    its budget (budget_notes)."""
    s = solution.stats
    if not solution.searched:
        return [headline, solution.no_search_text]
    speed = f" ({s.nodes_expanded / s.elapsed_s:,.0f} nodes/s)" if s.elapsed_s > 0 else ""
    return [
        headline,
        f"search: {s.elapsed_s * 1000:.1f} ms{speed}, {s.nodes_expanded:,} expanded, "
        f"{s.states_seen:,} states seen, largest frontier {s.max_frontier:,}",
        *budget_notes(solution),
    ]


def budget_notes(solution: Solution) -> list[str]:
    """What the search's parts said of their budget: a --max-memory more than the Ray cluster they
    ran on has (a census's details["census"], a knight's count's details["frontier"])."""
    return [str(part["budget_note"]) for part in solution.details.values()
            if isinstance(part, dict) and part.get("budget_note")]


LABELS_AT_ONCE = 1000  # move labels printed in one call (rich's cost is per call, a long tour's labels many)


def print_steps(console: Console, solution: Solution, render: Render, compact: bool = True) -> None:
    """Every step's board, small, side by side, each titled with its move."""
    panels = []
    for i, step in enumerate(solution.steps):
        board = render(step.board, View(highlight=step.highlight, zoom=1 if compact else 0))
        title = Text("start" if i == 0 else f"{i}")  # (a plain title: no markup to read, no emoji table to load)
        panels.append(Panel(board, title=title, subtitle=None, expand=False, padding=(0, 0)))
    console.print(Columns(panels, padding=(0, 1)))
    labels = (Text(f"{i:>4}. {step.label}") for i, step in enumerate(solution.steps[1:], start=1))
    for chunk in iter(lambda: list(islice(labels, LABELS_AT_ONCE)), []):
        console.print(Text("\n").join(chunk))  # each line wrapped as it would be alone, fewer calls


class OutputConsole(Console):
    """The console on standard output. A closed pipe (`| head`) raises BrokenPipeError for the
    command line to end quietly, where rich would exit with status 1. Text is printed as it is
    written: no `:name:` turned into an emoji (nor rich's table of them loaded to look). A long
    line wraps between words on a terminal, and is one line in a pipe or a file (for grep), whatever
    the family: some wrapped at 80 columns in a pipe, and others broke words on a terminal."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **{"emoji": False, **kwargs})
        self.soft_wrap = not self.is_terminal

    def on_broken_pipe(self) -> None:
        self.quiet = True
        raise BrokenPipeError


def output_console() -> Console:
    return OutputConsole()


COMPILE_CANCELLED = "cancelled while the solver was compiling: nothing was searched"


def cancelled_while_compiling(as_json: bool) -> None:
    """What a command says when Ctrl-C or SIGTERM came before the search started."""
    if as_json:
        empty = Solution(Status.CANCELLED, [], Stats())
        print_json({**solution_json(empty), "note": COMPILE_CANCELLED})
    Console(stderr=True, highlight=False).print(COMPILE_CANCELLED, markup=False, soft_wrap=True)


def fail(message: str) -> int:
    """Print a one-line error on stderr and return the bad-input exit status."""
    Console(stderr=True, highlight=False).print(f"error: {one_line(message)}", markup=False, soft_wrap=True)
    return ExitCode.BAD_INPUT
