"""Drawing a link board with rich: tiles by kind, the outside ring, and a path in line characters.

The path drawn is the board's trail (the pair removed last, or a solution
step) if it has one, else the fewest-segment path between the two marked
cells, computed here. Everything reads without colour: tiles are their
characters, the path is box-drawing lines, marked tiles are in parentheses,
the cursor in brackets.
"""
from __future__ import annotations

from rich.console import Group
from rich.style import Style
from rich.text import Text

from puzzle_explorer.puzzles.interface import ZOOM_LARGE, ZOOM_NORMAL, ZOOM_OVERVIEW, View
from puzzle_explorer.puzzles.kit.text import Cell, cell_text
from puzzle_explorer.puzzles.link.board import EMPTY, Board
from puzzle_explorer.puzzles.link.kernels.linking import LinkPath, quick_path

PALETTE = ("dodger_blue2", "green3", "dark_orange", "medium_purple", "gold3", "deep_pink3", "turquoise4",
           "chartreuse4", "orchid", "steel_blue", "light_salmon3", "cadet_blue", "indian_red", "dark_khaki")
CELL = {ZOOM_NORMAL: (3, 1), ZOOM_OVERVIEW: (1, 1), ZOOM_LARGE: (5, 2)}  # large: a spacer line under each row
# what the drawing's marks mean, for the app's help
MARKS = (("A-Z", "a tile: two of a kind link when a path of few enough segments joins them"),
         ("(X)", "a marked tile; two marks show the path between them"),
         ("─│┌┐└┘", "the path: green when it links, yellow when it does not, cyan for the pair removed last"),
         ("·", "an empty cell"),
         ("░", "the outside ring where paths may not run (blank where they may)"),
         ("[ ]", "the cursor"))
E, S, W, N = 1, 2, 4, 8
GLYPH = {E | W: "─", N | S: "│", E | S: "┌", W | S: "┐", E | N: "└", W | N: "┘", E: "╶", W: "╴", N: "╵",
         S: "╷", E | W | N | S: "┼", E | W | S: "┬", E | W | N: "┴", N | S | E: "├", N | S | W: "┤"}
RING_OPEN = Style(color="grey35")
RING_SHUT = Style(color="grey42")
EMPTY_STYLE = Style(color="grey50")
PATH_OK = Style(color="bright_green", bold=True)
PATH_FAR = Style(color="yellow", bold=True)
PATH_TRAIL = Style(color="cyan", bold=True)
REACHED = Style(color="bright_green")


def cell_size(zoom: int, board: Board | None = None) -> tuple[int, int]:
    return CELL.get(zoom, CELL[ZOOM_NORMAL])


def _links(path: LinkPath) -> dict[Cell, int]:
    """For every cell of the path, the directions it connects to."""
    out: dict[Cell, int] = {}
    for (x0, y0), (x1, y1) in zip(path.corners, path.corners[1:]):
        dx = (x1 > x0) - (x1 < x0)
        dy = (y1 > y0) - (y1 < y0)
        ahead = E if dx > 0 else W if dx < 0 else S if dy > 0 else N
        back = {E: W, W: E, N: S, S: N}[ahead]
        x, y = x0, y0
        while (x, y) != (x1, y1):
            out[(x, y)] = out.get((x, y), 0) | ahead
            x, y = x + dx, y + dy
            out[(x, y)] = out.get((x, y), 0) | back
    return out


def shown_path(board: Board) -> tuple[LinkPath | None, Style, str]:
    """The path to draw, its style, and a caption saying what it is."""
    if board.reach:  # a search in progress: what it has reached, not the answer
        return None, REACHED, "digits: the fewest segments that reach a cell so far"
    if board.trail:
        return LinkPath(len(board.trail) - 1, board.trail), PATH_TRAIL, ""
    if len(board.marked) != 2:
        return None, PATH_OK, ""
    a, b = board.marked
    path = quick_path(board, a, b)
    ends = f"{cell_text(a)} → {cell_text(b)}"
    if path is None:
        return None, PATH_FAR, f"{ends}: no path joins them"
    limit = board.play_limit()
    same = board.is_tile(a) and board.is_tile(b) and board.at(a) == board.at(b)
    count = f"{path.segments} segment{'s' * (path.segments != 1)}"
    if path.segments > limit:
        return path, PATH_FAR, f"{ends}: {count}, more than the {limit} allowed"
    verdict = "linked" if same else "within the limit, but different kinds"
    return path, PATH_OK if same else PATH_FAR, f"{ends}: {count}, {verdict}"


def _kind_styles(board: Board) -> dict[str, Style]:
    kinds = sorted({ch for row in board.rows for ch in row if ch != EMPTY})
    return {k: Style(color="bright_white", bgcolor=PALETTE[i % len(PALETTE)], bold=True)
            for i, k in enumerate(kinds)}


def _body(ch: str, links: int, wide: int) -> str:
    """The characters of one cell: its character in the middle, path arms either side."""
    if wide == 1:
        return ch
    arm = (wide - 1) // 2
    left = ("─" if links & W else " ") * arm
    right = ("─" if links & E else " ") * arm
    return left + ch + right


def _segments(n: int) -> str:
    """A segment count in one character: 1-9, then '+'."""
    return str(n) if n < 10 else "+"


def _with_ring(shown: range, size: int) -> range:
    """The shown columns (or rows), and the outside ring beside them where they reach an edge."""
    return range(shown.start - 1 if shown.start == 0 else shown.start,
                 shown.stop + 1 if shown.stop == size else shown.stop)


def _spacer(out: Text, xs: range, y: int, links: dict[Cell, int], path_style: Style, wide: int) -> None:
    """The line between row y and the next in the large drawing: the path's vertical arms."""
    arm = (wide - 1) // 2
    for x in xs:
        down = links.get((x, y), 0) & S
        out.append(" " * arm + ("│" if down else " ") + " " * arm, path_style if down else Style())
    out.append("\n")


def render(board: Board, view: View = View()) -> Group:
    """The board framed by its outside ring (3x1 characters a cell, 1x1 in the overview, 5x2 large),
    plus a caption."""
    wide, high = cell_size(view.zoom)
    path, path_style, caption = shown_path(board)
    links = _links(path) if path else {}
    styles = _kind_styles(board)
    reached = dict(board.reach)
    inner_xs, inner_ys = view.window(board.width, board.height)
    xs = _with_ring(inner_xs, board.width)
    ys = _with_ring(inner_ys, board.height)
    out = Text(no_wrap=True, overflow="crop")
    for y in ys:
        for x in xs:
            here = (x, y)
            arms = links.get(here, 0)
            if not board.inside(here):
                if arms:
                    body, style = _body(GLYPH.get(arms, "·"), arms, wide), path_style
                elif here in reached:
                    body, style = _body(_segments(reached[here]), 0, wide), REACHED
                elif board.outside:
                    body, style = " " * wide, RING_OPEN
                else:
                    body, style = "░" * wide, RING_SHUT
                out.append(body, style)
                continue
            ch = board.at(here)
            if ch == EMPTY:
                if arms:
                    body, style = _body(GLYPH.get(arms, "·"), arms, wide), path_style
                elif here in reached:
                    body, style = _body(_segments(reached[here]), 0, wide), REACHED
                else:
                    body, style = _body("·", 0, wide), EMPTY_STYLE
                if here in board.marked:
                    body, style = _body("*", arms, wide), Style(color="yellow", bold=True)
            else:
                body, style = _body(ch, arms, wide), styles[ch]
                if here in board.marked:
                    if wide >= 3:
                        arm = (wide - 1) // 2
                        body = body[:arm - 1] + "(" + ch + ")" + body[arm + 2:]
                    style = style + Style(underline=True, bold=True, bgcolor="yellow", color="black")
            if here in view.highlight:
                style = style + Style(reverse=True)
            if here == view.cursor:
                if wide >= 3:
                    body = "[" + body[1:-1] + "]"
                style = style + Style(underline=True, bold=True)
            out.append(body, style)
        out.append("\n")
        if high > 1 and y != ys[-1]:
            _spacer(out, xs, y, links, path_style, wide)
    out.rstrip()
    # the captions wrap in a narrow pane; the board's rows never do
    about = Text(f"{board.width}x{board.height}, {len(board.tiles())} tiles · {board.rules_text()}",
                 Style(color="grey62"))
    if caption:
        about.append("\n" + caption, path_style)
    return Group(out, about)
