"""Link: the path, clear and hint solvers and the board generator against the rule-book references
in tests/link/reference.py (fewest segments by whole layers, clearing by trying every order)."""
from __future__ import annotations

from dataclasses import replace

import pytest

from puzzle_explorer.core.errors import InputError
from puzzle_explorer.core.run.progress import SearchControl
from puzzle_explorer.core.run.search import Limits
from puzzle_explorer.core.run.status import Status
from puzzle_explorer.puzzles.link.board import MAX_SIDE, Board, format_board
from puzzle_explorer.puzzles.link.kernels.generate import generate
from puzzle_explorer.puzzles.link.solve import solve
from tests.fuzz.cases import draw
from tests.puzzles.link import reference

CASES = 60
KINDS = "ABCDE"
MOST_TILES_TO_CLEAR = 10  # the reference tries every removal order


def _rules(rng, board):
    return replace(board, max_segments=rng.choice([None, None, 1, 2, 3, 4]), outside=rng.random() < 0.7,
                   gravity=rng.random() < 0.3)


def _marked(rng, board):
    cells = [(x, y) for y in range(board.height) for x in range(board.width)]
    return replace(board, marked=tuple(rng.sample(cells, 2))) if len(cells) >= 2 else board


def _tiles(rng, w, h, fill):
    """Rows with pairs of tiles on about `fill` of the cells (an odd one left over now and then)."""
    cells = [(x, y) for y in range(h) for x in range(w)]
    rng.shuffle(cells)
    n = int(len(cells) * fill)
    if rng.random() < 0.8:
        n -= n % 2
    grid = [["."] * w for _ in range(h)]
    kinds = rng.randint(1, len(KINDS))
    for i, (x, y) in enumerate(cells[:n]):
        grid[y][x] = KINDS[(i // 2) % kinds]
    return tuple("".join(r) for r in grid)


def _case(rng, rows, kind):
    board = _marked(rng, _rules(rng, Board(rows)))
    return kind, board, {"text": format_board(board)}


def random_board(rng):
    w, h = rng.randint(1, 5), rng.randint(1, 5)
    return _case(rng, _tiles(rng, w, h, rng.uniform(0.2, 0.8)), "random")


def full(rng):
    """Tiles everywhere, or everywhere but one cell."""
    w, h = rng.randint(2, 4), rng.randint(1, 3)
    rows = _tiles(rng, w, h, 1.0)
    if rng.random() < 0.5:
        x, y = rng.randrange(w), rng.randrange(h)
        rows = tuple(r if j != y else r[:x] + "." + r[x + 1:] for j, r in enumerate(rows))
    return _case(rng, rows, "full")


def line(rng):
    n = rng.randint(2, 8)
    rows = _tiles(rng, n, 1, rng.uniform(0.3, 1.0))
    if rng.random() < 0.5:
        rows = tuple(rows[0])
    return _case(rng, rows, "line")


def one_cell(rng):
    return _case(rng, (rng.choice(".A"),), "1x1")


def tile_row(rng):
    """A full row of tiles across the board: the ring is the only way round."""
    w, h = rng.randint(2, 5), rng.randint(3, 5)
    rows = list(_tiles(rng, w, h, 0.2))
    rows[rng.randrange(1, h - 1)] = "".join(KINDS[i // 2 % len(KINDS)] for i in range(w))
    return _case(rng, tuple(rows), "tile row")


def largest(rng):
    """100x100 nearly full of tiles: the kernels' largest grids, paths the reference can follow."""
    rows = [[KINDS[(x * 7 + y * 3) % len(KINDS)] for x in range(MAX_SIDE)] for y in range(MAX_SIDE)]
    for _ in range(150):
        rows[rng.randrange(MAX_SIDE)][rng.randrange(MAX_SIDE)] = "."
    board = replace(Board(tuple("".join(r) for r in rows)), outside=rng.random() < 0.5)
    board = _marked(rng, board)
    return "100x100", board, {"text": f"100x100 nearly full, outside {board.outside}, marked {board.marked}"}


GENERATORS = [random_board, line, random_board, full, one_cell, random_board, tile_row, random_board, largest,
              full]


def check_clearing(board, sol, limit, where):
    """Each removed pair is one kind, links within the limit on the board as it is then, and the board ends empty."""
    rows = board.rows
    for step in sol.steps[1:]:
        a, b = (tuple(v - 1 for v in cell) for cell in step.data["pair"])
        assert rows[a[1]][a[0]] == rows[b[1]][b[0]] != ".", where
        assert reference.fewest(rows, a, b, board.outside, limit) is not None, (a, b, where)
        rows = reference.remove(rows, a, b, board.gravity)
        assert step.board.rows == rows, where
    assert all(ch == "." for r in rows for ch in r), where


@pytest.mark.parametrize("case", draw("link", 5, CASES, GENERATORS), ids=str)
def test_link(case):
    b = case.board
    where = case.where()
    if len(b.marked) == 2:
        a, z = b.marked
        best = reference.fewest(b.rows, a, z, b.outside, b.max_segments)
        sol = solve(b, "path", {}, SearchControl(), Limits())
        assert sol.details["segments"] == best, where
        assert sol.status == (Status.SOLVED if best is not None else Status.UNSOLVABLE), where
        if best is not None:
            corners = [tuple(v - 1 for v in c) for c in sol.details["path"]]
            assert reference.check_path(b.rows, a, z, corners, b.outside) and len(corners) - 1 == best, where
    if len(b.tiles()) > MOST_TILES_TO_CLEAR:
        return
    limit = b.play_limit()
    odd = any(n % 2 for n in b.kind_counts().values())
    can = not odd and reference.clearable(b.rows, limit, b.outside, b.gravity)
    sol = solve(b, "clear", {}, SearchControl(), Limits())
    assert sol.status == (Status.SOLVED if can else Status.UNSOLVABLE), where
    if can:
        check_clearing(b, sol, limit, where)
    # cut into subtrees run in shuffled order: the same verdict, a clearing order that replays
    parts = solve(b, "clear", {"workers": 1, "subtrees": 9, "shuffle": 4}, SearchControl(), Limits())
    assert parts.status == sol.status, where
    if can:
        check_clearing(b, parts, limit, where)
    if not b.tiles():
        with pytest.raises(InputError):
            solve(b, "hint", {}, SearchControl(), Limits())
        return
    hint = solve(b, "hint", {}, SearchControl(), Limits())
    assert hint.status == sol.status, where
    if can:
        a, z = (tuple(v - 1 for v in cell) for cell in hint.details["hint"]["pair"])
        assert b.at(a) == b.at(z) and reference.fewest(b.rows, a, z, b.outside, limit) is not None, where
        assert reference.clearable(reference.remove(b.rows, a, z, b.gravity), limit, b.outside, b.gravity), where


def generated(rng):
    w, h = rng.randint(1, 4), rng.randint(1, 4)
    if w * h < 2:
        w = 2
    kinds = rng.randint(1, max(1, min(3, w * h // 2)))
    options = {"gravity": rng.random() < 0.4, "outside": rng.random() < 0.7,
               "max_segments": rng.choice([None, None, 1, 2, 3])}
    return "generated", (w, h, kinds, rng.randrange(2**31), options), {}


@pytest.mark.parametrize("case", draw("link-generate", 6, 30, [generated]), ids=str)
def test_generated_boards_clear(case):
    w, h, kinds, seed, options = case.board
    try:
        board = generate(w, h, kinds, seed=seed, **options)
    except InputError:
        return  # some rules leave no room for that many kinds: said in one line, which is the promise
    limit = board.play_limit()
    assert (board.width, board.height) == (w, h), case.where()
    assert len(board.kind_counts()) == kinds and all(n % 2 == 0 for n in board.kind_counts().values()), case.where()
    assert reference.clearable(board.rows, limit, board.outside, board.gravity), (case.where(), board.rows)
