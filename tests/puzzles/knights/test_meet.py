"""Meeting in the middle (meet.py): the total of open tours from every square, against the brute force,
the cell-by-cell sweep and the published counts."""
import random

import numpy as np
import pytest

from puzzle_explorer.core.kernels.counters import STOP, STOP_CANCEL
from puzzle_explorer.core.run.search import Limits
from puzzle_explorer.puzzles.knights import frontier, frontier_count, meet
from puzzle_explorer.puzzles.knights.board import Board
from tests.puzzles.knights.reference import count_tours


def _met(w, h, blocked=frozenset(), workers=1):
    p = meet.plan(w, h, frozenset(blocked))
    assert p is not None, (w, h, blocked)
    return meet.count(p, np.zeros(64, dtype=np.int64), workers=workers)


def _brute_total(w, h, blocked):
    cells = [(x, y) for y in range(h) for x in range(w) if (x, y) not in blocked]
    return sum(count_tours(w, h, c, False, tuple(sorted(blocked))) for c in cells)


@pytest.mark.parametrize("seed", range(40))
def test_random_blocked_boards_against_the_brute_force(seed):
    """Boards up to 5x5 with squares blocked at random: the halves' join gives every start's tours."""
    rng = random.Random(seed)
    w, h = rng.randint(3, 5), rng.randint(3, 5)
    squares = [(x, y) for y in range(h) for x in range(w)]
    blocked = frozenset(rng.sample(squares, rng.randint(0, max(0, w * h - 18) + 3)))
    p = meet.plan(w, h, blocked)
    expected = _brute_total(w, h, blocked)
    if p is None:  # left to the cell-by-cell sweep, which the fuzz target checks
        assert frontier.count_all(w, h, blocked, np.zeros(64, dtype=np.int64)) == expected
        return
    assert meet.count(p, np.zeros(64, dtype=np.int64)) == expected, (w, h, sorted(blocked))


@pytest.mark.parametrize("w,h,paths", [(5, 5, 864), (5, 6, 18784), (6, 5, 18784), (5, 7, 622868), (6, 6, 3318960),
                                       (4, 20, 20241304810488), (3, 30, 354439574797984)])
def test_published_counts(w, h, paths):
    """A083386 (5xn), A306281 (6x6), A079137 (4x20), A118067 (3x30, halved); a(5) and a(6) of A165134."""
    assert _met(w, h) == 2 * paths


def test_the_halves_alike_and_not():
    """A board that is its own turn by 180 degrees sweeps one half; one with an edge through its centre, or
    blocked squares placed unevenly, sweeps both, and gives the cell-by-cell sweep's total."""
    counters = np.zeros(64, dtype=np.int64)
    assert meet.plan(5, 5, frozenset()).same
    for w, h, blocked in [(4, 5, ()), (5, 6, ((0, 0),)), (6, 5, ((1, 2), (4, 4)))]:
        p = meet.plan(w, h, frozenset(blocked))
        assert p is not None and not p.same
        assert meet.count(p, counters) == frontier.count_all(w, h, frozenset(blocked), counters)


@pytest.mark.parametrize("w,h,blocked", [(1, 9, ()), (2, 2, ()), (3, 3, ()), (1, 1, ()),
                                         (4, 4, tuple((x, y) for x in range(4) for y in (1, 2)))])
def test_boards_that_do_not_meet_are_left_to_the_sweep(w, h, blocked):
    """A square with no move, or a half with no square of its own: no plan."""
    assert meet.plan(w, h, frozenset(blocked)) is None


def test_threads_give_the_same_total():
    """5x7's steps are large enough to be split over threads, the pieces' moves added by hash region."""
    assert _met(5, 7, workers=3) == 2 * 622868


def test_a_stop_and_the_room():
    p = meet.plan(5, 6, frozenset())
    counters = np.zeros(64, dtype=np.int64)
    counters[STOP] = STOP_CANCEL
    with pytest.raises(frontier.Stopped):
        meet.count(p, counters)
    with pytest.raises(frontier.OutOfRoom):
        meet.count(p, np.zeros(64, dtype=np.int64), room=100)


def test_a_product_past_64_bits_is_refused():
    """Counts whose products pass 64 bits end the join with Wide (the count then sweeps cell by cell)."""
    p = meet.plan(5, 5, frozenset())
    counters = np.zeros(64, dtype=np.int64)
    engine = frontier.Engine(1)
    half = meet.sweep_half(p.first, p.radix, counters, frontier.NO_ROOM, engine)
    assert 2 * meet.join(p, half, half, counters) == 1728
    half[1::2] *= np.uint64(1 << 40)
    with pytest.raises(meet.Wide):
        meet.join(p, half, half, counters)


def test_seven_by_seven_every_square_meets_in_the_middle():
    """7x7 from every square: the total by meeting in the middle, guessed to fit 12 GiB and to beat the search."""
    board = Board(7, 7, (0, 0))
    budget = 12 * 2 ** 30
    assert frontier_count.sets_swept(board, True, budget) == frontier_count.MEETING
    assert frontier_count.chosen(board, "auto", 29 * 3600.0, frontier_count.MEETING, budget)
    assert not frontier_count.chosen(board, "auto", 29 * 3600.0, frontier_count.MEETING, 2 ** 30)
    assert frontier_count.sets_swept(board, False, budget) == 1
    assert frontier_count.sets_swept(Board(7, 7, (0, 0), closed=True), True, budget) == 1


def test_a_solve_that_meets_names_the_method(run, monkeypatch):
    monkeypatch.setattr(frontier_count, "table_fits", lambda board, budget: False)
    sol = run(Board(5, 6, (0, 0)), "count", all_starts=True, method="frontier")
    assert sol.details["solutions"] == 2 * 18784 and "per_square" not in sol.details
    assert sol.details["method"] == frontier_count.MEET_NAME
    assert sol.details["every_square"] == frontier_count.TOTAL_MET
    p = meet.plan(5, 6, frozenset())
    assert not p.same and sol.details["frontier"]["steps"] == p.edges  # both halves swept


def test_a_join_past_64_bits_counts_cell_by_cell(run, monkeypatch):
    def wide(*args, **kwargs):
        raise meet.Wide()

    monkeypatch.setattr(frontier_count, "table_fits", lambda board, budget: False)
    monkeypatch.setattr(meet, "count", wide)
    sol = run(Board(5, 5, (0, 0)), "count", all_starts=True, method="frontier")
    assert sol.details["solutions"] == 1728
    assert sol.details["method"] == frontier_count.NAME
    assert sol.details["every_square"] == frontier_count.TOTAL_ONLY


@pytest.mark.parametrize("w,h,blocked", [(5, 6, ()), (5, 7, ((0, 0),)), (5, 5, ())])
def test_a_count_resumed_from_any_edge_gives_the_same_total(w, h, blocked):
    """Saved after an edge of either half (a checkpoint holds the first half's states, then the second's),
    read back and swept on: the total of one uninterrupted count."""
    p = meet.plan(w, h, frozenset(blocked))
    saved = []
    whole = meet.count(p, np.zeros(64, dtype=np.int64), on_saved=saved.append)
    assert [s.step for s in saved] == list(range(1, len(saved) + 1))
    assert len(saved) == (len(p.first.steps) if p.same else p.edges)
    for at in saved[::max(1, len(saved) // 5)] + saved[-1:]:  # about five points of either half: 6x6's count takes seconds
        swept = []
        assert meet.count(p, np.zeros(64, dtype=np.int64), on_step=lambda e, n: swept.append(e), at=at) == whole
        assert swept == list(range(at.step + 1, len(saved) + 1)), at.step  # only the edges after it


def test_a_checkpointed_solve_resumes_where_it_stopped(monkeypatch, tmp_path):
    """--checkpoint on a count that meets in the middle: stopped by its time limit after a few edges,
    the same command goes on from the file and gives the whole total, then removes the file."""
    from puzzle_explorer.core.run.progress import SearchControl
    from puzzle_explorer.core.run.status import Status

    monkeypatch.setattr(frontier_count, "table_fits", lambda board, budget: False)
    monkeypatch.setattr(frontier_count, "SAVE_EVERY_S", 0.0)
    path = tmp_path / "count.npz"
    control = SearchControl()
    save = frontier_count._save

    def save_then_stop(file, key, at):
        save(file, key, at)
        if at.step == 10:
            control.cancel()

    monkeypatch.setattr(frontier_count, "_save", save_then_stop)
    board = Board(5, 6, (0, 0))
    sol = frontier_count.count(board, True, control, Limits(), {}, str(path))
    assert sol.status == Status.CANCELLED and path.exists()
    sol = frontier_count.count(board, True, SearchControl(), Limits(), {}, str(path))
    assert sol.details["checkpoint"]["resumed_at_step"] == 10
    assert sol.details["solutions"] == 2 * 18784 and not path.exists()


def test_the_live_picture_marks_the_halves_frontier():
    p = meet.plan(5, 6, frozenset())
    met, front = meet.picture(p, 5)
    assert front <= met and len(met) == p.first.steps[4].seen
    met, front = meet.picture(p, len(p.first.steps) + 3)  # the second half: squares from the far end
    assert max(front) >= p.cells - 1 - max(p.second.steps[2].front) and p.cells - 1 in met
    assert meet.picture(p, 0) == (frozenset(), frozenset())


def test_a_checkpoint_that_fails_mid_count_is_named_and_the_count_goes_on(monkeypatch, tmp_path):
    """A disk that fills during the count: the total is still given, and the failure is named once."""
    from puzzle_explorer.core.files import side_file_failures
    from puzzle_explorer.core.run.progress import SearchControl

    def full(*args):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(frontier_count, "table_fits", lambda board, budget: False)
    monkeypatch.setattr(frontier_count, "SAVE_EVERY_S", 0.0)
    monkeypatch.setattr(frontier_count, "_save", full)
    side_file_failures()
    sol = frontier_count.count(Board(5, 6, (0, 0)), True, SearchControl(), Limits(), {}, str(tmp_path / "c.npz"))
    assert sol.details["solutions"] == 2 * 18784
    assert side_file_failures() == [f"--checkpoint {tmp_path / 'c.npz'}: cannot write it (No space left on device)"]


def test_a_count_from_every_square_stopped_early_gives_no_verdict_of_the_start_square():
    """Theory's verdict on the start square ("whether one starts on this square") is not a count from every
    square's: a stopped one leaves it out, as a finished one does."""
    from puzzle_explorer.core.run.progress import SearchControl

    start_only = {"existence": {"exists": None, "reason": "theory does not say whether one starts on this square"}}
    sol = frontier_count.count(Board(7, 7, (0, 0)), True, SearchControl(), Limits(max_states=1000), start_only)
    assert sol.status.value == "limit" and sol.details["method"] == frontier_count.MEET_NAME
    assert "existence" not in sol.details


def test_a_stop_during_the_fallback_sweep_ends_the_count_as_any_stop_does(run, monkeypatch):
    """The cell-by-cell sweep after a join past 64 bits hears Esc or runs out of room as it would on its
    own: a stopped count, not an error."""
    def wide(*args, **kwargs):
        raise meet.Wide()

    def stopped(*args, **kwargs):
        raise frontier.Stopped()

    def full(*args, **kwargs):
        raise frontier.OutOfRoom()

    monkeypatch.setattr(frontier_count, "table_fits", lambda board, budget: False)
    monkeypatch.setattr(meet, "count", wide)
    monkeypatch.setattr(frontier, "count_all", stopped)
    sol = run(Board(5, 5, (0, 0)), "count", all_starts=True, method="frontier")
    assert sol.status.value in ("cancelled", "limit") and sol.details["solutions_so_far"] == 0
    monkeypatch.setattr(frontier, "count_all", full)
    sol = run(Board(5, 5, (0, 0)), "count", all_starts=True, method="frontier")
    assert sol.status.value == "limit" and sol.limit.value == "memory"


@pytest.mark.parametrize("word_bits", [64, 8])
def test_the_states_grouped_for_the_join(monkeypatch, word_bits):
    """The halves' states sorted by group, each group's code and where it begins, against numpy's sort
    of the codes; with the code and the index packed into one word, and (too few bits) without."""
    monkeypatch.setattr(meet, "WORD_BITS", word_bits)
    p = meet.plan(5, 6, frozenset())
    half = meet.sweep_half(p.first, p.radix, np.zeros(64, dtype=np.int64), frontier.NO_ROOM, frontier.Engine(1))
    span, n = len(p.first.frontier), half.shape[0] // 2
    codes = np.empty(n, dtype=np.uint64)
    meet.kern.groups(half, n, span, p.radix, codes)
    by_group, upper, starts = meet._grouped(half, span, p.radix)
    assert upper.tolist() == sorted(set(codes.tolist())) and starts[0] == 0 and starts[-1] == n
    assert sorted(map(tuple, by_group.reshape(-1, 2).tolist())) == sorted(map(tuple, half.reshape(-1, 2).tolist()))
    regrouped = np.empty(n, dtype=np.uint64)
    meet.kern.groups(by_group, n, span, p.radix, regrouped)
    for g in range(upper.shape[0]):
        assert (regrouped[starts[g]:starts[g + 1]] == upper[g]).all()
    empty = meet._grouped(np.empty(0, dtype=np.uint64), span, p.radix)
    assert [a.shape[0] for a in empty] == [0, 0, 1]


def test_no_state_at_the_cut_has_more_tour_ends_than_two():
    """A vertex still bare at the cut with one edge left in the other half can only be a tour end: with
    the ends a state has used, no state the half keeps has more than two (6x6's cut held 10% such
    states before the sweep dropped them), and some have exactly two."""
    p = meet.plan(6, 6, frozenset())
    half = meet.sweep_half(p.first, p.radix, np.zeros(64, dtype=np.int64), frontier.NO_ROOM, frontier.Engine(1))
    span, n = len(p.first.frontier), half.shape[0] // 2
    edges = meet._edges(frontier.sweep_of(6, 6, frozenset()).free, 6)
    left = {v: sum(1 for e in edges if v in e and e[0] + e[1] > p.cells - 1) for v in p.first.frontier}
    codes = np.empty(n, dtype=np.uint64)
    meet.kern.groups(half, n, span, p.radix, codes)
    ends, rest = (codes % 3).astype(np.int64), codes // 3
    forced = np.zeros(n, dtype=np.int64)
    for v in p.first.frontier:
        forced += ((rest % 3) == 0) & (left[v] == 1)
        rest //= 3
    assert (ends + forced).max() == 2 and meet.join(p, half, half, np.zeros(64, dtype=np.int64)) == 6637920 // 2


def test_the_live_picture_says_when_the_halves_are_being_joined():
    """After the last edge the frontier stops moving while the join runs: the note says the halves met."""
    from puzzle_explorer.core.kernels import picture
    from puzzle_explorer.core.run.live import Live
    from puzzle_explorer.puzzles.knights import live

    board = Board(5, 6, (0, 0))
    p = meet.plan(5, 6, frozenset())
    view = live.meet_decoder(board, p)
    assert view(Live(picture.CENSUS, depth=3, history=[2, 4, 8])).note == f"halves meeting: 3 of {p.swept} edges, 8 states"
    done = view(Live(picture.CENSUS, depth=p.swept, history=[5, 7]))
    assert done.note == f"halves met: all {p.swept} edges swept, 7 states at the cut being joined"
    assert done.highlight  # the cut's squares stay marked
