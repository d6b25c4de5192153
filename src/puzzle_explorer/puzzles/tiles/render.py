"""Drawing a sliding-tile board with rich: numbered tiles that read the same without colour.

Each cell is a number, right-aligned in a box of fixed width; the blank is
'·'. Where the pane has room (ZOOM_LARGE) each tile is a box three lines high with its
number in the middle. Colour marks the tiles already home (green) and the blank; the cursor is
in brackets, a highlighted tile (the one just moved) in reverse video.
"""
from __future__ import annotations

from rich.style import Style
from rich.text import Text

from puzzle_explorer.puzzles.interface import ZOOM_LARGE, ZOOM_NORMAL, View
from puzzle_explorer.puzzles.tiles.board import BLANK, Board

# what the drawing's marks mean, for the app's help
MARKS = (("1-99", "a tile, green when it is home (where the goal has it)"),
         ("·", "the blank"),
         ("[ ]", "the cursor"))
HOME = Style(color="black", bgcolor="green3", bold=True)
AWAY = Style(color="bright_white", bgcolor="dodger_blue3", bold=True)
EMPTY = Style(color="grey50")
CURSOR = Style(underline=True, bold=True)


def _digits(board: Board | None) -> int:
    return len(str(board.size - 1)) if board is not None else 2


def cell_size(zoom: int, board: Board | None = None) -> tuple[int, int]:
    """Characters per cell (wide, high): a number and its brackets; two lines (large: three, a
    space either side of the number) unless zoomed out."""
    wide = _digits(board) + 3
    if zoom == ZOOM_LARGE:
        return wide + 2, 3
    return (wide, 2) if zoom == ZOOM_NORMAL else (wide, 1)


def render(board: Board, view: View = View()) -> Text:
    wide, high = cell_size(view.zoom, board)
    digits = _digits(board)
    pad = " " * ((wide - digits - 3) // 2)  # the large tiles' extra room either side of the number
    label_line = (high - 1) // 2  # the number on the middle line (the top one of two)
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
                if line == label_line:
                    left, right = ("[", "]") if here == view.cursor else (" ", " ")
                    body = f"{left}{pad}{label}{pad}{right}".ljust(wide)
                else:
                    body = " " * wide
                if here == view.cursor:
                    style = style + CURSOR
                out.append(body[:-1], style)
                out.append(body[-1:])
            out.append("\n")
    # only the last line break goes: the last row's lower lines are coloured spaces, part of its tiles
    out.right_crop(1)
    return out
