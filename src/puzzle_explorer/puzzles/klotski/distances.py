"""Sliding blocks in the census from the goal and in play mode: the board's positions as packed
words, and every move a player can make."""
from __future__ import annotations

from collections.abc import Iterator

from puzzle_explorer.core.kernels.counters import new_counters
from puzzle_explorer.puzzles.interface import JSON, Cell, Move, Options
from puzzle_explorer.puzzles.kit import distances as D
from puzzle_explorer.puzzles.kit.text import cell_text
from puzzle_explorer.puzzles.klotski.board import Board, Piece, format_board, validate
from puzzle_explorer.puzzles.klotski.kernels.moves import count_placements, goal_states
from puzzle_explorer.puzzles.klotski.kernels.packing import DIRS, encode, make_context, make_layout, with_own_scratch
from puzzle_explorer.puzzles.klotski.live import board_at
from puzzle_explorer.puzzles.klotski.options import convention as read_convention
from puzzle_explorer.puzzles.klotski.steps import move_label

HINT_SOLVER = "bibfs"
ARROWS = ("up", "down", "left", "right")  # DIRS in the same order
# what the arrows do in play mode: the footer's words, the help's sentence
ARROWS_MEAN = ("move piece", "slide the picked piece one cell the way the arrow points (its letter or Tab "
                             "picks another)")


def identity(board: Board, convention: str, distinct: bool) -> JSON:
    """What a table must match to answer for this board: the same board size and walls, the same
    pieces (shapes, or letters too when every piece is its own), target, goal and moves."""
    target = board.target_piece()
    others = [p for p in board.pieces if p.letter != target.letter]
    if distinct:
        pieces = sorted(f"{p.letter} {p.w}x{p.h}" for p in others)
        target_text = f"{target.letter} {target.w}x{target.h}"
    else:
        shapes: dict[str, int] = {}
        for p in others:
            shapes[f"{p.w}x{p.h}"] = shapes.get(f"{p.w}x{p.h}", 0) + 1
        pieces = [f"{shape} x{n}" if n > 1 else shape for shape, n in sorted(shapes.items())]
        target_text = f"{target.w}x{target.h}"
    return {"size": f"{board.width}x{board.height}", "walls": sorted(cell_text(c) for c in board.walls),
            "target": target_text, "goal": cell_text(board.goal_cell()), "pieces": pieces, "moves": convention,
            "distinct": distinct}


def one_line(board: Board) -> str:
    """The board as --board reads it: rows and any target or goal line, separated by '/'."""
    return format_board(board).strip().replace("\n", "/")


def space(board: Board, options: Options) -> D.PackedSpace:
    validate(board)
    convention, distinct = read_convention(options)
    layout = make_layout(board, convention, distinct)
    ctx = make_context(layout)
    ident = identity(board, convention, distinct)

    def word(other: Board) -> int | None:
        try:
            same = identity(other, convention, distinct) == ident
        except ValueError:
            return None
        return encode(layout, other) if same else None

    return D.PackedSpace(
        "klotski", ident, encode(layout, board),
        goals=lambda limit, counters: goal_states(ctx, limit, counters),
        context=ctx, another=lambda: with_own_scratch(ctx),  # each census thread writes scratch of its own
        word=word, board=lambda w: board_at(layout, board, w), text=one_line,
        most=lambda limit: count_placements(ctx, limit, new_counters(quiet=True)))


# --- play ----------------------------------------------------------------------------------

def _fits(board: Board, piece: Piece, x: int, y: int, others: set[Cell]) -> bool:
    if x < 0 or y < 0 or x + piece.w > board.width or y + piece.h > board.height:
        return False
    return not any((x + i, y + j) in others for j in range(piece.h) for i in range(piece.w))


def _mark_cell(piece: Piece, arrow: str) -> Cell:
    """Where a piece shows the mark of a one-cell slide: a corner on that side, so a piece of two
    cells or more spreads its marks (up: top right, down: bottom left, left: top left, right: bottom right)."""
    right, bottom = piece.x + piece.w - 1, piece.y + piece.h - 1
    return {"up": (right, piece.y), "down": (piece.x, bottom), "left": (piece.x, piece.y),
            "right": (right, bottom)}[arrow]


def _destinations(board: Board, piece: Piece, convention: str, others: set[Cell]) -> Iterator[tuple[int, int, str]]:
    """(x, y, first arrow or '' when more than one cell away) for every place the piece can move to."""
    if convention == "free":
        seen = {(piece.x, piece.y)}
        frontier = [(piece.x, piece.y, "")]
        while frontier:
            x, y, first = frontier.pop(0)
            for arrow, (dx, dy) in zip(ARROWS, DIRS):
                n = (x + dx, y + dy)
                if n not in seen and _fits(board, piece, *n, others):
                    seen.add(n)
                    frontier.append((*n, arrow if (x, y) == (piece.x, piece.y) else ""))
                    yield n[0], n[1], arrow if (x, y) == (piece.x, piece.y) else ""
        return
    for arrow, (dx, dy) in zip(ARROWS, DIRS):
        k = 1
        while _fits(board, piece, piece.x + k * dx, piece.y + k * dy, others):
            yield piece.x + k * dx, piece.y + k * dy, arrow if k == 1 else ""
            if convention == "unit":
                break
            k += 1


def moves(board: Board, options: Options) -> list[Move]:
    """Every move of the position under the convention, piece by piece. A slide of one cell has
    its arrow; under free moves a piece's slides one after another are one move, under straight
    moves those along one line."""
    convention, _ = read_convention(options)
    out = []
    for piece in board.pieces:
        others: set[Cell] = set(board.walls)
        for p in board.pieces:
            if p is not piece:
                others.update(p.cells())
        for x, y, arrow in _destinations(board, piece, convention, others):
            moved = piece.moved_to(x, y)
            after = board.with_pieces([moved if p is piece else p for p in board.pieces])
            direction = ARROWS[DIRS.index((_sign(x - piece.x), _sign(y - piece.y)))] if convention == "straight" else ""
            group = piece.letter if convention == "free" else (piece.letter, direction) if convention == "straight" else None
            mark = _mark_cell(piece, arrow) if arrow else (piece.x, piece.y)
            data = {"piece": piece.letter, "from": [piece.x + 1, piece.y + 1], "to": [x + 1, y + 1]}
            out.append(Move(move_label(piece.letter, (piece.x, piece.y), (x, y)), after, mark, arrow,
                            piece.letter, group, frozenset(moved.cells()), data))
    return out


def _sign(n: int) -> int:
    return (n > 0) - (n < 0)

