"""Link clearing cut into subtrees: the same verdict as one search and as trying every order, the
same clearing order (the first found in subtree order) and, for a proof, the same node total
whatever order the subtrees run in."""
import random

import pytest

from puzzle_explorer.core.run.progress import SearchControl
from puzzle_explorer.core.run.search import Limits
from puzzle_explorer.core.run.status import Status
from puzzle_explorer.puzzles.link import split
from puzzle_explorer.puzzles.link.board import Board
from puzzle_explorer.puzzles.link.solve import MIN_SAMPLED, solve
from tests.puzzles.link import reference
from tests.puzzles.link.test_clear import random_small_board, replay_with_reference
from tests.puzzles.link.test_estimate import PROOF


def _cases(n: int, seed: int) -> list[Board]:
    rng = random.Random(seed)
    return [Board(random_small_board(rng), max_segments=rng.choice([1, 2, 3]), outside=rng.random() < 0.7,
                  gravity=rng.random() < 0.4) for _ in range(n)]


def _clear(board, **options):
    return solve(board, "clear", {"workers": 1, **options}, SearchControl(), Limits())


def _pairs(sol) -> list:
    return [step.data["pair"] for step in sol.steps[1:]]


@pytest.mark.parametrize("board", _cases(30, 3), ids=lambda b: "/".join(b.rows))
def test_split_clearing_gives_one_answer_whatever_the_order(board):
    want = reference.clearable(board.rows, board.play_limit(), board.outside, board.gravity)
    whole = _clear(board, subtrees=1)
    assert whole.status == (Status.SOLVED if want else Status.UNSOLVABLE)
    ordered = _clear(board, subtrees=6)
    for shuffle in (1, 2):
        parts = _clear(board, subtrees=6, shuffle=shuffle)
        assert parts.status == whole.status
        assert _pairs(parts) == _pairs(ordered)
        if not want:
            assert parts.stats.nodes_expanded == ordered.stats.nodes_expanded
    if want:
        replay_with_reference(board, ordered)


@pytest.mark.processes
def test_two_worker_processes_prove_a_board_unclearable_as_one_does():
    # the first random board whose proof takes a search cut into several subtrees
    board, one = next((b, sol) for b in _cases(200, 9) for sol in [_clear(b, subtrees=8)]
                      if sol.status == Status.UNSOLVABLE and sol.details.get("tasks", 0) > 1)
    two = solve(board, "clear", {"workers": 2, "subtrees": 8}, SearchControl(), Limits())
    assert two.details["workers"] == 2
    assert one.status == two.status == Status.UNSOLVABLE
    assert two.stats.nodes_expanded == one.stats.nodes_expanded


def test_a_split_proof_samples_subtrees_first_for_its_time_left_and_counts_them_once(monkeypatch):
    board = PROOF
    plain = _clear(board, subtrees=16)
    assert plain.status == Status.UNSOLVABLE and plain.details["tasks"] >= MIN_SAMPLED
    ran = []
    original = split.ClearFrom.__call__
    monkeypatch.setattr(split.ClearFrom, "__call__", lambda self, counters: ran.append(1) or original(self, counters))
    control = SearchControl()
    sampled = solve(board, "clear", {"workers": 1, "subtrees": 16}, control, Limits())
    assert control.expected[0] > 0  # the sample's estimate of the nodes, for the time left
    assert sampled.status == plain.status and sampled.stats.nodes_expanded == plain.stats.nodes_expanded
    assert len(ran) == sampled.details["tasks"]  # a subtree the sample ran is not run again
    monkeypatch.setattr("puzzle_explorer.puzzles.link.solve.MIN_SAMPLED", 10**9)
    ran.clear()
    control = SearchControl()
    unsampled = solve(board, "clear", {"workers": 1, "subtrees": 16}, control, Limits())
    assert control.expected[0] == 0 and unsampled.stats.nodes_expanded == plain.stats.nodes_expanded
