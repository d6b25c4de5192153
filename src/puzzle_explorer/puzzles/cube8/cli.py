"""`puzzle-explorer solve cube8 …`: one board, a contest input on stdin, or building the table."""
from __future__ import annotations

import argparse
import sys
from dataclasses import replace
from itertools import chain
from pathlib import Path

from rich.console import Console

from puzzle_explorer.core.errors import InputError
from puzzle_explorer.core.run.exit_codes import ExitCode
from puzzle_explorer.core.run.status import Status
from puzzle_explorer.puzzles import registry
from puzzle_explorer.puzzles.cube8 import board as cboard
from puzzle_explorer.puzzles.cube8 import cubes as C
from puzzle_explorer.puzzles.cube8 import table as T
from puzzle_explorer.puzzles.cube8.contest import DEFAULT_CAP, NO_DATASET, answer_line, datasets
from puzzle_explorer.puzzles.cube8.presets import PRESETS
from puzzle_explorer.puzzles.cube8.render import legend, render
from puzzle_explorer.puzzles.cube8.solve import (
    SOLVERS,
    TABLE_POSITIONS,
    build_table,
    headline,
    run_bibfs,
    run_idastar,
    solve,
)
from puzzle_explorer.puzzles.kit import cli_support
from puzzle_explorer.puzzles.kit.modes import DISTANCES, ENGINE, LIMITS, Mode

ALGOS = tuple(s.id for s in SOLVERS)
BOARD = ("--board", "--file", "--preset", "--start", "--pattern")
MODES = (
    Mode("--build-table", ("--build-table",), ("--json", "--trace")),
    Mode("--contest", ("--contest",), ("--algo", "--cap", *LIMITS)),  # the boards come on stdin
    Mode("a census", ("--census", "--table"), (*BOARD, "--algo", *DISTANCES, *ENGINE, *LIMITS, "--json")),
    Mode("a single solve", (), (*BOARD, "--algo", "--cap", *DISTANCES, *ENGINE, *LIMITS, "--json", "--trace")),
)


def add_board_arguments(parser: argparse.ArgumentParser) -> None:
    cli_support.add_board_arguments(parser, "e.g. farthest-edge; see `puzzle-explorer list`")
    parser.add_argument("--start", metavar="X,Y", help="where the empty square starts, 1-based")
    parser.add_argument("--pattern", metavar="ROWS",
                        help="the target tops, rows of W/B/R with one E (the empty square's end), "
                             "e.g. 'WWW/EWW/WWW'")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_board_arguments(parser)
    parser.add_argument("--algo", choices=ALGOS,
                        help="bibfs, idastar or table (default: table once it is built, else bibfs; "
                             "all give the fewest rolls)")
    cli_support.add_switches(parser, {
        "--contest": "read the contest format on stdin (`x y`, three rows, … until `0 0`) and print the fewest "
                     "rolls per dataset, or -1 past the cap",
        "--build-table": f"build the distance table ({T.SIZE / 2**20:.1f} MiB in the user cache) and exit"})
    cli_support.add_solver_arguments(parser, SOLVERS, helps={
        "cap": f"most rolls worth reporting: past it the contest prints -1 (default {DEFAULT_CAP}) and a single "
               "solve ends with status limit (default: no cap; 0: none)"})
    cli_support.add_census_arguments(parser, "with --from-goal: count the positions by their rolls to the pattern")
    cli_support.add_limit_arguments(parser)


def board_from_args(args: argparse.Namespace) -> cboard.Board:
    """The board from --board/--file/--preset, with --start and --pattern applied on top."""
    given = cli_support.board_given(args)
    if not given and (args.start is None or args.pattern is None):
        raise InputError("no board: give --start X,Y and --pattern ROWS (or --board, --file, --preset)")
    board = cboard.parse(cli_support.board_text(args, registry.get("cube8"))) if given else None
    start = cboard.parse_cell(args.start, "--start") if args.start is not None else None
    pattern = cboard.parse_pattern(args.pattern) if args.pattern is not None else None
    if board is None:
        assert start is not None and pattern is not None  # else the first check refused it
        board = cboard.Board(start, pattern)
    else:
        board = replace(board, start=board.start if start is None else start,
                        pattern=board.pattern if pattern is None else pattern)
    cboard.validate(board)
    return board


def build(console: Console, quiet: bool = False, trace: str | None = None, as_json: bool = False) -> Path | None:
    """Build the table with progress (and its trace, if asked); returns its path (None if stopped).
    With as_json what came of it is one JSON object on stdout, as tiles' --build-pdb --json."""
    err = Console(stderr=True)
    path, seconds = cli_support.run_build(build_table, "building the distance table", sum(TABLE_POSITIONS), "positions",
                                 "rolls", trace=trace)
    if path is None:
        if as_json:
            cli_support.print_json({"status": "stopped", "note": BUILD_STOPPED})
        else:
            err.print(BUILD_STOPPED, highlight=False)
        return None
    text = f"distance table: {T.describe(path)} (built in {seconds:.1f} s of search)"
    if as_json:
        cli_support.print_json({"status": "built", "file": str(path), "bytes": T.SIZE,
                                "elapsed_s": round(seconds, 6), "note": text})
    elif not quiet:
        console.print(text, highlight=False)
    return path


BUILD_STOPPED = "the table build was stopped; nothing was written"


def _first_table(console: Console) -> tuple[T.Table | None, bool]:
    """Build the table the first time a contest asks for it; (the open table, whether the build was stopped).

    If the cache cannot hold it, the contest goes on with bidirectional BFS.
    """
    err = Console(stderr=True)
    err.print(f"note: building the distance table once ({T.describe()}); it takes seconds, and every later "
              "contest run answers from it", highlight=False, soft_wrap=True)
    try:
        path = build(console, quiet=True)
    except OSError as exc:
        err.print(f"note: cannot write the distance table ({exc.strerror or exc}); answering with bidirectional BFS",
                  highlight=False, soft_wrap=True)
        return None, False
    if path is None:
        return None, True
    return T.open_table(path), False


def run_contest(args: argparse.Namespace, console: Console) -> int:
    """Answer every dataset on stdin; a bad dataset ends the run after the earlier answers."""
    cap = args.cap if args.cap is not None else DEFAULT_CAP
    todo = datasets(sys.stdin)
    first = next(todo, None)  # bad or empty input is answered before a table is built for it
    if first is None:  # an answer per dataset, and there is none: say so where the answers are not
        Console(stderr=True).print(NO_DATASET, highlight=False)
        return ExitCode.OK
    table = T.open_table() if args.algo in (None, "table") else None
    bad: InputError | None = None
    if table is None and args.algo in (None, "table"):
        # The first run reads the whole input before it builds the table (and says so): input with
        # a bad dataset builds none, its datasets before the bad one are answered by search, and the
        # error is the one line on stderr.
        read = [first]
        try:
            read.extend(todo)
        except InputError as exc:
            bad = exc
        todo = iter(read[1:])
        if bad is None:
            table, stopped = _first_table(console)
            if stopped:
                return ExitCode.OK
    limits = cli_support.limits_from(args)
    out = sys.stdout
    try:
        for ds in chain([first], todo):
            if table is not None:
                rolls = table.fewest_rolls(ds.start, ds.pattern)
            else:
                start = C.start_position(ds.start)
                if args.algo == "idastar":
                    task = lambda control: run_idastar(start, ds.pattern, control, limits)  # noqa: E731
                else:
                    task = lambda control: run_bibfs(start, ds.pattern, cap, control, limits)  # noqa: E731
                status, _, path, _ = cli_support.run_job(task, limits, progress=False)
                if status not in (Status.SOLVED, Status.LIMIT, Status.UNSOLVABLE):
                    return ExitCode.OK  # cancelled
                rolls = len(path) - 1 if status == Status.SOLVED else None
            out.write(answer_line(rolls, cap) + "\n")
            out.flush()
        if bad is not None:
            raise bad
    finally:
        out.flush()
        if table is not None:
            table.close()
    return ExitCode.OK


def run(args: argparse.Namespace, console: Console) -> int:
    engine = cli_support.census_options(args)
    if args.build_table:
        build(console, trace=args.trace, as_json=args.json)
        return ExitCode.OK
    if args.contest:
        return run_contest(args, console)
    board = board_from_args(args)
    if args.census and not args.from_goal:
        raise InputError("a cube8 census counts from the pattern: add --from-goal")
    if cli_support.distance_mode(args):
        x, y = C.xy(board.start)
        return cli_support.run_distances(args, registry.get("cube8"), board, engine, console, render,
                                {"start": [x + 1, y + 1], "pattern": board.pattern_text()})
    algo = args.algo or ("table" if T.open_table() is not None else "bibfs")
    options = cli_support.solver_values(args, SOLVERS)
    limits = cli_support.limits_from(args)
    solution = cli_support.run_job(lambda control: solve(board, algo, options, control, limits), limits,
                                   trace=args.trace)
    x, y = C.xy(board.start)
    if args.json:
        cli_support.print_json(cli_support.solution_json(solution, start=[x + 1, y + 1], pattern=board.pattern_text()))
        return ExitCode.OK
    console.print(render(board))
    console.print(legend(), style="dim", highlight=False)
    for line in cli_support.summary_lines(solution, headline(solution)):
        console.print(line, highlight=False)
    if "table_built_s" in solution.details and solution.details.get("table"):
        console.print(f"built the distance table first: {T.describe(solution.details['table'])} in "
                      f"{solution.details['table_built_s']:.1f} s", highlight=False)
    if len(solution.steps) > 1:
        cli_support.print_steps(console, solution, render)
    return ExitCode.OK


__all__ = ["add_arguments", "add_board_arguments", "board_from_args", "run", "PRESETS"]
