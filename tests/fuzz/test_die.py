"""The rolling die: both solvers, and the pruned kernel on bare paths, against the walk-everything
reference in tests/die/reference.py, degenerate boards included."""
from __future__ import annotations

import pytest

from puzzle_explorer.core.estimate import probe
from puzzle_explorer.core.kernels.counters import new_counters
from puzzle_explorer.core.run.progress import SearchControl
from puzzle_explorer.core.run.search import COUNT, Limits, search_paths
from puzzle_explorer.core.run.status import Status
from puzzle_explorer.puzzles.die.board import MAX_SIDE, Board
from puzzle_explorer.puzzles.die.kernels.tour import N_ORIENT, index, make_context
from puzzle_explorer.puzzles.die.solve import solve, tours_json
from tests.fuzz.cases import draw
from tests.puzzles.die import reference

CASES = 60
RULES = ("up", "not-up", "any")


def _board(rng, w, h, blocked, kind, ends=None):
    free = [(x, y) for y in range(h) for x in range(w) if (x, y) not in blocked]
    if not free:
        return None
    if ends is None:
        ends = (free[0], free[0]) if len(free) == 1 else tuple(rng.sample(free, 2))
    return kind, Board(w, h, frozenset(blocked), *ends), {"goal_face": rng.choice(RULES)}


def random_board(rng):
    w, h = rng.randint(1, 4), rng.randint(1, 4)
    blocked = {(rng.randrange(w), rng.randrange(h)) for _ in range(rng.randrange(w * h // 4 + 1))}
    return _board(rng, w, h, blocked, "random")


def line(rng):
    n = rng.randint(2, MAX_SIDE)
    w, h = (n, 1) if rng.random() < 0.5 else (1, n)
    return _board(rng, w, h, set(), "line", ((0, 0), (w - 1, h - 1)) if rng.random() < 0.7 else None)


def one_cell(rng):
    return _board(rng, 1, 1, set(), "1x1")


def one_more_cell(rng):
    """The start and one open cell beside it, the rest blocked."""
    w, h = rng.randint(2, 5), rng.randint(2, 5)
    x, y = rng.randrange(w - 1), rng.randrange(h)
    blocked = {(i, j) for j in range(h) for i in range(w)} - {(x, y), (x + 1, y)}
    return _board(rng, w, h, blocked, "two open cells")


def blocked_row(rng):
    w, h = rng.randint(1, 4), rng.randint(3, 4)
    row = rng.randrange(1, h - 1)
    return _board(rng, w, h, {(x, row) for x in range(w)}, "blocked row")


def largest(rng):
    """12x12 with a corridor through it: the padded grid at its largest, a search the reference can follow."""
    n = MAX_SIDE
    path = [(x, 0) for x in range(n)] if rng.random() < 0.5 else []
    x, y = rng.randrange(n), rng.randrange(n)
    path = path or [(x, y)]
    while len(path) < 14:
        cx, cy = path[-1]
        options = [(cx + dx, cy + dy) for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))
                   if 0 <= cx + dx < n and 0 <= cy + dy < n and (cx + dx, cy + dy) not in path]
        if not options:
            break
        path.append(rng.choice(options))
    blocked = {(i, j) for j in range(n) for i in range(n)} - set(path)
    return _board(rng, n, n, blocked, "12x12", (path[0], path[-1]))


GENERATORS = [random_board, line, random_board, one_more_cell, blocked_row, random_board, largest, one_cell,
              random_board, line]


def _as_tuples(tours):
    return sorted(tuple((p["cell"][0] - 1, p["cell"][1] - 1, p["mark"]) for p in path) for path in tours_json(tours))


@pytest.mark.parametrize("case", draw("die", 4, CASES, GENERATORS), ids=str)
def test_die(case):
    b, rule = case.board, case.extra["goal_face"]
    where = case.where()
    args = (b.width, b.height, b.blocked, b.start, b.goal)
    expected = sorted(tuple(t) for t in reference.tours(*args, rule))
    every = solve(b, "all", {"goal_face": rule, "keep": 1000}, SearchControl(), Limits())
    assert every.status == (Status.SOLVED if expected else Status.UNSOLVABLE), where
    assert every.details["solutions"] == len(expected), where
    assert _as_tuples(every.tours) == expected, where
    # cut into subtrees run in shuffled order: the same answer, the same tours in the same order
    parts = solve(b, "all", {"goal_face": rule, "keep": 1000, "workers": 1, "subtrees": 13, "shuffle": 3},
                  SearchControl(), Limits())
    assert parts.details["solutions"] == every.details["solutions"], where
    assert tours_json(parts.tours) == tours_json(every.tours), where
    assert parts.stats.nodes_expanded == every.stats.nodes_expanded, where
    first = solve(b, "dfs", {"goal_face": rule}, SearchControl(), Limits())
    assert first.status == every.status, where
    if expected:
        reference.check_tour(*args, rule, list(_as_tuples(first.tours)[0]))
    # the kernel itself, also on boards the checks before the search turn away
    ctx = make_context(b.width, b.height, b.open_cells(), b.goal, 2, never_up=False)
    root, depth = index(b.width + 2, *b.start) * N_ORIENT, len(b.open_cells()) - 1
    out = search_paths(ctx, root, depth, COUNT, 1, SearchControl())
    assert out.solutions == reference.bare_paths(*args), where
    # and the estimate's dives down the same tree
    node_est, path_est, made = probe.probe(*probe.probe_args(ctx, root, depth, 64, new_counters(quiet=True)))
    assert made == 64 and (node_est >= 1).all() and (path_est >= 0).all(), where
