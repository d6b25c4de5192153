"""Limits on rolling-die tours: a state is a placement of the die; memory holds the path and the tours kept."""
import pytest

from puzzle_explorer.core.run.progress import SearchControl
from puzzle_explorer.core.run.search import Limits
from puzzle_explorer.core.run.status import Limit, Status
from puzzle_explorer.puzzles.die.board import parse
from puzzle_explorer.puzzles.die.presets import BY_ID
from puzzle_explorer.puzzles.die.solve import solve

OPEN_10 = parse(BY_ID["open-10x10"].text)  # 8 tours under the rule "any", about 1.9 million nodes


def run(solver, limits, **options):
    return solve(OPEN_10, solver, {"goal_face": "any", **options}, SearchControl(), limits)


def test_a_state_cap_stops_every_tour_search_at_exactly_that_many_placements():
    for solver, cap in (("all", 5000), ("all", 1), ("dfs", 777)):
        sol = run(solver, Limits(max_states=cap))
        assert sol.status == Status.LIMIT and sol.limit == Limit.STATES, solver
        assert sol.stats.nodes_expanded == cap
    assert run("all", Limits(max_states=5000)).details["count_complete"] is False


def test_a_budget_that_cannot_hold_the_path_and_one_tour_ends_at_once():
    sol = run("all", Limits(max_memory=300 * 2**10))
    assert sol.status == Status.LIMIT and sol.limit == Limit.MEMORY
    assert sol.stats.nodes_expanded == 0 and sol.details["count_complete"] is False


@pytest.mark.processes
def test_the_budget_bounds_the_tours_kept_not_the_count():
    full = run("all", Limits(), keep=10_000)
    small = run("all", Limits(max_memory=3 * 2**20), keep=10_000)
    assert full.status == small.status == Status.SOLVED
    assert small.details["solutions"] == full.details["solutions"] == 8
    kept = int(small.details["note"].split()[3].replace(",", ""))
    assert 1 <= kept < 10_000 and len(small.tours) == min(kept, 8)
    assert small.tours == full.tours[:len(small.tours)]
