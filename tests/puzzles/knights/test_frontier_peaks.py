"""The frontier counter's measured peaks (knights/frontier_peaks.py): how a board between or past the
measured ones is guessed, which sweep a total from every square takes, and that the guess holds what
the sweep then held."""
import pytest

from puzzle_explorer.puzzles.knights import frontier_count, frontier_peaks
from puzzle_explorer.puzzles.knights.board import Board
from puzzle_explorer.puzzles.knights.frontier_peaks import PAST_MEASURED, UNKNOWN, Peaks

GIB = 2 ** 30
KNOWN = {(6, 6): 6_637_920}  # directed open tours from every square: OEIS A165134 a(6)


def test_a_board_between_or_past_the_measured_ones():
    peaks = Peaks({5: {6: 10, 9: 40}, 6: {6: 100, 8: 300}}, frozenset({5}))
    assert [peaks.at(5, n) for n in (1, 6, 7, 9)] == [10, 10, 40, 40]  # the next longer board's figure
    assert peaks.at(5, 30) == 40  # settled: it stopped growing
    assert peaks.at(6, 7) == 300
    assert peaks.at(6, 10) == 300 * PAST_MEASURED ** 2  # still growing when last measured
    assert peaks.at(6, 99) == peaks.at(4, 5) == UNKNOWN


@pytest.mark.parametrize("w,h,budget,way", [
    (6, 8, 12 * GIB, frontier_count.MEETING), (6, 9, 12 * GIB, frontier_count.FREE_ENDS),
    (10, 6, 12 * GIB, frontier_count.FREE_ENDS), (7, 7, 12 * GIB, frontier_count.MEETING),
    (9, 5, 0, frontier_count.MEETING), (5, 10, 0, frontier_count.FREE_ENDS), (4, 20, 0, frontier_count.MEETING),
])
def test_the_total_from_every_square_takes_the_faster_sweep(w, h, budget, way):
    """Meeting in the middle where the board is not much longer than wide (it counted faster there:
    frontier_peaks.MEETS_FASTER_UP_TO), the free-ends sweep on longer boards, whichever side is the
    longer."""
    board = Board(w, h, (0, 0))
    assert not frontier_count.table_fits(board, budget)
    assert frontier_count.sets_swept(board, True, budget) == way


def test_a_long_board_says_why_it_did_not_meet_in_the_middle(run, monkeypatch):
    monkeypatch.setattr(frontier_count, "table_fits", lambda board, budget: False)
    sol = run(Board(3, 12, (0, 0)), "count", all_starts=True, method="frontier")
    assert sol.details["every_square"] == frontier_count.TOTAL_MET  # 3-wide boards meet at any length
    monkeypatch.setattr(frontier_peaks, "MEETS_FASTER_UP_TO", {3: 11})
    sol = run(Board(3, 12, (0, 0)), "count", all_starts=True, method="frontier")
    assert sol.details["every_square"] == frontier_count.TOTAL_LONG and sol.details["solutions"] == 114496


@pytest.mark.parametrize("w,h,ways", [(3, 20, "meet free corner"), (4, 12, "meet free corner"),
                                      (5, 8, "meet free corner"), (5, 10, "free"), (6, 6, "meet")])
def test_the_guess_holds_what_the_sweep_held(run, monkeypatch, w, h, ways):
    """Each way of counting the total from every square, and a count from a corner: the states a step
    held are at most the guess the budget was checked against, and the totals agree (the larger
    boards one way each, to keep the suite short: 6x6's other ways take seconds)."""
    monkeypatch.setattr(frontier_count, "table_fits", lambda board, budget: False)
    totals = set()
    for way in ways.split():
        monkeypatch.setattr(frontier_peaks, "meets_faster", lambda width, length: way == "meet")
        sol = run(Board(w, h, (0, 0)), "count", all_starts=way != "corner", method="frontier")
        if way != "corner":
            assert sol.details["method"] == (frontier_count.MEET_NAME if way == "meet" else frontier_count.NAME)
            totals.add(sol.details["solutions"])
        f = sol.details["frontier"]
        assert 0 < f["most_states"] <= f["expected_states"], (way, f)
    assert len(totals) == 1
    if (w, h) in KNOWN:
        assert totals == {KNOWN[(w, h)]}
