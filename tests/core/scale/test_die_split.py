"""Die tours counted in subtrees: the same count, kept tours (in order) and node totals as one
search, whatever the cut and the order the subtrees run in; checked against the reference too."""
import pytest

from puzzle_explorer.core.run.progress import SearchControl
from puzzle_explorer.core.run.search import Limits
from puzzle_explorer.puzzles.die.board import parse
from puzzle_explorer.puzzles.die.solve import solve, tours_json
from tests.puzzles.die import reference
from tests.puzzles.die.test_solutions import boards

RULES = ("up", "not-up", "any")
CASES = boards(11, 24, 5, 0.1, True) + [parse("S...../....../.G..../......"), parse("....../.S..G./......")]


def _all(board, rule, **options):
    return solve(board, "all", {"goal_face": rule, "keep": 7, "workers": 1, **options}, SearchControl(), Limits())


@pytest.mark.parametrize("i", range(len(CASES)))
def test_split_die_counts_equal_one_search_in_any_order(i):
    board, rule = CASES[i], RULES[i % 3]
    whole = _all(board, rule, subtrees=1)
    for subtrees, shuffle in ((4, 1), (60, 2)):
        parts = _all(board, rule, subtrees=subtrees, shuffle=shuffle)
        assert parts.status == whole.status
        assert parts.details["solutions"] == whole.details["solutions"]
        assert tours_json(parts.tours) == tours_json(whole.tours)
        assert parts.stats.nodes_expanded == whole.stats.nodes_expanded
        assert parts.stats.max_frontier == whole.stats.max_frontier
    expected = reference.tours(board.width, board.height, board.blocked, board.start, board.goal, rule)
    assert whole.details["solutions"] == len(expected)


@pytest.mark.processes
def test_two_worker_processes_prove_a_die_count_as_one_does():
    board = parse("S...../....../.G..../......")
    one = _all(board, "any")
    two = solve(board, "all", {"goal_face": "any", "keep": 7, "workers": 2}, SearchControl(), Limits())
    assert two.details["workers"] == 2 and two.details["tasks"] >= 2
    assert two.details["solutions"] == one.details["solutions"] > 0
    assert tours_json(two.tours) == tours_json(one.tours)
    assert two.stats.nodes_expanded == one.stats.nodes_expanded
