"""`puzzle-explorer solve klotski …`"""
from __future__ import annotations

import argparse
from dataclasses import replace

from rich.console import Console

from puzzle_explorer.core.errors import InputError
from puzzle_explorer.core.run.exit_codes import ExitCode
from puzzle_explorer.puzzles import registry
from puzzle_explorer.puzzles.kit import cli_support
from puzzle_explorer.puzzles.kit.modes import ENGINE, LIMITS, Mode
from puzzle_explorer.puzzles.kit.text import parse_cell
from puzzle_explorer.puzzles.klotski import board as kboard
from puzzle_explorer.puzzles.klotski.presets import PRESETS
from puzzle_explorer.puzzles.klotski.render import render
from puzzle_explorer.puzzles.klotski.solve import SOLVERS, headline, solve

BOARD = ("--board", "--file", "--preset", "--target", "--goal")
RULES = ("--moves", "--distinct")
FROM_GOAL = ("--from-goal", "--component", "--hardest", "--save-table")
MODES = (
    # a saved table answers without a search: nothing to count states of, split or trace
    Mode("--table", ("--table",), (*BOARD, *RULES, "--census", "--from-goal", "--hardest", "--timeout",
                                   "--max-memory", "--json"), left=("--algo", "--save-table")),
    Mode("--from-goal", ("--from-goal",), (*BOARD, *RULES, "--census", *FROM_GOAL, *ENGINE, *LIMITS, "--json")),
    Mode("--census", ("--census",), (*BOARD, *RULES, *ENGINE, *LIMITS, "--json", "--trace"), left=FROM_GOAL),
    Mode("a single solve", (), (*BOARD, "--algo", *RULES, *LIMITS, "--json", "--trace"), left=(*FROM_GOAL, *ENGINE)),
)


def add_board_arguments(parser: argparse.ArgumentParser) -> None:
    cli_support.add_board_arguments(parser, "e.g. hengdao-lima or 横刀立马")
    parser.add_argument("--target", metavar="LETTER", help="the piece that must reach the goal "
                        "(default: the unique largest piece)")
    parser.add_argument("--goal", metavar="X,Y", help="where the target's top-left cell must end, 1-based "
                        "(default: the bottom-middle exit)")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_board_arguments(parser)
    parser.add_argument("--algo", choices=("bfs", "bibfs", "astar", "idastar"),
                        help="search algorithm (default bfs; all give a shortest answer)")
    cli_support.add_solver_arguments(parser, SOLVERS)
    cli_support.add_census_arguments(parser, "count every reachable position instead of solving")
    cli_support.add_limit_arguments(parser)


def board_from_args(args: argparse.Namespace) -> kboard.Board:
    board = kboard.parse(cli_support.board_text(args, registry.get("klotski")))
    if args.target is not None:
        if board.piece(args.target) is None:
            raise InputError(f"--target {args.target!r} is not a piece on the board")
        board = replace(board, target=args.target)
    if args.goal is not None:
        board = replace(board, goal=parse_cell(args.goal, "--goal"))
    kboard.validate(board)
    return board


def run(args: argparse.Namespace, console: Console) -> int:
    board = board_from_args(args)
    chosen = cli_support.solver_values(args, SOLVERS)
    options = {**chosen, **cli_support.census_options(args)}
    described = {"convention": chosen["moves"], "distinct": chosen["distinct"]}
    if cli_support.distance_mode(args):
        return cli_support.run_distances(args, registry.get("klotski"), board, options, console, render, described)
    solver = "census" if args.census else (args.algo or "bfs")
    limits = cli_support.limits_from(args)
    solution = cli_support.run_job(lambda control: solve(board, solver, options, control, limits), limits,
                                   trace=args.trace)
    if args.json:
        cli_support.print_json(cli_support.solution_json(solution, **described))
        return ExitCode.OK
    console.print(render(board))
    for line in cli_support.summary_lines(solution, f"{headline(solution)} ({chosen['moves']} convention)"):
        console.print(line, highlight=False)
    census = solution.details.get("census")
    if census:
        shortest = census["goal_depth"]
        console.print(f"shortest solution: {f'{shortest} moves' if shortest is not None else 'none'}",
                      highlight=False)
    elif len(solution.steps) > 1:
        cli_support.print_steps(console, solution, render)
    return ExitCode.OK


__all__ = ["add_arguments", "add_board_arguments", "board_from_args", "run", "PRESETS"]
