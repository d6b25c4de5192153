"""The rolling-die board: open and blocked cells, a start and a goal; its text format.

A board is rows of cells separated by '/' or newlines: '.' open, '#' blocked,
'S' the start and 'G' the goal (both open). Spaces inside a row are ignored.
Without an S the start is the top-left cell; without a G the goal is the
bottom-left cell (the layout of the classic 8x8 puzzle), or the right end of
a board one row high, or the start itself when it is the only open cell.

A board may also carry a tour, the die's cells and orientations so far; it
is only for drawing a step of a solution and is not part of the text form.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from puzzle_explorer.core.errors import InputError
from puzzle_explorer.puzzles.kit.text import Cell, cell_text, parse_cell, rectangle_width
from puzzle_explorer.puzzles.kit.text import parse_size as size_text

MAX_SIDE = 12
OPEN = "."
BLOCKED = "#"
START = "S"
GOAL = "G"

Placed = tuple[int, int, int]  # x, y, orientation of the die there


def where(cell: Cell) -> tuple[int, int]:
    """0-based cell -> the 1-based x,y the user sees."""
    return (cell[0] + 1, cell[1] + 1)


@dataclass(frozen=True)
class Board:
    width: int
    height: int
    blocked: frozenset[Cell] = frozenset()
    start: Cell = (0, 0)
    goal: Cell = (0, 0)
    tour: tuple[Placed, ...] = ()  # for drawing only: the die's path so far, last = where it stands

    def inside(self, cell: Cell) -> bool:
        return 0 <= cell[0] < self.width and 0 <= cell[1] < self.height

    def is_open(self, cell: Cell) -> bool:
        return self.inside(cell) and cell not in self.blocked

    def open_cells(self) -> list[Cell]:
        """Open cells in reading order (row by row from the top)."""
        return [(x, y) for y in range(self.height) for x in range(self.width) if (x, y) not in self.blocked]

    def neighbours(self, cell: Cell) -> list[Cell]:
        x, y = cell
        near = [(x + 1, y), (x - 1, y), (x, y - 1), (x, y + 1)]
        return [c for c in near if self.is_open(c)]

    def rows(self) -> list[str]:
        out = []
        for y in range(self.height):
            row = []
            for x in range(self.width):
                c = (x, y)
                row.append(START if c == self.start else GOAL if c == self.goal
                           else BLOCKED if c in self.blocked else OPEN)
            out.append("".join(row))
        return out

    def inline(self) -> str:
        """The board on one line, rows separated by '/'."""
        return "/".join(self.rows())

    def without_tour(self) -> "Board":
        return replace(self, tour=()) if self.tour else self


def open_board(width: int, height: int) -> Board:
    """A board with every cell open, start top-left, goal bottom-left."""
    _check_size(width, height)
    return Board(width, height, frozenset(), (0, 0), default_goal(width, height))


def default_goal(width: int, height: int) -> Cell:
    """The bottom-left cell, or the right end of a board one row high."""
    return (0, height - 1) if height > 1 else (width - 1, 0)


def _check_size(width: int, height: int) -> None:
    if width < 1 or height < 1:
        raise InputError(f"board is {width}x{height}; it needs at least one cell")
    if width > MAX_SIDE or height > MAX_SIDE:
        raise InputError(f"board is {width}x{height}; the largest is {MAX_SIDE}x{MAX_SIDE}")


def parse_cells(text: str, what: str) -> list[Cell]:
    """'x,y;x,y' -> 0-based cells (empty items are skipped)."""
    return [parse_cell(item, what) for item in text.split(";") if item.strip()]


def parse_size(text: str) -> tuple[int, int]:
    """'WxH' -> (width, height)."""
    width, height = size_text(text, "--size")
    _check_size(width, height)
    return width, height


def parse(text: str) -> Board:
    """Read a board: rows of '.', '#', 'S', 'G' separated by '/' or newlines."""
    rows = []
    for raw in text.replace("/", "\n").splitlines():
        line = raw.replace(" ", "").replace("\t", "")
        if line:
            rows.append(line)
    width = rectangle_width(rows)
    height = len(rows)
    _check_size(width, height)
    blocked = set()
    found: dict[str, list[Cell]] = {START: [], GOAL: []}
    for y, row in enumerate(rows):
        for x, ch in enumerate(row):
            up = ch.upper()
            if ch == OPEN:
                continue
            if ch == BLOCKED:
                blocked.add((x, y))
            elif up in found:
                found[up].append((x, y))
            else:
                raise InputError(f"unknown character {ch!r}: use '.' for an open cell, '#' for a blocked one, "
                                 "'S' for the start and 'G' for the goal", (x + 1, y + 1))
    for letter, name in ((START, "start"), (GOAL, "goal")):
        if len(found[letter]) > 1:
            second = found[letter][1]
            raise InputError(f"more than one {name} ({letter}) on the board", where(second))
    start = found[START][0] if found[START] else (0, 0)
    if found[GOAL]:
        goal = found[GOAL][0]
    elif len(blocked) == width * height - 1 and start not in blocked:
        goal = start  # the start is the only open cell: a tour of one cell (format() writes just its S)
    else:
        goal = default_goal(width, height)
    return Board(width, height, frozenset(blocked), start, goal)


def format_board(board: Board) -> str:
    """The text form: one row per line, S and G always written."""
    return "\n".join(board.rows()) + "\n"


def validate(board: Board) -> None:
    """Raise InputError if the board cannot be searched: size, start or goal off the board or blocked."""
    _check_size(board.width, board.height)
    for cell, name in ((board.start, "start"), (board.goal, "goal")):
        if not board.inside(cell):
            raise InputError(f"{name} {cell_text(cell)} is off the {board.width}x{board.height} board")
        if cell in board.blocked:
            raise InputError(f"{name} {cell_text(cell)} is a blocked cell", where(cell))
    for cell in board.blocked:
        if not board.inside(cell):
            raise InputError(f"blocked cell {cell_text(cell)} is off the "
                             f"{board.width}x{board.height} board")
    if board.start == board.goal and len(board.open_cells()) > 1:
        raise InputError("start and goal are the same cell: a tour ends on another cell "
                         "(closed tours are not supported)", where(board.start))
