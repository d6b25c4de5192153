"""Knuth's estimate of a die count (core/estimate/probe.py's dives through the die's own hooks): near the
exact count on boards with many tours, the same whatever the seed's run, stopped by a cancel,
and printed alone by `--estimate`."""
import subprocess
import sys

import pytest

from puzzle_explorer.core.estimate import probe
from puzzle_explorer.core.kernels.counters import STOP, STOP_CANCEL, new_counters
from puzzle_explorer.core.run.progress import SearchControl
from puzzle_explorer.core.run.search import Limits
from puzzle_explorer.puzzles.die.board import parse
from puzzle_explorer.puzzles.die.presets import BY_ID
from puzzle_explorer.puzzles.die.solve import estimate_tours, goal_face_rule, search_tree, solve
from tests.puzzles.die.test_solutions import SEVERAL, boards

RULES = ("up", "not-up", "any")
CASES = ([parse(text) for text in SEVERAL] + [b for b in boards(5, 40, 6, 0.1, True) if b.open_cells()][:12]
         + [parse(BY_ID[k].text) for k in ("open-9x9", "open-10x10", "ledge-12x12")])  # up to 2 million nodes


@pytest.mark.processes
@pytest.mark.parametrize("i", range(len(CASES)))
def test_the_estimate_of_nodes_and_tours_is_within_its_spread_of_the_count(i):
    board, rule = CASES[i], RULES[i % 3]
    count = solve(board, "all", {"goal_face": rule, "keep": 1}, SearchControl(), Limits())
    ctx, root, cells = search_tree(board, goal_face_rule({"goal_face": rule}), True)
    guess = probe.estimate(ctx, root, len(cells) - 1, dives=20_000)
    if "proof" in count.details and count.stats.nodes_expanded == 0:  # the obstacles settled it: no tree
        return
    # unbiased: the count lies within a few standard errors (a fixed seed: the same dives every run)
    assert abs(guess.nodes - count.stats.nodes_expanded) <= 5 * guess.nodes_se + 1e-9, board.inline()
    if guess.solutions_se > 0:  # tours so rare that no dive met one leave the estimate at 0
        assert abs(guess.solutions - count.details["solutions"]) <= 5 * guess.solutions_se, board.inline()
    else:
        assert guess.solutions == 0 or guess.solutions == count.details["solutions"], board.inline()
    assert count.details["estimate"]["nodes"] > 0


def test_a_tree_without_choices_is_estimated_exactly():
    board = parse("S.G")  # one way along the row
    ctx, root, cells = search_tree(board, goal_face_rule({"goal_face": "any"}), True)
    guess = probe.estimate(ctx, root, len(cells) - 1, dives=100)
    count = solve(board, "all", {"goal_face": "any"}, SearchControl(), Limits())
    assert guess.nodes == count.stats.nodes_expanded and guess.nodes_se == 0
    assert guess.solutions == count.details["solutions"]


def test_a_cancel_ends_the_dives():
    board = parse("S....../......./......./......./......G")
    ctx, root, cells = search_tree(board, goal_face_rule({"goal_face": "any"}), True)
    counters = new_counters(quiet=True)
    counters[STOP] = STOP_CANCEL
    assert probe.estimate(ctx, root, len(cells) - 1, counters).dives == 0
    assert probe.estimate(ctx, root, len(cells) - 1).dives == probe.DIVES  # the context was left as it was


@pytest.mark.processes
def test_estimate_alone_on_the_command_line():
    def run(*args):
        return subprocess.run([sys.executable, "-c", "import sys; from puzzle_explorer.cli.main import main; sys.exit(main(sys.argv[1:]))",
                               "solve", "die", *args], capture_output=True, text=True, timeout=300)

    out = run("--size", "8x8", "--all", "--goal-face", "any", "--estimate")
    assert out.returncode == 0 and out.stdout.startswith("estimate: ~") and "dives" in out.stdout
    assert "tours so far" not in out.stdout  # nothing was counted
    out = run("--size", "8x8", "--estimate")
    assert out.returncode == 2 and out.stderr.strip() == "error: --estimate goes with --all"
    assert estimate_tours(parse("S.G"), {"goal_face": "any"}).nodes > 0


def test_time_left_counts_down_to_the_estimate_then_says_it_is_past():
    from puzzle_explorer.core.run.progress import Snapshot
    from puzzle_explorer.puzzles.kit.cli_support import eta_text

    before = Snapshot("searching", expanded=1_000, elapsed_s=1.0, expected=3_000.0, expected_se=500.0)
    assert before.eta() == (2.0, 0.5) and not before.past_estimate
    assert eta_text(before) == " · about 2.0 s left (± 0.5 s)"
    past = Snapshot("searching", expanded=4_000, elapsed_s=2.0, expected=3_000.0, expected_se=500.0)
    assert past.eta() is None and past.past_estimate  # not '~0 s left': the estimate fell short
    assert "past its estimated size" in eta_text(past)
    assert eta_text(Snapshot("searching", expanded=10, elapsed_s=1.0)) == ""  # no estimate, nothing said
