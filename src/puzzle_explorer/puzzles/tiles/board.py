"""The sliding-tile board (8-, 15-, 24-puzzle and any w x h from 2x2 to 6x6); text format.

Text format: rows of numbers separated by spaces, 0 or '.' for the blank, rows
separated by newlines or '/'. An optional line sets the goal (default: tiles in
order, blank last):

    goal: blank first              (the convention of Korf's instances)
    goal: 1 2 3/4 5 6/7 8 0        (any arrangement of the same tiles)

On one line (as --board takes a board) the goal follows the rows after a '/':
`8 6 7/2 5 4/3 . 1/goal: blank first`.
"""
from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, replace

from puzzle_explorer.core.errors import InputError
from puzzle_explorer.puzzles.kit.numbers import shown, whole
from puzzle_explorer.puzzles.kit.text import MAX_TYPED, Cell, rectangle_width
from puzzle_explorer.puzzles.kit.text import parse_size as size_text

MIN_SIDE = 2
MAX_SIDE = 6
BLANK = 0
BLANK_TEXT = "."

_NUMBER = re.compile(r"[0-9]+")
_GOAL = re.compile(r"^\s*goal\s*:\s*(.*?)\s*$", re.IGNORECASE)
_GOAL_AFTER_ROWS = re.compile(r"/\s*(?=goal\s*:)", re.IGNORECASE)  # '1 2/3 ./goal: blank first': one line
BLANK_FIRST_WORDS = {"blank first", "first", "blank-first"}
BLANK_LAST_WORDS = {"blank last", "last", "blank-last"}


def solved_tiles(width: int, height: int, blank_first: bool = False) -> tuple[int, ...]:
    """1..n-1 in reading order, the blank last (or first)."""
    n = width * height
    return tuple(range(n)) if blank_first else tuple(range(1, n)) + (BLANK,)


@dataclass(frozen=True)
class Board:
    """Tiles row by row (0 the blank) and the goal arrangement (None: tiles in order, blank last).

    `entry` is the editor's cell where a number is being typed, so that a
    second digit makes a two-digit number; it is not part of the text form
    (but part of equality, so that typing the number a cell already shows
    still counts as an edit).
    """

    width: int
    height: int
    tiles: tuple[int, ...]
    goal: tuple[int, ...] | None = None
    entry: Cell | None = None

    @property
    def size(self) -> int:
        return self.width * self.height

    def goal_tiles(self) -> tuple[int, ...]:
        return self.goal if self.goal is not None else solved_tiles(self.width, self.height)

    def blank_first_goal(self) -> bool:
        return self.goal == solved_tiles(self.width, self.height, blank_first=True)

    def at(self, cell: Cell) -> int:
        return self.tiles[cell[1] * self.width + cell[0]]

    def cell_of(self, tile: int) -> Cell:
        i = self.tiles.index(tile)
        return i % self.width, i // self.width

    @property
    def blank(self) -> Cell:
        return self.cell_of(BLANK)

    def solved(self) -> bool:
        return self.tiles == self.goal_tiles()

    def with_tiles(self, tiles: Iterable[int]) -> "Board":
        return replace(self, tiles=tuple(tiles), entry=None)

    def rows(self, tiles: tuple[int, ...] | None = None) -> list[list[int]]:
        tiles = self.tiles if tiles is None else tiles
        return [list(tiles[y * self.width:(y + 1) * self.width]) for y in range(self.height)]


def tile_text(tile: int, width: int = 0) -> str:
    return (BLANK_TEXT if tile == BLANK else str(tile)).rjust(width)


def rows_text(board: Board, tiles: tuple[int, ...] | None = None, sep: str = "\n") -> str:
    """Rows of right-aligned numbers, '.' for the blank."""
    width = len(str(board.size - 1))
    return sep.join(" ".join(tile_text(t, width) for t in row) for row in board.rows(tiles))


def check_size(width: int, height: int) -> None:
    if not (MIN_SIDE <= width <= MAX_SIDE and MIN_SIDE <= height <= MAX_SIDE):
        raise InputError(f"board is {width}x{height}; each side must be {MIN_SIDE} to {MAX_SIDE}")


def parse_size(text: str, what: str = "") -> tuple[int, int]:
    """'4x4' -> (4, 4): W columns wide, H rows tall, each side 2 to 6."""
    width, height = size_text(text, what)
    check_size(width, height)
    return width, height


def _token(text: str, cell: Cell, what: str) -> int:
    where = (cell[0] + 1, cell[1] + 1)
    if text == BLANK_TEXT:
        return BLANK
    if not _NUMBER.fullmatch(text):
        raise InputError(f"{what}{shown(text)} is not a tile number: use whole numbers, and 0 or . for the blank",
                         where)
    try:
        return whole(text, "", 0, MAX_TYPED)
    except InputError:  # thousands of digits: too big, and not worth converting
        raise InputError(f"{what}tile {shown(text)} is too big: boards have at most {MAX_SIDE * MAX_SIDE - 1} "
                         f"tiles", where) from None


def parse_rows(text: str, what: str = "") -> tuple[int, int, tuple[int, ...]]:
    """Rows of numbers (newlines or '/' between rows) -> (width, height, tiles), checked."""
    rows = [line.split() for line in text.replace("/", "\n").splitlines() if line.strip()]
    try:
        width = rectangle_width(rows)
    except InputError as exc:
        raise InputError(what + exc.message.replace("cell", "number"), exc.where) from None
    height = len(rows)
    check_size(width, height)
    tiles = tuple(_token(tok, (x, y), what) for y, row in enumerate(rows) for x, tok in enumerate(row))
    check_tiles(width, height, tiles, what)
    return width, height, tiles


def check_tiles(width: int, height: int, tiles: tuple[int, ...], what: str = "") -> None:
    """Every number 0..n-1 exactly once (n tiles given); the error names the first problem and its cell."""
    n = width * height
    first: dict[int, int] = {}
    for i, t in enumerate(tiles):
        where = (i % width + 1, i // width + 1)
        if t >= n:
            raise InputError(f"{what}tile {t} is too big: a {width}x{height} board has tiles 1 to {n - 1} "
                             f"and one blank", where)
        if t in first:
            j = first[t]
            thing = "the blank" if t == BLANK else f"tile {t}"
            missing = [m for m in range(n) if m not in tiles]
            lost = ", ".join("the blank" if m == BLANK else str(m) for m in missing[:3])
            raise InputError(f"{what}{thing} appears twice, at {j % width + 1},{j // width + 1} and "
                             f"{where[0]},{where[1]} (missing: {lost})", where)
        first[t] = i


def parse_goal(value: str, width: int, height: int) -> tuple[int, ...] | None:
    """The value of a goal: line or --goal: 'blank first', 'blank last', or rows of the same size."""
    words = " ".join(value.lower().split())
    if words in BLANK_FIRST_WORDS:
        return solved_tiles(width, height, blank_first=True)
    if words in BLANK_LAST_WORDS:
        return None
    gw, gh, tiles = parse_rows(value, "goal: ")
    if (gw, gh) != (width, height):
        raise InputError(f"the goal is {gw}x{gh} but the board is {width}x{height}")
    return None if tiles == solved_tiles(width, height) else tiles


def parse(text: str) -> Board:
    """Read a board: rows of numbers, then an optional 'goal:' line (or '/goal: …' after the rows on
    the same line, as a board on one line has it)."""
    goal_value = None
    rows = []
    lines = [part for line in text.splitlines() for part in _GOAL_AFTER_ROWS.split(line, maxsplit=1)]
    for line in lines:
        m = _GOAL.match(line)
        if m:
            goal_value = m.group(1)
        elif ":" in line:
            key = line.split(":", 1)[0].strip()
            raise InputError(f"unknown setting {key!r} (the only setting is goal:)")
        else:
            rows.append(line)
    width, height, tiles = parse_rows("\n".join(rows))
    goal = parse_goal(goal_value, width, height) if goal_value is not None else None
    return Board(width, height, tiles, goal)


def format_board(board: Board) -> str:
    """The text form: the rows, then a goal line unless the goal is the default."""
    lines = [rows_text(board)]
    if board.blank_first_goal():
        lines.append("goal: blank first")
    elif board.goal is not None and board.goal != solved_tiles(board.width, board.height):
        lines.append("goal: " + rows_text(board, board.goal, " / "))
    return "\n".join(lines) + "\n"


def inline(board: Board, tiles: tuple[int, ...] | None = None) -> str:
    """The board on one line, rows separated by '/' (as --board takes it)."""
    return "/".join(" ".join(tile_text(t) for t in row) for row in board.rows(tiles))


def validate(board: Board) -> None:
    """Raise InputError if the board is not a w x h arrangement of 0..n-1 with a goal of the same tiles."""
    check_size(board.width, board.height)
    if len(board.tiles) != board.size:
        raise InputError(f"a {board.width}x{board.height} board has {board.size} cells, not {len(board.tiles)}")
    check_tiles(board.width, board.height, board.tiles)
    if board.goal is not None:
        if len(board.goal) != board.size:
            raise InputError(f"the goal has {len(board.goal)} cells; the board has {board.size}")
        check_tiles(board.width, board.height, board.goal, "goal: ")
