"""`solve link --clear --estimate`: the split's subtrees sampled (puzzles/link/estimate.py). Run
on every subtree the estimate is the split search's own node count; on a sample it lands within
its standard error; a board settled before a proof (ruled out, cleared, empty) says so."""
import json
import math
import random

import pytest

from puzzle_explorer.core.run.progress import SearchControl
from puzzle_explorer.core.run.search import Limits
from puzzle_explorer.core.run.status import Status
from puzzle_explorer.puzzles.link.board import Board
from puzzle_explorer.puzzles.link.estimate import estimate_clear
from puzzle_explorer.puzzles.link.solve import solve
from tests.cli.commands import run_cli
from tests.puzzles.link.test_clear import random_small_board

# unclearable with 2 segments, and its proof cut into 65 subtrees (20 asked for) on one worker
PROOF = Board(("...CC", "BABCD", "CCDAC", "CBBC.", "BBC.C"), max_segments=2)
PROOFS = [PROOF, Board(("BBBA", ".BB.", "BBAB"), max_segments=1, outside=False, gravity=True),
          Board(("AB.", "BB.", ".BB", "..A", "BAA"), max_segments=1, gravity=True)]
EVERY = {"k": 10**6, "cap": 10**9, "budget_s": math.inf}  # run every subtree to its end


def _full_board(rng) -> tuple[str, ...]:
    """Few kinds, few gaps: with one segment such boards are often unclearable past the quick checks."""
    w, h = rng.randint(3, 5), rng.randint(3, 5)
    n = w * h - rng.choice([0, 2, 4])
    kinds = rng.randint(1, 3)
    tiles = [k for _ in range(n // 2) for k in ["ABC"[rng.randrange(kinds)]] * 2]
    cells = tiles + ["."] * (w * h - len(tiles))
    rng.shuffle(cells)
    return tuple("".join(cells[y * w:(y + 1) * w]) for y in range(h))


def _boards(n: int, seed: int) -> list[Board]:
    rng = random.Random(seed)
    return [Board(rng.choice([random_small_board, _full_board])(rng), max_segments=rng.choice([1, 1, 2, 3]),
                  outside=rng.random() < 0.5, gravity=rng.random() < 0.5) for _ in range(n)]


def _clear(board, options):
    return solve(board, "clear", options, SearchControl(), Limits())


@pytest.mark.parametrize("board", [*PROOFS, *_boards(60, 17)], ids=lambda b: "/".join(b.rows))
def test_every_subtree_run_gives_the_split_searchs_own_count_or_its_verdict(board):
    options = {"workers": 1, "subtrees": 6}
    real = _clear(board, options)
    guess = estimate_clear(board, options, **EVERY)
    if real.status == Status.UNSOLVABLE and real.details.get("reason"):
        assert guess.reason == real.details["reason"] and guess.clearable is False
    elif real.status == Status.UNSOLVABLE:
        assert guess.sample is not None and guess.sample.exact and guess.clearable is False  # every order searched
        assert "proved on the way: cannot be cleared" in guess.lines()[1]
        assert guess.sample.nodes == real.stats.nodes_expanded
    else:
        assert real.status == Status.SOLVED and guess.clearable is True and guess.found


def test_a_sample_lands_within_its_standard_error_and_averages_to_the_count():
    options = {"workers": 1, "subtrees": 20}
    truth = _clear(PROOF, options).stats.nodes_expanded
    samples = [estimate_clear(PROOF, options, k=8, seed=s, cap=10**9, budget_s=math.inf).sample for s in range(20)]
    assert all(s is not None and s.sampled == 8 < s.tasks and not s.exact for s in samples)
    assert all(abs(s.nodes - truth) <= 4 * s.nodes_se for s in samples)
    mean = sum(s.nodes for s in samples) / len(samples)
    assert abs(mean - truth) <= 4 * max(s.nodes_se for s in samples) / math.sqrt(len(samples))
    assert samples[3].nodes == estimate_clear(PROOF, options, k=8, seed=3, cap=10**9, budget_s=math.inf).sample.nodes


def test_a_subtree_that_fills_its_store_makes_a_lower_bound_and_names_the_limit():
    options = {"workers": 1, "subtrees": 20}
    real = solve(PROOF, "clear", options, SearchControl(), Limits(max_states=5))
    assert real.status == Status.LIMIT and real.limit.value == "states"
    guess = estimate_clear(PROOF, options, Limits(max_states=5), **EVERY)
    assert guess.store_full == "states" and guess.sample is not None and guess.sample.lower_bound
    assert guess.sample.nodes < _clear(PROOF, options).stats.nodes_expanded
    assert guess.lines()[0].startswith("estimate: at least ~") and "limit states" in guess.lines()[1]
    assert guess.as_json()["limit"] == "states" and guess.as_json()["estimate"]["lower_bound"] is True


def test_with_the_workers_left_open_a_small_search_is_its_unsplit_trial():
    real = _clear(PROOF, {})
    assert "tasks" not in real.details  # the trial finished it: no split
    guess = estimate_clear(PROOF, {})
    assert guess.unsplit is not None and guess.unsplit.finished and guess.sample is None
    assert guess.unsplit.nodes == real.stats.nodes_expanded
    assert guess.as_json()["estimate"]["exact"] is True
    assert guess.clearable is False and guess.lines()[-1].startswith("proved on the way")


def test_a_sample_of_some_subtrees_proves_nothing():
    guess = estimate_clear(PROOF, {"workers": 1, "subtrees": 20}, k=3, cap=10**9, budget_s=math.inf)
    assert guess.sample is not None and not guess.sample.exact and guess.clearable is None
    assert not any("proved" in line for line in guess.lines())


def test_max_states_within_the_trial_keeps_the_search_unsplit_and_says_it_ends_with_the_limit():
    limits = Limits(max_states=100)
    real = solve(PROOF, "clear", {}, SearchControl(), limits)
    assert real.status == Status.LIMIT and real.limit.value == "states" and "tasks" not in real.details
    guess = estimate_clear(PROOF, {}, limits)
    assert guess.sample is None and guess.unsplit is not None and guess.unsplit.alone
    assert guess.as_json()["limit"] == "states" and "ends with limit states" in guess.lines()[0]


@pytest.mark.parametrize("rows", [("AA",), ("A.", ".A")])
@pytest.mark.parametrize("options", [{}, {"workers": 2}])
def test_one_pair_is_clearable(rows, options):
    guess = estimate_clear(Board(rows), options)
    assert guess.clearable is True and guess.found and guess.lines()[0].startswith("a clearing order exists")


def test_cli_text_and_json(capsys):
    board = ["--board", "/".join(PROOF.rows), "--max-segments", "2", "--clear", "--estimate", "--workers", "2"]
    code, out, _ = run_cli(capsys, "solve", "link", *board)
    assert code == 0 and out.startswith("estimate: ~") and "subtrees run" in out
    code, out, _ = run_cli(capsys, "solve", "link", *board, "--json")
    whole = json.loads(out)
    data = whole["estimate"]
    assert code == 0 and data["method"] == "sampled subtrees" and whole["workers"] == 2
    assert data["sampled"] <= 32 < data["subtrees"] and data["nodes_se"] > 0 and data["lower_bound"] is False


def test_cli_on_a_preset_with_the_workers_left_open(capsys):
    code, out, _ = run_cli(capsys, "solve", "link", "--preset", "shisen-deadlock", "--clear", "--estimate", "--json")
    data = json.loads(out)
    assert code == 0 and data["clearable"] is False and data["tiles"] == 144  # the trial proved it
    assert data["estimate"]["method"] == "unsplit" and data["estimate"]["exact"] and data["estimate"]["nodes"] > 1000


def test_cli_estimate_needs_clear(capsys):
    code, out, err = run_cli(capsys, "solve", "link", "--preset", "crossed", "--estimate")
    assert code == 2 and out == "" and err.strip() == "error: --estimate goes with --clear"


def test_cli_boards_settled_before_a_proof(capsys):
    code, out, _ = run_cli(capsys, "solve", "link", "--board", "AAA/B.B", "--clear", "--estimate")
    assert code == 0 and out.startswith("proved: cannot be cleared (kind 'A' has 3 tiles)") and "odd number" in out
    code, out, _ = run_cli(capsys, "solve", "link", "--board", "AAA/B.B", "--clear", "--estimate", "--json")
    assert json.loads(out)["clearable"] is False and "odd number" in json.loads(out)["reason"]
    code, out, _ = run_cli(capsys, "solve", "link", "--preset", "starter", "--clear", "--estimate")
    assert code == 0 and out.startswith("a clearing order exists") and "no estimate" in out
    code, out, _ = run_cli(capsys, "solve", "link", "--board", "../..", "--clear", "--estimate")
    assert code == 0 and out.strip() == "the board is already clear: nothing to search"
