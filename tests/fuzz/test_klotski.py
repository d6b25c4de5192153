"""Klotski: every search and the census on random boards against the plain BFS in tests/klotski/reference.py."""
from __future__ import annotations

import pytest

from puzzle_explorer.core.run.progress import SearchControl
from puzzle_explorer.core.run.search import Limits
from puzzle_explorer.core.run.status import Status
from puzzle_explorer.puzzles.klotski.board import MAX_SIDE, format_board, parse
from puzzle_explorer.puzzles.klotski.solve import solve
from tests.census_threads import on_threads
from tests.fuzz.cases import draw
from tests.puzzles.klotski import reference

CASES = 60
MOST_POSITIONS = 400  # per convention: the reference walks about 3,000 positions a second
CONVENTIONS = ("unit", "straight", "free")
ALGOS = ("bfs", "bibfs", "astar", "idastar")
SHAPES = ((1, 1), (1, 2), (2, 1), (2, 2))
LETTERS = "AbcdefghijBCDEFGHIJ"


def _place(rng, grid, letter, shapes=SHAPES, tries=30):
    """Put a piece of a random shape on free cells; False if none fitted."""
    h, w = len(grid), len(grid[0])
    for _ in range(tries):
        pw, ph = rng.choice(shapes)
        if pw > w or ph > h:
            continue
        x, y = rng.randrange(w - pw + 1), rng.randrange(h - ph + 1)
        cells = [(x + i, y + j) for j in range(ph) for i in range(pw)]
        if all(grid[cy][cx] == "." for cx, cy in cells):
            for cx, cy in cells:
                grid[cy][cx] = letter
            return True
    return False


def _board(rng, grid, kind):
    """The board with A as target and a random goal it fits on, and the reference's answers."""
    rows = "/".join("".join(r) for r in grid)
    if "A" not in rows:
        return None
    board = parse(rows + "\ntarget: A")
    a = board.piece("A")
    spots = [(x, y) for y in range(board.height - a.h + 1) for x in range(board.width - a.w + 1)
             if not any((x + i, y + j) in board.walls for j in range(a.h) for i in range(a.w))]
    gx, gy = rng.choice(spots)
    board = parse(f"{rows}\ntarget: A\ngoal: {gx + 1},{gy + 1}")
    distinct = rng.random() < 0.5
    answers = {}
    try:
        for convention in CONVENTIONS:
            seen, goals = reference.explore(rows, "A", (gx, gy), convention, distinct, census=True,
                                            limit=MOST_POSITIONS)
            answers[convention] = (len(seen), len(goals), max(seen.values()), goals[0] if goals else None)
    except reference.TooMany:
        return None
    return kind, board, {"distinct": distinct, "answers": answers, "text": format_board(board)}


def _grid(w, h):
    return [["."] * w for _ in range(h)]


def random_board(rng):
    w, h = rng.randint(1, 5), rng.randint(1, 5)
    grid = _grid(w, h)
    for _ in range(rng.randrange(w * h // 3 + 1)):
        grid[rng.randrange(h)][rng.randrange(w)] = "#"
    for letter in LETTERS[:rng.randint(1, 6)]:
        _place(rng, grid, letter)
    return _board(rng, grid, "random")


def lone_piece(rng):
    """One piece, no walls: only the edge stops it."""
    w, h = rng.randint(1, 5), rng.randint(1, 5)
    grid = _grid(w, h)
    _place(rng, grid, "A")
    return _board(rng, grid, "lone piece")


def line(rng):
    """1xN or Nx1."""
    n = rng.randint(1, MAX_SIDE)
    grid = _grid(n, 1) if rng.random() < 0.5 else _grid(1, n)
    for letter in LETTERS[:rng.randint(1, max(1, n - 1))]:
        _place(rng, grid, letter, ((1, 1), (1, 2), (2, 1)))
    return _board(rng, grid, "line")


def one_cell(rng):
    """The 1x1 board: a piece with nowhere to go."""
    return _board(rng, [["A"]], "1x1")


def one_empty(rng):
    """Pieces everywhere but one cell."""
    w, h = rng.randint(1, 4), rng.randint(1, 3)
    grid = _grid(w, h)
    letters = iter(LETTERS)
    for y in range(h):
        for x in range(w):
            if grid[y][x] == ".":
                grid[y][x] = next(letters)
    hole = (rng.randrange(w), rng.randrange(h))
    grid[hole[1]][hole[0]] = "."
    if "A" not in "".join("".join(r) for r in grid):
        grid[0 if hole[1] else h - 1][0] = "A" if grid[0 if hole[1] else h - 1][0] != "." else "."
    return _board(rng, grid, "one empty cell")


def wall_row(rng):
    """A full row (or column) of walls cuts the board in two."""
    w, h = rng.randint(1, 5), rng.randint(2, 5)
    grid = _grid(w, h)
    wall = rng.randrange(h)
    for x in range(w):
        grid[wall][x] = "#"
    for letter in LETTERS[:rng.randint(1, 3)]:
        _place(rng, grid, letter)
    if rng.random() < 0.5:
        grid = [list(col) for col in zip(*grid)]
    return _board(rng, grid, "wall row")


def largest(rng):
    """The largest board, 8x8, with a piece or two (and a wall or two)."""
    grid = _grid(MAX_SIDE, MAX_SIDE)
    for _ in range(rng.randrange(3)):
        grid[rng.randrange(MAX_SIDE)][rng.randrange(MAX_SIDE)] = "#"
    _place(rng, grid, "A", ((1, 1), (2, 2), (8, 1), (1, 8)))
    if rng.random() < 0.5:
        _place(rng, grid, "b", ((1, 1), (2, 1)))
    return _board(rng, grid, "8x8")


GENERATORS = [random_board, lone_piece, random_board, line, one_empty, random_board, wall_row, lone_piece,
              one_cell, largest]


@pytest.mark.parametrize("case", draw("klotski", 1, CASES, GENERATORS), ids=str)
def test_klotski(case, monkeypatch):
    board, distinct = case.board, case.extra["distinct"]
    goal = board.goal_cell()
    for convention in CONVENTIONS:
        states, goal_states, deepest, best = case.extra["answers"][convention]
        options = {"moves": convention, "distinct": distinct}
        where = f"{case.where()} {convention}"
        census = solve(board, "census", options, SearchControl(), Limits()).details["census"]
        assert (census["states"], census["goal_states"], census["max_depth"], census["goal_depth"]) == \
            (states, goal_states, deepest, best), where
        with monkeypatch.context() as threads:  # on three threads, every level laid out by key range
            on_threads(threads, 3)
            wide = solve(board, "census", options, SearchControl(), Limits()).details["census"]
        assert wide == census, where
        for algo in ALGOS:
            sol = solve(board, algo, options, SearchControl(), Limits())
            assert sol.status == (Status.SOLVED if best is not None else Status.UNSOLVABLE), (algo, where)
            assert sol.length == best, (algo, where)
            if best is not None:
                moves = [(s.data["piece"], tuple(v - 1 for v in s.data["from"]), tuple(v - 1 for v in s.data["to"]))
                         for s in sol.steps[1:]]
                reference.check_moves(board.inline(), moves, convention, "A", goal,
                                      [s.board.inline() for s in sol.steps[1:]])
        # the census back from the goal positions of the start's component, its table kept
        back = solve(board, "distances", {**options, "scope": "component", "keep": True}, SearchControl(), Limits())
        if best is None:
            assert back.status == Status.UNSOLVABLE, where
            continue
        c = back.details["census"]
        assert (c["states"], c["goal_states"], c["start_distance"]) == (states, goal_states, best), where
        assert sum(c["by_distance"]) == states and back.table.distance(board) == best, where
