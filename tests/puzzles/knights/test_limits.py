"""Limits on knight's tours: a state is a square placed (a node); the budget holds every array, the memo
of the thin-board search as it grows, and the tours kept."""
import pytest

from puzzle_explorer.core.run.search import Limits
from puzzle_explorer.core.run.status import Limit, Status
from puzzle_explorer.puzzles.knights.board import Board
from puzzle_explorer.puzzles.knights.kernels import thin

# a board four wide with three holes: its exact search remembers millions of dead ends
HOLED = Board(4, 124, (0, 0), blocked=frozenset({(0, 61), (0, 83), (3, 7)}))


@pytest.mark.parametrize("solver, board, options", [
    ("count", Board(5, 5, (0, 0)), {}),
    ("count", Board(5, 5, (0, 0)), {"all_starts": True}),
    ("backtrack", Board(6, 6, (0, 0)), {"count": True}),
    ("warnsdorff-backtrack", Board(7, 5, (0, 0), blocked=frozenset({(1, 3), (2, 0), (5, 0)})), {}),
    ("warnsdorff", Board(1000, 1000, (0, 0)), {}),
    ("warnsdorff", HOLED, {}),
])
@pytest.mark.parametrize("cap", [1, 1000, 1025])
def test_a_state_cap_stops_every_solver_at_exactly_that_many_squares(run, solver, board, options, cap):
    sol = run(board, solver, Limits(max_states=cap), **options)
    assert sol.status == Status.LIMIT and sol.limit == Limit.STATES
    assert sol.stats.nodes_expanded == cap


def test_a_count_cut_short_says_its_count_is_partial(run):
    sol = run(Board(5, 5, (0, 0)), "count", Limits(max_states=3000))
    assert "solutions" not in sol.details and sol.details["solutions_so_far"] >= 0


@pytest.mark.parametrize("solver, board, options", [
    ("count", Board(8, 8, (0, 0)), {}),
    ("backtrack", Board(8, 8, (0, 0)), {"count": True}),
    ("warnsdorff-backtrack", Board(8, 8, (0, 0)), {}),
    ("warnsdorff", Board(1000, 1000, (0, 0)), {}),
    ("warnsdorff", Board(4, 1000, (0, 0)), {}),
])
def test_a_budget_too_small_for_the_arrays_ends_before_the_search(run, solver, board, options):
    sol = run(board, solver, Limits(max_memory=260 * 2**10), **options)
    assert sol.status == Status.LIMIT and sol.limit == Limit.MEMORY
    assert sol.stats.nodes_expanded == 0 and "needs" in sol.details["note"]


def test_the_thin_search_stops_when_its_memo_would_outgrow_the_budget(run):
    sol = run(HOLED, "warnsdorff", Limits(max_memory=2 * 2**20))
    assert sol.status == Status.LIMIT and sol.limit == Limit.MEMORY
    assert sol.stats.states_seen >= thin.MEMO_INITIAL // 2 - 1  # the first memo was full


def test_memo_slots_fit_the_room_with_the_old_table_while_it_doubles():
    for room in (0, 10**6, 3 * thin.MEMO_INITIAL * thin.MEMO_SLOT, 10**9):
        slots = thin.max_slots(room)
        assert slots >= thin.MEMO_INITIAL and slots & (slots - 1) == 0
        if slots > thin.MEMO_INITIAL:
            assert (slots + slots // 2) * thin.MEMO_SLOT <= room
        assert (2 * slots + slots) * thin.MEMO_SLOT > room


@pytest.mark.parametrize("board, options", [
    (Board(5, 6, (0, 0)), {}),
    (Board(5, 6, (0, 0)), {"all_starts": True}),  # the per-square table's sweep
    (Board(6, 5, (2, 1)), {}),  # swept along columns
])
def test_a_state_cap_stops_the_frontier_counter_before_a_step_holds_more(run, board, options):
    """The frontier counter stores its states a step at a time: --max-states caps what one step holds,
    and a sweep whose next step would hold more ends with limit states, its tours so far said."""
    whole = run(board, "count", Limits(), method="frontier", **options)
    most = whole.details["frontier"]["most_states"]
    assert whole.status == Status.SOLVED and most > 1000
    cap = most // 2
    sol = run(board, "count", Limits(max_states=cap), method="frontier", **options)
    assert sol.status == Status.LIMIT and sol.limit == Limit.STATES
    assert 0 < sol.details["frontier"]["most_states"] <= cap
    assert "solutions_so_far" in sol.details
