"""A cube solution's steps: the board after each roll, the roll in words and as JSON."""
from __future__ import annotations

from puzzle_explorer.puzzles.cube8 import cubes as C
from puzzle_explorer.puzzles.cube8.board import Board
from puzzle_explorer.puzzles.interface import Step
from puzzle_explorer.puzzles.kit.text import cell_text


def _roll(before: tuple[int, ...], after: tuple[int, ...]) -> tuple[int, int]:
    """(the square the cube left, the square it reached) between two positions."""
    return C.empty_of(after), C.empty_of(before)


def path_steps(board: Board, positions: list[tuple[int, ...]]) -> list[Step]:
    """The board at the start and after each roll, with the roll said in words and as JSON."""
    steps = [Step("start", Board(board.start, board.pattern, positions[0] if positions else board.cubes))]
    for before, after in zip(positions, positions[1:]):
        frm, to = _roll(before, after)
        (fx, fy), (tx, ty) = C.xy(frm), C.xy(to)
        direction = C.ROLL_NAMES[(tx - fx, ty - fy)]
        top = C.COLOURS[C.TOP[after[to]]]
        label = (f"roll {cell_text((fx, fy))} {direction} to {cell_text((tx, ty))}: "
                 f"{C.COLOUR_NAMES[C.TOP[after[to]]]} on top")
        data = {"from": [fx + 1, fy + 1], "to": [tx + 1, ty + 1], "roll": direction, "top": top}
        steps.append(Step(label, Board(board.start, board.pattern, after), frozenset({(fx, fy), (tx, ty)}), data))
    return steps
