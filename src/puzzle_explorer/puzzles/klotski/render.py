"""Drawing a sliding-block board with rich: coloured pieces that stay readable in monochrome.

Every cell carries its piece's letter, so the board reads like its text form
when colour is off; colour, the goal marks and the cursor are extras.
"""
from __future__ import annotations

from rich.style import Style
from rich.text import Text

from puzzle_explorer.puzzles.interface import ZOOM_HUGE, ZOOM_LARGE, ZOOM_NORMAL, ZOOM_OVERVIEW, View
from puzzle_explorer.puzzles.klotski.board import Board

PALETTE = ("dodger_blue2", "green3", "dark_orange", "medium_purple", "gold3", "deep_pink3",
           "turquoise4", "chartreuse4", "orchid", "steel_blue", "light_salmon3", "cadet_blue")
TARGET_COLOUR = "red3"
# what the drawing's marks mean, for the app's help
MARKS = (("A-Z", "a piece, every cell of it showing its letter; the target is red"),
         ("○", "an empty cell the target covers at the goal"),
         ("·", "an empty cell"),
         ("█", "a wall"),
         ("[ ]", "the cursor"))
# characters per cell (wide, high); a cell twice as wide as high looks square in most terminal fonts
CELL = {ZOOM_NORMAL: (4, 2), ZOOM_OVERVIEW: (2, 1), ZOOM_LARGE: (6, 3), ZOOM_HUGE: (8, 4)}


def cell_size(zoom: int, board: Board | None = None) -> tuple[int, int]:
    return CELL.get(zoom, CELL[ZOOM_NORMAL])


def _piece_styles(board: Board) -> dict[str, Style]:
    try:
        target = board.target_piece().letter
    except ValueError:
        target = None
    styles = {}
    for i, p in enumerate(board.pieces):
        colour = TARGET_COLOUR if p.letter == target else PALETTE[i % len(PALETTE)]
        styles[p.letter] = Style(color="bright_white", bgcolor=colour, bold=True)
    return styles


def _goal_cells(board: Board) -> set[tuple[int, int]]:
    try:
        piece = board.target_piece()
        gx, gy = board.goal_cell()
    except ValueError:
        return set()
    return {(x, y) for x, y in piece.moved_to(gx, gy).cells() if board.inside((x, y))}


def render(board: Board, view: View = View()) -> Text:
    """The board as text: 4x2 characters a cell (2x1 in the overview, 6x3 large, 8x4 huge)."""
    wide, high = cell_size(view.zoom)
    grid = board.grid()
    styles = _piece_styles(board)
    goal = _goal_cells(board)
    xs, ys = view.window(board.width, board.height)
    out = Text(no_wrap=True, overflow="crop")
    for y in ys:
        for line in range(high):
            for x in xs:
                ch = grid[y][x]
                here = (x, y)
                if ch == "#":
                    body, style = "█" * wide, Style(color="grey50")
                elif ch == ".":
                    mark = "·" if here not in goal else "○"
                    body = (f" {mark}" + " " * (wide - 2)) if line == 0 else " " * wide
                    style = Style(color="yellow" if here in goal else "grey50")
                else:
                    body = (f" {ch}" + " " * (wide - 2)) if line == 0 else " " * wide
                    style = styles[ch]
                if here in view.highlight:
                    style = style + Style(reverse=True)
                if here == view.cursor:
                    if line == 0 and wide >= 4:
                        body = "[" + body[1:-1] + "]"
                    style = style + Style(underline=True, bold=True)
                out.append(body, style)
            out.append("\n")
    # only the last line break goes: the last row's lower lines are coloured spaces, part of its pieces
    out.right_crop(1)
    return out
