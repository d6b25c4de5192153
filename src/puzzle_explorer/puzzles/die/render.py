"""Drawing a rolling-die board with rich, readable without colour.

Each cell of a tour shows its number along the tour and where the marked
face pointed there: an arrow for north/south/east/west, ● for up (on top)
and ○ for down (underneath). The die's own cell is drawn in reverse video,
and under the board an unfolded die shows the five faces one can see, with
♥ on the marked face. Blocked cells are solid blocks; S and G mark the
start and the goal until the die gets there.
"""
from __future__ import annotations

import textwrap

from rich.style import Style
from rich.text import Text

from puzzle_explorer.puzzles.die.board import Board
from puzzle_explorer.puzzles.die.orientation import (
    ARROW,
    DIRECTIONS,
    DOWN,
    EAST,
    MARK_FACE,
    NORTH,
    SOUTH,
    UP,
    WEST,
    face,
    mark_direction,
)
from puzzle_explorer.puzzles.interface import ZOOM_LARGE, ZOOM_OVERVIEW, View
from puzzle_explorer.puzzles.kit.text import Cell, cell_text

HEART = "♥"

BLOCKED = Style(color="grey42")
OPEN = Style(color="grey50")
ENDS = Style(color="yellow", bold=True)
TRAIL = Style(color="bright_white", bgcolor="dark_green")
MARK_UP = Style(color="bright_white", bgcolor="dark_red")
HEAD = Style(color="dark_green", bgcolor="bright_white", bold=True)  # the die's cell: reverse of the trail
LEGEND = "mark: ↑N ↓S →E ←W ● up ○ down"
LEGEND_LINES = ("mark: ↑N ↓S →E ←W", "● up ○ down")  # where the one line does not fit
NET = 11  # the unfolded die's nine columns ("[4][2][3]") and the two spaces before its description
# what the drawing's marks mean, for the app's help
MARKS = (("S G", "the start and the goal"),
         ("12↑", "the tour's 12th cell, and where the marked face pointed there: ↑ north, ↓ south, → east, "
                 "← west, ● up (on top), ○ down (underneath)"),
         ("·", "an open cell the tour has not reached"),
         ("███", "a blocked cell"),
         ("[♥]", "under the board, the die unfolded: ♥ is the marked face"),
         ("[ ]", "the cursor"))


def cell_size(zoom: int, board: Board | None = None) -> tuple[int, int]:
    """Characters per cell (wide, high), a separator included.

    At zoom 0 a cell holds the highest tour number and a glyph, so the
    classic 8x8 board (two digits) fits an 80-column terminal; without a
    board, room for the largest (12x12) board. Large: two more characters
    and a blank line under each row.
    """
    if zoom == ZOOM_OVERVIEW:
        return 2, 1
    cells = len(board.open_cells()) if board is not None else 144
    if zoom == ZOOM_LARGE:
        return len(str(cells)) + 4, 2
    return len(str(cells)) + 2, 1


def _content(board: Board, cell: Cell, number: int | None, mark: int | None, wide: int) -> str:
    """What a cell shows, without its separator: wide - 1 characters, the glyph last."""
    room = wide - 1
    if cell in board.blocked:
        return "█" * room
    if number is None or mark is None:  # not on the tour (the two come together)
        ch = "S" if cell == board.start else "G" if cell == board.goal else "·"
        return ch.rjust(room)
    glyph = ARROW[mark]
    if room == 1:
        return glyph
    return f"{number:>{room - 1}}{glyph}"


def _pip(orientation: int, direction: int) -> str:
    pips = face(orientation, direction)
    return HEART if pips == MARK_FACE else str(pips)


def die_lines(orientation: int) -> list[str]:
    """The die unfolded as seen from above: top in the middle, the four sides around it."""
    n, w, t, e, s = (_pip(orientation, d) for d in (NORTH, WEST, UP, EAST, SOUTH))
    return [f"   [{n}]   ", f"[{w}][{t}][{e}]", f"   [{s}]   "]


def describe_die(board: Board, short: bool = False) -> list[str]:
    """Where the die is and where its mark faces, in short lines to sit beside the die (none without a
    tour); `short`, shorter still, for a narrow pane."""
    if not board.tour:
        return []
    x, y, o = board.tour[-1]
    total = len(board.open_cells())
    mark = mark_direction(o)
    if short:
        where = "on top" if mark == UP else "under" if mark == DOWN else DIRECTIONS[mark]
        return [f"{cell_text((x, y))} · {len(board.tour)}/{total}", f"{HEART} {where} {ARROW[mark]}",
                f"top shows {face(o, UP)}"]
    where = "on top" if mark == UP else "underneath" if mark == DOWN else f"faces {DIRECTIONS[mark]}"
    return [f"die {cell_text((x, y))} · cell {len(board.tour)}/{total}",
            f"mark {HEART} {where} {ARROW[mark]}",
            f"top shows {face(o, UP)}"]


def _die_and_legend(out: Text, board: Board, room: int | None) -> None:
    """The die unfolded with its description beside it, and the legend, within `room` characters
    (None: no limit): the description shortened, then put under the die, and the legend on two
    lines, where they would not fit."""
    o = board.tour[-1][2]
    text = describe_die(board)
    if room is not None and NET + max(len(t) for t in text) > room:
        text = describe_die(board, short=True)
    beside = room is None or NET + max(len(t) for t in text) <= room
    for pic, line in zip(die_lines(o), text if beside else ["", "", ""]):
        out.append(pic, Style(bold=True))
        out.append(("  " + line if line else "") + "\n")
    if not beside:
        out.append("\n".join(text) + "\n")
    if room is None or len(LEGEND) <= room:
        legend = [LEGEND]
    elif max(map(len, LEGEND_LINES)) <= room:
        legend = list(LEGEND_LINES)
    else:
        legend = textwrap.wrap(LEGEND, room)
    out.append("\n".join(legend) + "\n", Style(dim=True))


def render(board: Board, view: View = View()) -> Text:
    """The board as text, a line a row (see cell_size), the die and a legend below.

    Each cell is a separator and its content; the cursor's cell is bracketed
    by the separators on either side, so a row is one character wider.
    """
    wide, high = cell_size(view.zoom, board)
    numbers = {(x, y): (i + 1, mark_direction(o)) for i, (x, y, o) in enumerate(board.tour)}
    head = (board.tour[-1][0], board.tour[-1][1]) if board.tour else None
    xs, ys = view.window(board.width, board.height)
    out = Text(no_wrap=True, overflow="crop")
    for y in ys:
        closing = False  # the separator after the cursor's cell closes its bracket
        for x in xs:
            here = (x, y)
            number, mark = numbers.get(here, (None, None))
            body = _content(board, here, number, mark, wide)
            if here in board.blocked:
                style = BLOCKED
            elif here == head:
                style = HEAD + Style(reverse=True)
            elif number is not None:
                style = MARK_UP if mark == UP else TRAIL
            elif here in (board.start, board.goal):
                style = ENDS
            else:
                style = OPEN
            if here in view.highlight and here != head:
                style = style + Style(reverse=True)
            if here == view.cursor:
                out.append("[", Style(bold=True))
                style = style + Style(underline=True, bold=True)
            else:
                out.append("]" if closing else " ", Style(bold=True))
            closing = here == view.cursor
            out.append(body, style)
        out.append("]\n" if closing else " \n", Style(bold=True))
        out.append("\n" * (high - 1))
    if board.tour:
        o = board.tour[-1][2]
        if view.zoom == ZOOM_OVERVIEW:
            x, y, _ = board.tour[-1]
            mark = mark_direction(o)
            out.append(f"die {cell_text((x, y))}: mark {ARROW[mark]} {DIRECTIONS[mark]}\n")
        else:
            _die_and_legend(out, board, view.cells[0] * wide if view.cells else None)
    out.rstrip()
    return out

