"""A search with its worker count left open runs a trial here before it is split. Ctrl-C after
the trial, while the split's kernels load or its workers start, stops a search that has searched:
it reports the trial's nodes and finds (the command line's 'tours so far'), not 'nothing was
searched' with zero nodes."""
import time

import pytest

import core.cuts
from core.runner import Job
from core.search import Limits
from core.status import Limit, Status
from puzzles.die.board import parse as parse_die
from puzzles.die.presets import BY_ID
from puzzles.die.solve import solve as solve_die
from puzzles.link.board import parse as parse_link
from puzzles.link.presets import BY_ID as LINK_BY_ID
from puzzles.link.solve import solve as solve_link



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
    monkeypatch.setattr(core.cuts, "TRIAL_NODES", trial)
    job_box = []
    _cancel_after_loading(monkeypatch, module, job_box)
    job_box.append(Job(search))
    return job_box[0].run()


def test_die_count_cancelled_as_its_workers_start_reports_its_trial(monkeypatch):
    import core.split_paths

    board = parse_die(BY_ID["open-9x9"].text)  # 116,345 nodes and 2 tours
    tried = _spy(monkeypatch, core.split_paths, "search_paths")
    out = _run(monkeypatch, core.split_paths, 60_000,
               lambda control: solve_die(board, "all", {"goal_face": "any", "keep": 3}, control, Limits()))
    assert out.status == Status.CANCELLED
    [trial] = tried
    assert trial.limit == Limit.STATES and trial.stats.nodes_expanded >= 60_000
    assert out.stats.nodes_expanded == trial.stats.nodes_expanded
    assert out.details["solutions"] == trial.solutions and len(out.tours) == len(trial.kept)


def test_link_proof_cancelled_as_its_workers_start_reports_its_trial(monkeypatch):
    import puzzles.link.solve

    board = parse_link(LINK_BY_ID["shisen-deadlock"].text)  # unclearable: 35,328 nodes prove it
    tried = _spy(monkeypatch, puzzles.link.solve, "_clear_here")
    out = _run(monkeypatch, puzzles.link.solve, 5_000,
               lambda control: solve_link(board, "clear", {}, control, Limits()))
    assert out.status == Status.CANCELLED
    [trial] = tried
    assert trial[1] == Limit.STATES and trial[3].nodes_expanded >= 5_000
    assert out.stats.nodes_expanded == trial[3].nodes_expanded


@pytest.mark.parametrize("whole", [False, True])
def test_the_trial_is_the_whole_search_only_under_a_lower_cap_of_the_callers(whole, monkeypatch):
    monkeypatch.setattr(core.cuts, "TRIAL_NODES", 1000)
    cap = 999 if whole else 5000
    assert core.cuts.trial_cap(cap, 0) == (min(cap, 1000), whole)
    assert core.cuts.trial_cap(None, cap) == (min(cap, 1000), whole)
    assert core.cuts.trial_cap(None, 0) == (1000, False)
