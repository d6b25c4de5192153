"""Drawing a knight's-tour board: move numbers in a window onto the board, or an overview of all of it.

Zoom 0 draws the squares in the window View.origin / View.cells, each as the
number of the move that reaches it (1 is the start), '·' when the tour has
not been there yet and '#' when blocked; the knight's current square is shown
reversed. Only the window is drawn, so the cost follows the window, never the
board. Zoom 1 is the overview: one character a square when the board fits,
otherwise one character for each block of squares, shaded by how much of it
the tour has covered, '@' where the knight is. Everything reads without colour.
"""
from __future__ import annotations

import math
from dataclasses import replace

import numpy as np
from numpy.typing import NDArray
from rich.style import Style
from rich.text import Text

from puzzle_explorer.puzzles.interface import ZOOM_LARGE, ZOOM_OVERVIEW, View
from puzzle_explorer.puzzles.knights.board import Board

MAX_WINDOW = 120  # squares a side drawn when the view does not say how many fit
SHADES = "·░▒▓█"
# what the drawing's marks mean, for the app's help
MARKS = (("12", "the move that reaches this square (1 is the start)"),
         ("S", "the start square, before a tour is drawn"),
         ("·", "a square the tour has not reached"),
         ("#", "a blocked square"),
         ("@", "the knight, in the overview (v); ░▒▓█: how much of each block the tour covers"),
         ("[ ]", "the cursor"))

VISITED = Style(color="cyan")
START = Style(color="green", bold=True)
KNIGHT = Style(color="yellow", bold=True, reverse=True)
EMPTY = Style(color="grey50")
WALL = Style(color="grey35")


def number_width(board: Board | None) -> int:
    """Characters for one square at zoom 0: the largest move number and a space."""
    if board is None:
        return 4
    return max(3, len(str(board.free_squares)) + 1)


def cell_size(zoom: int, board: Board | None = None) -> tuple[int, int]:
    """Characters per square (wide, high); wider on boards whose move numbers need more digits.
    Large: two more characters and a blank line under each row."""
    if zoom == ZOOM_OVERVIEW:
        return (1, 1)
    if zoom == ZOOM_LARGE:
        return (number_width(board) + 2, 2)
    return (number_width(board), 1)


def _window(board: Board, view: View) -> tuple[range, range]:
    x0 = max(0, min(view.origin[0], board.width - 1))
    y0 = max(0, min(view.origin[1], board.height - 1))
    shown = replace(view, origin=(x0, y0), cells=view.cells or (MAX_WINDOW, MAX_WINDOW))
    return shown.window(board.width, board.height)


def _visit_order(board: Board) -> tuple[np.ndarray | None, int]:
    """The tour's square -> move index array (None without a tour) and how many moves are shown."""
    if board.tour is None or board.shown <= 0:
        return None, 0
    return board.tour.order, board.shown


def render(board: Board, view: View = View()) -> Text:
    """The board as text (see the module docstring)."""
    if view.zoom == ZOOM_OVERVIEW:
        return _overview(board, view)
    return _numbers(board, view)


def _numbers(board: Board, view: View) -> Text:
    wide, high = cell_size(view.zoom, board)
    xs, ys = _window(board, view)
    order, shown = _visit_order(board)
    first = board.tour.first if board.tour is not None else 0
    out = Text(no_wrap=True, overflow="crop")
    w = board.width
    for y in ys:
        if order is not None:
            row_order = order[y * w + xs.start: y * w + xs.stop]
        closing = False
        for x in xs:
            here = (x, y)
            if here in board.blocked:
                body, style = "#" * (wide - 1), WALL
            else:
                k = int(row_order[x - xs.start]) if order is not None else -1
                if 0 <= k < shown:
                    body = str(k + 1 + first)
                    style = KNIGHT if k == shown - 1 else (START if k + first == 0 else VISITED)
                elif here == board.start:
                    body, style = "S", START
                else:
                    body, style = "·", EMPTY
            if here in view.highlight:
                style = style + Style(reverse=True)
            cell = body.rjust(wide - 1)
            if here == view.cursor:
                out.append("[", Style(bold=True))
                out.append(cell, style + Style(underline=True))
            else:
                out.append("]" if closing else " ", Style(bold=True))
                out.append(cell, style)
            closing = here == view.cursor  # the next separator closes the cursor's bracket
        out.append("]\n" if closing else "\n", Style(bold=True))
        out.append("\n" * (high - 1))
    out.rstrip()
    return out


def _overview(board: Board, view: View) -> Text:
    cols, rows = view.cells or (MAX_WINDOW, MAX_WINDOW)
    block = max(1, math.ceil(board.width / cols), math.ceil(board.height / rows))
    if block == 1:
        return _one_char_each(board, view)
    return _density(board, view, block)


def _one_char_each(board: Board, view: View) -> Text:
    order, shown = _visit_order(board)
    first = board.tour.first if board.tour is not None else 0
    out = Text(no_wrap=True, overflow="crop")
    for y in range(board.height):
        for x in range(board.width):
            here = (x, y)
            k = int(order[y * board.width + x]) if order is not None else -1
            if here in board.blocked:
                ch, style = "#", WALL
            elif 0 <= k < shown:
                ch, style = ("@", KNIGHT) if k == shown - 1 else ("•", START if k + first == 0 else VISITED)
            elif here == board.start:
                ch, style = "S", START
            else:
                ch, style = "·", EMPTY
            if here == view.cursor or here in view.highlight:
                style = style + Style(reverse=True)
            out.append(ch, style)
        out.append("\n")
    out.rstrip()
    return out


def _block_sums(mask: NDArray[np.bool_], block: int) -> NDArray[np.signedinteger]:
    h, w = mask.shape
    hb, wb = -(-h // block), -(-w // block)
    padded = np.zeros((hb * block, wb * block), dtype=np.int32)
    padded[:h, :w] = mask
    sums: NDArray[np.signedinteger] = padded.reshape(hb, block, wb, block).sum(axis=(1, 3))  # stubs: Any
    return sums


def _density(board: Board, view: View, block: int) -> Text:
    """One character per block x block squares: the share of its free squares the tour has covered."""
    w, h = board.width, board.height
    free = np.ones((h, w), dtype=np.bool_)
    for x, y in board.blocked:
        free[y, x] = False
    order, shown = _visit_order(board)
    visited = np.zeros((h, w), dtype=np.bool_) if order is None else (
        ((order >= 0) & (order < shown)).reshape(h, w))
    free_sum = _block_sums(free, block)
    seen_sum = _block_sums(visited, block)
    knight = board.tour.cell(shown - 1) if board.tour is not None and order is not None else board.start
    kx, ky = knight[0] // block, knight[1] // block
    cursor = (view.cursor[0] // block, view.cursor[1] // block) if view.cursor else None
    out = Text(no_wrap=True, overflow="crop")
    for by in range(free_sum.shape[0]):
        for bx in range(free_sum.shape[1]):
            total = int(free_sum[by, bx])
            if (bx, by) == (kx, ky):
                ch, style = "@", KNIGHT
            elif total == 0:
                ch, style = "#", WALL
            else:
                share = int(seen_sum[by, bx]) / total
                ch = SHADES[0] if share == 0 else SHADES[1 + int(share * 3)] if share < 1 else SHADES[4]
                style = EMPTY if share == 0 else VISITED
            if (bx, by) == cursor:
                style = style + Style(reverse=True)
            out.append(ch, style)
        out.append("\n")
    out.rstrip()
    return out
