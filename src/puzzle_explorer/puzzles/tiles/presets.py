"""Named boards: the hardest 8-puzzles, Korf's 15-puzzles, a 24-puzzle, the other shapes, Loyd's 14-15.

Each length is the shortest solution, checked by the family's own optimal
solvers (tests/tiles); Korf's are his published optimal lengths, with his goal
(the blank first).
"""
from puzzle_explorer.puzzles.interface import Preset


def _korf(number: int, length: int, tiles: str) -> Preset:
    rows = tiles.split()
    text = "/".join(" ".join(rows[i:i + 4]) for i in range(0, 16, 4)) + "\ngoal: blank first\n"
    return Preset(f"korf-{number}", f"Korf #{number}", text,
                  f"instance {number} of Korf's 100 random 15-puzzles; shortest {length} moves")


PRESETS = (
    Preset("hardest-8a", "Hardest 8-puzzle (a)", "8 6 7/2 5 4/3 . 1",
           "one of the two 8-puzzle positions farthest from the goal: 31 moves"),
    Preset("hardest-8b", "Hardest 8-puzzle (b)", "6 4 7/8 5 ./3 2 1",
           "the other position 31 moves from the goal"),
    Preset("eight-easy", "8-puzzle warm-up", "1 2 3/4 . 6/7 5 8", "two moves"),
    _korf(79, 42, "0 1 9 7 11 13 5 3 14 12 4 2 8 6 10 15"),
    _korf(1, 57, "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3"),
    _korf(88, 65, "15 2 12 11 14 13 9 5 1 3 8 7 0 10 6 4"),
    _korf(60, 66, "11 14 13 1 2 3 12 4 15 7 9 5 10 6 8 0"),
    Preset("loyd-14-15", "Loyd's 14-15 puzzle", "1 2 3 4/5 6 7 8/9 10 11 12/13 15 14 .",
           "Sam Loyd's prize puzzle: 14 and 15 swapped; no solution (the parity rule)"),
    Preset("fifteen-solved", "15-puzzle, solved", "1 2 3 4/5 6 7 8/9 10 11 12/13 14 15 .",
           "already at the goal: 0 moves"),
    Preset("twenty-four", "24-puzzle", "2 3 8 4 5/1 7 13 9 10/6 11 19 24 20/16 . 12 15 23/22 17 21 18 14",
           "a 5x5 board: 42 moves (IDA* with linear conflicts: about a second)"),
    Preset("thirty-five", "35-puzzle (6x6)",
           "8 1 10 5 11 6/14 7 3 9 23 17/21 4 2 16 12 18/13 15 20 28 22 ./19 31 26 29 30 24/25 32 33 27 34 35",
           "the largest board: 56 moves; row by row answers at once with a longer solution"),
    Preset("two-by-four", "2x4, farthest", ". 7 2 1/4 3 6 5",
           "two rows of four: the one position farthest from the goal, 36 moves"),
    Preset("three-by-four", "3x4", "6 11 5/9 10 ./4 2 7/1 3 8", "three wide, four tall: 42 moves"),
    Preset("two-by-two", "2x2, farthest", ". 3/2 1", "the smallest board's farthest position: 6 moves"),
)

BY_ID = {p.id: p for p in PRESETS}
