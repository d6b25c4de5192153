"""A long line of an answer wraps between words on a terminal and stays one line in a pipe, whatever
the family prints it with."""
import io

import pytest

from puzzle_explorer.core.run.status import Status
from puzzle_explorer.puzzles.interface import Solution, Stats
from puzzle_explorer.puzzles.kit.cli_support import OutputConsole, summary_lines

LINE = "counted: total only: one sweep with free ends, faster than meeting in the middle on a long board"


@pytest.mark.parametrize("terminal", [True, False], ids=["terminal", "pipe"])
def test_a_long_line_wraps_between_words_on_a_terminal_only(terminal):
    out = io.StringIO()
    console = OutputConsole(file=out, force_terminal=terminal, width=40, color_system=None)
    console.print(LINE, highlight=False)
    stats = Stats(nodes_expanded=23_688, states_seen=23_845, max_frontier=1_078, elapsed_s=0.0035)
    for line in summary_lines(Solution(Status.SOLVED, [], stats), "81 moves, shortest"):
        console.print(line, highlight=False)
    lines = out.getvalue().splitlines()
    if terminal:
        assert max(map(len, lines)) <= 40 and " ".join(" ".join(lines).split()).startswith(LINE)
        assert all(not line.endswith(("tot", "fron", "sta")) for line in lines)  # no word cut in two
    else:
        assert lines[0] == LINE and lines[2].startswith("search: ") and lines[2].endswith("largest frontier 1,078")
