"""Which starts can reach which goals: the parity rule, so an impossible board needs no search.

Number the cells and read a board as the permutation taking the goal's
arrangement (blank included) to the start's. Each move swaps the blank with a
neighbour: one transposition, and one step of the blank. So the permutation's
parity and the parity of the blank's distance from its goal cell change
together, and a start whose two parities differ never reaches the goal. On
boards at least 2x2 the converse holds too (Johnson and Story, 1879; Wilson,
1974): every start whose parities agree does.
"""
from __future__ import annotations

from puzzle_explorer.puzzles.tiles.board import BLANK, Board
from puzzle_explorer.puzzles.tiles.geometry import distance


def permutation_parity(start: tuple[int, ...], goal: tuple[int, ...]) -> int:
    """0 if the start is an even permutation of the goal's cells, 1 if odd."""
    where = {t: i for i, t in enumerate(goal)}
    perm = [where[t] for t in start]
    seen = [False] * len(perm)
    swaps = 0
    for i in range(len(perm)):
        length = 0
        j = i
        while not seen[j]:
            seen[j] = True
            j = perm[j]
            length += 1
        if length:
            swaps += length - 1
    return swaps % 2


def blank_distance(board: Board) -> int:
    goal = board.goal_tiles()
    return distance(board.width, board.tiles.index(BLANK), goal.index(BLANK))


def unsolvable_reason(board: Board) -> str | None:
    """None if the goal can be reached, else why not, in words."""
    odd = permutation_parity(board.tiles, board.goal_tiles())
    steps = blank_distance(board)
    if odd == steps % 2:
        return None
    kind = "an odd" if odd else "an even"
    return (f"the tiles are {kind} permutation of the goal's but the blank is {steps} "
            f"step{'s' if steps != 1 else ''} from its goal cell; every move changes both parities, "
            f"so they can never match")
