"""`puzzle-explorer solve cube8 --contest` answered from the distance table without loading
numba, numpy or the other families: a few milliseconds to start, a few MiB of memory.

The command line tries this before anything else (see cli/main.py). It declines
(returns None) whenever it is not sure to answer exactly as the full command
would: other options, or no table on disk; the full command then takes over.
"""
from __future__ import annotations

import os
import sys

from puzzle_explorer.core.errors import InputError, one_line
from puzzle_explorer.core.run.exit_codes import ExitCode
from puzzle_explorer.puzzles.cube8.contest import DEFAULT_CAP, MAX_CAP, NO_DATASET, answer_line, datasets
from puzzle_explorer.puzzles.cube8.table import open_table
from puzzle_explorer.puzzles.kit.numbers import whole


def _options(argv: list[str]) -> int | None:
    """The cap, if argv is exactly --contest [--cap N] [--algo table] (in any order); else None."""
    cap = DEFAULT_CAP
    seen_contest = False
    rest = list(argv)
    while rest:
        arg = rest.pop(0)
        name, eq, value = arg.partition("=")
        if arg == "--contest":
            seen_contest = True
            continue
        if name not in ("--cap", "--algo"):
            return None
        if not eq:
            if not rest:
                return None
            value = rest.pop(0)
        if name == "--algo":
            if value != "table":
                return None
        else:
            try:
                cap = whole(value, "--cap", 0, MAX_CAP, grouped=True)
            except InputError:  # the full parser says what is wrong
                return None
    return cap if seen_contest else None


def run(argv: list[str]) -> int | None:
    """Answer the contest on stdin, or None to let the full command do it."""
    cap = _options(argv)
    if cap is None:
        return None
    table = open_table()
    if table is None:
        return None
    out = sys.stdout
    answered = 0
    with table:
        try:
            for ds in datasets(sys.stdin):
                out.write(answer_line(table.fewest_rolls(ds.start, ds.pattern), cap) + "\n")
                out.flush()
                answered += 1
        except InputError as exc:
            out.flush()
            sys.stderr.write(f"error: {one_line(str(exc))}\n")
            return ExitCode.BAD_INPUT
        except KeyboardInterrupt:
            return ExitCode.INTERRUPTED
        except BrokenPipeError:  # the reader went away (`| head`): nothing left to say
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            return ExitCode.OK
    if not answered:
        sys.stderr.write(NO_DATASET + "\n")
    return ExitCode.OK
