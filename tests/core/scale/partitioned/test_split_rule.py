"""Which census is split: two local workers do not pay where one process runs on two threads, so
such a census stays in this process and counts the same."""
import os

import pytest

from puzzle_explorer.core.run.progress import SearchControl
from puzzle_explorer.core.run.search import Limits
from puzzle_explorer.core.scale import partitioned
from puzzle_explorer.core.scale.engine import LOCAL, RAY, EngineSpec
from puzzle_explorer.puzzles.klotski.board import parse
from puzzle_explorer.puzzles.klotski.solve import solve
from tests.census_threads import on_threads

SPLIT_FROM = partitioned.SPLIT_FROM  # the module's own, before the suite's fixture sets it to 1


@pytest.fixture
def the_rule(monkeypatch):
    monkeypatch.setattr(partitioned, "SPLIT_FROM", SPLIT_FROM)


def test_the_census_splits_only_past_the_threads_of_one_process(the_rule, monkeypatch):
    assert SPLIT_FROM == 3
    monkeypatch.setattr(os, "cpu_count", lambda: 16)
    assert not partitioned.split_pays(None)
    assert not partitioned.split_pays(EngineSpec(LOCAL, workers=1))
    assert not partitioned.split_pays(EngineSpec(LOCAL, workers=2))
    assert partitioned.split_pays(EngineSpec(LOCAL, workers=3))
    assert partitioned.split_pays(EngineSpec(RAY, workers=2))
    monkeypatch.setattr(os, "cpu_count", lambda: 2)  # more processes than cores: no split either
    assert not partitioned.split_pays(EngineSpec(LOCAL, workers=4))
    assert partitioned.partitioned(EngineSpec(LOCAL, workers=4))  # still asked for: refusals stay


def test_two_local_workers_count_in_this_process_what_one_counts(the_rule):
    board = parse("HAAI/HAAI/JBBK/JNOK/P..Q")
    single = solve(board, "census", {"moves": "unit"}, SearchControl(), Limits())
    two = solve(board, "census", {"moves": "unit", "engine": LOCAL, "workers": 2}, SearchControl(), Limits())
    assert two.details["census"] == single.details["census"]
    assert "workers" not in two.details["census"]  # no worker process was started
    assert (two.status, two.stats.states_seen, two.stats.nodes_expanded) == (
        single.status, single.stats.states_seen, single.stats.nodes_expanded)


def test_a_census_in_this_process_runs_a_thread_a_core_or_a_thread_a_worker_named(monkeypatch):
    from puzzle_explorer.core.scale import census

    monkeypatch.setattr(census, "cores", lambda: 16)
    assert census.census_threads(None) == 16
    assert census.census_threads(EngineSpec(LOCAL)) == 16
    assert census.census_threads(EngineSpec(LOCAL, workers=1)) == 1
    assert census.census_threads(EngineSpec(LOCAL, workers=2)) == 2
    assert census.census_threads(EngineSpec(LOCAL, workers=40)) == 16  # no more threads than cores


@pytest.mark.parametrize("family,text,options", [
    ("klotski", "HAAI/HAAI/JBBK/JNOK/P..Q", {"moves": "unit"}),
    ("tiles", "1 2 3/4 5 6/7 . 8", {}),
])
def test_a_census_on_five_threads_counts_what_one_counts(monkeypatch, family, text, options):
    """Five threads (a core each, as on a larger machine), every level laid out by key range over
    them: the same counts, states and nodes as on one."""
    if family == "tiles":
        from puzzle_explorer.puzzles.tiles.board import parse as parse_tiles
        from puzzle_explorer.puzzles.tiles.solve import solve as solve_tiles
        board, run = parse_tiles(text), solve_tiles
    else:
        board, run = parse(text), solve
    on_threads(monkeypatch, 5)
    one = run(board, "census", {**options, "engine": LOCAL, "workers": 1}, SearchControl(), Limits())
    five = run(board, "census", options, SearchControl(), Limits())
    assert five.details["census"] == one.details["census"]
    assert (five.status, five.stats.states_seen, five.stats.nodes_expanded) == (
        one.status, one.stats.states_seen, one.stats.nodes_expanded)
