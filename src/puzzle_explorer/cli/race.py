"""`puzzle-explorer race FAMILY …`: several solvers on one board side by side, compared in a table.

Exit status 0 when the race ran (whatever each search found), 1 when the answers contradict each
other (optimal solvers disagree on the length: a solver is wrong), 2 for bad input, 130/143 after
Ctrl-C or SIGTERM (the table shows what each solver had).
"""
from __future__ import annotations

import argparse
from typing import Callable

from rich.console import Console, RenderableType
from rich.text import Text

from puzzle_explorer.cli.parser import Parser
from puzzle_explorer.core.errors import InputError
from puzzle_explorer.core.run import interrupts
from puzzle_explorer.core.run.exit_codes import ExitCode
from puzzle_explorer.core.run.progress import Phase, Snapshot
from puzzle_explorer.core.run.race import RUNNING, Race
from puzzle_explorer.core.run.search import Limits
from puzzle_explorer.puzzles import race as R
from puzzle_explorer.puzzles.interface import Family, Solution
from puzzle_explorer.puzzles.kit import cli_support
from puzzle_explorer.puzzles.kit.cli_options import value_words
from puzzle_explorer.puzzles.kit.typed import positive_int

RACE_HELP = {
    "max_states": "each solver stops with status 'limit' after holding N states",
    "timeout": "each solver stops with status 'limit' after S seconds of search",
    "max_memory": "the race's memory budget, shared by the solvers running at once (default: half of the "
                  "free memory)",
    "json": "print a list with one JSON object a solver (the object solve --json prints)",
    "trace": "not for a race: --trace follows one search (use solve)",
}


def settings_help(family: Family) -> str:
    """Each solver's options with their values, for the epilog: 'bfs, astar: moves=unit|straight|free …'."""
    lines = []
    by_options: dict[str, list[str]] = {}
    for s in family.solvers:
        words = " ".join(f"{o.name}={value_words(o)}" for o in s.options)
        by_options.setdefault(words or "(no options)", []).append(s.id)
    for words, ids in by_options.items():
        lines.append(f"  {', '.join(ids)}: {words}")
    return ("settings: KEY=VALUE for every solver that has the option, NAME:KEY=VALUE for one\n"
            "(a solver's second entry is NAME.2):\n" + "\n".join(lines) +
            "\n  every solver: max_states=N timeout=S max_memory=SIZE (its share of --max-memory)")


DESCRIPTION = ("Run several solvers of a family on one board at once (as many at a time as there are cores, "
               "within one memory budget) and compare them in a table.")


def add_arguments(race: argparse.ArgumentParser) -> None:
    """`race FAMILY`: a command for each family, with its board options, the solvers, their settings."""
    from puzzle_explorer.puzzles import registry

    by_family = race.add_subparsers(dest="family", metavar="FAMILY", parser_class=Parser, required=True)
    for family in registry.declared().values():
        by_family.add_parser(family.id, help=family.title, description=family.description,
                             formatter_class=argparse.RawDescriptionHelpFormatter,
                             fill=lambda sub, family_id=family.id: add_family_arguments(sub, registry.get(family_id)))


def add_family_arguments(sub: argparse.ArgumentParser, family: Family) -> None:
    """`race FAMILY`'s options: the family's board options, the solvers, their settings."""
    sub.epilog = settings_help(family)
    family.add_board_arguments(sub)
    group = sub.add_argument_group("the race")
    group.add_argument("--algos", required=True, metavar="A,B,…",
                       help=f"{R.MIN_ENTRIES} to {R.MAX_ENTRIES} solvers, comma-separated, from: "
                            f"{', '.join(s.id for s in family.solvers)} (one may come twice with other settings)")
    group.add_argument("settings", nargs="*", metavar="[NAME:]KEY=VALUE",
                       help="a solver option for every solver that has it, or for the one named (see below)")
    group.add_argument("--jobs", type=positive_int, metavar="N",
                       help=f"run at most N solvers at once (default: one a core, here {R.cores()})")
    cli_support.add_limit_arguments(sub, RACE_HELP)


class RaceProgress:
    """One line on stderr while the race runs (when stderr is a terminal): each solver's state."""

    def __init__(self) -> None:
        err = Console(stderr=True)
        self.status = err.status("starting the race…") if err.is_terminal else None
        self.race: Race[Solution] | None = None
        self._started = False

    def __call__(self, index: int, snapshot: Snapshot) -> None:
        if self.status is None or self.race is None:
            return
        if not self._started:
            self.status.start()
            self._started = True
        parts = []
        for lane in self.race.lanes:
            s = lane.snapshot
            if lane.state != RUNNING or s is None:
                parts.append(f"{lane.runner.name} {lane.state}")
            elif s.phase not in (Phase.SEARCHING, Phase.DONE):  # compiling, estimating...: the phase by name
                parts.append(f"{lane.runner.name} {'starting' if s.phase == Phase.IDLE else s.phase}")
            else:
                parts.append(f"{lane.runner.name} {R.count_text(s.expanded)} expanded")
        self.status.update(" · ".join(parts))

    def stop(self) -> None:
        if self.status is not None:
            self.status.stop()


def run(args: argparse.Namespace, console: Console) -> int:
    from puzzle_explorer.puzzles import registry

    if args.trace:
        raise InputError("--trace follows one search and a race runs several: trace one with `solve`")
    family = registry.get(args.family)
    board = family.board_from_args(args)
    ids = R.read_algos(family, args.algos)
    race = R.apply_settings(R.entries(family, ids, Limits(max_states=args.max_states, timeout_s=args.timeout)),
                            args.settings)
    cli_support.note_over_machine(args.max_memory)
    progress = RaceProgress()
    try:
        prepared = R.prepare(family, board, race, budget=args.max_memory, slots=args.jobs, on_progress=progress)
    except R.RaceRefused as exc:
        name = exc.too_big[0][0]
        raise InputError(f"{exc}: give it less ({name}:max_memory=SIZE) or the race more (--max-memory SIZE)") from None
    progress.race = prepared
    try:
        with interrupts.cancelling(prepared.cancel):
            prepared.run()
    finally:
        progress.stop()
    report = R.judge(race, prepared, family.id)
    if args.json:
        cli_support.print_json(R.report_json(report))
    else:
        print_report(console, family, report, f"race: {family.id}, {getattr(args, 'preset', None) or 'the board given'}")
    return exit_status(report, cli_support.fail)


def print_report(console: Console, family: Family, report: R.Report, title: str) -> None:
    def say(text: RenderableType) -> None:
        console.print(text, highlight=False, soft_wrap=False)

    console.print(Text(title, style="bold"), highlight=False)
    say(R.results_table(report))
    for line in R.legend(report):
        say(line)
    width = max(len(r.entry.name) for r in report.results) + 2
    for r in report.results:
        if r.solution is not None:
            say(Text(f"{r.entry.name:<{width}}{family.headline(r.solution)}"))


def exit_status(report: R.Report, fail: Callable[[str], int]) -> int:
    """1 (and a loud line on stderr) when the answers contradict or a solver failed: a bug caught;
    2 when a solver refused its input."""
    err = Console(stderr=True, highlight=False)
    for d in report.disagreements:
        err.print(f"DISAGREEMENT: {d}: a solver is wrong", style="bold red", markup=False, soft_wrap=True)
    failed = [r for r in report.results if r.error is not None]
    for r in failed:
        if not isinstance(r.lane.error, InputError):
            err.print(f"error: {r.entry.name} failed: {r.error}", markup=False, soft_wrap=True)
    if report.disagreements or any(not isinstance(r.lane.error, InputError) for r in failed):
        return ExitCode.FAULT
    if failed:
        return fail(f"{failed[0].entry.name}: {failed[0].error}")
    return ExitCode.OK
