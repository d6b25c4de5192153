"""Random unsolved boards for tests that check a search against a reference on many boards."""
import random
from typing import Callable

from puzzle_explorer.puzzles.tiles.board import Board
from puzzle_explorer.puzzles.tiles.editor import random_walk
from tests.puzzles.tiles.reference import solved


def scrambled_boards(count: int, seed: int, shapes: list[tuple[int, int]], blank_first: float,
                     walk: Callable[[int, int], range]) -> list[Board]:
    """count boards, of the shapes in turn: each a random walk of a length drawn from walk(w, h) away
    from its goal (the blank first with chance blank_first), never the goal itself. The same
    arguments give the same boards."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        w, h = shapes[len(out) % len(shapes)]
        goal = solved(w, h, blank_first=rng.random() < blank_first)
        board = random_walk(Board(w, h, goal, goal), rng.choice(walk(w, h)), rng)
        if board.tiles != goal:
            out.append(board)
    return out
