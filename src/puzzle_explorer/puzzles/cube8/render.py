"""Drawing the board with rich: each cube seen from above, readable without colour.

A square at zoom 0 (10 characters by 3 lines):

        r          the colour of the faces along y (front/back), lower case
      b W b        the top in capitals on its colour; the faces along x (left/right)
        r  [W]     in brackets: the top colour this square must show ([E]: end empty here)

The empty square shows '·'. The overview (zoom 1) gives each square as its top and
x-axis colours ('Wb'), which is the cube's whole orientation.
"""
from __future__ import annotations

from rich.style import Style
from rich.text import Text

from puzzle_explorer.puzzles.cube8 import cubes as C
from puzzle_explorer.puzzles.cube8.board import Board
from puzzle_explorer.puzzles.interface import View

CELL = {0: (10, 3), 1: (3, 1)}
# what the drawing's marks mean, for the app's help
MARKS = (("W B R", "a cube's top colour (white, blue, red)"),
         ("w b r", "its side faces: left and right of the top, above and below it the front and back"),
         ("[W]", "the top colour this square must show at the goal: green when it does, yellow when not yet"),
         ("[E]", "the empty square must end here"),
         ("·", "the empty square"),
         ("> <", "the cursor"))
FACE = {C.WHITE: Style(color="black", bgcolor="bright_white", bold=True),
        C.BLUE: Style(color="bright_white", bgcolor="blue", bold=True),
        C.RED: Style(color="bright_white", bgcolor="red3", bold=True)}
SIDE = {C.WHITE: Style(color="bright_white"), C.BLUE: Style(color="dodger_blue1"), C.RED: Style(color="red1")}
DIM = Style(color="grey50")
MET = Style(color="green3", bold=True)
UNMET = Style(color="yellow", bold=True)


def cell_size(zoom: int, board: Board | None = None) -> tuple[int, int]:
    return CELL[1 if zoom else 0]


def _target_met(board: Board, square: int, o: int) -> bool:
    want = board.pattern[square]
    return (o == C.EMPTY) if want == C.EMPTY else (o != C.EMPTY and C.TOP[o] == want)


def _square_lines(board: Board, square: int, o: int, view: View) -> list[Text]:
    """The three lines of one square at zoom 0."""
    lines = [Text(no_wrap=True) for _ in range(3)]
    here = C.xy(square)
    mark = Style(reverse=True) if here in view.highlight else Style()
    if o == C.EMPTY:
        lines[0].append(" " * 8)
        lines[1].append("    ·   ", DIM + mark)
        lines[2].append(" " * 5)
    else:
        top, xc, yc = C.ORIENTATIONS[o]
        y_letter = C.COLOURS[yc].lower()
        x_letter = C.COLOURS[xc].lower()
        lines[0].append("    ")
        lines[0].append(y_letter, SIDE[yc] + mark)
        lines[0].append("   ")
        lines[1].append("  ")
        lines[1].append(x_letter, SIDE[xc] + mark)
        lines[1].append(f" {C.COLOURS[top]} ", FACE[top] + mark)
        lines[1].append(x_letter, SIDE[xc] + mark)
        lines[1].append(" ")
        lines[2].append("    ")
        lines[2].append(y_letter, SIDE[yc] + mark)
    want = board.pattern[square]
    letter = "E" if want == C.EMPTY else C.COLOURS[want]
    lines[2].append(" " * (7 - len(lines[2].plain)))
    lines[2].append(f"[{letter}]", MET if _target_met(board, square, o) else UNMET)
    lines[0].append(" " * (10 - len(lines[0].plain)))
    lines[1].append(" " * (10 - len(lines[1].plain)))
    if here == view.cursor:
        for line in lines:
            line.stylize(Style(underline=True), 0, len(line.plain))
        lines[1] = Text(">", Style(bold=True)) + lines[1][1:9] + Text("<", Style(bold=True))
    return lines


def _overview(board: Board, view: View) -> Text:
    position = board.position()
    out = Text(no_wrap=True, overflow="crop")
    for y in range(3):
        for x in range(3):
            s = C.square_at(x, y)
            o = position[s]
            style = Style(reverse=True) if (x, y) in view.highlight else Style()
            if (x, y) == view.cursor:
                style += Style(underline=True)
            if o == C.EMPTY:
                out.append("··", DIM + style)
            else:
                top, xc, _ = C.ORIENTATIONS[o]
                out.append(C.COLOURS[top], FACE[top] + style)
                out.append(C.COLOURS[xc].lower(), SIDE[xc] + style)
            out.append(" " if x < 2 else "")
        if y < 2:
            out.append("\n")
    return out


def render(board: Board, view: View = View()) -> Text:
    """The board: every cube from above with its target beside it (overview at zoom 1), the squares
    of the view's window (a pane too narrow for three squares, 60 columns, shows two and pans)."""
    if view.zoom:
        return _overview(board, view)
    position = board.position()
    xs, ys = view.window(3, 3)
    out = Text(no_wrap=True, overflow="crop")
    for y in ys:
        rows = [Text(no_wrap=True) for _ in range(3)]
        for x in xs:
            s = C.square_at(x, y)
            for i, line in enumerate(_square_lines(board, s, position[s], view)):
                rows[i].append_text(line)
        for i, row in enumerate(rows):
            row.rstrip()
            out.append_text(row)
            if y != ys[-1] or i < 2:
                out.append("\n")
    return out


def legend() -> str:
    """One line explaining the drawing, for help screens and the CLI."""
    return ("capital: top colour · small letters: the side faces (left/right, front/back) · "
            "[X]: the top this square must show, [E]: the empty square ends here")
