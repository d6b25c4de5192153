"""The command line's progress line stays on one line of the terminal: the least telling counters
give way first, never the nodes, the time or the time left."""
import pytest

from puzzle_explorer.core.run.progress import Snapshot
from puzzle_explorer.puzzles.kit.cli_support import search_line

BIG = Snapshot("searching", expanded=253_492_224, frontier=30, depth=30, stored=31, elapsed_s=16.6,
               expected=1.15e12, expected_se=2e11)


def test_a_wide_terminal_shows_every_counter():
    line = search_line(BIG, 200)
    assert all(part in line for part in ("253,492,224 expanded", "frontier 30", "depth 30", "31 stored", "16.6 s",
                                         "left (±"))


@pytest.mark.parametrize("width", [80, 90, 100, 110])
def test_a_narrow_one_drops_the_stored_states_then_the_depth_then_the_frontier(width):
    line = search_line(BIG, width)
    assert len(line) <= width
    assert "253,492,224 expanded" in line and "16.6 s" in line and "left (±" in line
    order = ["31 stored", "depth 30", "frontier 30"]
    gone = [p for p in order if p not in line]
    assert gone == order[:len(gone)]  # dropped in that order, none skipped


def test_a_line_that_cannot_fit_keeps_its_essentials_whole():
    line = search_line(BIG, 20)
    assert line.startswith("searching: 253,492,224 expanded · 16.6 s · about")


def test_a_split_search_says_how_many_subtrees_are_done_and_gives_that_up_after_the_frontier():
    split = Snapshot("searching", expanded=253_492_224, frontier=30, depth=30, stored=31, elapsed_s=16.6,
                     tasks_done=37, tasks=1_370)
    assert "37/1,370 subtrees" in search_line(split, 200)
    assert "subtrees" not in search_line(BIG, 200)  # not split: nothing said
    order = ["31 stored", "depth 30", "frontier 30", "37/1,370 subtrees"]
    for width in range(20, 140):
        line = search_line(split, width)
        gone = [p for p in order if p not in line]
        assert gone == order[:len(gone)], width
        assert len(line) <= width or not set(order) - set(gone), width


def test_a_table_built_before_the_search_is_named_with_what_it_holds_so_far():
    from puzzle_explorer.core.run.progress import Phase
    from puzzle_explorer.puzzles.kit.cli_support import waiting_line

    assert waiting_line(Snapshot(Phase.BUILDING_TABLE, stored=4_200_000)) == "building the table… 4,200,000 stored"
    assert waiting_line(Snapshot(Phase.BUILDING_TABLE)) == "building the table…"
    assert waiting_line(Snapshot(Phase.COMPILING, stored=5)) == "compiling solver…"
