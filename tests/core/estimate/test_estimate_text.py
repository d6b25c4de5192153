"""What an estimate claims: a spread only where the dives can back it, bounds without a spread,
a second look at a long search, and one worker where starting more would not pay."""
import json
import math

import numpy as np
import pytest

from puzzle_explorer.core.estimate.dives import (
    DIVES_LONG,
    FEW_HITS,
    LONG_S,
    SLOWEST_RATE,
    YEAR_S,
    Estimate,
    combine,
    refined,
)
from puzzle_explorer.core.scale.engine import EngineSpec
from puzzle_explorer.core.scale.tasks import WORKER_START_S, one_worker_when_sooner


def _dives(n: int, hits: int) -> tuple[np.ndarray, np.ndarray, float]:
    nodes = np.full(n, 100.0)
    sols = np.zeros(n)
    sols[:hits] = 1000.0 * (1 + np.arange(hits) % 3)
    return nodes, sols, 1.0


@pytest.mark.parametrize("hits", [1, FEW_HITS - 1])
def test_solutions_from_few_dives_are_a_rough_figure_without_a_spread(hits):
    est = combine([_dives(4000, hits)], rate=1e6)
    assert est.hits == hits and est.as_json()["solution_dives"] == hits
    text = est.text(1, "tours")
    assert f"tours (rough: {hits} dive" in text and "tours (±" not in text


def test_solutions_from_enough_dives_keep_their_spread():
    est = combine([_dives(4000, FEW_HITS)], rate=1e6)
    assert "tours (± " in est.text(1, "tours") and "rough" not in est.text(1, "tours")


def test_no_dive_reaching_a_solution_says_so_rather_than_zero():
    est = combine([_dives(4000, 0)], rate=1e6)
    text = est.text(2, "tours")
    assert "tours: no dive reached one" in text and "~0 tours" not in text
    assert est.as_json()["solution_dives"] == 0


def test_a_time_past_a_trillion_years_is_a_bound_with_no_spread():
    est = Estimate(4000, 1e150, 1e149, 0.0, 0.0, 1e7)
    assert math.isfinite(est.seconds(1)[0])
    text = est.text(2)
    assert "over a trillion years on 2 workers" in text and "~over" not in text and "(± over" not in text
    json.dumps(est.as_json(2), allow_nan=False)


def _after(seconds: float, dives: int = 4000) -> Estimate:
    return Estimate(dives, seconds * 1e6, 0.0, 0.0, 0.0, 1e6)


def test_a_long_search_gets_a_second_longer_look_and_a_short_one_does_not():
    asked = []

    def dive(n):
        asked.append(n)
        return _after(LONG_S * 3, n)

    assert refined(_after(LONG_S / 2), dive).dives == 4000 and asked == []
    assert refined(_after(LONG_S * 2), dive).dives == DIVES_LONG and asked == [DIVES_LONG]
    assert refined(_after(2e12 * YEAR_S), dive).dives == 4000  # 'over a trillion years' either way
    assert refined(_after(LONG_S * 2, DIVES_LONG), dive).dives == DIVES_LONG and asked == [DIVES_LONG]
    assert refined(Estimate(4000, 1e9, 0.0, 0.0, 0.0, 0.0), dive).dives == 4000  # no speed: no time to judge


def test_one_worker_runs_a_search_too_short_to_pay_for_starting_more(monkeypatch):
    monkeypatch.setattr("puzzle_explorer.core.scale.tasks.cores", lambda: 2)
    open_count = EngineSpec()
    assert one_worker_when_sooner(open_count, WORKER_START_S).workers == 1  # half of it saved: less than the start
    assert one_worker_when_sooner(open_count, 2.5 * WORKER_START_S) == open_count
    assert one_worker_when_sooner(open_count, 0.0) == open_count  # not known: the caller's trial decides
    assert one_worker_when_sooner(EngineSpec(workers=2), 0.01).workers == 2  # asked for: kept
    assert one_worker_when_sooner(EngineSpec("ray"), 0.01) == EngineSpec("ray")
    monkeypatch.setattr("puzzle_explorer.core.scale.tasks.cores", lambda: 8)
    assert one_worker_when_sooner(open_count, 1.5 * WORKER_START_S) == open_count  # 7/8 of it saved


def test_a_node_cap_met_before_the_end_shortens_the_time_the_choice_of_workers_sees():
    guess = Estimate(4000, 1e9, 1e8, 10.0, 1.0, 1e6)  # 1,000 s on one worker (± 100 s)
    assert guess.seconds_capped() == pytest.approx(1100.0)
    assert guess.seconds_capped(None, 0) == pytest.approx(1100.0)  # 0 and None: no cap
    assert guess.seconds_capped(5000) == pytest.approx(0.005)  # the cap ends it: no spread to add
    assert guess.seconds_capped(2e9, 3_000_000) == pytest.approx(3.0)  # the nearest cap counts
    # no speed (a tree too small to time): bounded by the slowest kernel's
    assert Estimate(4000, 435.0, 40.0, 0.0, 0.0, 0.0).seconds_capped() == pytest.approx(435 / SLOWEST_RATE)
    assert Estimate(4000, 1e9, 0.0, 0.0, 0.0, 0.0).seconds_capped(10) == pytest.approx(10 / SLOWEST_RATE)
    assert Estimate(4000, math.inf, 0.0, 0.0, 0.0, 0.0).seconds_capped() == 0.0  # past a float: not known


def test_no_longer_look_under_a_time_limit_that_ends_the_search_sooner():
    """The time limit counts the estimate: under one of LONG_S or less the long look would eat it."""
    asked = []

    def dive(n):
        asked.append(n)
        return _after(LONG_S * 3, n)

    assert refined(_after(LONG_S * 2), dive, limit_s=5).dives == 4000 and asked == []
    assert refined(_after(LONG_S * 2), dive, limit_s=LONG_S * 10).dives == DIVES_LONG and asked == [DIVES_LONG]


def test_no_longer_look_under_a_state_cap_that_ends_the_search_sooner():
    """--max-states caps the search's nodes: a look at its size longer than the capped search is
    work the cap said not to do (the dives store nothing, so their nodes are not counted)."""
    asked = []

    def dive(n):
        asked.append(n)
        return _after(LONG_S * 3, n)

    assert refined(_after(LONG_S * 2), dive, max_nodes=1000).dives == 4000 and asked == []
    assert refined(_after(LONG_S * 2), dive, max_nodes=int(LONG_S * 1.5e6)).dives == DIVES_LONG
    assert asked == [DIVES_LONG]


@pytest.mark.parametrize("seconds,two,one", [(0.4, "0.4 s", "0.4 s"), (42, "42 s", "42 s"), (65, "1 min 5 s", "1 min"),
                                             (1155, "19 min 15 s", "19 min"), (1170, "19 min 30 s", "20 min"),
                                             (3725, "1 h 2 min", "1 h"), (3 * 86400 + 7200, "3 d 2 h", "3 d")])
def test_a_duration_in_two_units_or_one(seconds, two, one):
    from puzzle_explorer.core.estimate.dives import duration
    assert duration(seconds) == two and duration(seconds, units=1) == one


def test_figures_read_in_three_figures_with_separators_below_a_billion():
    """'~1.74e+05 nodes' read as a physicist's; below a billion the figure is written out."""
    from puzzle_explorer.core.estimate.dives import about

    assert [about(v) for v in (0.832, 91.8, 999.6, 6_840, 174_045, 12_345_678, 999_400_000)] == [
        "~0.832", "~91.8", "~1,000", "~6,840", "~174,000", "~12,300,000", "~999,000,000"]
    assert [about(v) for v in (999_600_000, 1.2e9, 3e15, float("inf"), float("nan"))] == [
        "~1e+09", "~1.2e+09", "~3e+15", "over 1e308", "unknown"]
