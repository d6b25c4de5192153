"""Which census is split: two local workers do not pay where one process runs on two threads, so
such a census stays in this process and counts the same."""
import os

import pytest

from puzzle_explorer.core.kernels import census
from puzzle_explorer.core.run.progress import SearchControl
from puzzle_explorer.core.run.search import Limits
from puzzle_explorer.core.scale import partitioned
from puzzle_explorer.core.scale.engine import LOCAL, RAY, EngineSpec
from puzzle_explorer.puzzles.klotski.board import parse
from puzzle_explorer.puzzles.klotski.solve import solve

SPLIT_FROM = partitioned.SPLIT_FROM  # the module's own, before the suite's fixture sets it to 1


@pytest.fixture
def the_rule(monkeypatch):
    monkeypatch.setattr(partitioned, "SPLIT_FROM", SPLIT_FROM)


def test_the_census_splits_only_past_the_threads_of_one_process(the_rule, monkeypatch):
    assert SPLIT_FROM == census.THREADS + 1
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
