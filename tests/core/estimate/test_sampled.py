"""core/estimate/sampled.py on tasks of known sizes: exact when every task runs, unbiased over every sample
of a given size, honest about a task stopped at its cap, the same for the same seed."""
import itertools
import math
from dataclasses import dataclass

import numpy as np
import pytest

from puzzle_explorer.core.estimate.sampled import FIRST_CAP, mean_se, sample_tasks
from puzzle_explorer.core.kernels.counters import NODE_CAP

SIZES = [5, 1, 40, 7, 7, 300, 2, 18, 90, 3, 61, 12]


@dataclass(frozen=True)
class Sized:
    """A task that enters `size` nodes unless its cap stops it first."""

    size: int
    found: bool = False

    def __call__(self, counters: np.ndarray):
        cap = int(counters[NODE_CAP]) or self.size
        return min(self.size, cap), self.size <= cap, self.found


def _sample(tasks, **kw):
    return sample_tasks(tasks, lambda r: (r[0], r[1]), **{"cap": 10**9, "budget_s": math.inf, **kw})


def test_every_task_run_gives_the_exact_total():
    est, results = _sample([Sized(s) for s in SIZES], base=11, k=100)
    assert est.exact and not est.lower_bound
    assert est.nodes == 11 + sum(SIZES) and est.nodes_se == 0
    assert sorted(i for i, _ in results) == list(range(len(SIZES)))
    assert est.as_json()["exact"] is True and "exact" in est.text()


@pytest.mark.parametrize("k", [2, 3, 5])
def test_over_every_sample_the_estimate_is_unbiased_and_its_error_is_right(k):
    n = len(SIZES)
    totals, variances = [], []
    for chosen in itertools.combinations(SIZES, k):
        mean, se = mean_se(chosen, n)
        totals.append(n * mean)
        variances.append((n * se) ** 2)
    assert np.mean(totals) == pytest.approx(sum(SIZES))
    # the squared standard error is unbiased for the estimator's variance over all samples
    assert np.mean(variances) == pytest.approx(np.var(totals))


def test_seeded_samples_repeat_and_differ_between_seeds():
    tasks = [Sized(s) for s in SIZES]
    one = [_sample(tasks, k=4, seed=s)[0] for s in range(3)]
    again = [_sample(tasks, k=4, seed=s)[0] for s in range(3)]
    assert [e.nodes for e in one] == [e.nodes for e in again]
    assert len({e.nodes for e in one}) > 1
    assert all(not e.exact and e.sampled == 4 and e.tasks == len(SIZES) for e in one)


def test_seeded_samples_average_to_the_total():
    tasks = [Sized(s) for s in SIZES]
    estimates = [_sample(tasks, k=4, seed=s)[0] for s in range(400)]
    mean = np.mean([e.nodes for e in estimates])
    se = np.mean([e.nodes_se for e in estimates]) / math.sqrt(len(estimates))
    assert abs(mean - sum(SIZES)) < 4 * se


def test_a_task_stopped_at_its_cap_makes_a_lower_bound():
    est, _ = _sample([Sized(s) for s in SIZES], k=100, cap=50)
    assert est.lower_bound and not est.exact and est.capped == 3 and est.cap == 50
    assert est.nodes == sum(min(s, 50) for s in SIZES) < sum(SIZES)
    assert est.text().startswith("at least") and est.as_json()["lower_bound"] is True


def test_sampling_stops_at_a_decisive_result():
    tasks = [Sized(s, found=(s == 300)) for s in SIZES]
    est, results = _sample(tasks, k=100, decisive=lambda r: r[2])
    assert results[-1][0] == SIZES.index(300) and est.sampled == len(results)


def test_the_time_budget_stops_after_two_tasks():
    est, results = sample_tasks([Sized(s) for s in SIZES], lambda r: (r[0], r[1]), k=100, budget_s=0.0)
    assert est.sampled == len(results) == 2 and not est.exact


def test_without_a_cap_the_first_task_gets_the_first_cap():
    est, _ = sample_tasks([Sized(10 * FIRST_CAP)], lambda r: (r[0], r[1]), budget_s=math.inf)
    assert est.lower_bound and est.cap == FIRST_CAP and est.nodes == FIRST_CAP


def test_no_tasks_leave_the_cut_alone_exact():
    est, results = _sample([], base=7)
    assert est.exact and est.nodes == 7 and results == []
    assert "the cut searched it all" in est.text()
