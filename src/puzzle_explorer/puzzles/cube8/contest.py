"""The original contest input: datasets of a start square and a target pattern, until `0 0`.

    1 2          x y: the empty square at the start (x the column, y the row, 1-based)
    W W W        three rows of the target: W, B, R, and E where the empty square ends
    E W W        (letters may be separated by spaces or not)
    W W W
    0 0          the end (the end of the input also ends it, between datasets)

Datasets are read one at a time, so every dataset before a bad one is answered
before the error, which names the dataset and the line.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import IO, Iterator

from puzzle_explorer.core.errors import InputError
from puzzle_explorer.puzzles.cube8 import cubes as C
from puzzle_explorer.puzzles.cube8.board import check_pattern, parse_row
from puzzle_explorer.puzzles.kit.numbers import shown, whole_numbers
from puzzle_explorer.puzzles.kit.reading import input_lines
from puzzle_explorer.puzzles.kit.text import MAX_TYPED

DEFAULT_CAP = 30
MAX_CAP = 10**6  # rolls; every position is within a few dozen
# said on stderr, where the answers are not, by the full command and the light path alike
NO_DATASET = "note: no dataset before the closing `0 0`: nothing to answer"


@dataclass(frozen=True)
class Dataset:
    number: int  # 1-based
    line: int  # the line of its `x y`
    start: int  # square of the empty square at the start
    pattern: tuple[int, ...]


def _start(text: str, where: str) -> int | None:
    """The square of 'x y', or None for the closing '0 0'."""
    # anything past the board is an error just below; the bound only keeps the reading sane
    numbers = whole_numbers(text, 2, -MAX_TYPED, MAX_TYPED)
    if numbers is None:
        raise InputError(f"{where}expected the empty square as 'x y' (two whole numbers), "
                         f"found {shown(text.strip())}")
    x, y = numbers
    if x == 0 and y == 0:
        return None
    if not (1 <= x <= 3 and 1 <= y <= 3):
        raise InputError(f"{where}start square {x},{y} is off the 3x3 board (x and y are 1, 2 or 3)")
    return C.square_at(x - 1, y - 1)


def _non_blank(source: IO[str] | IO[bytes]) -> Iterator[tuple[int, str]]:
    """(line number, line) for each line with something on it."""
    for n, line in enumerate(input_lines(source), start=1):
        if line.strip():
            yield n, line


def datasets(source: IO[str] | IO[bytes]) -> Iterator[Dataset]:
    """The datasets of a contest input (a text or binary stream, read as UTF-8), one by one;
    InputError at the first bad one."""
    numbered = _non_blank(source)
    number = 0
    for n, line in numbered:
        number += 1
        start = _start(line, f"dataset {number}, line {n}: ")
        if start is None:
            return
        rows: list[int] = []
        first = last = n
        for y in range(3):
            item = next(numbered, None)
            if item is None:
                raise InputError(f"dataset {number}, line {last + 1}: the input ends after {y} of the "
                                 f"pattern's 3 rows")
            last, row = item
            first = last if y == 0 else first
            rows.extend(parse_row(row, y, f"dataset {number}, line {last}: "))
        pattern = tuple(rows)
        check_pattern(pattern, f"dataset {number}, lines {first}-{last}: ")
        yield Dataset(number, n, start, pattern)


def answer_line(distance: int | None, cap: int) -> str:
    """The contest's answer: the fewest rolls if at most cap, else -1."""
    return str(distance) if distance is not None and distance <= cap else "-1"
