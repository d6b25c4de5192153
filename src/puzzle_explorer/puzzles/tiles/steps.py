"""A sliding-tile solution's steps: the board after each slide, the slide in words and as JSON."""
from __future__ import annotations

from puzzle_explorer.puzzles.interface import Step
from puzzle_explorer.puzzles.tiles.board import BLANK, Board


def slide_label(tile: int, frm: int, to: int, width: int) -> str:
    (fx, fy), (tx, ty) = (frm % width, frm // width), (to % width, to // width)
    word = {(1, 0): "right", (-1, 0): "left", (0, 1): "down", (0, -1): "up"}[(tx - fx, ty - fy)]
    return f"{tile} {word} ({fx + 1},{fy + 1} → {tx + 1},{ty + 1})"


def path_steps(board: Board, blanks: list[int]) -> list[Step]:
    """The board at the start and after each move; a move slides the tile at the blank's next cell."""
    steps = [Step("start", board)]
    tiles = list(board.tiles)
    w = board.width
    for b, c in zip(blanks, blanks[1:]):
        t = tiles[c]
        tiles[b], tiles[c] = t, BLANK
        data = {"tile": t, "from": [c % w + 1, c // w + 1], "to": [b % w + 1, b // w + 1]}
        steps.append(Step(slide_label(t, c, b, w), board.with_tiles(tiles), frozenset({(b % w, b // w)}), data))
    return steps
