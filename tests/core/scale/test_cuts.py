"""Choosing the depth a tree is cut at (core/scale/cuts.py), on made-up trees whose every depth's
prefix count is known: the same choice every family's split makes."""
from dataclasses import dataclass

import pytest

from puzzle_explorer.core.scale.cuts import MAX_TASKS, TASKS_PER_WORKER, max_cut, shallowest_cut, wanted_subtrees


@dataclass
class Cut:
    prefixes: list
    depth: int


def tree(widths: list[int | None]):
    """cut_at for a tree with widths[d - 1] prefixes at depth d (None: more than allowed), and the
    depths it was asked for."""
    asked: list[int] = []

    def cut_at(depth: int) -> Cut | None:
        asked.append(depth)
        width = widths[depth - 1]
        return None if width is None else Cut(list(range(width)), depth)

    return cut_at, asked


WHOLE = Cut(["root"], 0)


def test_one_worker_wants_no_cut_and_runs_no_search():
    cut_at, asked = tree([3, 9, 27])
    assert shallowest_cut(cut_at, WHOLE, 10, 8, 1) is WHOLE and asked == []


@pytest.mark.parametrize("wanted, depth", [(2, 1), (3, 1), (4, 2), (27, 3), (28, 4)])
def test_the_shallowest_depth_with_enough_prefixes_is_chosen(wanted, depth):
    cut_at, asked = tree([3, 9, 27, 81, 243])
    assert shallowest_cut(cut_at, WHOLE, 10, 8, wanted).depth == depth
    assert asked == list(range(1, depth + 1))  # no depth below the one chosen is searched


def test_a_tree_that_ends_or_is_settled_above_the_cut_stops_the_search():
    cut_at, asked = tree([2, 4, 0, 5])
    chosen = shallowest_cut(cut_at, WHOLE, 10, 8, 100)
    assert chosen.depth == 3 and chosen.prefixes == [] and asked == [1, 2, 3]


def test_too_many_prefixes_keep_the_last_cut_that_fitted():
    cut_at, asked = tree([5, 50, None, 5000])
    assert shallowest_cut(cut_at, WHOLE, 10, 8, 1000).depth == 2 and asked == [1, 2, 3]
    cut_at, _ = tree([None])
    assert shallowest_cut(cut_at, WHOLE, 10, 8, 1000) is WHOLE


def test_depths_stop_short_of_the_tree_and_of_the_split_memory():
    cut_at, asked = tree([2] * 100)
    shallowest_cut(cut_at, WHOLE, 5, 8, 1000)
    assert asked == [1, 2, 3, 4]  # a cut at the tree's last depth would leave nothing to split
    cut_at, asked = tree([2] * 1000)
    shallowest_cut(cut_at, WHOLE, 1000, 16, 10**6, most=MAX_TASKS)
    assert asked[-1] == max_cut(MAX_TASKS, 16) < 1000


def test_subtrees_wanted_share_out_over_workers_and_trees():
    assert wanted_subtrees(1) == 1 and wanted_subtrees(1, subtrees=7) == 7
    assert wanted_subtrees(1, resumable=True) == TASKS_PER_WORKER  # a checkpoint needs subtrees to keep
    assert wanted_subtrees(2) == 2 * TASKS_PER_WORKER
    assert wanted_subtrees(3, trees=5) == -(-3 * TASKS_PER_WORKER // 5)  # rounded up: every tree gets its share
