"""The Stats pane's text: a family's extras a line each, and counts that keep the table's shape."""
from rich.text import Text

from puzzle_explorer.tui.widgets.stats import details_text


def test_flags_read_as_words_and_numbers_get_separators():
    text = details_text({"method": {"exact": True, "bound": 12}, "solutions": 19724})
    assert text.splitlines() == ["method: exact yes, bound 12", "solutions: 19,724"]


def test_what_theory_says_reads_as_its_sentence():
    """Not "existence: reason 7x7 has open tours ...": the reason is a sentence of its own."""
    text = details_text({"existence": {"exists": None, "reason": "7x7 has open tours (Conrad et al. 1994)",
                                       "rule": "unknown"}})
    assert text.splitlines() == ["theory: 7x7 has open tours (Conrad et al. 1994)"]


def test_seconds_read_with_their_unit_and_a_rate_keeps_its_name():
    text = details_text({"pdb_built_s": 0.034, "nodes_per_s": 1500, "table_built_s": 2})
    assert text.splitlines() == ["pdb built: 0.034 s", "nodes per s: 1,500", "table built: 2 s"]


def test_what_does_not_fit_a_line_is_left_out():
    text = details_text({"tour": [[1, 1], [3, 2]], "count_complete": False, "board": {"cells": [[0]]}, "note": "n"})
    assert text.splitlines() == ["count complete: no", "n"]


def test_counts_stay_short_and_never_read_1000k():
    from puzzle_explorer.tui.widgets.stats import _count
    assert [_count(n) for n in (99_999, 123_456, 999_999, 1_234_567, 999_999_999)] == [
        "99,999", "123k", "1.00M", "1.23M", "1.00G"]
    assert [_count(n) for n in (9_996_000, 87_340_000, 126_480_000, 999_600_000, 12_345_678_901)] == [
        "10.0M", "87.3M", "126M", "1.00G", "12.3G"]
    assert max(len(_count(10 ** e * 9.99)) for e in range(15)) <= 6


def test_an_answer_without_a_search_says_so_instead_of_zero_counts():
    from rich.text import Text

    from puzzle_explorer.core.run.search import Stats
    from puzzle_explorer.core.run.status import Status
    from puzzle_explorer.puzzles.interface import Solution, Step
    from puzzle_explorer.tui.widgets.stats import final_numbers
    shown = final_numbers(Solution(Status.UNSOLVABLE, [Step("start", None)], Stats()))
    assert isinstance(shown, Text) and shown.plain.startswith("no search needed")
    for status in (Status.CANCELLED, Status.LIMIT):  # a stop came first: no claim that none was needed
        shown = final_numbers(Solution(status, [Step("start", None)], Stats()))
        assert isinstance(shown, Text) and shown.plain == "stopped before the search began"
    searched = final_numbers(Solution(Status.SOLVED, [Step("start", None)], Stats(12, 10, 3, 0.5)))
    assert not isinstance(searched, Text)


def test_a_solve_waiting_behind_another_familys_compiling_says_so():
    """The app loads every family in the background; 'compiling cube8' read as if the tiles solve
    needed cube8."""
    from puzzle_explorer.core.run.progress import Phase, Snapshot
    from puzzle_explorer.tui.widgets.stats import compiling_line
    s = Snapshot(phase=Phase.COMPILING, compiling="cube8", compiled=3, kernels=10)
    assert "waiting for the compiler" in compiling_line(s, "tiles") and "cube8" in compiling_line(s, "tiles")
    assert "compiling cube8: 3/10 kernels" in compiling_line(s, "cube8")
    assert "compiling the solver" in compiling_line(Snapshot(phase=Phase.COMPILING), "tiles")


def test_a_running_search_heads_with_its_time_left_or_its_subtrees_done():
    """A pane a few rows high (60x20) shows only its head line: how far the search has got goes there."""
    from puzzle_explorer.core.run.progress import Phase, Snapshot
    from puzzle_explorer.tui.widgets.stats import searching_line
    eta = Snapshot(Phase.SEARCHING, expanded=1_000, elapsed_s=1.0, expected=21_000, expected_se=500,
                   tasks_done=3, tasks=191)
    assert searching_line(eta).endswith("~20 s left")
    past = Snapshot(Phase.SEARCHING, expanded=30_000, elapsed_s=1.0, expected=21_000, tasks_done=3, tasks=191)
    assert searching_line(past).endswith(" 3/191 subtrees")
    iteration = Snapshot(Phase.SEARCHING, expanded=1_000, elapsed_s=1.0, expected=21_000, expected_of="iteration")
    assert searching_line(iteration) == "[bold]searching…[/bold]"  # an iteration's time is not the search's
    # a 7x7 count's ~17 min 32 s: one line of a 60x20 terminal's Stats pane (28 columns)
    rate = 51e6
    long = Snapshot(Phase.SEARCHING, expanded=int(rate * 5.3), elapsed_s=5.3, expected=int(rate * 1057.3),
                    expected_se=int(rate * 150))
    head = Text.from_markup(searching_line(long)).plain
    assert head == "searching… ~18 min left" and len(head) <= 28


def test_a_running_searchs_counters_keep_a_row_each_in_an_80x24_stats_pane():
    """The Stats pane of an 80x24 terminal holds 36 columns of text: the time left, its spread, the
    subtrees and the words past an estimate each stay on their row (a 7x7 count's "~19 min 15 s ±
    2 min 43 s" once wrapped over two)."""
    from rich.console import Console

    from puzzle_explorer.core.run.progress import Phase, Snapshot
    from puzzle_explorer.tui.widgets.stats import live_numbers

    rate = 46e6
    snapshots = {
        "time left": Snapshot(Phase.SEARCHING, expanded=1_070_000_000, elapsed_s=23.31, expected=int(rate * 1178),
                              expected_se=int(rate * 163), frontier=35, depth=35, stored=1_070_000_000),
        "hours left, subtrees": Snapshot(Phase.SEARCHING, expanded=10**9, elapsed_s=123.45, expected=int(rate * 7 * 3600),
                                         expected_se=int(rate * 3300), tasks_done=1_234, tasks=6_789),
        "past the estimate": Snapshot(Phase.SEARCHING, expanded=10**12, elapsed_s=99_999.99, expected=10**11),
    }
    for what, snapshot in snapshots.items():
        table = live_numbers(snapshot)
        console = Console(width=36, record=True)
        console.print(table)
        lines = console.export_text().rstrip("\n").split("\n")
        assert len(lines) == table.row_count, (what, lines)
        assert all(len(line.rstrip()) <= 36 for line in lines), (what, lines)
    console = Console(width=36, record=True)
    console.print(live_numbers(snapshots["time left"]))
    assert "left ~19 min ± 3 min" in " ".join(console.export_text().split())


def test_a_narrow_stats_pane_cuts_the_labels_of_the_counters_never_their_figures():
    """60x20: the Stats pane leaves the counters about 24 columns. A 7x7 count's "~18 min" once
    wrapped there, and the pane, a few rows high, showed "~18" alone."""
    from rich.console import Console

    from puzzle_explorer.core.run.progress import Phase, Snapshot
    from puzzle_explorer.tui.widgets.stats import live_numbers

    rate = 51e6
    snapshot = Snapshot(Phase.SEARCHING, expanded=int(rate * 4.4), elapsed_s=4.4, expected=int(rate * 1100),
                        expected_se=int(rate * 150), frontier=35, depth=35, stored=int(rate * 4.4),
                        tasks_done=12, tasks=228)
    for width in (22, 24, 26):
        table = live_numbers(snapshot, short=True)
        console = Console(width=width, record=True)
        console.print(table)
        lines = console.export_text().rstrip("\n").split("\n")
        assert len(lines) == table.row_count, (width, lines)
        text = " ".join(lines)
        for figure in ("224M", "4.4s", "51.0M", "~18 min", "2 min", "12/228"):
            assert figure in text, (width, figure, lines)


def test_a_count_as_it_is_assembled_shows_what_it_has_found():
    """A count's tours so far (a search's, or a join of two halves of a frontier sweep) are a row of the
    running counters once there are any, and no row before."""
    from rich.console import Console

    from puzzle_explorer.core.run.progress import Phase, Snapshot
    from puzzle_explorer.tui.widgets.stats import live_numbers

    def text(snapshot):
        console = Console(width=36, record=True)
        console.print(live_numbers(snapshot))
        return " ".join(console.export_text().split())

    joining = Snapshot(Phase.SEARCHING, expanded=643_000_000, elapsed_s=240.0, frontier=46_588_176, depth=60,
                       solutions=81_234_567_890)
    assert "found 81.2G" in text(joining)
    assert "found" not in text(Snapshot(Phase.SEARCHING, expanded=643_000_000, elapsed_s=240.0))


def test_an_estimate_reads_as_its_sentence_not_its_figures():
    """A knight's count showed "estimate: dives 3,996, nodes 925,370, nodes se 540,725, ..." in the
    Stats pane; the estimate's JSON carries the command line's sentence, and the pane shows that."""
    from puzzle_explorer.core.estimate.dives import Estimate

    guess = Estimate(dives=3996, nodes=925_370.0, nodes_se=540_725.0, solutions=349_800.0, solutions_se=336_354.0,
                     hits=8, rate=12_294_586.0)
    text = details_text({"board": {"size": [5, 6], "closed": False}, "estimate": guess.as_json(1, "tours"),
                         "solutions": 37_568})
    assert text.splitlines() == [f"estimate: {guess.text(1, 'tours')}", "solutions: 37,568"]
    assert "nodes se" not in text and "tours" in text.splitlines()[0]
