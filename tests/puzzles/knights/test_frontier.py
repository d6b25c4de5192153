"""The frontier counter against the brute force and the published counts (OEIS).

The hundreds of random boards are in the fuzz target (tests/fuzz/test_knights.py)."""
import random

import numpy as np
import pytest

from puzzle_explorer.core.errors import InputError
from puzzle_explorer.core.run.live import Live
from puzzle_explorer.puzzles.knights import frontier, frontier_count, frontier_flat, live
from puzzle_explorer.puzzles.knights.board import Board
from puzzle_explorer.puzzles.knights.kernels import frontier as kern
from tests.puzzles.knights.reference import count_tours

# OEIS A118067: directed Hamiltonian paths of the 3 x n knight graph, n = 1..
A118067 = [0, 0, 0, 16, 0, 0, 104, 792, 1120, 6096, 21344, 114496]
# OEIS A079137: undirected Hamiltonian paths of the 4 x n knight graph, n = 1..
A079137 = [0, 0, 8, 0, 82, 744, 6378, 31088]


def _count(w, h, start, closed=False, blocked=frozenset()):
    return frontier.count(w, h, frozenset(blocked), start, closed, np.zeros(64, dtype=np.int64))


def test_the_published_5x5_table():
    """OEIS A165134's example: 304 from each corner, 56 from the squares a move off the edge's middle, 64 from the centre."""
    expected = {(0, 0): 304, (1, 0): 0, (2, 0): 56, (1, 1): 56, (2, 1): 0, (2, 2): 64}
    assert {start: _count(5, 5, start) for start in expected} == expected


@pytest.mark.parametrize("n", range(1, len(A118067) + 1))
def test_three_wide_boards_match_oeis(n):
    assert 2 * _count(3, n, None) == A118067[n - 1]
    assert 2 * _count(n, 3, None) == A118067[n - 1]  # swept along columns


@pytest.mark.parametrize("n", range(1, len(A079137) + 1))
def test_four_wide_boards_match_oeis(n):
    assert _count(4, n, None) == A079137[n - 1]


@pytest.mark.parametrize("w,h,closed", [(4, 5, False), (5, 4, True), (3, 10, True), (5, 3, False)])
def test_every_start_against_brute_force(w, h, closed):
    for y in range(h):
        for x in range(w):
            assert _count(w, h, (x, y), closed) == count_tours(w, h, (x, y), closed), (x, y)


@pytest.mark.parametrize("seed", range(6))
def test_blocked_boards_against_brute_force(seed):
    rng = random.Random(seed)
    w, h = rng.choice([(4, 4), (5, 4), (4, 5), (3, 6)])
    cells = [(x, y) for y in range(h) for x in range(w)]
    blocked = frozenset(rng.sample(cells, rng.randint(1, 3)))
    start = rng.choice([c for c in cells if c not in blocked])
    closed = seed % 3 == 0
    assert _count(w, h, start, closed, blocked) == count_tours(w, h, start, closed, blocked)


@pytest.mark.parametrize("w,h,blocked,closed,expected", [
    (1, 1, (), False, 1), (1, 1, (), True, 0),             # a square alone is an open tour
    (2, 3, ((1, 0), (0, 1), (1, 1), (0, 2)), True, 1),     # two squares a move apart: one tour either way
    (2, 3, ((1, 0), (0, 1), (1, 1), (1, 2)), False, 0),   # two squares not a move apart
    (1, 7, (), False, 0), (7, 1, (), False, 0),
])
def test_one_or_two_squares_and_lines(w, h, blocked, closed, expected):
    start = next((x, y) for y in range(h) for x in range(w) if (x, y) not in blocked)
    assert _count(w, h, start, closed, blocked) == expected == count_tours(w, h, start, closed, frozenset(blocked))


def test_counts_are_added_in_two_words():
    """Counts pass 2**64 on long boards: two states merging into one carry into the high word."""
    span, radix = 7, 16
    done = sum(kern.DONE * radix ** s for s in range(span))
    keys = np.array([done, done], dtype=np.uint64)
    lo = np.array([2 ** 64 - 1, 5], dtype=np.uint64)
    hi = np.array([1, 2], dtype=np.uint64)
    none = np.full(4, -1, dtype=np.int64)
    code, keys, lo, hi, n, _, _ = kern.step(keys, lo, hi, 2, span, radix, kern.NO_CELL, none,
                                            np.full(span, 2, dtype=np.int64), 0, False, False, 1 << 20,
                                            np.zeros(64, dtype=np.int64))
    assert (code, n, int(lo[0]), int(hi[0])) == (kern.OK, 1, 4, 4)


def test_a_count_past_64_bits_goes_on_in_two_words():
    """Counts start in one word; a sum that would carry out of it is never wrapped: the step is swept
    again in two words, and the sweep stays there."""
    span = 7
    sweep = frontier.sweep_of(3, 3, frozenset())
    done = frontier.first_states(sweep)[0]
    keys = np.array([done, done], dtype=np.uint64)
    at = frontier.Sweeping(0, [frontier.one_word(None, keys, np.array([2 ** 64 - 1, 5], dtype=np.uint64))], {None: 0})
    ahead = np.full((sweep.cells + span, span), 2, dtype=np.int64)
    sweep.free[0] = False  # the first cell blocked: the state moves on unchanged
    counters = np.zeros(64, dtype=np.int64)
    engine = frontier.Engine(1)
    with pytest.raises(frontier_flat.Wide):
        frontier_flat.step(at.sets[0].pairs, (span, 16, kern.NO_CELL, np.full(4, -1, dtype=np.int64), ahead[0], 0,
                                                 False, False), 4, 1 << 20, counters, None, engine.bufs[:1])
    after = frontier.sweep_step(sweep, at, None, False, ahead, counters, 1 << 20, engine)
    (states,) = after.sets
    assert states.hi is not None and (int(states.lo[0]), int(states.hi[0])) == (4, 1)


def test_one_table_grows_when_the_step_passes_its_guess(monkeypatch):
    """The table is sized from the last step's growth; a step that outgrows it is carried to a larger one."""
    counters = np.zeros(64, dtype=np.int64)
    whole = frontier.count_starts(5, 5, frozenset(), [(0, 0), (2, 2)], False, counters)
    monkeypatch.setattr(frontier, "HEADROOM", 0.0)
    assert frontier.count_starts(5, 5, frozenset(), [(0, 0), (2, 2)], False, counters) == whole
    monkeypatch.setattr(frontier, "SPLIT_FROM", 1)
    assert frontier.count_starts(5, 5, frozenset(), [(0, 0), (2, 2)], False, counters, workers=3) == whole


def test_the_live_picture_marks_the_frontier_and_counts_its_states():
    board = Board(5, 6, (0, 0))
    view = live.frontier_decoder(board)(Live(kind="census", depth=14, history=(3, 1308)))
    assert view is not None and view.note == "frontier sweep: 14 of 30 squares, 1,308 states"
    assert view.highlight == frozenset((v % 5, v // 5) for v in range(3, 14))  # the last 2 * 5 + 1 squares


def test_a_solve_by_the_frontier_names_it_and_counts_from_every_square(run):
    sol = run(Board(5, 5, (0, 0)), "count", all_starts=True, method="frontier")
    assert sol.details["method"] == "frontier count (transfer matrix)"
    assert sol.details["solutions"] == 1728 and sol.details["per_square"][2][2] == 64


@pytest.mark.parametrize("w,h,blocked", [(5, 5, ()), (4, 5, ((1, 1),)), (3, 4, ((0, 0), (2, 3))), (1, 1, ()),
                                         (4, 6, ((1, 2), (2, 2))), (5, 4, ((0, 3), (4, 3), (2, 1))),
                                         (2, 3, ((1, 0), (0, 1), (1, 1), (0, 2)))])
def test_the_free_ends_sweep_gives_every_start_s_total(w, h, blocked):
    """One sweep with no start square counts what the sweep with a set per start adds up to."""
    counters = np.zeros(64, dtype=np.int64)
    cells = [(x, y) for y in range(h) for x in range(w) if (x, y) not in blocked]
    each = frontier.count_starts(w, h, frozenset(blocked), cells, False, counters)
    assert frontier.count_all(w, h, frozenset(blocked), counters) == sum(each.values())


def test_every_square_past_the_budget_counts_the_total_alone(run, monkeypatch):
    """The per-square table needs a set of states per class of starts; when that would not fit, the total
    comes from the free-ends sweep, and the output says so."""
    sol = run(Board(5, 5, (0, 0)), "count", all_starts=True, method="frontier")
    assert sol.details["every_square"] == frontier_count.TABLE
    monkeypatch.setattr(frontier_count, "table_fits", lambda board, budget: False)
    sol = run(Board(5, 5, (0, 0)), "count", all_starts=True, method="frontier")
    assert sol.details["solutions"] == 1728 and "per_square" not in sol.details
    assert sol.details["every_square"] == frontier_count.TOTAL_MET  # its halves met in the middle (test_meet.py)
    monkeypatch.setattr(frontier_count.meet, "plan", lambda width, height, blocked: None)
    sol = run(Board(5, 5, (0, 0)), "count", all_starts=True, method="frontier")
    assert sol.details["solutions"] == 1728 and "per_square" not in sol.details
    assert sol.details["every_square"] == frontier_count.TOTAL_ONLY


def test_seven_wide_every_square_sweeps_for_the_total():
    """7x7 from every square: ten classes of starts would hold ten sets of states; the total alone is
    counted instead, its halves meeting in the middle (test_meet.py)."""
    board = Board(7, 7, (0, 0))
    assert not frontier_count.table_fits(board, 12 * 2 ** 30)
    assert frontier_count.sets_swept(board, True, 12 * 2 ** 30) == frontier_count.MEETING
    assert frontier_count.table_fits(Board(5, 5, (0, 0)), 2 ** 30)
    assert frontier_count.sets_swept(Board(5, 5, (0, 0)), True, 2 ** 30) == 6


@pytest.mark.parametrize("w,h,blocked,closed", [(5, 5, (), False), (4, 5, ((0, 0), (3, 0)), False),
                                                (3, 7, ((1, 3),), False), (6, 5, (), True)])
def test_folding_mirror_images_changes_no_count(monkeypatch, w, h, blocked, closed):
    """On a board that is its own mirror image each state is folded with its image at a line's end."""
    counters = np.zeros(64, dtype=np.int64)
    assert frontier.mirrored(frontier.sweep_of(w, h, frozenset(blocked)))
    assert not frontier.mirrored(frontier.sweep_of(4, 5, frozenset({(0, 0)})))
    folded = frontier.count(w, h, frozenset(blocked), None, closed, counters)
    monkeypatch.setattr(frontier, "mirrored", lambda sweep: False)
    assert frontier.count(w, h, frozenset(blocked), None, closed, counters) == folded


def test_a_sweep_resumed_from_a_checkpoint_gives_the_same_counts(tmp_path):
    """Saved between two cells, read back and swept on: the counts of one uninterrupted sweep."""
    counters = np.zeros(64, dtype=np.int64)
    starts = [(0, 0), (2, 2), (4, 3)]
    whole = frontier.count_starts(5, 4, frozenset({(1, 1)}), starts, False, counters)
    path = tmp_path / "sweep.ckpt"
    kept = []

    def save(at):
        if at.step == 12:
            frontier_count._save(path, "key", at)
            kept.append(at.step)

    frontier.count_starts(5, 4, frozenset({(1, 1)}), starts, False, counters, on_saved=save)
    resumed = frontier_count._load(path, "key")
    assert kept == [12] and resumed is not None and resumed.step == 12
    assert frontier.count_starts(5, 4, frozenset({(1, 1)}), starts, False, counters, at=resumed) == whole
    with pytest.raises(InputError, match="another count"):
        frontier_count._load(path, "other")


@pytest.mark.parametrize("workers,order", [(2, None), (3, 5), (4, 11)])
def test_a_split_sweep_equals_one_piece(monkeypatch, workers, order):
    """Every step cut into pieces swept by threads, finishing in any order, then merged by hash partition."""
    counters = np.zeros(64, dtype=np.int64)
    starts = [(0, 0), (1, 2), (2, 2), (4, 4)]
    whole = frontier.count_starts(5, 5, frozenset({(3, 1)}), starts, False, counters)
    monkeypatch.setattr(frontier, "SPLIT_FROM", 1)
    assert frontier.count_starts(5, 5, frozenset({(3, 1)}), starts, False, counters, workers=workers,
                                 order=order) == whole
    assert whole[(0, 0)] == count_tours(5, 5, (0, 0), False, frozenset({(3, 1)}))
