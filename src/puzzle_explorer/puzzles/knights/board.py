"""The knight's-tour board: its size, the start square, open or closed, blocked squares; text format.

A board is written either as a grid (`S` the start, `.` a free square, `#` a
blocked one; rows separated by newlines or '/') or, for boards too big to
draw, as settings:

    size: 8x6          width x height (8 columns, 6 rows)
    start: 1,1         x,y, 1-based, x the column from the left
    tour: closed       open (the default) or closed
    blocked: 3,4 5,6   squares the knight may not use

Both forms may be mixed: `tour: closed` under a grid, say.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

from puzzle_explorer.core.errors import InputError
from puzzle_explorer.puzzles.kit.reading import board_lines, rows_and_settings
from puzzle_explorer.puzzles.kit.text import (
    Cell,
    cell_text,
    parse_cell,
    rectangle_width,
)
from puzzle_explorer.puzzles.kit.text import parse_size as size_text
from puzzle_explorer.puzzles.knights.tour import Tour

MAX_SIDE = 1000
GRID_UP_TO = 40  # format() draws boards up to this size as a grid, larger ones as settings
START, FREE, BLOCKED = "S", ".", "#"


@dataclass(frozen=True)
class Board:
    """A board to tour. Cells are 0-based (x, y) here; `tour`/`shown` only say what to draw."""

    width: int
    height: int
    start: Cell = (0, 0)
    closed: bool = False
    blocked: frozenset[Cell] = frozenset()
    tour: Tour | None = field(default=None, compare=False, repr=False)
    shown: int = field(default=0, compare=False)  # how many squares of `tour` are drawn

    @property
    def squares(self) -> int:
        return self.width * self.height

    @property
    def free_squares(self) -> int:
        return self.squares - len(self.blocked)

    def inside(self, cell: Cell) -> bool:
        return 0 <= cell[0] < self.width and 0 <= cell[1] < self.height

    def index(self, cell: Cell) -> int:
        """The square's number in kernels: y * width + x."""
        return cell[1] * self.width + cell[0]

    def cell(self, index: int) -> Cell:
        return (index % self.width, index // self.width)

    def with_tour(self, tour: Tour | None, shown: int = 0) -> Board:
        return replace(self, tour=tour, shown=shown)

    def plain(self) -> Board:
        """The same board without a tour to draw."""
        return replace(self, tour=None, shown=0) if self.tour is not None else self


# --- parsing ---------------------------------------------------------------------

def parse_size(text: str, what: str = "size") -> tuple[int, int]:
    """'8x6' -> (8, 6): 8 columns wide, 6 rows tall; '8' -> (8, 8). Each side 1 to 1000."""
    width, height = size_text(text, what, square=True)
    check_size(width, height, what)
    return width, height


def check_size(width: int, height: int, what: str = "size") -> None:
    if not (1 <= width <= MAX_SIDE and 1 <= height <= MAX_SIDE):
        raise InputError(f"{what} {width}x{height} is out of range: each side must be 1 to {MAX_SIDE}")


def parse_cells(text: str, what: str) -> frozenset[Cell]:
    """'3,4 5,6' or '3,4;5,6' -> a set of 0-based cells."""
    items = [t for t in re.split(r"[\s;]+", text.strip()) if t]
    return frozenset(parse_cell(t, what) for t in items)


def _tour_kind(value: str) -> bool:
    v = value.strip().lower()
    if v in ("open", "no", "false"):
        return False
    if v in ("closed", "yes", "true", "re-entrant"):
        return True
    raise InputError(f"tour: {value!r} is neither open nor closed")


def parse(text: str) -> Board:
    """Read a board from its grid, its settings, or both (see the module docstring)."""
    rows, settings = rows_and_settings(board_lines(text), ("size", "start", "tour", "blocked"), joined=("blocked",))
    if not rows and "size" not in settings:
        raise InputError("empty board: give rows of cells or a size: line")
    start = blocked_grid = None
    if rows:
        width, height, start, blocked_grid = _parse_grid(rows)
    if "size" in settings:
        w, h = parse_size(settings["size"][0], "size")
        if rows and (w, h) != (width, height):
            raise InputError(f"size: {w}x{h} disagrees with the grid, which is {width}x{height}")
        width, height = w, h
    blocked = set(blocked_grid or ())
    if "blocked" in settings:
        blocked |= parse_cells(settings["blocked"][0], "blocked square")
    if "start" in settings:
        cell = parse_cell(settings["start"][0], "start")
        if start is not None and cell != start:
            raise InputError(f"start: {cell_text(cell)} disagrees with the S in the grid",
                             (start[0] + 1, start[1] + 1))
        start = cell
    closed = _tour_kind(settings["tour"][0]) if "tour" in settings else False
    board = Board(width, height, start if start is not None else (0, 0), closed, frozenset(blocked))
    validate(board)
    return board


def _parse_grid(rows: list[tuple[str, int]]) -> tuple[int, int, Cell | None, set[Cell]]:
    width = rectangle_width([row for row, _ in rows])
    start = None
    blocked: set[Cell] = set()
    for y, (row, _) in enumerate(rows):
        for x, ch in enumerate(row):
            if ch == FREE:
                continue
            if ch == BLOCKED:
                blocked.add((x, y))
            elif ch in (START, "s"):
                if start is not None:
                    raise InputError("two start squares (S) in the grid", (x + 1, y + 1))
                start = (x, y)
            else:
                raise InputError(f"unknown character {ch!r}: use '.' for a free square, '#' for a "
                                 "blocked one and 'S' for the start", (x + 1, y + 1))
    check_size(width, len(rows), "board")
    return width, len(rows), start, blocked


# --- writing and checking ---------------------------------------------------------------

def grid_rows(board: Board) -> list[str]:
    rows = [[FREE] * board.width for _ in range(board.height)]
    for x, y in board.blocked:
        rows[y][x] = BLOCKED
    sx, sy = board.start
    rows[sy][sx] = START
    return ["".join(r) for r in rows]


def format_board(board: Board) -> str:
    """The text form: a grid for boards up to 40x40, settings for larger ones."""
    lines: list[str] = []
    if board.width <= GRID_UP_TO and board.height <= GRID_UP_TO:
        lines = grid_rows(board)
    else:
        lines.append(f"size: {board.width}x{board.height}")
        lines.append(f"start: {cell_text(board.start)}")
        if board.blocked:
            cells = sorted(board.blocked, key=lambda c: (c[1], c[0]))
            lines.append("blocked: " + " ".join(cell_text(c) for c in cells))
    if board.closed:
        lines.append("tour: closed")
    return "\n".join(lines) + "\n"


def inline(board: Board) -> str:
    """A one-line form for --board: grid rows or settings separated by '/'."""
    return format_board(board).strip().replace("\n", "/")


def validate(board: Board) -> None:
    """Raise InputError when the board cannot be toured as given: naming what and where."""
    check_size(board.width, board.height, "board")
    sx, sy = board.start
    if not board.inside(board.start):
        raise InputError(f"start {cell_text((sx, sy))} is off the {board.width}x{board.height} board "
                         f"(x is 1 to {board.width}, y is 1 to {board.height})", (sx + 1, sy + 1))
    for x, y in sorted(board.blocked):
        if not board.inside((x, y)):
            raise InputError(f"blocked square {cell_text((x, y))} is off the {board.width}x{board.height} board",
                             (x + 1, y + 1))
    if board.start in board.blocked:
        raise InputError(f"start {cell_text((sx, sy))} is on a blocked square", (sx + 1, sy + 1))
