"""Time left, in words short enough for the Stats pane's row, at every scale."""
import pytest

from puzzle_explorer.core.estimate.dives import DAY_S, YEAR_S, duration


@pytest.mark.parametrize("seconds,words", [
    (0.4, "0.4 s"), (65, "1 min 5 s"), (3725, "1 h 2 min"), (DAY_S + 7200, "1 d 2 h"),
    (26262.1 * DAY_S, "72 years"), (2.5 * YEAR_S, "2.5 years"), (40 * DAY_S, "40 d"),
    (9.99 * DAY_S, "9 d 23 h"), (3e6 * YEAR_S, "3,000,000 years"),
])
def test_durations_read_at_their_scale(seconds, words):
    assert duration(seconds) == words


def test_no_duration_outgrows_a_stats_cell():
    assert max(len(duration(10 ** e)) for e in range(-1, 12)) <= 15


def test_a_time_past_what_a_float_holds_reads_as_words():
    assert duration(float("inf")) == duration(1e30 * YEAR_S) == "over a trillion years"


def test_dives_that_overflow_make_an_unknown_estimate_not_a_crash():
    """A dive on a 99x99 board multiplies some 9,800 branchings: past 1e308, inf; its variance nan."""
    import json
    import math

    import numpy as np

    from puzzle_explorer.core.estimate.dives import combine
    small = (np.array([10.0, 30.0]), np.array([1.0, 3.0]), 1.0)
    huge = (np.array([np.inf, 5.0]), np.array([0.0, 0.0]), 1.0)
    est = combine([small, huge], rate=1e6)
    assert math.isinf(est.nodes) and math.isnan(est.solutions)
    shown = est.as_json(2)
    assert shown["nodes"] is None and shown["solutions"] is None and shown["seconds"] is None
    json.dumps(shown, allow_nan=False)
    assert est.text(2).startswith("over 1e308 nodes (± unknown), unknown solutions")
    assert "over a trillion years on 2 workers" in est.text(2)
    fine = combine([small], rate=1e6)
    assert fine.nodes == 20.0 and fine.solutions == 2.0 and fine.as_json()["nodes"] == 20
