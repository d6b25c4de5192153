"""What every family's command line shares: limits, loading boards, running a search, printing it."""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Callable

from rich.columns import Columns
from rich.console import Console
from rich.panel import Panel
from rich.text import Text

from core.errors import InputError
from core.progress import Phase, SearchControl, Snapshot
from core.runner import Job
from core.search import Limits
from core.status import Status
from puzzles.interface import Solution, View

EXIT_OK = 0
EXIT_BAD_INPUT = 2


def positive_int(text: str) -> int:
    try:
        value = int(text.replace("_", ""))
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value <= 0:
        raise argparse.ArgumentTypeError(f"{text!r} must be greater than 0")
    return value


def positive_float(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
    if value <= 0:
        raise argparse.ArgumentTypeError(f"{text!r} must be greater than 0")
    return value


def byte_size(text: str) -> int:
    """'512M', '2G', '1000000' -> bytes."""
    units = {"k": 2**10, "m": 2**20, "g": 2**30, "t": 2**40}
    t = text.strip().lower().removesuffix("b").removesuffix("i")
    factor = units.get(t[-1:], 1)
    number = t[:-1] if t[-1:] in units else t
    try:
        value = int(float(number) * factor)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a size like 512M or 2G") from None
    if value <= 0:
        raise argparse.ArgumentTypeError(f"{text!r} must be greater than 0")
    return value


def add_limit_arguments(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group("limits and output")
    group.add_argument("--max-states", type=positive_int, metavar="N",
                       help="stop with status 'limit' after holding N states")
    group.add_argument("--timeout", type=positive_float, metavar="S",
                       help="stop with status 'limit' after S seconds of search")
    group.add_argument("--max-memory", type=byte_size, metavar="SIZE",
                       help="memory budget such as 512M or 4G (default: half of the free memory)")
    group.add_argument("--json", action="store_true", help="print one JSON object instead of the summary")


def add_board_arguments(parser: argparse.ArgumentParser, presets_hint: str) -> None:
    source = parser.add_mutually_exclusive_group()
    source.add_argument("--board", metavar="TEXT", help="the board inline, rows separated by '/'")
    source.add_argument("--file", metavar="PATH", help="read the board from a file")
    source.add_argument("--preset", metavar="NAME", help=f"a named board ({presets_hint})")


def limits_from(args) -> Limits:
    return Limits(max_states=getattr(args, "max_states", None), timeout_s=getattr(args, "timeout", None),
                  max_memory=getattr(args, "max_memory", None))


def board_text(args, family) -> str:
    """The board text given by --board, --file or --preset."""
    if args.board is not None:
        return args.board
    if args.file is not None:
        try:
            return Path(args.file).read_text(encoding="utf-8")
        except OSError as exc:
            raise InputError(f"cannot read board file {args.file}: {exc.strerror}") from None
        except UnicodeDecodeError:
            raise InputError(f"board file {args.file} is not UTF-8 text") from None
    if args.preset is not None:
        for p in family.presets:
            if args.preset in (p.id, p.name):
                return p.text
        raise InputError(f"unknown preset {args.preset!r}; `puzzle-explorer list` shows the presets")
    raise InputError("no board: give --board TEXT, --file PATH or --preset NAME")


def _progress_printer(console: Console) -> Callable[[Snapshot], None] | None:
    if not console.is_terminal:
        return None
    status = console.status("starting…")
    started = [False]

    def show(s: Snapshot) -> None:
        if not started[0]:
            status.start()
            started[0] = True
        if s.phase == Phase.COMPILING:
            status.update("compiling solver…")
        elif s.phase == Phase.DONE:
            status.stop()
        else:
            status.update(f"searching: {s.expanded:,} expanded · frontier {s.frontier:,} · depth {s.depth} "
                          f"· {s.stored:,} stored · {s.elapsed_s:.1f} s")

    show.stop = status.stop  # type: ignore[attr-defined]
    return show


def run_job(task: Callable[[SearchControl], Solution], limits: Limits) -> Solution:
    """Run a solve in the background with live progress on stderr (when it is a terminal)."""
    err = Console(stderr=True)
    show = _progress_printer(err)
    job = Job(task, timeout_s=limits.timeout_s, on_progress=show)
    try:
        return job.run()
    finally:
        if show is not None:
            show.stop()  # type: ignore[attr-defined]


def stats_json(solution: Solution) -> dict:
    s = solution.stats
    return {"nodes_expanded": s.nodes_expanded, "states_seen": s.states_seen,
            "max_frontier": s.max_frontier, "elapsed_s": round(s.elapsed_s, 6)}


def solution_json(solution: Solution, **extra) -> dict:
    """The JSON object every family prints: status, length, moves, stats, then its extras."""
    out = {
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


def print_json(obj: dict) -> None:
    json.dump(obj, sys.stdout, ensure_ascii=False)
    sys.stdout.write("\n")


def summary_lines(solution: Solution, headline: str) -> list[str]:
    """The family's headline (what the search found), then how the search went."""
    s = solution.stats
    if not solution.searched:
        return [headline, "no search needed"]
    speed = f" ({s.nodes_expanded / s.elapsed_s:,.0f} nodes/s)" if s.elapsed_s > 0 else ""
    return [
        headline,
        f"search: {s.elapsed_s * 1000:.1f} ms{speed}, {s.nodes_expanded:,} expanded, "
        f"{s.states_seen:,} states seen, largest frontier {s.max_frontier:,}",
    ]


def print_steps(console: Console, solution: Solution, render, compact: bool = True) -> None:
    """Every step's board, small, side by side, each titled with its move."""
    panels = []
    for i, step in enumerate(solution.steps):
        board = render(step.board, View(highlight=step.highlight, zoom=1 if compact else 0))
        title = "start" if i == 0 else f"{i}"
        panels.append(Panel(board, title=title, subtitle=None, expand=False, padding=(0, 0)))
    console.print(Columns(panels, padding=(0, 1)))
    for i, step in enumerate(solution.steps[1:], start=1):
        console.print(Text(f"{i:>4}. {step.label}"))


def fail(message: str) -> int:
    """Print a one-line error on stderr and return the bad-input exit status."""
    Console(stderr=True, highlight=False).print(f"error: {message}", markup=False, soft_wrap=True)
    return EXIT_BAD_INPUT

