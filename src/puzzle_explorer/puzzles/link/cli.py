"""`puzzle-explorer solve link …`: a path between two cells, clearing a board, a hint, the contest form."""
from __future__ import annotations

import argparse
import sys
from dataclasses import replace

from rich.console import Console

from puzzle_explorer.core.errors import InputError
from puzzle_explorer.core.run.exit_codes import ExitCode
from puzzle_explorer.core.run.status import Status
from puzzle_explorer.puzzles import registry
from puzzle_explorer.puzzles.interface import JSON, Solution, View
from puzzle_explorer.puzzles.kit import cli_support, typed
from puzzle_explorer.puzzles.kit.engines import run_line
from puzzle_explorer.puzzles.kit.modes import ENGINE, LIMITS, Mode
from puzzle_explorer.puzzles.kit.text import Cell, cell_text, parse_cell, parse_size
from puzzle_explorer.puzzles.link import board as lboard
from puzzle_explorer.puzzles.link.board import Board
from puzzle_explorer.puzzles.link.editor import default_kinds
from puzzle_explorer.puzzles.link.kernels.generate import generate
from puzzle_explorer.puzzles.link.render import cell_size, render
from puzzle_explorer.puzzles.link.solve import GRAVITY, OUTSIDE, SEGMENTS, SOLVERS, headline, solve

# the board's own rules, which --max-segments, --no-outside and --gravity set on the board itself
BOARD_RULES = (SEGMENTS, OUTSIDE, GRAVITY)


def add_board_arguments(parser: argparse.ArgumentParser) -> None:
    cli_support.add_board_arguments(parser, "e.g. the-game, walled-13x11, shisen-18x8")
    parser.add_argument("--generate", metavar="WxH", help="a new clearable board of this size instead "
                        "(with --kinds and --seed)")
    parser.add_argument("--kinds", type=typed.positive_int, metavar="K",
                        help="tile kinds on a generated board (default: four tiles a kind)")
    parser.add_argument("--seed", type=typed.seed, metavar="S",
                        help="random seed of the generator (default: random)")
    parser.add_argument("--from", dest="from_", metavar="X,Y", help="one end of the path, 1-based")
    parser.add_argument("--to", metavar="X,Y", help="the other end of the path, 1-based")
    parser.add_argument("--max-segments", type=typed.positive_int, metavar="N",
                        help="most segments a link may have (default: the board's rule; else no limit for a "
                             "path, the game's 3 to clear)")
    parser.add_argument("--no-outside", action="store_true", help="paths may not leave the board")
    parser.add_argument("--gravity", action="store_true",
                        help="tiles fall after a removal (one row per removed tile below them)")


# --contest reads everything from standard input: every other flag is refused
BOARD = ("--board", "--file", "--preset", "--generate", "--kinds", "--seed", "--max-segments", "--no-outside",
         "--gravity")
CHOICE = ("--from", "--to", "--clear", "--hint")  # one of them: the family's check says so in its words
OUTPUT = (*LIMITS, "--json", "--trace")
MODES = (
    Mode("--contest", ("--contest",), ()),
    Mode("--estimate", ("--estimate",), (*BOARD, "--clear", *ENGINE, "--checkpoint", *LIMITS, "--json"),
         left=("--from", "--to", "--hint")),
    Mode("--clear", ("--clear",), (*BOARD, *ENGINE, "--checkpoint", *OUTPUT), left=CHOICE),
    # a hint and a path are one search here each: no workers
    Mode("--hint", ("--hint",), (*BOARD, *OUTPUT), left=CHOICE),
    Mode("--from", ("--from", "--to"), (*BOARD, "--from", "--to", *OUTPUT), left=CHOICE),
    Mode("--generate", ("--generate",), (*BOARD, "--json")),  # the board alone, printed
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_board_arguments(parser)
    cli_support.add_switches(parser, {
        "--clear": "find an order of removals that clears the board, or prove there is none",
        "--estimate": "with --clear: print only an estimate of the search's nodes and time (a random sample of "
                      "the subtrees it is cut into, searched for about three seconds)",
        "--hint": "a pair whose removal keeps the board clearable",
        "--contest": "answer the classic contest input ('w h', rows of X and spaces, pairs 'x1 y1 x2 y2' up to "
                     "'0 0 0 0', boards up to '0 0') from standard input"})
    cli_support.add_solver_arguments(parser, SOLVERS, leave=BOARD_RULES)
    cli_support.add_engine_arguments(parser, checkpoint=True)
    cli_support.add_limit_arguments(parser)


def _endpoint(board: Board, text: str, flag: str) -> Cell:
    cell = parse_cell(text, flag)
    if not board.inside(cell):
        raise InputError(f"{flag} {text} is off the {board.width}x{board.height} board "
                         f"(x 1..{board.width}, y 1..{board.height})")
    return cell


def load(args: argparse.Namespace) -> tuple[Board, int | None]:
    """The board from the arguments with the rule flags applied, and the generator seed if generated."""
    seed = None
    if args.generate is not None:
        if cli_support.board_given(args):
            raise InputError("--generate makes its own board: leave out --board, --file and --preset")
        w, h = parse_size(args.generate, "--generate")
        seed = args.seed if args.seed is not None else __import__("random").randrange(2**31)
        kinds = args.kinds if args.kinds is not None else default_kinds(w, h)
        board = generate(w, h, kinds, seed=seed, gravity=args.gravity, outside=not args.no_outside,
                         max_segments=args.max_segments)
    else:
        for flag in ("kinds", "seed"):
            if getattr(args, flag) is not None:
                raise InputError(f"--{flag} goes with --generate")
        board = lboard.parse(cli_support.board_text(args, registry.get("link")))
    if args.max_segments is not None:
        board = replace(board, max_segments=args.max_segments)
    if args.no_outside:
        board = replace(board, outside=False)
    if args.gravity:
        board = replace(board, gravity=True)
    if (args.from_ is None) != (args.to is None):
        raise InputError("give both --from and --to")
    if args.from_ is not None:
        a = _endpoint(board, args.from_, "--from")
        b = _endpoint(board, args.to, "--to")
        if a == b:
            raise InputError(f"--from and --to are the same cell {cell_text(a)}")
        board = replace(board, marked=(a, b))
    lboard.validate(board)
    return board, seed


def board_from_args(args: argparse.Namespace) -> Board:
    return load(args)[0]


def _mode(args: argparse.Namespace) -> str:
    chosen = [m for m, on in (("path", args.from_ is not None), ("clear", args.clear), ("hint", args.hint))
              if on]
    if len(chosen) > 1:
        raise InputError("choose one of --from/--to, --clear and --hint")
    if chosen:
        return chosen[0]
    if args.generate is not None:
        return "show"
    raise InputError("nothing to solve: give --from X,Y --to X,Y, --clear, --hint or --contest")


def run_contest(args: argparse.Namespace) -> int:
    from puzzle_explorer.puzzles.link.contest import answer

    try:
        answer(sys.stdin, sys.stdout)
    finally:
        sys.stdout.flush()
    return ExitCode.OK


def options_from(args: argparse.Namespace, split: bool) -> JSON:
    """The solver's options: the segment limit, and where a search that splits (`split`) runs."""
    engine = cli_support.engine_options(args) if split else {}
    return {**cli_support.solver_values(args, SOLVERS, leave=BOARD_RULES), "max_segments": args.max_segments or 0,
            **engine}


def run(args: argparse.Namespace, console: Console) -> int:
    if args.contest:
        return run_contest(args)
    if args.estimate and not args.clear:
        raise InputError("--estimate goes with --clear")
    board, seed = load(args)
    mode = _mode(args)
    extra = {"seed": seed, "board": lboard.format_board(replace(board, marked=()))} if seed is not None else {}
    if args.estimate:
        return _print_estimate(console, board, args, extra)
    if mode == "show":
        if args.json:
            cli_support.print_json({**extra, "width": board.width, "height": board.height,
                           "kinds": len(board.kind_counts()), "tiles": len(board.tiles())})
        else:
            console.print(lboard.format_board(board), end="", markup=False, highlight=False)
            console.print(f"seed {seed}", style="dim", highlight=False)
        return ExitCode.OK
    limits = cli_support.limits_from(args)
    cli_support.engine_from(args)
    options = options_from(args, split=mode == "clear")
    solution = cli_support.run_job(lambda control: solve(board, mode, options, control, limits), limits,
                                   trace=args.trace)
    if args.json:
        cli_support.print_json(cli_support.solution_json(solution, **extra))
        return ExitCode.OK
    shown = solution.steps[-1].board if mode in ("hint", "path") else board
    wide, _ = cell_size(0)
    zoom = 0 if (board.width + 2) * wide <= console.width else 1  # one character a cell when it would not fit
    console.print(render(shown, View(zoom=zoom)), no_wrap=True, overflow="crop")
    if seed is not None:
        console.print(f"generated with seed {seed}", style="dim", highlight=False)
    d = solution.details
    if mode == "path":
        _print_path(console, solution)
    else:
        for line in cli_support.summary_lines(solution, headline(solution)):
            console.print(line, highlight=False)
        if d.get("reason") and solution.status == Status.UNSOLVABLE:
            console.print(d["reason"], highlight=False)
        if workers := run_line(solution):
            console.print(workers, highlight=False)
        if mode == "clear":
            for i, step in enumerate(solution.steps[1:], start=1):
                console.print(f"{i:>4}. {step.label}", highlight=False)
        elif "unchecked" in d:
            (x1, y1), (x2, y2) = d["unchecked"]["pair"]
            console.print(f"the search was trying {d['unchecked']['kind']} {x1},{y1} + {x2},{y2} first: it links, "
                          "but is not known to keep the board clearable", highlight=False)
    return ExitCode.OK


def _print_path(console: Console, solution: Solution) -> None:
    d = solution.details
    s = solution.stats
    timing = f"search: {s.elapsed_s * 1e6:.0f} µs, {s.nodes_expanded:,} states expanded"
    console.print(headline(solution), highlight=False)
    if solution.status == Status.SOLVED:
        console.print("path: " + " → ".join(f"{x},{y}" for x, y in d["path"]), highlight=False)
    console.print(timing, highlight=False)


def _print_estimate(console: Console, board: Board, args: argparse.Namespace, extra: JSON) -> int:
    from puzzle_explorer.puzzles.link.estimate import estimate_clear

    cli_support.engine_from(args)
    options = options_from(args, split=True)
    guess = estimate_clear(board, options, cli_support.limits_from(args))
    if args.json:
        cli_support.print_json({**guess.as_json(), **extra})
        return ExitCode.OK
    if "seed" in extra:
        console.print(f"generated with seed {extra['seed']}", style="dim", highlight=False)
    for line in guess.lines():
        console.print(line, highlight=False)
    return ExitCode.OK
