"""Drawing a sliding-tile board with rich: numbered tiles that read the same without colour.

Each cell is a number, right-aligned in a box of fixed width; the blank is
'·'. Colour marks the tiles already home (green) and the blank; the cursor is
in brackets, a highlighted tile (the one just moved) in reverse video.
"""
from __future__ import annotations

from rich.style import Style
from rich.text import Text

from puzzle_explorer.puzzles.interface import View
from puzzle_explorer.puzzles.tiles.board import BLANK, Board

HOME = Style(color="black", bgcolor="green3", bold=True)
AWAY = Style(color="bright_white", bgcolor="dodger_blue3", bold=True)
EMPTY = Style(color="grey50")
CURSOR = Style(underline=True, bold=True)


def _digits(board: Board | None) -> int:
    return len(str(board.size - 1)) if board is not None else 2


def cell_size(zoom: int, board: Board | None = None) -> tuple[int, int]:
    """Characters per cell (wide, high): a number and its brackets; two lines unless zoomed out."""
    wide = _digits(board) + 3
    return (wide, 2) if not zoom else (wide, 1)


def render(board: Board, view: View = View()) -> Text:
    wide, high = cell_size(view.zoom, board)
    digits = _digits(board)
    goal = board.goal_tiles()
    xs, ys = view.window(board.width, board.height)
    out = Text(no_wrap=True, overflow="crop")
    for y in ys:
        for line in range(high):
            for x in xs:
                i = y * board.width + x
                t = board.tiles[i]
                here = (x, y)
                if t == BLANK:
                    label, style = "·".rjust(digits), EMPTY
                else:
                    label, style = str(t).rjust(digits), HOME if goal[i] == t else AWAY
                if here in view.highlight:
                    style = style + Style(reverse=True)
                if line == 0:
                    left, right = ("[", "]") if here == view.cursor else (" ", " ")
                    body = f"{left}{label}{right}".ljust(wide)
                else:
                    body = " " * wide
                if here == view.cursor:
                    style = style + CURSOR
                out.append(body[:-1], style)
                out.append(body[-1:])
            out.append("\n")
    out.rstrip()
    return out
