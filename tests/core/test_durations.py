"""Time left, in words short enough for the Stats pane's row, at every scale."""
import pytest

from core.estimate import DAY_S, YEAR_S, duration


@pytest.mark.parametrize("seconds,words", [
    (0.4, "0.4 s"), (65, "1 min 5 s"), (3725, "1 h 2 min"), (DAY_S + 7200, "1 d 2 h"),
    (26262.1 * DAY_S, "72 years"), (2.5 * YEAR_S, "2.5 years"), (40 * DAY_S, "40 d"),
    (9.99 * DAY_S, "9 d 23 h"), (3e6 * YEAR_S, "3,000,000 years"),
])
def test_durations_read_at_their_scale(seconds, words):
    assert duration(seconds) == words


def test_no_duration_outgrows_a_stats_cell():
    assert max(len(duration(10 ** e)) for e in range(-1, 12)) <= 15
