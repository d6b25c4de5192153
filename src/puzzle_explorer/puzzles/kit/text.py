"""What every family's text format shares: x,y cells, WxH sizes and rows of cells that form a rectangle."""
from __future__ import annotations

import re
from collections.abc import Iterable, Sequence, Sized

from puzzle_explorer.core.errors import InputError
from puzzle_explorer.puzzles.kit.numbers import count_text, shown, whole

Cell = tuple[int, int]  # (x, y), 0-based; puzzle_explorer.puzzles.interface.Cell too
_WHOLE = re.compile(r"[+-]?[0-9]+")
_SIZE = re.compile(r"\s*([0-9]+)\s*(?:[xX×*]\s*([0-9]+))?\s*")
# Far past every family's largest board; the family's own check gives the real range.
MAX_TYPED = 10**6


def cell_text(cell: Cell) -> str:
    """0-based (x, y) -> '3,1': the 1-based x,y of files, the command line and the screen."""
    return f"{cell[0] + 1},{cell[1] + 1}"


def parse_cell(text: str, what: str) -> Cell:
    """'x,y' (1-based) -> 0-based (x, y); `what` names the value in the error."""
    parts = text.strip().replace(" ", "").split(",")
    if len(parts) != 2 or not all(_WHOLE.fullmatch(p) for p in parts):
        raise InputError(f"{what} {shown(text)} is not x,y (two whole numbers, 1-based)")
    x, y = (whole(p, what, -MAX_TYPED, MAX_TYPED) for p in parts)
    return x - 1, y - 1


def parse_size(text: str, what: str, square: bool = False) -> tuple[int, int]:
    """'8x6' -> (8, 6): 8 columns wide, 6 rows tall; with `square`, '8' -> (8, 8)."""
    m = _SIZE.fullmatch(text)
    if not m or (m.group(2) is None and not square):
        raise InputError(f"{what} {shown(text)} is not a size WxH like 8x6 (W columns wide, H rows tall)")
    width = whole(m.group(1), what, 0, MAX_TYPED)
    height = whole(m.group(2), what, 0, MAX_TYPED) if m.group(2) is not None else width
    return width, height


def rectangle_width(rows: Sequence[Sized]) -> int:
    """The width of rows that must all be as long as the first; the error names the first that is not."""
    if not rows or not rows[0]:
        raise InputError("empty board: no rows of cells")
    width = len(rows[0])
    for y, row in enumerate(rows):
        if len(row) != width:
            raise InputError(f"row {y + 1} has {count_text(len(row), 'cell')} but row 1 has {width}", (1, y + 1))
    return width


def board_lines(text: str) -> list[tuple[int, str]]:
    """(line number, stripped line) for every non-blank line; '/' breaks lines too, so that a
    board fits on one command-line argument."""
    lines = text.replace("/", "\n").splitlines()
    return [(number, line.strip()) for number, line in enumerate(lines, start=1) if line.strip()]


def rows_and_settings(lines: Iterable[tuple[int, str]], keys: Sequence[str], joined: Sequence[str] = ()
                      ) -> tuple[list[tuple[str, int]], dict[str, tuple[str, int]]]:
    """A board file's rows of cells and its `key: value` settings, each with its line number.

    Only `keys` are settings; a key in `joined` may repeat and its values are joined with a
    space, any other repeated key keeps its last value."""
    rows: list[tuple[str, int]] = []
    settings: dict[str, tuple[str, int]] = {}
    for number, line in lines:
        if ":" not in line:
            rows.append((line, number))
            continue
        key, _, value = line.partition(":")
        key = key.strip().lower()
        if key not in keys:
            names = [f"{k}:" for k in keys]
            expected = " or ".join([", ".join(names[:-1]), names[-1]] if len(names) > 1 else names)
            raise InputError(f"line {number}: unknown setting {key!r} (expected {expected})")
        value = value.strip()
        if key in joined and key in settings:
            value = settings[key][0] + " " + value
        settings[key] = (value, number)
    return rows, settings
