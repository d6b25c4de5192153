"""The link board: tiles and empty cells, the linking rules, the marked cells; text format.

Cells are 0-based (x, y) in the code. The ring of cells just outside the board
(x = -1 or width, y = -1 or height) is where a path may run when the rules
allow it; on the command line and in JSON that ring is column/row 0 and
width+1/height+1, since 1-based coordinates are the 0-based ones plus one.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

from puzzle_explorer.core.errors import InputError
from puzzle_explorer.puzzles.kit.numbers import shown, whole
from puzzle_explorer.puzzles.kit.text import Cell, cell_text, parse_cell, rectangle_width

MAX_SIDE = 100
EMPTY = "."
GAME_SEGMENTS = 3  # the game's rule: at most three segments (two turns)
MAX_SEGMENTS = 10**6  # past what any path on the largest board can use (puzzle_explorer.puzzles.link.kernels.linking.no_limit)


SETTING = re.compile(r"^\s*(segments|outside|gravity|marked)\s*:\s*(.*?)\s*$", re.IGNORECASE)
YES = {"yes", "on", "true", "1"}
NO = {"no", "off", "false", "0"}


def is_tile_char(ch: str) -> bool:
    """Any printable character but '.' and whitespace is a tile kind."""
    return ch.isprintable() and not ch.isspace() and ch != EMPTY


@dataclass(frozen=True)
class Board:
    """An immutable board.

    `max_segments` None means "not set": playing and clearing then use the
    game's 3, and a single path query has no limit. `marked` holds up to two
    cells the user has selected (the app draws the path between them);
    `trail` is the path of the pair removed last, drawn faintly (display only,
    not part of the board's identity).
    """

    rows: tuple[str, ...]
    max_segments: int | None = None
    outside: bool = True
    gravity: bool = False
    marked: tuple[Cell, ...] = ()
    trail: tuple[Cell, ...] = field(default=(), compare=False)
    # a path search's progress, drawn in place of its path: cells reached and their fewest segments
    reach: tuple[tuple[Cell, int], ...] = field(default=(), compare=False)

    @property
    def width(self) -> int:
        return len(self.rows[0])

    @property
    def height(self) -> int:
        return len(self.rows)

    def at(self, cell: Cell) -> str:
        """The character at a board cell ('.' when empty)."""
        return self.rows[cell[1]][cell[0]]

    def is_tile(self, cell: Cell) -> bool:
        return self.inside(cell) and self.at(cell) != EMPTY

    def inside(self, cell: Cell) -> bool:
        return 0 <= cell[0] < self.width and 0 <= cell[1] < self.height

    def tiles(self) -> list[Cell]:
        """Every tile cell, row by row."""
        return [(x, y) for y, row in enumerate(self.rows) for x, ch in enumerate(row) if ch != EMPTY]

    def kind_counts(self) -> dict[str, int]:
        counts: dict[str, int] = {}
        for row in self.rows:
            for ch in row:
                if ch != EMPTY:
                    counts[ch] = counts.get(ch, 0) + 1
        return dict(sorted(counts.items()))

    def play_limit(self) -> int:
        """The segment limit for removing pairs: the board's own, else the game's 3."""
        return self.max_segments if self.max_segments is not None else GAME_SEGMENTS

    def with_cells(self, changes: dict[Cell, str]) -> "Board":
        """The board with some cells set to new characters (marks and trail dropped)."""
        grid = [list(r) for r in self.rows]
        for (x, y), ch in changes.items():
            grid[y][x] = ch
        return replace(self, rows=tuple("".join(r) for r in grid), marked=(), trail=())

    def inline(self) -> str:
        """The cells on one line, rows separated by '/'."""
        return "/".join(self.rows)

    def rules_text(self) -> str:
        """The linking rules in a few words, e.g. '≤3 segments, outside ring, no gravity'."""
        seg = f"≤{self.max_segments} segments" if self.max_segments is not None else \
            f"≤{GAME_SEGMENTS} segments to play"
        ring = "outside ring" if self.outside else "no outside ring"
        return f"{seg}, {ring}, {'gravity' if self.gravity else 'no gravity'}"


def _flag(value: str, name: str, line: int) -> bool:
    v = value.lower()
    if v in YES:
        return True
    if v in NO:
        return False
    raise InputError(f"line {line}: {name}: expects yes or no, not {value!r}")


def _lines(text: str) -> list[str]:
    """Rows: one per line; a board given on a single line separates its rows with '/'."""
    body = text.strip("\n\r")
    if "\n" not in body:
        return body.split("/")
    return body.splitlines()


def parse(text: str) -> Board:
    """Read a board: rows of cells ('.' empty, any other printable character a tile kind).

    One row per line, or all rows on one line separated by '/'. Optional
    setting lines: `segments: N`, `outside: yes|no`, `gravity: yes|no`,
    `marked: x,y [x,y]`.
    """
    rows: list[str] = []
    settings: dict[str, tuple[str, int]] = {}
    for number, raw in enumerate(_lines(text), start=1):
        line = raw.rstrip()
        if not line.strip():
            continue
        m = SETTING.match(line)
        if m:
            settings[m.group(1).lower()] = (m.group(2), number)
            continue
        y = len(rows)
        for x, ch in enumerate(line):
            if ch != EMPTY and not is_tile_char(ch):
                what = "a space" if ch == " " else "a tab" if ch == "\t" else f"character {ch!r}"
                raise InputError(f"{what} cannot be a cell: write empty cells as '.', tiles as any other "
                                 "printable character", (x + 1, y + 1))
        rows.append(line)
    rectangle_width(rows)
    board = Board(tuple(rows))
    if "segments" in settings:
        value, at = settings["segments"]
        try:
            limit = whole(value, "segments:", 1, MAX_SEGMENTS)
        except InputError:
            raise InputError(f"line {at}: segments: expects a whole number from 1 to {MAX_SEGMENTS:,}, "
                             f"not {shown(value)}") from None
        board = replace(board, max_segments=limit)
    if "outside" in settings:
        value, at = settings["outside"]
        board = replace(board, outside=_flag(value, "outside", at))
    if "gravity" in settings:
        value, at = settings["gravity"]
        board = replace(board, gravity=_flag(value, "gravity", at))
    if "marked" in settings:
        value, at = settings["marked"]
        cells = tuple(parse_cell(part, f"line {at}: marked cell") for part in value.split())
        board = replace(board, marked=cells)
    validate(board)
    return board


def format_board(board: Board) -> str:
    """The text form: one row per line, then the settings that differ from the defaults."""
    lines = list(board.rows)
    if board.max_segments is not None:
        lines.append(f"segments: {board.max_segments}")
    if not board.outside:
        lines.append("outside: no")
    elif len(lines) == 1 and "/" in lines[0]:
        lines.append("outside: yes")  # a second line: a lone line's '/' would read as a row break
    if board.gravity:
        lines.append("gravity: yes")
    if board.marked:
        lines.append("marked: " + " ".join(cell_text(c) for c in board.marked))
    return "\n".join(lines) + "\n"


def validate(board: Board) -> None:
    """Raise InputError if the board is malformed: size, ragged rows, bad characters, marks."""
    w, h = rectangle_width(board.rows), board.height
    if w > MAX_SIDE or h > MAX_SIDE:
        raise InputError(f"board is {w}x{h}; the largest is {MAX_SIDE}x{MAX_SIDE}")
    if board.max_segments is not None and not 1 <= board.max_segments <= MAX_SEGMENTS:
        raise InputError(f"segment limit {board.max_segments}: it must be 1 to {MAX_SEGMENTS:,}")
    if len(board.marked) > 2:
        raise InputError(f"{len(board.marked)} cells are marked; at most two can be")
    for cell in board.marked:
        if not board.inside(cell):
            raise InputError(f"marked cell {cell_text(cell)} is off the {w}x{h} board")
    if len(board.marked) == 2 and board.marked[0] == board.marked[1]:
        raise InputError("the same cell is marked twice", (board.marked[0][0] + 1, board.marked[0][1] + 1))

