"""The classic article's plain backtracking: its move order and node counting reproduce the sizes it reports."""
import pytest

from puzzle_explorer.core.run.status import Status
from puzzle_explorer.puzzles.knights.board import Board
from tests.puzzles.knights.groups import SIX_BY_FIVE_FROM_THE_CORNER
from tests.puzzles.knights.reference import check_tour, count_tours, tour_of

# (width, height, start 1-based, nodes with the program's order, with the listed order, tour found?)
ARTICLE = [
    (4, 4, (1, 1), 2223, 2223, False),   # reported 2223
    (4, 4, (4, 4), 2223, 2223, False),   # reported 2223
    (4, 4, (2, 3), 1501, 1501, False),   # reported 501: a digit lost; no order gives 501
    (5, 5, (3, 3), 11077, 11077, True),  # reported 11077
    (5, 5, (1, 1), 76497, 74301, True),  # reported 76497: only the program's order gives it
    (6, 6, (4, 2), 2029720, 77051958, True),  # reported 2029720
    (7, 7, (3, 3), 12799463, 9781805, True),  # reported 12799463
]


@pytest.mark.parametrize("w,h,start,program,listed,found", ARTICLE)
def test_program_order_reproduces_the_reported_sizes(run, w, h, start, program, listed, found):
    board = Board(w, h, (start[0] - 1, start[1] - 1))
    sol = run(board, "backtrack", order="program")
    assert sol.details["nodes"] == program
    assert sol.status == (Status.SOLVED if found else Status.UNSOLVABLE)
    if found:
        check_tour(w, h, board.start, False, (), tour_of(sol))


@pytest.mark.parametrize("w,h,start,program,listed,found", [s for s in ARTICLE if s[4] < 20_000_000])
def test_listed_order_differs_where_the_article_disagrees(run, w, h, start, program, listed, found):
    sol = run(Board(w, h, (start[0] - 1, start[1] - 1)), "backtrack", order="listed")
    assert sol.details["nodes"] == listed


def test_the_articles_whole_space_of_5x5(run):
    """The classic article's 'whole search space' of 5x5, 1829421, is the full tree from a square with no tour."""
    sol = run(Board(5, 5, (1, 0)), "backtrack", count=True)
    assert sol.details["nodes"] == 1829421
    assert sol.details["solutions"] == 0 == count_tours(5, 5, (1, 0))
    assert sol.status == Status.UNSOLVABLE


@pytest.mark.parametrize("w,h,start", [(5, 5, (0, 0)), (5, 5, (2, 2)), (3, 4, (0, 0)), (5, 4, (0, 0)),
                                       pytest.param(6, 5, (0, 0), marks=SIX_BY_FIVE_FROM_THE_CORNER)])
def test_plain_counting_matches_brute_force(run, w, h, start):
    sol = run(Board(w, h, start), "backtrack", count=True)
    assert sol.details["solutions"] == count_tours(w, h, start)
    for alt in [sol.steps, *sol.alternatives]:
        if len(alt) > 1:
            check_tour(w, h, start, False, (), alt[-1].board.tour.xy())
