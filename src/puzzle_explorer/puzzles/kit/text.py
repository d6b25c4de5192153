"""What every family's text format shares: x,y cells, WxH sizes and rows of cells that form a rectangle."""
from __future__ import annotations

import re
from collections.abc import Sequence, Sized

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

