"""The census from the goal on sliding blocks, checked against solves from the positions themselves."""
import random

import numpy as np
import pytest

from puzzle_explorer.core.run.progress import SearchControl
from puzzle_explorer.core.run.search import Limits
from puzzle_explorer.core.run.status import Limit, Status
from puzzle_explorer.puzzles.klotski import distances as KD
from puzzle_explorer.puzzles.klotski.board import parse
from puzzle_explorer.puzzles.klotski.presets import BY_ID
from puzzle_explorer.puzzles.klotski.solve import solve
from tests.census_threads import on_threads
from tests.puzzles.distances.boards import random_board, scatter
from tests.puzzles.klotski import reference

CONVENTIONS = ["unit", "straight", "free"]
SAMPLE = 6


def census(board, convention, scope="all", keep=True, distinct=False, hardest=5, limits=Limits()):
    options = {"moves": convention, "scope": scope, "keep": keep, "distinct": distinct, "hardest": hardest}
    return solve(board, "distances", options, SearchControl(), limits)


def reference_distance(board, convention, distinct=False):
    best, _ = reference.shortest(board.inline(), board.target_piece().letter, board.goal_cell(), convention,
                                 distinct)
    return best


@pytest.mark.parametrize("convention", CONVENTIONS)
@pytest.mark.parametrize("seed", range(8))
def test_table_distances_are_shortest_solves_on_random_boards(convention, seed):
    rng = random.Random(seed * 31 + len(convention))
    board = random_board(rng)
    sol = census(board, convention)
    c = sol.details["census"]
    table = sol.table
    assert sum(c["by_distance"]) == c["states"] == table.table.states  # the histogram counts every position
    assert all(n > 0 for n in c["by_distance"])
    space = table.space
    words = table.table.keys[rng.sample(range(table.table.states), min(SAMPLE, table.table.states))]
    for word in words:
        here = space.board(word)
        d = table.distance(here)
        solved = solve(here, "bibfs", {"moves": convention}, SearchControl(), Limits())
        assert solved.status == Status.SOLVED and solved.length == d, (board.inline(), here.inline())
        assert reference_distance(here, convention) == d
    # positions the table does not hold cannot reach the goal
    for _ in range(SAMPLE):
        here = scatter(board, rng)
        if here is not None:
            assert table.distance(here) == reference_distance(here, convention), here.inline()
    # the start: its distance, or proved unsolvable
    assert c["start_distance"] == reference_distance(board, convention)
    assert sol.status == (Status.SOLVED if c["start_distance"] is not None else Status.UNSOLVABLE)


@pytest.mark.parametrize("convention", CONVENTIONS)
@pytest.mark.parametrize("seed", range(4))
def test_the_start_component_counts_what_the_forward_census_counts(convention, seed):
    rng = random.Random(1000 + seed)
    board = random_board(rng)
    best, reachable = reference.shortest(board.inline(), board.target_piece().letter, board.goal_cell(),
                                         convention, census=True)
    sol = census(board, convention, scope="component")
    c = sol.details["census"]
    if best is None:
        assert sol.status == Status.UNSOLVABLE and "holds no goal position" in c["note"]
        return
    assert c["states"] == reachable
    assert c["start_distance"] == best == sol.length  # the steps are a shortest solution read off the table


@pytest.mark.parametrize("convention", CONVENTIONS)
def test_the_hardest_positions_take_the_reported_distance(convention):
    board = parse("AAb/AA./c.d")
    sol = census(board, convention, hardest=3)
    c = sol.details["census"]
    assert 1 <= len(c["hardest"]) <= 3 and len(c["hardest"]) == min(3, c["farthest"])
    for text in c["hardest"]:
        here = parse(text)  # the text pastes into --board
        solved = solve(here, "bibfs", {"moves": convention}, SearchControl(), Limits())
        assert solved.length == c["max_distance"]


def test_hengdao_lima_census_from_the_goal_covers_its_component():
    """25,955 positions in the start's component (unit moves), as the forward census counts them."""
    board = parse(BY_ID["hengdao-lima"].text)
    forward = solve(board, "census", {"moves": "unit"}, SearchControl(), Limits()).details["census"]
    assert forward["states"] == 25_955
    sol = census(board, "unit", scope="component", hardest=2)
    c = sol.details["census"]
    assert c["states"] == forward["states"] and c["goal_states"] == forward["goal_states"]
    assert c["start_distance"] == forward["goal_depth"] == 116 == sol.length
    # every goal position: the start's component and the others that hold a goal placement
    everything = census(board, "unit", scope="all")
    assert everything.details["census"]["states"] > 25_955
    rng = random.Random(7)
    table, wide = sol.table, everything.table
    for word in rng.sample(list(table.table.keys), 12):
        here = table.space.board(word)
        d = table.distance(here)
        assert wide.distance(here) == d
        assert solve(here, "bibfs", {"moves": "unit"}, SearchControl(), Limits()).length == d
    for text in c["hardest"]:
        assert solve(parse(text), "bibfs", {"moves": "unit"}, SearchControl(), Limits()).length == c["max_distance"]


def test_distinct_pieces_are_their_own_positions():
    board = parse("AB./CD./..E\ntarget: A")
    same = census(board, "unit").details["census"]
    distinct = census(board, "unit", distinct=True).details["census"]
    assert distinct["states"] > same["states"]
    assert distinct["start_distance"] == reference_distance(board, "unit", distinct=True)


def test_limits_end_the_census_from_the_goal():
    """Few goal positions (992, 29,760) and many more reachable from them: the census itself stops."""
    board = parse("AAb.../AAc.../....../....../....../......")
    sol = census(board, "unit", distinct=True, limits=Limits(max_states=5000))
    assert sol.status == Status.LIMIT and sol.limit == Limit.STATES and sol.table is None
    assert 992 < sol.details["census"]["states"] <= 5000
    board = parse("AAbcd./AA..../....../....../....../......")
    sol = census(board, "unit", distinct=True, limits=Limits(max_memory=4 * 2**20))
    assert sol.status == Status.LIMIT and sol.limit == Limit.MEMORY and sol.table is None
    assert sol.details["census"]["states"] >= 29_760


def test_the_goal_positions_are_listed_within_the_budget():
    """Every goal placement seeds the census: more than the budget holds is a limit, said so."""
    board = parse("AAbcde/AAfgh./....../....../....../......")
    sol = census(board, "unit", distinct=True, limits=Limits(max_memory=2 * 2**20))
    assert sol.status == Status.LIMIT and sol.limit == Limit.MEMORY
    assert "goal positions" in sol.details["census"]["note"]
    sol = census(board, "unit", distinct=True, limits=Limits(max_states=100))
    assert sol.status == Status.LIMIT and sol.limit == Limit.STATES
    assert "more than 100 goal positions" in sol.details["census"]["note"]


def test_a_table_costs_what_the_estimate_says():
    board = parse(BY_ID["hengdao-lima"].text)
    space = KD.space(board, {"moves": "unit"})
    est = space.estimate(Limits())
    sol = census(board, "unit")
    placements = int(est.what.split()[2].replace(",", ""))
    assert sol.details["census"]["states"] <= placements  # the count bounds every census of these pieces
    assert sol.table.table.nbytes == 9 * sol.table.table.states  # a word and a byte a position
    assert est.fits is True
    small = space.estimate(Limits(max_memory=200_000))
    assert small.fits is None and "the census stops at the memory budget" in small.text()


def test_the_table_merge_orders_the_levels():
    board = parse("AAb/AA./c.d")
    table = census(board, "free").table.table
    assert np.all(table.keys[1:] > table.keys[:-1])
    assert table.dist.dtype == np.uint8


def test_pieces_that_never_leave_the_goal_free_have_no_census():
    """The 2x2 piece covers the goal cell wherever it stands: no goal position, an empty census."""
    board = parse("AAB/AA.\ntarget: B\ngoal: 2,2")
    sol = census(board, "free")
    c = sol.details["census"]
    assert sol.status == Status.UNSOLVABLE and c["states"] == 0 and c["by_distance"] == []
    assert c["max_distance"] is None and c["start_in_component"] is False and "no placement" in c["note"]
    assert reference_distance(board, "free") is None


@pytest.mark.parametrize("scope", ["all", "component"])
def test_a_table_built_on_five_threads_is_the_one_built_on_one(monkeypatch, scope):
    """The census from the goal runs a thread a core, as the forward census does (core/scale/census.py
    census_contexts). Five cores, every level laid out by key range over the
    threads: the same table, position by position, and the same counts as on one."""
    from puzzle_explorer.core.run import search

    threads = []
    count_states = search.count_states

    def counted(starts, contexts, *args):
        threads.append(len(contexts))
        return count_states(starts, contexts, *args)

    monkeypatch.setattr(search, "count_states", counted)
    board = parse(BY_ID["hengdao-lima"].text)
    on_threads(monkeypatch, 1)
    one = census(board, "unit", scope=scope, hardest=3)
    on_threads(monkeypatch, 5)
    five = census(board, "unit", scope=scope, hardest=3)
    assert set(threads) == {1, 5}
    assert five.details["census"] == one.details["census"]
    assert np.array_equal(five.table.table.keys, one.table.table.keys)
    assert np.array_equal(five.table.table.dist, one.table.table.dist)
    assert (five.status, five.length) == (one.status, one.length)
