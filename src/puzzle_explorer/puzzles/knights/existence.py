"""Whether a tour can exist, from theorems and counting arguments, before any search.

The answer is exact when it is True or False and says why; None means the
theory does not settle this start square and a search has to.

- Closed tours, whole board (Schwenk 1991): an m x n board, m <= n, has a
  closed tour unless m and n are both odd; or m is 1, 2 or 4; or m = 3 and
  n is 4, 6 or 8. A closed tour passes through every square, so where one
  exists it can start anywhere (and, cut open, gives an open tour from
  anywhere).
- Open tours, whole board (Cull & De Curtins 1978, Conrad et al. 1994): an
  m x n board, m <= n, has an open tour unless m = 1 < n; m = 2; m = 3 and
  n is 3, 5 or 6; or m = n = 4.
- Colours: a knight always changes colour, so a tour alternates colours. On a
  board with an odd number of squares it starts and ends on the colour with one
  square more; in general the colour counts must differ by at most one, and
  the start must be on the larger class.
- Four lines wide (Pósa's argument): the squares of the two edge lines reach
  only the two middle lines. A tour therefore puts edge squares at alternate
  places; with colours alternating too, an open tour must start and end on
  an edge line, and a closed one cannot exist.
- With blocked squares the theorems say nothing; the counting arguments
  still hold, and so do these: the free squares must be connected, a closed
  tour cannot use a square with one move, and an open tour can have at most
  two (its two ends).
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from puzzle_explorer.puzzles.interface import JSON
from puzzle_explorer.puzzles.kit.text import cell_text
from puzzle_explorer.puzzles.knights.board import Board
from puzzle_explorer.puzzles.knights.kernels.geometry import reach, table_for


@dataclass(frozen=True)
class Verdict:
    exists: bool | None  # None: theory does not settle it
    reason: str
    rule: str  # short name of the argument: schwenk, open-boards, colours, four-lines, graph, unknown...

    def as_json(self) -> JSON:
        return {"exists": self.exists, "reason": self.reason, "rule": self.rule}


def closed_board_reason(m: int, n: int) -> str | None:
    """Why no closed tour exists on an m x n board (m <= n), or None when one does (Schwenk)."""
    if m % 2 and n % 2:
        return ("both sides are odd, so the board has an odd number of squares; a closed tour alternates "
                "colours and needs as many squares of one colour as of the other")
    if m == 1:
        return "on a board one square wide the knight cannot move"
    if m == 2:
        return "on a board two squares wide the knight's moves never connect all the squares"
    if m == 4:
        return ("on a board four squares wide the squares of the two edge lines reach only the two middle "
                "lines, so a closed tour would have to alternate edge and middle squares as well as colours, "
                "which no cycle can do (Pósa's argument)")
    if m == 3 and n in (4, 6, 8):
        return f"3x{n} is one of the three boards three squares wide (3x4, 3x6, 3x8) that Schwenk excepts"
    return None


def open_board_reason(m: int, n: int) -> str | None:
    """Why no open tour exists on an m x n board (m <= n), or None when one does."""
    if m == 1 and n > 1:
        return "on a board one square wide the knight cannot move"
    if m == 2:
        return "on a board two squares wide the knight's moves never connect all the squares"
    if m == 3 and n == 3:
        return "on 3x3 the knight can never reach the centre square"
    if (m, n) in ((3, 5), (3, 6), (4, 4)):
        return f"{m}x{n} is one of the small boards with no open tour (3x3, 3x5, 3x6, 4x4)"
    return None


def check(board: Board) -> Verdict:
    """What theory says about a tour on this board from its start square."""
    if board.free_squares == 1:
        if board.closed:
            return Verdict(False, "a closed tour needs the knight to move back to its start, and a single "
                                  "square gives it nowhere to go", "one-square")
        return Verdict(True, "a single square is a tour by itself", "one-square")
    if board.blocked:
        return _blocked(board)
    return _closed(board) if board.closed else _open(board)


def _closed(board: Board) -> Verdict:
    w, h = board.width, board.height
    m, n = sorted((w, h))
    why = closed_board_reason(m, n)
    if why:
        return Verdict(False, f"no closed tour exists on {w}x{h}: {why} (Schwenk 1991)", "schwenk")
    return Verdict(True, f"{w}x{h} has a closed tour (Schwenk 1991); it passes through every square, so it "
                         "can start on this one", "schwenk")


def _open(board: Board) -> Verdict:
    w, h = board.width, board.height
    m, n = sorted((w, h))
    sx, sy = board.start
    why = open_board_reason(m, n)
    if why:
        return Verdict(False, f"no open tour exists on {w}x{h}: {why} (Conrad et al. 1994)", "open-boards")
    if (w * h) % 2 and (sx + sy) % 2:
        return Verdict(False, f"{w}x{h} has an odd number of squares, so a tour (which alternates colours) "
                              f"starts and ends on the colour with one square more; {cell_text(board.start)} "
                              "is on the other colour", "colours")
    if m == 4:
        inner = sy in (1, 2) if h == 4 else sx in (1, 2)
        if inner:
            return Verdict(False, f"on a board four squares wide an open tour starts and ends on one of the two "
                                  f"edge lines (the edge squares reach only the middle lines, and colours "
                                  f"alternate too); {cell_text(board.start)} is on a middle line", "four-lines")
    if closed_board_reason(m, n) is None:
        return Verdict(True, f"{w}x{h} has a closed tour (Schwenk 1991); cut open at this square it is an open "
                             "tour from here", "schwenk")
    return Verdict(None, f"{w}x{h} has open tours (Conrad et al. 1994), but theory does not say whether one "
                         "starts on this square: unknown without search", "unknown")


def _blocked(board: Board) -> Verdict:
    w, h = board.width, board.height
    free = board.free_squares
    sx, sy = board.start
    mine = sum(1 for y in range(h) for x in range(w)
               if (x + y) % 2 == (sx + sy) % 2) - sum(1 for x, y in board.blocked if (x + y) % 2 == (sx + sy) % 2)
    other = free - mine
    where = cell_text(board.start)
    if board.closed and mine != other:
        return Verdict(False, f"a closed tour alternates colours, but the free squares are {mine} of the start's "
                              f"colour and {other} of the other", "colours")
    if not board.closed and not (mine == other or mine == other + 1):
        return Verdict(False, f"a tour alternates colours, starting on the start's colour; the free squares are "
                              f"{mine} of the start's colour ({where}) and {other} of the other", "colours")
    table = table_for(board)
    if reach(table, board.index(board.start)) < free:
        return Verdict(False, "the free squares are not all connected by knight's moves", "graph")
    degree = (table >= 0).sum(axis=1)
    free_mask = np.ones(board.squares, dtype=np.bool_)
    for x, y in board.blocked:
        free_mask[y * w + x] = False
    ones = [board.cell(int(i)) for i in np.flatnonzero((degree == 1) & free_mask)]
    if board.closed and ones:
        return Verdict(False, f"square {cell_text(ones[0])} has only one move, and a closed tour must enter "
                              "and leave every square", "graph")
    others = [c for c in ones if c != board.start]
    if not board.closed and len(others) > 1:
        return Verdict(False, f"squares {cell_text(others[0])} and {cell_text(others[1])} have one move "
                              "each, so both would have to be where the tour ends", "graph")
    m = min(w, h)
    if m == 4:
        edge = sum(1 for i in range(board.squares) if free_mask[i] and _on_edge_line(board, board.cell(i)))
        middle = free - edge
        if board.closed and edge > middle:
            return Verdict(False, f"on a board four squares wide the edge-line squares reach only the middle "
                                  f"lines; {edge} free edge squares against {middle} middle ones rule out a "
                                  "closed tour", "four-lines")
        if not board.closed and edge > middle + 1:
            return Verdict(False, f"on a board four squares wide the edge-line squares reach only the middle "
                                  f"lines; {edge} free edge squares against {middle} middle ones rule out a "
                                  "tour", "four-lines")
    return Verdict(None, "with blocked squares the theorems do not apply and the counting arguments leave the "
                         "question open: unknown without search", "unknown")


def _on_edge_line(board: Board, cell: tuple[int, int]) -> bool:
    x, y = cell
    return y in (0, 3) if board.height == 4 else x in (0, 3)
