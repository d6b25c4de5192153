"""Many boards from a file, one a line: each solved in turn, with its length, nodes and time, then totals.

A line holds w*h numbers (0 or '.' the blank); rows may be separated by '/',
which fixes the shape, else a line of 4, 9, 16, 25 or 36 numbers is a square.
With a size given, a line may carry other columns first (an instance number,
a known length…): its last w*h numbers are the board. Blank lines and lines
starting with '#' are skipped.
"""
from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field, replace

from puzzle_explorer.core.errors import InputError
from puzzle_explorer.core.run.progress import SearchControl
from puzzle_explorer.core.run.search import Limits, Stats
from puzzle_explorer.core.run.status import Status
from puzzle_explorer.puzzles.interface import JSON, Solution
from puzzle_explorer.puzzles.kit.reading import read_board_file
from puzzle_explorer.puzzles.tiles.board import MAX_SIDE, MIN_SIDE, Board, check_size, parse_rows
from puzzle_explorer.puzzles.tiles.solve import solve


@dataclass(frozen=True)
class Line:
    number: int  # line number in the file
    board: Board


def read_lines(text: str, size: tuple[int, int] | None = None, where: str = "") -> list[Line]:
    """Boards from the text, one a line; errors name the line."""
    out = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        at = f"{where}line {number}: "
        try:
            out.append(Line(number, _board(line, size, at)))
        except InputError as exc:
            message = exc.message if exc.message.startswith(at) else at + exc.message
            raise InputError(message, exc.where) from None
    if not out:
        raise InputError(f"{where}no boards: every line is blank or a comment")
    return out


def _board(line: str, size: tuple[int, int] | None, at: str) -> Board:
    if "/" in line:
        width, height, tiles = parse_rows(line, at)
        if size is not None and (width, height) != size:
            raise InputError(f"{at}the board is {width}x{height}, not {size[0]}x{size[1]}")
        return Board(width, height, tiles)
    words = line.split()
    if size is None:
        side = math.isqrt(len(words))
        if side * side != len(words) or not MIN_SIDE <= side <= MAX_SIDE:
            raise InputError(f"{at}{len(words)} numbers are no square board (4, 9, 16, 25 or 36); give --size "
                             f"WxH for other shapes or for lines with other columns")
        size = (side, side)
    width, height = size
    check_size(width, height)
    if len(words) < width * height:
        raise InputError(f"{at}{len(words)} numbers; a {width}x{height} board needs {width * height}")
    rows = [" ".join(words[len(words) - width * height:][y * width:(y + 1) * width]) for y in range(height)]
    return Board(*parse_rows("/".join(rows), at))


def read_file(path: str, size: tuple[int, int] | None = None) -> list[Line]:
    """The boards of a batch file, read as board files are: a size cap, strict UTF-8, the line named."""
    return read_lines(read_board_file(path, what="batch file"), size, f"{path}: ")


@dataclass
class Result:
    line: Line
    solution: Solution


@dataclass
class Batch:
    results: list[Result] = field(default_factory=list)
    stopped: Status | None = None  # cancelled or limit: the batch ended early

    def totals(self) -> tuple[int, int, Stats]:
        """(boards solved, their moves in all, summed statistics)."""
        solved = [r for r in self.results if r.solution.status == Status.SOLVED]
        stats = Stats()
        for r in self.results:
            stats = stats.plus(r.solution.stats)
        return len(solved), sum(r.solution.length or 0 for r in solved), stats


Goal = Callable[[Board], Board]  # gives a board its goal (--goal, --goal-blank)


def run(lines: list[Line], goal: Goal | None, solver: str, options: JSON, control: SearchControl, limits: Limits,
        on_result: Callable[[Result], None] | None = None, batch: Batch | None = None) -> Batch:
    """Solve every line with the same goal setting (None: each board's default; or a goal function).

    The results go into `batch` (a new one if None) as they come, so a caller that stops
    waiting still has the lines done.
    """
    batch = batch if batch is not None else Batch()
    for line in lines:
        board = goal(line.board) if goal is not None else line.board
        solution = solve(board, solver, options, control, limits)
        result = Result(Line(line.number, board), solution)
        batch.results.append(result)
        if on_result is not None:
            on_result(result)
        if solution.status in (Status.CANCELLED, Status.LIMIT):
            batch.stopped = solution.status
            break
    return batch


def with_goal(goal_text: str | None, blank_first: bool | None) -> Goal | None:
    """A function giving each board its goal from --goal / --goal-blank (None: keep the default)."""
    from puzzle_explorer.puzzles.tiles.board import parse_goal, solved_tiles

    if goal_text is None and blank_first is None:
        return None

    def apply(board: Board) -> Board:
        if goal_text is not None:
            return replace(board, goal=parse_goal(goal_text, board.width, board.height))
        return replace(board, goal=solved_tiles(board.width, board.height, True) if blank_first else None)
    return apply
