"""What every family's text format shares: x,y cells and rows of cells that form a rectangle."""
from __future__ import annotations

import re
from collections.abc import Sequence

from core.errors import InputError

Cell = tuple[int, int]
_WHOLE = re.compile(r"-?[0-9]+")


def parse_cell(text: str, what: str) -> Cell:
    """'x,y' (1-based) -> 0-based (x, y); `what` names the value in the error."""
    parts = text.strip().replace(" ", "").split(",")
    if len(parts) != 2 or not all(_WHOLE.fullmatch(p) for p in parts):
        raise InputError(f"{what} {text!r} is not x,y (two whole numbers, 1-based)")
    return int(parts[0]) - 1, int(parts[1]) - 1


def rectangle_width(rows: Sequence[str]) -> int:
    """The width of rows that must all be as long as the first; the error names the first that is not."""
    if not rows or not rows[0]:
        raise InputError("empty board: no rows of cells")
    width = len(rows[0])
    for y, row in enumerate(rows):
        if len(row) != width:
            raise InputError(f"row {y + 1} has {len(row)} cells but row 1 has {width}", (1, y + 1))
    return width
