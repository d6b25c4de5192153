"""`puzzle-explorer solve die …`"""
from __future__ import annotations

import argparse
from dataclasses import replace

from rich.console import Console

from puzzle_explorer.core.errors import InputError
from puzzle_explorer.puzzles.die import board as dboard
from puzzle_explorer.puzzles.die.orientation import GOAL_FACES
from puzzle_explorer.puzzles.die.render import render
from puzzle_explorer.puzzles.die.solve import (
    GOAL_FACE,
    KEEP,
    MAX_KEEP,
    TourSolution,
    estimate_tours,
    headline,
    solve,
    tours_json,
)
from puzzle_explorer.puzzles.kit import cli_support, numbers
from puzzle_explorer.puzzles.kit.engines import engine_options, estimate_workers, run_line
from puzzle_explorer.puzzles.kit.text import cell_text


@cli_support.option_type
def tours_kept(text: str) -> int:
    return numbers.whole(text, "", 1, MAX_KEEP, grouped=True)


def add_board_arguments(parser: argparse.ArgumentParser) -> None:
    source = parser.add_mutually_exclusive_group()
    source.add_argument("--board", metavar="TEXT",
                        help="the board inline: rows of . (open) # (blocked) S (start) G (goal) separated by '/'")
    source.add_argument("--file", metavar="PATH", help="read the board from a file")
    source.add_argument("--preset", metavar="NAME", help="a named board (e.g. classic-8x8)")
    source.add_argument("--size", metavar="WxH", help="an open board of this size (up to 12x12)")
    parser.add_argument("--start", metavar="X,Y", help="the start cell, 1-based (default: the board's S, or 1,1)")
    parser.add_argument("--goal", metavar="X,Y", help="the goal cell, 1-based (default: the board's G, "
                        "or the bottom-left cell)")
    parser.add_argument("--blocked", metavar="'X,Y;X,Y'", help="cells to block, 1-based, separated by ';'")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_board_arguments(parser)
    parser.add_argument("--goal-face", choices=GOAL_FACES, default=GOAL_FACE.default,
                        help="the marked face at the goal: up (on top, the default), not-up, or any")
    parser.add_argument("--all", action="store_true",
                        help="find every tour: the exact count, and the first --keep of them listed")
    parser.add_argument("--no-pruning", action="store_true",
                        help="try every roll the rules allow, without the exact pruning (same tours, more nodes)")
    parser.add_argument("--estimate", action="store_true",
                        help="with --all: print only Knuth's estimate of the count's nodes, tours and time (random "
                             "dives down the search tree), without counting")
    parser.add_argument("--keep", type=tours_kept, default=KEEP.default, metavar="N",
                        help=f"with --all: how many tours to list (default {KEEP.default}, at most {MAX_KEEP:,})")
    cli_support.add_engine_arguments(parser, checkpoint=True)
    cli_support.add_limit_arguments(parser)


def _family():
    from puzzle_explorer.puzzles.die import FAMILY
    return FAMILY


def board_from_args(args) -> dboard.Board:
    """The board the arguments describe, validated."""
    if args.size is not None:
        board = dboard.open_board(*dboard.parse_size(args.size))
    elif args.board is None and args.file is None and args.preset is None:
        raise InputError("no board: give --board TEXT, --file PATH, --preset NAME or --size WxH")
    else:
        board = dboard.parse(cli_support.board_text(args, _family()))
    if args.start is not None:
        board = replace(board, start=dboard.parse_cell(args.start, "--start"))
    if args.goal is not None:
        board = replace(board, goal=dboard.parse_cell(args.goal, "--goal"))
    if args.blocked is not None:
        cells = dboard.parse_cells(args.blocked, "--blocked cell")
        for c in cells:
            if not board.inside(c):
                raise InputError(f"--blocked cell {cell_text(c)} is off the "
                                 f"{board.width}x{board.height} board")
        board = replace(board, blocked=board.blocked | frozenset(cells))
    dboard.validate(board)
    return board


def rolls_text(solution_path: list[dict]) -> str:
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
            console.print(f"{i:>4}. {rolls_text(path)}", highlight=False, soft_wrap=True)
        if n > len(paths):
            console.print(f"      … and {n - len(paths):,} more (--keep N lists more)", highlight=False)
    elif solution.tours:
        console.print(f"rolls: {rolls_text(tours_json(solution.tours[:1])[0])}", highlight=False, soft_wrap=True)


def _print_estimate(console: Console, board: dboard.Board, options: dict, spec, as_json: bool) -> int:
    guess = estimate_tours(board, options)
    workers = estimate_workers(spec, sum(guess.seconds(1)) if guess else 0.0)
    if as_json:
        cli_support.print_json({"estimate": guess.as_json(workers) if guess else None, "board": board.inline()})
        return cli_support.EXIT_OK
    if guess is None:
        console.print("the board's obstacles rule out every tour: nothing to count", highlight=False)
    else:
        console.print(f"estimate: {guess.text(workers, 'tours')}", highlight=False, soft_wrap=True)
    return cli_support.EXIT_OK


def run(args, console: Console) -> int:
    board = board_from_args(args)
    solver = "all" if args.all else "dfs"
    options = {"goal_face": args.goal_face, "keep": args.keep, "pruning": not args.no_pruning,
               **engine_options(args)}
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
        return cli_support.EXIT_OK
    _print_human(console, board, solution, args.all)
    return cli_support.EXIT_OK

