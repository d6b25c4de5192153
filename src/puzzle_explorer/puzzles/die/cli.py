"""`puzzle-explorer solve die …`"""
from __future__ import annotations

import argparse
from dataclasses import replace

from rich.console import Console

from puzzle_explorer.core.errors import InputError
from puzzle_explorer.core.run.exit_codes import ExitCode
from puzzle_explorer.core.scale.engine import EngineSpec
from puzzle_explorer.puzzles import registry
from puzzle_explorer.puzzles.die import board as dboard
from puzzle_explorer.puzzles.die.render import render
from puzzle_explorer.puzzles.die.solve import (
    SOLVERS,
    TourSolution,
    estimate_tours,
    headline,
    solve,
    tours_json,
)
from puzzle_explorer.puzzles.interface import JSON
from puzzle_explorer.puzzles.kit import cli_support
from puzzle_explorer.puzzles.kit.engines import estimate_workers, run_line
from puzzle_explorer.puzzles.kit.modes import ENGINE, LIMITS, Mode
from puzzle_explorer.puzzles.kit.text import cell_text, parse_cell


def add_board_arguments(parser: argparse.ArgumentParser) -> None:
    source = parser.add_mutually_exclusive_group()
    cli_support.add_board_sources(source, "e.g. classic-8x8", "the board inline: rows of . (open) # (blocked) "
                                  "S (start) G (goal) separated by '/'")
    source.add_argument("--size", metavar="WxH", help="an open board of this size (up to 12x12)")
    parser.add_argument("--start", metavar="X,Y", help="the start cell, 1-based (default: the board's S, or 1,1)")
    parser.add_argument("--goal", metavar="X,Y", help="the goal cell, 1-based (default: the board's G, "
                        "or the bottom-left cell)")
    parser.add_argument("--blocked", metavar="'X,Y;X,Y'", help="cells to block, 1-based, separated by ';'")


BOARD = ("--board", "--file", "--preset", "--size", "--start", "--goal", "--blocked")
# --estimate runs no search: no limits, trace, checkpoint or kept tours
MODES = (
    Mode("--estimate", ("--estimate",), (*BOARD, "--all", "--goal-face", "--no-pruning", *ENGINE, "--json")),
    Mode("--all", ("--all",), (*BOARD, "--goal-face", "--no-pruning", "--keep", *ENGINE, "--checkpoint", *LIMITS,
                               "--json", "--trace")),
    # the first tour: one search here, nothing kept beside it
    Mode("a single solve", (), (*BOARD, "--goal-face", "--no-pruning", *LIMITS, "--json", "--trace")),
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_board_arguments(parser)
    cli_support.add_switches(parser, {
        "--all": "find every tour: the exact count, and the first --keep of them listed",
        "--estimate": "with --all: print only Knuth's estimate of the count's nodes, tours and time (random dives "
                      "down the search tree), without counting"})
    cli_support.add_solver_arguments(parser, SOLVERS)
    cli_support.add_engine_arguments(parser, checkpoint=True)
    cli_support.add_limit_arguments(parser)


def board_from_args(args: argparse.Namespace) -> dboard.Board:
    """The board the arguments describe, validated."""
    if args.size is not None:
        board = dboard.open_board(*dboard.parse_size(args.size))
    elif args.board is None and args.file is None and args.preset is None:
        raise InputError("no board: give --board TEXT, --file PATH, --preset NAME or --size WxH")
    else:
        board = dboard.parse(cli_support.board_text(args, registry.get("die")))
    if args.start is not None:
        board = replace(board, start=parse_cell(args.start, "--start"))
    if args.goal is not None:
        board = replace(board, goal=parse_cell(args.goal, "--goal"))
    if args.blocked is not None:
        cells = dboard.parse_cells(args.blocked, "--blocked cell")
        for c in cells:
            if not board.inside(c):
                raise InputError(f"--blocked cell {cell_text(c)} is off the "
                                 f"{board.width}x{board.height} board")
        board = replace(board, blocked=board.blocked | frozenset(cells))
    dboard.validate(board)
    return board


def rolls_text(solution_path: list[JSON]) -> str:
    """A tour as the letters of its rolls, e.g. EESWN…"""
    letters = []
    for a, b in zip(solution_path, solution_path[1:]):
        dx, dy = b["cell"][0] - a["cell"][0], b["cell"][1] - a["cell"][1]
        letters.append({(1, 0): "E", (-1, 0): "W", (0, -1): "N", (0, 1): "S"}[(dx, dy)])
    return "".join(letters) or "(none: the start is the goal)"


def _print_human(console: Console, board: dboard.Board, solution: TourSolution, counting: bool) -> None:
    final = solution.steps[-1].board if len(solution.steps) > 1 else board
    console.print(render(final))
    for line in cli_support.summary_lines(solution, headline(solution)):
        console.print(line, highlight=False)
    details = solution.details
    if "proof" in details:
        console.print(f"proof: {details['proof']}", highlight=False)
    if workers := run_line(solution):
        console.print(workers, highlight=False)
    if counting:
        n = details["solutions"]
        paths = tours_json(solution.tours)
        for i, path in enumerate(paths, start=1):
            console.print(f"{i:>4}. {rolls_text(path)}", highlight=False)
        if n > len(paths):
            console.print(f"      … and {n - len(paths):,} more (--keep N lists more)", highlight=False)
    elif solution.tours:
        console.print(f"rolls: {rolls_text(tours_json(solution.tours[:1])[0])}", highlight=False)


def _print_estimate(console: Console, board: dboard.Board, options: JSON, spec: EngineSpec, as_json: bool) -> int:
    guess = estimate_tours(board, options)
    workers = estimate_workers(spec, sum(guess.seconds(1)) if guess else 0.0)
    if as_json:
        cli_support.print_json({"estimate": guess.as_json(workers, "tours") if guess else None,
                                "board": board.inline()})
        return ExitCode.OK
    if guess is None:
        console.print("the board's obstacles rule out every tour: nothing to count", highlight=False)
    else:
        console.print(f"estimate: {guess.text(workers, 'tours')}", highlight=False)
    return ExitCode.OK


def run(args: argparse.Namespace, console: Console) -> int:
    board = board_from_args(args)
    solver = "all" if args.all else "dfs"
    options = {**cli_support.solver_values(args, SOLVERS), **cli_support.engine_options(args)}
    spec = cli_support.engine_from(args)
    if args.estimate:
        if not args.all:
            raise InputError("--estimate goes with --all")
        return _print_estimate(console, board, options, spec, args.json)
    limits = cli_support.limits_from(args)
    solution = cli_support.run_job(lambda control: solve(board, solver, options, control, limits), limits,
                                   trace=args.trace)
    if args.json:
        ends = {"start": [board.start[0] + 1, board.start[1] + 1], "goal": [board.goal[0] + 1, board.goal[1] + 1]}
        cli_support.print_json(cli_support.solution_json(solution, board=board.inline(),
                                                         **ends, paths=tours_json(solution.tours)))
        return ExitCode.OK
    _print_human(console, board, solution, args.all)
    return ExitCode.OK

