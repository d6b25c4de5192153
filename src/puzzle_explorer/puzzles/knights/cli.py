"""`puzzle-explorer solve knights …`"""
from __future__ import annotations

import argparse
import json
import sys
from dataclasses import replace
from typing import Callable, TextIO

from rich.console import Console

from puzzle_explorer.core.errors import InputError
from puzzle_explorer.core.run import interrupts
from puzzle_explorer.core.run.exit_codes import ExitCode
from puzzle_explorer.core.run.status import Status
from puzzle_explorer.core.scale.engine import RAY, EngineSpec
from puzzle_explorer.core.sizes import describe_bytes
from puzzle_explorer.puzzles import registry
from puzzle_explorer.puzzles.interface import JSON, Solution, View
from puzzle_explorer.puzzles.kit import cli_support
from puzzle_explorer.puzzles.kit.engines import estimate_workers, run_line
from puzzle_explorer.puzzles.kit.modes import ENGINE, LIMITS, Mode
from puzzle_explorer.puzzles.kit.text import parse_cell
from puzzle_explorer.puzzles.knights import board as kboard
from puzzle_explorer.puzzles.knights.render import number_width, render
from puzzle_explorer.puzzles.knights.solve import (
    SOLVER_IDS,
    SOLVERS,
    board_json,
    estimate_count,
    headline,
    solve,
    tours_word,
)
from puzzle_explorer.puzzles.knights.tour import Tour

DRAW_UP_TO = 40  # boards up to this many squares a side are drawn with their tour
JSON_CHUNK = 50_000  # squares written at a time, so a million-square tour never sits in memory as text


def add_board_arguments(parser: argparse.ArgumentParser) -> None:
    parser.formatter_class = argparse.RawDescriptionHelpFormatter
    parser.epilog = (
        "Squares are x,y, 1-based: x the column from the left, y the row from the top.\n"
        "--size WxH is W columns wide and H rows tall (8x6: 8 wide, 6 tall); each side 1 to 1000.\n"
        "A board text is rows of '.', '#' (blocked) and 'S' (start), or lines such as\n"
        "'size: 8x6', 'start: 1,1', 'tour: closed', 'blocked: 3,4 5,6'.")
    what = parser.add_argument_group("the board")
    what.add_argument("--size", metavar="WxH", help="board size: W columns wide, H rows tall (1 to 1000 each)")
    what.add_argument("--start", metavar="X,Y", help="start square, 1-based (default 1,1 or the board's S)")
    what.add_argument("--closed", action="store_true", help="the tour must end a knight's move from the start")
    what.add_argument("--blocked", metavar="CELLS", action="append",
                      help="squares the knight may not use, as 'x,y x,y …' (may repeat)")
    cli_support.add_board_arguments(parser, "e.g. chessboard, classic-5x5-centre or big-1000")


BOARD = ("--size", "--start", "--closed", "--blocked", "--board", "--file", "--preset")
# --estimate runs no search: no limits, trace, checkpoint or drawing
SEARCH = ("--algo", "--order", "--method", "--no-board", *ENGINE, "--checkpoint", *LIMITS, "--json", "--trace")
MODES = (
    Mode("--estimate", ("--estimate",), (*BOARD, "--algo", "--count", "--all-starts", *ENGINE, "--json")),
    Mode("--count", ("--count",), (*BOARD, *SEARCH, "--all-starts")),
    # --algo count counts too (its workers, --method), and backtrack reads --order
    Mode("a single solve", (), (*BOARD, *SEARCH), left=("--all-starts",)),
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_board_arguments(parser)
    how = parser.add_argument_group("the search")
    how.add_argument("--algo", choices=SOLVER_IDS, default="warnsdorff",
                     help="warnsdorff (default; any size), warnsdorff-backtrack (complete), backtrack (the article's "
                          "plain search), count (every tour)")
    cli_support.add_solver_arguments(how, SOLVERS, helps={
        "count": "count every tour from the start (pruned; with --algo backtrack: the plain search)",
        "all_starts": "with --count: count from every square and print the counts square by square"})
    cli_support.add_switches(how, {
        "--estimate": "with --count: print only Knuth's estimate of the count's nodes, tours and time (random "
                      "dives down the search tree), without counting",
        "--no-board": "do not draw the board with the tour"})
    cli_support.add_engine_arguments(parser, checkpoint=True)
    cli_support.add_limit_arguments(parser)


def board_from_args(args: argparse.Namespace) -> kboard.Board:
    """The board from --size/--start/--closed/--blocked, or from --board/--file/--preset plus overrides."""
    given = cli_support.board_given(args)
    if given and args.size is not None:
        raise InputError("give either --size or a board (--board, --file, --preset), not both")
    if given:
        board = kboard.parse(cli_support.board_text(args, registry.get("knights")))
    elif args.size is not None:
        width, height = kboard.parse_size(args.size, "--size")
        board = kboard.Board(width, height)
    else:
        raise InputError("no board: give --size WxH (or --board TEXT, --file PATH, --preset NAME)")
    if args.start is not None:
        board = replace(board, start=parse_cell(args.start, "--start"))
    if args.closed:
        board = replace(board, closed=True)
    for cells in args.blocked or ():
        board = replace(board, blocked=board.blocked | kboard.parse_cells(cells, "--blocked square"))
    kboard.validate(board)
    return board


def solver_and_options(args: argparse.Namespace) -> tuple[str, JSON]:
    chosen = cli_support.solver_values(args, SOLVERS)
    if chosen["all_starts"] and not chosen["count"]:
        raise InputError("--all-starts goes with --count")
    if args.estimate and not chosen["count"]:
        raise InputError("--estimate goes with --count")
    if args.algo == "backtrack" and args.estimate:
        raise InputError("--estimate estimates the pruned counter (--algo count), not --algo backtrack")
    if args.algo == "backtrack":
        if chosen["all_starts"]:
            raise InputError("--all-starts counts with the pruned counter (--algo count), not --algo backtrack")
        return "backtrack", {"order": chosen["order"], "count": chosen["count"]}
    if chosen["count"] or args.algo == "count":
        return "count", {"all_starts": chosen["all_starts"], "method": chosen["method"],
                         **cli_support.engine_options(args)}
    return args.algo, {}


def run(args: argparse.Namespace, console: Console) -> int:
    board = board_from_args(args)
    solver, options = solver_and_options(args)
    spec = cli_support.engine_from(args)
    if args.estimate:
        return print_estimate(console, board, bool(options.get("all_starts")), spec, args.json)
    limits = cli_support.limits_from(args)
    solution = cli_support.run_job(lambda control: solve(board, solver, options, control, limits), limits,
                                   trace=args.trace)
    if args.json:
        with interrupts.holding():  # a tour of a million squares takes seconds to write: whole or not at all
            write_json(solution, sys.stdout)
            sys.stdout.flush()
        return ExitCode.OK
    print_human(console, board, solution, draw=not args.no_board)
    return ExitCode.OK


# --- output ---------------------------------------------------------------------------------

def print_estimate(console: Console, board: kboard.Board, all_starts: bool, spec: EngineSpec, as_json: bool) -> int:
    guess = estimate_count(board, all_starts, spec)
    workers = estimate_workers(spec, sum(guess.seconds(1)) if guess else 0.0)
    if as_json:
        cli_support.print_json({"estimate": guess.as_json(workers, tours_word(board)) if guess else None,
                                "board": board_json(board)})
        return ExitCode.OK
    console.print(_describe(board, all_starts), highlight=False)
    if guess is None:
        console.print("theory rules out a tour from every start: nothing to count", highlight=False)
    else:
        console.print(f"estimate: {guess.text(workers, tours_word(board))}", highlight=False)
    return ExitCode.OK


def _describe(board: kboard.Board, every_square: bool = False) -> str:
    kind = "closed" if board.closed else "open"
    holes = f", {len(board.blocked)} blocked" if board.blocked else ""
    start = "every square" if every_square else f"{board.start[0] + 1},{board.start[1] + 1}"
    return f"{kind} knight's tour on {board.width}x{board.height}{holes}, from {start}"


def _theory(verdict: JSON) -> str:
    word = {True: "a tour exists", False: "no tour", None: "unknown"}[verdict["exists"]]
    return f"theory: {word}: {verdict['reason']}"


def print_human(console: Console, board: kboard.Board, solution: Solution, draw: bool = True) -> None:
    def say(text: str) -> None:
        console.print(text, highlight=False, markup=False)

    d = solution.details
    say(_describe(board, "per_square" in d or "every_square" in d))
    if "existence" in d:
        say(_theory(d["existence"]))
    head, *search = cli_support.summary_lines(solution, headline(solution))
    say(head)
    if "solutions" in d and board.closed and solution.status == Status.SOLVED:
        say("closed tours: each cycle counted once in each direction")
    for line in search:  # how the search went, and any note on its budget
        say(line)
    if d.get("method") == "theory":
        return
    if d.get("method"):
        say(f"method: {d['method']}")
    if "every_square" in d:
        say(f"counted: {d['every_square']}")
    if "note" in d:  # why it stopped before it began (the memory it was expected to need)
        say(d["note"])
    if workers := run_line(solution):
        say(workers)
    elif "frontier" in d and "workers" in d["frontier"]:
        unused = d.get("engine_unused")
        if d["frontier"].get("engine") == RAY:
            peaks = d["frontier"].get("actor_peak_rss_bytes")
            say(f"workers: {d['frontier']['workers']} Ray actors, each holding a share of the states"
                + (f" (at most {describe_bytes(max(peaks))} resident in one)" if peaks else ""))
        else:
            say(f"workers: {d['frontier']['workers']} threads on this machine"
                + (f" (--engine {unused} is used by the frontier counter only for the total from every square "
                   "and for closed tours)" if unused else ""))
    if "per_square" in d:
        if solution.status in (Status.SOLVED, Status.UNSOLVABLE):  # a stopped run has counted only some squares: its grid would show zeros for the rest
            _print_counts(say, d)
        return
    if solution.status != Status.SOLVED or len(solution.steps) < 2:
        return
    tour = solution.steps[-1].board.tour
    if draw and board.width <= DRAW_UP_TO and board.height <= DRAW_UP_TO:
        console.print(render(solution.steps[-1].board, View()))
    xy = tour.xy()
    shown = " → ".join(f"{x},{y}" for x, y in xy[:8].tolist())
    more = f" → … → {xy[-1][0]},{xy[-1][1]}" if len(xy) > 8 else ""
    first = "first tour" if "solutions" in d else "tour"
    say(f"{first}: {shown}{more} ({len(xy):,} squares; --json lists them all)")


def _print_counts(say: Callable[[str], None], d: JSON) -> None:
    grid = d["per_square"]
    wide = max(3, max(len(f"{v:,}") for row in grid for v in row if v is not None) + 1)
    say("tours from each square, row by row ('#' blocked):")
    for row in grid:
        say("".join(("#" if v is None else f"{v:,}").rjust(wide) for v in row))


def write_json(solution: Solution, out: TextIO) -> None:
    """The JSON object of the foundation (status, length, moves, stats, …) plus tour. The two lists
    as long as the tour are written a piece at a time, so a million-square tour never sits in
    memory as text or as a million small objects."""
    head = Solution(solution.status, list(solution.steps[:1]), solution.stats, solution.limit, solution.solver,
                    solution.details)
    obj = cli_support.solution_json(head)
    tour = None
    if solution.status == Status.SOLVED and len(solution.steps) > 1:
        tour = solution.steps[-1].board.tour
    elif solution.status == Status.SOLVED and len(solution.steps) == 1 and solution.steps[0].board.tour:
        tour = solution.steps[0].board.tour
    obj["length"] = len(tour) - 1 if tour is not None else None
    obj["moves"] = _TourList(tour, moves=True)
    obj["tour"] = _TourList(tour, moves=False)
    out.write("{")
    for i, (key, value) in enumerate(obj.items()):
        out.write((", " if i else "") + json.dumps(key, ensure_ascii=False) + ": ")
        if isinstance(value, _TourList):
            value.write(out)
        else:
            out.write(json.dumps(value, ensure_ascii=False))
    out.write("}\n")


class _TourList:
    """The tour's moves ({"from": [x, y], "to": [x, y]}) or its squares ([x, y]) as a JSON list,
    written as json.dumps writes it."""

    def __init__(self, tour: Tour | None, moves: bool) -> None:
        self.tour = tour
        self.moves = moves

    def write(self, out: TextIO) -> None:
        if self.tour is None:
            out.write("[]")
            return
        xy = self.tour.xy()
        out.write("[")
        first = 1 if self.moves else 0
        for lo in range(first, len(xy), JSON_CHUNK):
            hi = min(len(xy), lo + JSON_CHUNK)
            if self.moves:
                pairs = zip(xy[lo - 1:hi - 1].tolist(), xy[lo:hi].tolist())
                piece = ", ".join(f'{{"from": [{a[0]}, {a[1]}], "to": [{b[0]}, {b[1]}]}}' for a, b in pairs)
            else:
                piece = ", ".join(f"[{x}, {y}]" for x, y in xy[lo:hi].tolist())
            if lo > first:
                out.write(", ")
            out.write(piece)
        out.write("]")


__all__ = ["add_arguments", "add_board_arguments", "board_from_args", "run", "write_json", "number_width"]
