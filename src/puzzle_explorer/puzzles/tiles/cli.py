"""`puzzle-explorer solve tiles …`: one board, a batch file, or building the pattern databases."""
from __future__ import annotations

import argparse
import random
from dataclasses import replace
from typing import Any

from rich.console import Console

from puzzle_explorer.core.errors import InputError
from puzzle_explorer.core.run.exit_codes import ExitCode
from puzzle_explorer.core.run.runner import CancelledBeforeSearch
from puzzle_explorer.core.run.search import Limits
from puzzle_explorer.core.run.status import Status
from puzzle_explorer.core.sizes import describe_bytes
from puzzle_explorer.puzzles import registry
from puzzle_explorer.puzzles.interface import JSON, View
from puzzle_explorer.puzzles.kit import cli_support, typed
from puzzle_explorer.puzzles.kit.distances import SOLVER_ID as DISTANCES
from puzzle_explorer.puzzles.kit.engines import run_line
from puzzle_explorer.puzzles.kit.modes import ENGINE, LIMITS, Mode
from puzzle_explorer.puzzles.tiles import batch as B
from puzzle_explorer.puzzles.tiles import pdb as D
from puzzle_explorer.puzzles.tiles.board import Board, inline, parse, parse_goal, parse_size, solved_tiles
from puzzle_explorer.puzzles.tiles.editor import random_walk
from puzzle_explorer.puzzles.tiles.kernels import patterns as P
from puzzle_explorer.puzzles.tiles.presets import PRESETS
from puzzle_explorer.puzzles.tiles.render import render
from puzzle_explorer.puzzles.tiles.solve import (
    SOLVER_IDS,
    SOLVERS,
    estimate_idastar,
    headline,
    partition_for,
    solve,
)

size_value = typed.option_type(parse_size)
ALGOS = tuple(a for a in SOLVER_IDS if a != DISTANCES)  # the census from the goal: --census --from-goal
SPLIT_ALGOS = (None, "auto", "idastar")  # the searches whose large iterations split over workers


def add_board_arguments(parser: argparse.ArgumentParser) -> None:
    cli_support.add_board_arguments(parser, "e.g. korf-1 or hardest-8a; see `puzzle-explorer list`")
    parser.add_argument("--shuffle", type=typed.positive_int, metavar="N",
                        help="solve a board N random moves from the goal (of --size, default 4x4)")
    parser.add_argument("--seed", type=typed.seed, metavar="S", help="random seed for --shuffle")
    parser.add_argument("--size", type=size_value, metavar="WxH",
                        help="board size for --shuffle, --build-pdb and batch lines with other columns")
    parser.add_argument("--goal-blank", choices=("first", "last"),
                        help="goal: tiles in order with the blank last (default) or first (Korf's convention)")
    parser.add_argument("--goal", metavar="ROWS", help="any goal arrangement of the same tiles, like the board")


BOARD = ("--board", "--file", "--preset", "--shuffle", "--seed", "--size", "--goal-blank", "--goal")
SEARCH = ("--algo", "--pdb", "--heuristic")
FROM_GOAL = ("--from-goal", "--component", "--hardest", "--save-table")
TABLES = ("--census", *FROM_GOAL, "--table")  # the census from the goal and its saved table
MODES = (
    Mode("--build-pdb", ("--build-pdb",), (*BOARD, "--pdb", *LIMITS, "--json", "--trace")),
    # IDA*'s forecast: nothing searched, nothing traced
    Mode("--estimate", ("--estimate",), (*BOARD, *SEARCH, *ENGINE, *LIMITS, "--json"), left=("--batch", *TABLES)),
    Mode("--batch", ("--batch",), ("--size", "--goal-blank", "--goal", *SEARCH, *ENGINE, *LIMITS, "--json"),
         left=("--board", "--file", "--preset", "--shuffle", "--trace", *TABLES)),
    # a saved table answers without a search: nothing to count states of, split or trace
    Mode("--table", ("--table",), (*BOARD, "--census", "--from-goal", "--hardest", "--timeout", "--max-memory",
                                   "--json"), left=("--algo", "--save-table")),
    Mode("--from-goal", ("--from-goal",), (*BOARD, "--census", *FROM_GOAL, *LIMITS, "--json"), left=ENGINE),
    Mode("--census", ("--census",), (*BOARD, "--algo", *ENGINE, *LIMITS, "--json", "--trace"), left=FROM_GOAL),
    Mode("a single solve", (), (*BOARD, *SEARCH, *ENGINE, *LIMITS, "--json", "--trace"), left=FROM_GOAL),
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_board_arguments(parser)
    parser.add_argument("--batch", metavar="FILE",
                        help="solve every board in FILE, one a line (w*h numbers), then print totals")
    parser.add_argument("--algo", choices=ALGOS,
                        help="auto (default: the fastest optimal search the board allows, and says which), "
                             "idastar, astar, bibfs, bfs, census, or rows (fast, not shortest)")
    cli_support.add_solver_arguments(parser, SOLVERS)
    cli_support.add_switches(parser, {
        "--estimate": "with IDA* (auto, idastar): print only the expected nodes and time of its iterations for "
                      "each length the answer may have (stratified sampling), without searching",
        "--build-pdb": "build the pattern databases for the board's size (or --size, default 4x4) into the user "
                       "cache and exit"})
    cli_support.add_census_arguments(
        parser, "count the positions reachable from the board (as --algo census), or with --from-goal those "
                "that reach the goal, by their distance to it",
        "IDA* (auto, idastar) runs an iteration here while the one before it was small, and splits larger ones "
        "into subtrees over the workers, with the same answer and node counts; " + cli_support.CENSUS_ENGINE_HELP
        + " (the census from the goal sweeps its table in this process)")
    cli_support.add_limit_arguments(parser)


def _apply_goal(board: Board, args: argparse.Namespace) -> Board:
    if args.goal is not None:
        return replace(board, goal=parse_goal(args.goal, board.width, board.height))
    if args.goal_blank is not None:
        first = args.goal_blank == "first"
        return replace(board, goal=solved_tiles(board.width, board.height, True) if first else None)
    return board


def board_from_args(args: argparse.Namespace) -> Board:
    """The board from --board/--file/--preset or --shuffle, with the goal options applied."""
    given = cli_support.board_given(args)
    if args.shuffle is not None:
        if given:
            raise InputError("--shuffle makes its own board: leave out --board, --file and --preset")
        width, height = args.size or (4, 4)
        goal = _apply_goal(Board(width, height, solved_tiles(width, height)), args)
        return random_walk(goal.with_tiles(goal.goal_tiles()), args.shuffle, random.Random(args.seed))
    board = _apply_goal(parse(cli_support.board_text(args, registry.get("tiles"))), args)
    if args.size is not None and args.size != (board.width, board.height):
        raise InputError(f"--size {args.size[0]}x{args.size[1]} but the board is {board.width}x{board.height}")
    return board


def _options(args: argparse.Namespace) -> JSON:
    """The solver's options; the engine arguments go to a census or to IDA* (auto, idastar)."""
    options = cli_support.solver_values(args, SOLVERS)
    if args.census:
        return {**options, **cli_support.census_options(args)}
    if args.algo not in SPLIT_ALGOS:
        if cli_support.engine_asked(args):
            raise InputError(f"--engine, --workers and --address split IDA* (--algo auto or idastar) or a census "
                             f"over workers, not --algo {args.algo}")
        return options
    cli_support.engine_from(args)
    return {**options, **cli_support.engine_options(args)}


# --- building the databases -----------------------------------------------------------------------

def build(args: argparse.Namespace, console: Console) -> int:
    """--build-pdb: the tables for the board's shape (or --size), within the limits given."""
    given = cli_support.board_given(args)
    width, height = args.size or (4, 4)
    board = board_from_args(args) if given else _apply_goal(Board(width, height, solved_tiles(width, height)), args)
    pdb = cli_support.solver_values(args, SOLVERS)["pdb"]
    if pdb == "auto":  # the shape's default, not a larger one that happens to be built
        part = P.partition(board.width, board.height, board.goal_tiles().index(0))
    else:
        part = partition_for(board, pdb)
    def say(status: str, text: str, **fields: Any) -> int:
        """What came of it: a line of words, or with --json an object (the limit named, as a search's)."""
        if args.json:
            cli_support.print_json({"status": status, **fields, "databases": part.label(), "note": text})
        else:
            console.print(text, highlight=False)
        return ExitCode.OK

    dbs = D.open_databases(part)
    if dbs is not None:
        return say("built", f"pattern databases already built: {dbs.describe()}", already=True)
    need = D.build_memory(part)
    if not D.fits_memory(part, args.max_memory):
        return say("limit", f"not built: the {part.label()} pattern databases need {describe_bytes(need)} to build, "
                   "more than the memory budget", limit="memory")
    if args.max_states is not None and args.max_states < part.entries():
        return say("limit", f"not built: the {part.label()} pattern databases fill {part.entries():,} entries, more "
                   "than --max-states", limit="states")
    err = Console(stderr=True)
    if refused := D.stale(part):
        err.print(refused, highlight=False, soft_wrap=True)
    err.print(f"building the {part.label()} pattern databases: {D.describe(part)}; this needs "
              f"{describe_bytes(need)} and may take about {D.build_seconds(part):,.0f} s",
              highlight=False, soft_wrap=True)
    path, seconds = cli_support.run_build(lambda control: D.build(part, control), "building the pattern databases",
                                 part.entries(), "entries", "moves", args.timeout, trace=args.trace)
    if path is None:
        if args.json:
            return say("stopped", "the build was stopped; nothing was written")
        err.print("the build was stopped; nothing was written", highlight=False)
        return ExitCode.OK
    return say("built", f"pattern databases: {D.describe(part, path, seconds)}", already=False, file=str(path))


# --- one board ---------------------------------------------------------------------------------------

def _extras(board: Board) -> JSON:
    return {"width": board.width, "height": board.height, "board": inline(board),
            "goal": inline(board, board.goal_tiles())}


def run_one(args: argparse.Namespace, console: Console) -> int:
    board = board_from_args(args)
    if cli_support.distance_mode(args):
        if cli_support.engine_asked(args):
            raise InputError("--census --from-goal sweeps its table in this process: leave out --engine, "
                             "--workers and --address")
        return cli_support.run_distances(args, registry.get("tiles"), board, {}, console, render,
                                _extras(board))
    if args.census:
        if args.algo not in (None, "census"):
            raise InputError(f"--census counts positions; --algo {args.algo} solves: give one of them")
        args.algo = "census"
    args.algo = args.algo or "auto"
    limits = cli_support.limits_from(args)
    if args.estimate:
        return print_estimate(args, board, limits, console)
    solution = cli_support.run_job(lambda control: solve(board, args.algo, _options(args), control, limits), limits,
                          trace=args.trace)
    if args.json:
        cli_support.print_json(cli_support.solution_json(solution, **_extras(board)))
        return ExitCode.OK
    console.print(render(board, View(zoom=1)))
    head, *search = cli_support.summary_lines(solution, headline(solution))
    d = solution.details

    def say(text: str) -> None:
        console.print(text, highlight=False)

    say(head)
    if solution.status == Status.UNSOLVABLE and "reason" in d:
        say(f"why: {d['reason']}")
    if "chosen" in d and (solution.searched or solution.status != Status.UNSOLVABLE):
        say(f"solver: {d['chosen']}" + (f" ({d['why']})" if args.algo == "auto" and d.get("why") else ""))
    for line in search:  # how the search went, and any note on its budget
        say(line)
    if workers := run_line(solution):
        say(workers)
    if "pdb_refused" in d:
        say(f"note: {d['pdb_refused']}")
    if "databases" in d:
        built = " (built now)" if "pdb_built_s" in d else ""
        say(f"pattern databases{built}: {d['databases']}")
    if len(solution.steps) > 1:
        tiles = " ".join(str(step.data["tile"]) for step in solution.steps[1:])
        say(f"moves (the tile that slides each time): {tiles}")
    return ExitCode.OK


# --- a batch ------------------------------------------------------------------------------------------

def run_batch(args: argparse.Namespace, console: Console) -> int:
    """Every line's length, nodes and time as it is solved, then the totals; a cancel, a limit or
    Ctrl-C ends the batch early and the totals say after how many lines."""
    if cli_support.board_given(args) or args.shuffle is not None:
        raise InputError("--batch reads its boards from the file: leave out --board, --file, --preset, --shuffle")
    if args.trace:
        raise InputError("--trace follows one search; --batch runs one per line: leave out --trace")
    lines = B.read_file(args.batch, args.size)
    goal = B.with_goal(args.goal, None if args.goal_blank is None else args.goal_blank == "first")
    for line in lines:  # every goal is checked before any search starts
        if goal is not None:
            goal(line.board)
    limits = cli_support.limits_from(args)
    rows: list[JSON] = []
    batch = B.Batch()

    def show(result: B.Result) -> None:
        s = result.solution
        row = {"line": result.line.number, "status": s.status.value, "length": s.length,
               "nodes_expanded": s.stats.nodes_expanded, "elapsed_s": round(s.stats.elapsed_s, 6)}
        rows.append(row)
        if not args.json:
            length = f"{s.length:>6}" if s.length is not None else f"{'-':>6}"
            note = "" if s.status == Status.SOLVED else f"  {s.status.value}"
            console.print(f"{row['line']:>5} {length} {s.stats.nodes_expanded:>15,} {s.stats.elapsed_s:>10.3f}{note}",
                          highlight=False)

    if not args.json:
        console.print(f"{'line':>5} {'moves':>6} {'expanded':>15} {'seconds':>10}", highlight=False)
    try:
        cli_support.run_job(lambda control: B.run(lines, goal, args.algo, _options(args), control, limits, show, batch),
                   limits)
    except CancelledBeforeSearch:
        if not batch.results:
            raise  # nothing was searched: the command says so
        batch.stopped = Status.CANCELLED  # stopped while the next board's solver was loading
    solved, moves, stats = batch.totals()
    chosen = batch.results[0].solution.details.get("chosen", "") if batch.results else ""
    if args.json:
        cli_support.print_json({"boards": rows, "solved": solved, "moves": moves, "nodes_expanded": stats.nodes_expanded,
                       "elapsed_s": round(stats.elapsed_s, 6), "solver": chosen,
                       "stopped": batch.stopped.value if batch.stopped else None})
        return ExitCode.OK
    ended = f" (stopped: {batch.stopped.value} after {len(batch.results)} of {len(lines)})" if batch.stopped else ""
    console.print(f"total: {solved} of {len(lines)} boards solved, {moves:,} moves, {stats.nodes_expanded:,} "
                  f"expanded, {stats.elapsed_s:.3f} s of search{ended}; solver: {chosen}", highlight=False)
    return ExitCode.OK


def print_estimate(args: argparse.Namespace, board: Board, limits: Limits, console: Console) -> int:
    """--estimate: a row for each length the answer may have, with the nodes and time of IDA*'s
    iterations up to it; nothing is searched."""
    from puzzle_explorer.core.estimate.dives import duration, spread
    from puzzle_explorer.core.scale.tasks import worker_count
    from puzzle_explorer.puzzles.tiles.kernels.estimate import PROBES

    if args.algo not in SPLIT_ALGOS:
        raise InputError(f"--estimate forecasts IDA* (--algo auto or idastar), not --algo {args.algo}")
    options = _options(args)
    got = cli_support.run_job(lambda control: estimate_idastar(board, args.algo, options, control, limits), limits)
    workers = worker_count(cli_support.engine_from(args), 1 << 30)
    speed = got.rate * workers
    if args.json:
        cli_support.print_json({"estimate": {
            "solver": got.chosen.describe(), "shortest_at_least": got.h0, "probes": PROBES,
            "nodes_per_s": round(got.rate), "workers": workers, "reason": got.reason or None,
            "rows": [r.as_json(speed) for r in got.rows], **got.details}, **_extras(board)})
        return ExitCode.OK

    def say(text: str) -> None:
        console.print(text, highlight=False)

    if got.reason:
        say(f"no search: {got.reason}")
        return ExitCode.OK
    if got.stop is not None:
        say(f"no estimate: {got.stop.note or got.stop.status.value}")
        return ExitCode.OK
    say(f"{got.chosen.describe()}: the answer is {got.h0} moves or more")
    say(f"{'moves':>5}  {'its iteration':>22}  {'every iteration to it':>22}  {'time':>12}")
    for r in got.rows:
        time = f"~{duration(r.total / speed)}" if speed else "?"
        say(f"{r.bound:>5}  {'~' + f'{r.nodes:.3g}':>12} {f'({spread(r.nodes, r.nodes_se)})':>9}  "
            f"{'~' + f'{r.total:.3g}':>12} {f'({spread(r.total, r.total_se)})':>9}  {time:>12}")
    on = f"; times on {workers} workers" if workers > 1 else ""
    say(f"the nodes of each iteration from {PROBES:,} stratified samples; the last one stops at the answer, "
        f"so a search of that length takes at most about the time shown; {got.rate:,.0f} nodes/s measured on "
        f"one worker{on}" if speed else f"the nodes of each iteration from {PROBES:,} stratified samples; "
        "the last one stops at the answer, so a search of that length enters at most about that many")
    return ExitCode.OK


def run(args: argparse.Namespace, console: Console) -> int:
    if args.goal is not None and args.goal_blank is not None:
        raise InputError("give --goal or --goal-blank, not both")
    if args.estimate:
        for asked, flag in ((args.build_pdb, "--build-pdb"), (args.batch is not None, "--batch"),
                            (args.census, "--census"), (cli_support.distance_mode(args), "--from-goal and --table")):
            if asked:
                raise InputError(f"--estimate forecasts IDA*: leave out {flag}")
    if args.build_pdb:
        return build(args, console)
    if args.batch is not None:
        if args.census or cli_support.distance_mode(args):
            raise InputError("--batch solves each line: leave out --census, --from-goal and --table")
        args.algo = args.algo or "auto"
        return run_batch(args, console)
    return run_one(args, console)


__all__ = ["add_arguments", "add_board_arguments", "board_from_args", "run", "PRESETS"]
