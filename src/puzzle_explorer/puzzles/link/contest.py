"""The classic contest form ("The Game"): boards of X tiles, pairs to join, fewest segments each.

Input, read line by line:
    w h                      board width and height (1 to 100); "0 0" ends the input
    h lines of w characters  'X' a tile, a space an empty cell
    x1 y1 x2 y2              a pair of tiles to join, 1-based; "0 0 0 0" ends the board's pairs

A board line may be shorter than w (editors strip trailing spaces): the
missing cells are empty. Characters past w must be spaces. Blank lines
between a board's pairs and before a board's size line are skipped; a blank
line where a row is expected is a row of empty cells. The end of the input
may stand in for the final "0 0".

Output: "Board #k:", then "Pair i: N segments." or "Pair i: impossible." for
each pair, then a blank line. Paths may leave the board, with no limit on
segments. Answers are written as they are found, so a bad line stops the run
with every earlier board (and pair) already answered.
"""
from __future__ import annotations

from typing import IO, Iterable, Iterator, TextIO

import numpy as np

from puzzle_explorer.core.errors import InputError
from puzzle_explorer.core.kernels.codes import FOUND
from puzzle_explorer.core.kernels.counters import new_counters
from puzzle_explorer.puzzles.kit.numbers import shown, whole_numbers
from puzzle_explorer.puzzles.kit.reading import input_lines
from puzzle_explorer.puzzles.kit.text import MAX_TYPED, cell_text
from puzzle_explorer.puzzles.link.board import MAX_SIDE, Board
from puzzle_explorer.puzzles.link.kernels.grid import blocked_map, index, stride_of
from puzzle_explorer.puzzles.link.kernels.linking import fewest_segments, no_limit

TILE = "X"
SPACE = " "


class _Lines:
    """Numbered input lines, with the board number for error messages."""

    def __init__(self, lines: Iterable[str]):
        self._it: Iterator[str] = iter(lines)
        self.number = 0
        self.board = 0

    def next(self) -> str | None:
        try:
            line = next(self._it)
        except StopIteration:
            return None
        self.number += 1
        return line.rstrip("\r\n")

    def next_content(self) -> str | None:
        """The next line that is not blank."""
        while True:
            line = self.next()
            if line is None or line.strip():
                return line

    def error(self, message: str) -> InputError:
        return InputError(f"board {self.board}, line {self.number}: {message}")


def _numbers(lines: _Lines, line: str, count: int, what: str) -> list[int]:
    # any size or cell past the largest board is an error just after; the bound only keeps the reading sane
    numbers = whole_numbers(line, count, -MAX_TYPED, MAX_TYPED)
    if numbers is None:
        raise lines.error(f"expected {what} ({count} whole numbers), got {shown(line.strip())}")
    return numbers


def _row(lines: _Lines, line: str | None, w: int, h: int, y: int) -> str:
    if line is None:
        raise lines.error(f"the input ends after {y} of the board's {h} rows")
    if len(line) > w and line[w:].strip(SPACE):
        raise lines.error(f"row {y + 1} has {len(line.rstrip(SPACE))} cells; the board is {w} wide")
    line = line[:w].ljust(w, SPACE)
    for x, ch in enumerate(line):
        if ch not in (TILE, SPACE):
            raise lines.error(f"character {ch!r} at x,y = {cell_text((x, y))}: cells are 'X' or a space")
    return line.replace(SPACE, ".")


def _pair(lines: _Lines, line: str, board: Board, i: int) -> tuple[tuple[int, int], tuple[int, int]] | None:
    x1, y1, x2, y2 = _numbers(lines, line, 4, "a pair 'x1 y1 x2 y2'")
    if (x1, y1, x2, y2) == (0, 0, 0, 0):
        return None
    ends = []
    for x, y in ((x1, y1), (x2, y2)):
        if not (1 <= x <= board.width and 1 <= y <= board.height):
            raise lines.error(f"pair {i}: {x},{y} is off the {board.width}x{board.height} board")
        if not board.is_tile((x - 1, y - 1)):
            raise lines.error(f"pair {i}: {x},{y} is an empty cell, not a tile")
        ends.append((x - 1, y - 1))
    if ends[0] == ends[1]:
        raise lines.error(f"pair {i}: both ends are the same tile {x1},{y1}")
    return ends[0], ends[1]


def answer(source: IO[str] | IO[bytes], out: TextIO) -> int:
    """Answer every board of a contest input (a text or binary stream, read as UTF-8); returns how many
    boards. Raises InputError on bad input."""
    lines = _Lines(input_lines(source))
    counters = new_counters(quiet=True)
    while True:
        line = lines.next_content()
        if line is None:
            return lines.board  # the end of the input stands in for "0 0"
        lines.board += 1
        w, h = _numbers(lines, line, 2, "the board size 'w h'")
        if (w, h) == (0, 0):
            return lines.board - 1
        if not (1 <= w <= MAX_SIDE and 1 <= h <= MAX_SIDE):
            raise lines.error(f"board size {w}x{h}: each side must be 1 to {MAX_SIDE}")
        rows = tuple(_row(lines, lines.next(), w, h, y) for y in range(h))
        board = Board(rows)  # paths may leave the board: the outside ring is open
        stride = stride_of(board)
        blocked = blocked_map(board)
        most = np.int64(no_limit(board))
        out.write(f"Board #{lines.board}:\n")
        i = 0
        while True:
            line = lines.next_content()
            if line is None:
                raise lines.error("the input ends before the '0 0 0 0' that closes this board's pairs")
            pair = _pair(lines, line, board, i + 1)
            if pair is None:
                break
            i += 1
            code, segments, _ = fewest_segments(blocked, np.int64(stride), np.int64(index(stride, pair[0])),
                                                np.int64(index(stride, pair[1])), most, counters)
            out.write(f"Pair {i}: {segments} segments.\n" if code == FOUND else f"Pair {i}: impossible.\n")
        out.write("\n")
        out.flush()
