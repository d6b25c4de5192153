"""The sliding-block board: pieces, walls, the target piece and its goal; text format."""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

from puzzle_explorer.core.errors import InputError
from puzzle_explorer.puzzles.kit.reading import board_lines, rows_and_settings
from puzzle_explorer.puzzles.kit.text import (
    Cell,
    cell_text,
    parse_cell,
    rectangle_width,
)

MAX_SIDE = 8
EMPTY = "."
EMPTY_ALT = "@"  # the published notation writes empty cells as @
WALL = "#"


def is_piece_char(ch: str) -> bool:
    return ch.isascii() and ch.isalnum()


@dataclass(frozen=True, order=True)
class Piece:
    letter: str
    x: int  # top-left cell, 0-based
    y: int
    w: int
    h: int

    @property
    def shape(self) -> tuple[int, int]:
        return (self.w, self.h)

    @property
    def area(self) -> int:
        return self.w * self.h

    def cells(self) -> list[Cell]:
        return [(self.x + i, self.y + j) for j in range(self.h) for i in range(self.w)]

    def covers(self, cell: Cell) -> bool:
        x, y = cell
        return self.x <= x < self.x + self.w and self.y <= y < self.y + self.h

    def moved_to(self, x: int, y: int) -> "Piece":
        return replace(self, x=x, y=y)


@dataclass(frozen=True)
class Board:
    width: int
    height: int
    pieces: tuple[Piece, ...] = ()  # sorted by letter
    walls: frozenset[Cell] = frozenset()
    target: str | None = None  # None: the unique largest piece
    goal: Cell | None = None  # target's top-left at the end; None: bottom middle

    def piece(self, letter: str) -> Piece | None:
        for p in self.pieces:
            if p.letter == letter:
                return p
        return None

    def piece_at(self, cell: Cell) -> Piece | None:
        for p in self.pieces:
            if p.covers(cell):
                return p
        return None

    def with_pieces(self, pieces: Iterable[Piece]) -> "Board":
        return replace(self, pieces=tuple(sorted(pieces)))

    def inside(self, cell: Cell) -> bool:
        return 0 <= cell[0] < self.width and 0 <= cell[1] < self.height

    def grid(self) -> list[list[str]]:
        rows = [[EMPTY] * self.width for _ in range(self.height)]
        for x, y in self.walls:
            rows[y][x] = WALL
        for p in self.pieces:
            for x, y in p.cells():
                rows[y][x] = p.letter
        return rows

    def rows(self) -> list[str]:
        return ["".join(r) for r in self.grid()]

    def inline(self) -> str:
        """The board on one line, rows separated by '/'."""
        return "/".join(self.rows())

    # --- target and goal, with their defaults ----------------------------------
    def target_piece(self) -> Piece:
        """The explicit target, or the unique largest piece."""
        if self.target is not None:
            p = self.piece(self.target)
            if p is None:
                raise InputError(f"target piece {self.target!r} is not on the board")
            return p
        if not self.pieces:
            raise InputError("no target: the board has no pieces")
        largest = max(p.area for p in self.pieces)
        biggest = [p for p in self.pieces if p.area == largest]
        if len(biggest) > 1:
            names = ", ".join(p.letter for p in biggest)
            raise InputError(f"no target: pieces {names} tie for the largest; choose one with --target")
        return biggest[0]

    def default_goal(self, piece: Piece) -> Cell:
        """The bottom-middle exit: the piece against the bottom edge, centred (leaning left)."""
        return ((self.width - piece.w) // 2, self.height - piece.h)

    def goal_cell(self) -> Cell:
        piece = self.target_piece()
        return self.goal if self.goal is not None else self.default_goal(piece)


def parse(text: str) -> Board:
    """Read a board: rows of cells separated by '/' or newlines, optional 'target: A' and 'goal: x,y' lines."""
    lines, meta = rows_and_settings(board_lines(text), ("target", "goal"))
    rows = [line for line, _ in lines]
    width = rectangle_width(rows)
    height = len(rows)
    if width > MAX_SIDE or height > MAX_SIDE:
        raise InputError(f"board is {width}x{height}; the largest is {MAX_SIDE}x{MAX_SIDE}")
    cells: dict[str, list[Cell]] = {}
    walls = set()
    for y, row in enumerate(rows):
        for x, ch in enumerate(row):
            if ch in (EMPTY, EMPTY_ALT):
                continue
            if ch == WALL:
                walls.add((x, y))
            elif is_piece_char(ch):
                cells.setdefault(ch, []).append((x, y))
            else:
                raise InputError(f"unknown character {ch!r}: use letters or digits for pieces, "
                                 f"'.' or '@' for empty, '#' for wall", (x + 1, y + 1))
    pieces = [_rectangle(letter, spots) for letter, spots in cells.items()]
    target = meta["target"][0] if "target" in meta else None
    goal = parse_cell(meta["goal"][0], "goal") if "goal" in meta else None
    board = Board(width, height, tuple(sorted(pieces)), frozenset(walls), target, goal)
    return board


def _rectangle(letter: str, spots: list[Cell]) -> Piece:
    xs = [x for x, _ in spots]
    ys = [y for _, y in spots]
    x0, y0 = min(xs), min(ys)
    w, h = max(xs) - x0 + 1, max(ys) - y0 + 1
    if w * h != len(spots):
        have = set(spots)
        hole = next((x, y) for y in range(y0, y0 + h) for x in range(x0, x0 + w) if (x, y) not in have)
        raise InputError(f"piece {letter!r} is not one filled rectangle: its box has a gap",
                         (hole[0] + 1, hole[1] + 1))
    return Piece(letter, x0, y0, w, h)


def format_board(board: Board) -> str:
    """The text form: one row per line, then any explicit target and goal."""
    lines = board.rows()
    if board.target is not None:
        lines.append(f"target: {board.target}")
    if board.goal is not None:
        lines.append(f"goal: {cell_text(board.goal)}")
    return "\n".join(lines) + "\n"


def validate(board: Board) -> None:
    """Raise InputError if the board cannot be searched: no target, or a goal that does not fit."""
    if board.width > MAX_SIDE or board.height > MAX_SIDE:
        raise InputError(f"board is {board.width}x{board.height}; the largest is {MAX_SIDE}x{MAX_SIDE}")
    piece = board.target_piece()
    gx, gy = board.goal_cell()
    if not (0 <= gx and 0 <= gy and gx + piece.w <= board.width and gy + piece.h <= board.height):
        raise InputError(f"goal {cell_text((gx, gy))} puts piece {piece.letter} ({piece.w}x{piece.h}) "
                         f"off the {board.width}x{board.height} board", (gx + 1, gy + 1))
    for cell in piece.moved_to(gx, gy).cells():
        if cell in board.walls:
            raise InputError(f"goal {cell_text((gx, gy))} puts piece {piece.letter} on a wall",
                             (cell[0] + 1, cell[1] + 1))
