"""A search with its worker count left open runs a trial here before it is split. Ctrl-C after
the trial, while the split's kernels load or its workers start, stops a search that has searched:
it reports the trial's nodes and finds (the command line's 'tours so far'), not 'nothing was
searched' with zero nodes."""
import time

import pytest

import puzzle_explorer.core.scale.cuts
from puzzle_explorer.core.run.runner import Job
from puzzle_explorer.core.run.search import Limits
from puzzle_explorer.core.run.status import Limit, Status
from puzzle_explorer.puzzles.die.board import parse as parse_die
from puzzle_explorer.puzzles.die.presets import BY_ID
from puzzle_explorer.puzzles.die.solve import solve as solve_die
from puzzle_explorer.puzzles.link.board import parse as parse_link
from puzzle_explorer.puzzles.link.presets import BY_ID as LINK_BY_ID
from puzzle_explorer.puzzles.link.solve import solve as solve_link


def _cancel_after_loading(monkeypatch, module, job_box):
    """The split's kernels load as usual; then Ctrl-C, and the runner has time to notice it
    before the workers start."""
    loaded = module.prepare

    def prepare_then_cancel(*args):
        loaded(*args)
        job_box[0].cancel()
        time.sleep(0.5)

    monkeypatch.setattr(module, "prepare", prepare_then_cancel)


def _spy(monkeypatch, module, name):
    """What module.name returns, each call's result in a list."""
    results, real = [], getattr(module, name)

    def spy(*args, **kwargs):
        results.append(real(*args, **kwargs))
        return results[-1]

    monkeypatch.setattr(module, name, spy)
    return results


def _run(monkeypatch, module, trial, search):
    monkeypatch.setattr(puzzle_explorer.core.scale.cuts, "TRIAL_NODES", trial)
    monkeypatch.setattr(puzzle_explorer.core.scale.cuts, "TRIAL_MARGIN", 0)  # the die's estimate would keep this small count here
    job_box = []
    _cancel_after_loading(monkeypatch, module, job_box)
    job_box.append(Job(search))
    return job_box[0].run()


@pytest.mark.processes
@pytest.mark.realtime
def test_die_count_cancelled_as_its_workers_start_reports_its_trial(monkeypatch):
    import puzzle_explorer.core.scale.split_paths

    board = parse_die(BY_ID["open-9x9"].text)  # 116,345 nodes and 2 tours
    tried = _spy(monkeypatch, puzzle_explorer.core.scale.split_paths, "search_paths")
    out = _run(monkeypatch, puzzle_explorer.core.scale.split_paths, 60_000,
               lambda control: solve_die(board, "all", {"goal_face": "any", "keep": 3}, control, Limits()))
    assert out.status == Status.CANCELLED
    [trial] = tried
    assert trial.limit == Limit.STATES and trial.stats.nodes_expanded >= 60_000
    assert out.stats.nodes_expanded == trial.stats.nodes_expanded
    assert out.details["solutions"] == trial.solutions and len(out.tours) == len(trial.kept)


@pytest.mark.processes
@pytest.mark.realtime
def test_link_proof_cancelled_as_its_workers_start_reports_its_trial(monkeypatch):
    import puzzle_explorer.puzzles.link.solve

    board = parse_link(LINK_BY_ID["shisen-deadlock"].text)  # unclearable: 35,328 nodes prove it
    tried = _spy(monkeypatch, puzzle_explorer.puzzles.link.solve, "_clear_here")
    out = _run(monkeypatch, puzzle_explorer.puzzles.link.solve, 5_000,
               lambda control: solve_link(board, "clear", {}, control, Limits()))
    assert out.status == Status.CANCELLED
    [trial] = tried
    assert trial[1] == Limit.STATES and trial[3].nodes_expanded >= 5_000
    assert out.stats.nodes_expanded == trial[3].nodes_expanded


@pytest.mark.parametrize("whole", [False, True])
def test_the_trial_is_the_whole_search_only_under_a_lower_cap_of_the_callers(whole, monkeypatch):
    monkeypatch.setattr(puzzle_explorer.core.scale.cuts, "TRIAL_NODES", 1000)
    cap = 999 if whole else 5000
    assert puzzle_explorer.core.scale.cuts.trial_cap(cap, 0) == (min(cap, 1000), whole)
    assert puzzle_explorer.core.scale.cuts.trial_cap(None, cap) == (min(cap, 1000), whole)
    assert puzzle_explorer.core.scale.cuts.trial_cap(None, 0) == (1000, False)


def test_an_estimate_that_keeps_a_search_here_runs_it_to_a_few_times_its_nodes(monkeypatch):
    monkeypatch.setattr(puzzle_explorer.core.scale.cuts, "TRIAL_NODES", 1000)
    assert puzzle_explorer.core.scale.cuts.trial_cap(None, 0, 10_000.0) == (puzzle_explorer.core.scale.cuts.TRIAL_MARGIN * 10_000, False)
    assert puzzle_explorer.core.scale.cuts.trial_cap(None, 0, 10.0) == (1000, False)  # never below the plain trial
    assert puzzle_explorer.core.scale.cuts.trial_cap(5000, 0, 10_000.0) == (5000, True)  # the caller's cap still ends it
    assert puzzle_explorer.core.scale.cuts.trial_cap(None, 0, float("inf"))[0] == 2 ** 62


@pytest.mark.processes
@pytest.mark.parametrize("start_s", [0.0, 1e9])
def test_a_die_count_splits_at_once_or_stays_here_as_its_estimate_says(start_s, monkeypatch):
    """Workers that start in no time always pay: the count is split with no trial. Workers that
    never pay: the count runs here, unsplit, to its end (a few times its estimate is room enough)."""
    import puzzle_explorer.core.scale.split_paths
    import puzzle_explorer.core.scale.tasks

    monkeypatch.setattr(puzzle_explorer.core.scale.tasks, "WORKER_START_S", start_s)
    monkeypatch.setattr(puzzle_explorer.core.scale.tasks, "cores", lambda: 2)
    board = parse_die(BY_ID["open-9x9"].text)
    tried = _spy(monkeypatch, puzzle_explorer.core.scale.split_paths, "search_paths")
    split = _spy(monkeypatch, puzzle_explorer.core.scale.split_paths, "split")
    out = Job(lambda control: solve_die(board, "all", {"goal_face": "any", "keep": 3}, control, Limits())).run()
    tried, split = list(tried), list(split)  # before the one-worker run adds its own
    one = Job(lambda control: solve_die(board, "all", {"goal_face": "any", "keep": 3, "workers": 1}, control,
                                        Limits())).run()
    assert out.status == one.status == Status.SOLVED
    assert out.details["solutions"] == one.details["solutions"] and out.tours == one.tours
    assert out.stats.nodes_expanded == one.stats.nodes_expanded
    if start_s == 0.0:
        assert not tried and len(split) == 1 and len(split[0].prefixes) > 1 and out.details["workers"] == 2
    else:
        assert len(tried) == 1 and not split and tried[0].limit is None
