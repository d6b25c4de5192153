"""Optimal solvers raced on random boards must agree on the length: a cross-check of the solvers,
through the race that a person would run, in every family that has more than one optimal solver."""
import random

import pytest

from puzzle_explorer.core.run.status import Status
from puzzle_explorer.puzzles import race as R
from puzzle_explorer.puzzles import registry
from puzzle_explorer.puzzles.tiles.editor import random_walk
from tests.puzzles.cube8 import reference as cube8_reference
from tests.puzzles.cube8.cases import rows, uniform_pattern, walked_pattern

BOARDS = 24
LETTERS = "BCDEFGHIJKLMNOPQRSTUVWXYZ"


def random_klotski(rng):
    """A small sliding-block board: a 2x2 target, a few small pieces, a goal anywhere it fits."""
    family = registry.get("klotski")
    while True:
        w, h = rng.choice([(3, 4), (4, 3), (4, 4), (4, 5)])
        grid = [["." for _ in range(w)] for _ in range(h)]

        def place(letter, x, y, pw, ph):
            cells = [(x + i, y + j) for i in range(pw) for j in range(ph)]
            if any(cx >= w or cy >= h or grid[cy][cx] != "." for cx, cy in cells):
                return False
            for cx, cy in cells:
                grid[cy][cx] = letter
            return True

        place("A", rng.randrange(w - 1), rng.randrange(h - 1), 2, 2)
        empty = rng.choice([2, 2, 3, 4])
        placed = 0
        for _ in range(40):
            if sum(row.count(".") for row in grid) <= empty:
                break
            pw, ph = rng.choice([(1, 1), (1, 1), (1, 2), (2, 1)])
            placed += place(LETTERS[placed], rng.randrange(w), rng.randrange(h), pw, ph)
        if sum(row.count(".") for row in grid) < 2:
            continue
        # Two pieces at least: until the move generators test the board's edge themselves, a lone
        # piece on a board without walls steps off it (and the search crashes).
        if placed == 0:
            continue
        goal = (rng.randrange(w - 1) + 1, rng.randrange(h - 1) + 1)
        text = "/".join("".join(row) for row in grid) + f"\ntarget: A\ngoal: {goal[0]},{goal[1]}"
        try:
            board = family.parse(text)
            family.validate(board)
        except R.InputError:
            continue
        return board


def random_cube8(rng, i):
    """A start square and a pattern: most a walk of a few rolls from the start, some uniform."""
    family = registry.get("cube8")
    x, y = rng.randrange(3), rng.randrange(3)
    pattern = (walked_pattern(rng, cube8_reference.start(x, y), rng.randrange(16)) if i % 4
               else uniform_pattern(rng))
    return family.parse(f"start: {x + 1},{y + 1}\n" + rows(pattern).replace("/", "\n"))


def random_tiles(rng, i):
    """A small sliding-tiles board: a random arrangement (half of them the wrong parity), or a
    random walk from the goal, on every shape whose whole state space BFS holds."""
    family = registry.get("tiles")
    w, h = rng.choice([(2, 2), (3, 2), (2, 3), (4, 2), (3, 3)])
    tiles = list(range(1, w * h)) + [0]
    if i % 2:
        rng.shuffle(tiles)
        board = family.parse("/".join(" ".join(map(str, tiles[r * w:(r + 1) * w])) for r in range(h)))
    else:
        goal = family.parse("/".join(" ".join(map(str, tiles[r * w:(r + 1) * w])) for r in range(h)))
        board = random_walk(goal, rng.randrange(40), rng)
    family.validate(board)
    return board


def agree(family_id, board, ids, settings=()):
    family = registry.get(family_id)
    race = R.apply_settings(R.entries(family, ids), list(settings))
    report = R.run(family, board, race, slots=2)
    assert report.disagreements == [], (family.format(board), settings, report.disagreements)
    statuses = {r.solution.status for r in report.results}
    assert len(statuses) == 1 and statuses <= {Status.SOLVED, Status.UNSOLVABLE}, family.format(board)
    lengths = {r.length for r in report.results}
    assert len(lengths) == 1
    assert all(r.shortest for r in report.results if r.length is not None)
    return lengths.pop()


@pytest.mark.parametrize("moves", ["unit", "straight", "free"])
def test_klotski_shortest_solvers_agree(moves):
    rng = random.Random(14)
    lengths = [agree("klotski", random_klotski(rng), ["bfs", "bibfs", "astar", "idastar"], [f"moves={moves}"])
               for _ in range(BOARDS)]
    solved = [n for n in lengths if n is not None]
    assert len(solved) >= BOARDS // 2 and max(solved) >= 8  # boards worth comparing on
    assert len(solved) < BOARDS  # and some with no way to the goal


def test_cube8_shortest_solvers_agree(with_table):
    rng = random.Random(14)
    lengths = [agree("cube8", random_cube8(rng, i), ["bibfs", "idastar", "table"]) for i in range(BOARDS)]
    assert None not in lengths and max(lengths) >= 12


def test_tiles_shortest_solvers_agree():
    rng = random.Random(14)
    lengths = [agree("tiles", random_tiles(rng, i),
                     ["bfs", "bibfs", "astar", "idastar", "idastar"],
                     ["idastar:heuristic=linear-conflict", "idastar.2:heuristic=manhattan"])
               for i in range(BOARDS)]
    solved = [n for n in lengths if n is not None]
    assert len(solved) >= BOARDS // 2 and max(solved) >= 15
    assert len(solved) < BOARDS  # the parity rule against the searches too


def test_every_family_with_several_optimal_solvers_is_cross_checked():
    """A family that brings a second optimal solver gets a generator above, so the check covers it."""
    checked = {"klotski", "cube8", "tiles"}
    unchecked = [family.id for family in registry.families().values()
                 if sum(bool(s.optimal) for s in family.solvers) > 1 and family.id not in checked]
    assert unchecked == [], f"several optimal solvers but no random board generator here: {unchecked}"
