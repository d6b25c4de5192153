"""Theory's answers (and the solvers' verdicts) against brute force, square by square, on small boards."""
import random

import pytest

from puzzle_explorer.core.run.status import Status
from puzzle_explorer.puzzles.knights.board import Board
from puzzle_explorer.puzzles.knights.existence import check, closed_board_reason, open_board_reason
from tests.puzzles.knights.groups import FIVE_BY_FIVE_EVERY_SQUARE
from tests.puzzles.knights.reference import check_tour, has_tour, tour_of

# every board up to 5x5, and the longer thin boards where the theorems' exceptions live
SMALL = [(w, h) for w in range(1, 6) for h in range(1, 6)] + [
    (1, 7), (7, 1), (2, 6), (2, 8), (8, 2), (3, 6), (6, 3), (3, 7), (3, 8), (8, 3), (4, 6), (6, 4)]


def _starts(w, h):
    return [(x, y) for y in range(h) for x in range(w)]


@pytest.mark.parametrize("closed", [False, True], ids=["open", "closed"])
@pytest.mark.parametrize("w,h", [pytest.param(w, h, id=f"{w}x{h}", marks=FIVE_BY_FIVE_EVERY_SQUARE if (w, h) == (5, 5) else ())
                                 for w, h in SMALL])
def test_theory_and_warnsdorff_answer_as_brute_force_does(run, w, h, closed):
    """From every square: the theory never contradicts the brute force where it speaks, and Warnsdorff's
    search answers exactly. One test, so each square's brute force (seconds on 5x5, where no closed
    tour exists and it tries every path) runs once for both."""
    for start in _starts(w, h):
        exists = has_tour(w, h, start, closed)
        verdict = check(Board(w, h, start, closed))
        if verdict.exists is not None:
            assert verdict.exists == exists, (start, verdict.reason)
        sol = run(Board(w, h, start, closed), "warnsdorff")
        assert sol.status == (Status.SOLVED if exists else Status.UNSOLVABLE), start
        if exists:
            check_tour(w, h, start, closed, (), tour_of(sol))


def test_whole_board_theorems_against_brute_force():
    """A board has a tour from some square exactly when the theorems say so (m x n up to 6 x 6)."""
    for w, h in SMALL:
        m, n = sorted((w, h))
        some_open = any(has_tour(w, h, s) for s in _starts(w, h))
        assert some_open == (open_board_reason(m, n) is None), (w, h)
        some_closed = has_tour(w, h, (0, 0), True)
        assert some_closed == (closed_board_reason(m, n) is None), (w, h)


def test_every_answer_comes_with_its_reason():
    assert "Schwenk" in check(Board(4, 9, (0, 0), True)).reason
    assert "colour" in check(Board(5, 5, (1, 0))).reason
    assert "edge line" in check(Board(7, 4, (2, 1))).reason
    assert "3x3" in check(Board(3, 3, (0, 0))).reason
    assert check(Board(8, 8, (3, 3))).exists is True
    assert check(Board(7, 7, (0, 0))).exists is None
    assert "unknown without search" in check(Board(7, 7, (0, 0))).reason


@pytest.mark.parametrize("seed", range(30))
def test_blocked_boards(run, seed):
    """With blocked squares only the counting and graph arguments speak; they must be right when they do."""
    rng = random.Random(1000 + seed)
    w, h = rng.choice([(4, 4), (5, 4), (4, 5), (5, 5), (6, 4), (3, 7)])
    cells = _starts(w, h)
    blocked = frozenset(rng.sample(cells, rng.randint(1, 5)))
    start = rng.choice([c for c in cells if c not in blocked])
    closed = seed % 2 == 1
    board = Board(w, h, start, closed, blocked)
    exists = has_tour(w, h, start, closed, blocked)
    verdict = check(board)
    if verdict.exists is not None:
        assert verdict.exists == exists, verdict.reason
    sol = run(board, "warnsdorff")
    assert sol.status == (Status.SOLVED if exists else Status.UNSOLVABLE)
    if exists:
        check_tour(w, h, start, closed, blocked, tour_of(sol))


def test_graph_arguments_name_the_squares():
    # with 2,3 and 3,2 blocked the corner 1,1 has no move at all (two even squares blocked keep the colours even)
    lonely = Board(5, 5, (2, 2), blocked=frozenset({(1, 2), (2, 1), (4, 4), (4, 2)}))
    verdict = check(lonely)
    assert verdict.exists is False and "connected" in verdict.reason
    assert not has_tour(5, 5, (2, 2), False, lonely.blocked)
    # with 2,3 blocked both 1,1 and 1,5 have a single move: both would have to end the tour
    two_ends = Board(5, 5, (2, 2), blocked=frozenset({(1, 2), (4, 4)}))
    verdict = check(two_ends)
    assert verdict.exists is False and "1,1" in verdict.reason and "1,5" in verdict.reason
    assert not has_tour(5, 5, (2, 2), False, two_ends.blocked)
    # a closed tour cannot use a square with one move
    closed = Board(5, 6, (2, 2), closed=True, blocked=frozenset({(1, 2), (4, 4)}))
    verdict = check(closed)
    assert verdict.exists is False and "one move" in verdict.reason
