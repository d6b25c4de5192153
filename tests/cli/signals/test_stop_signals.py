"""Ctrl-C (SIGINT) and SIGTERM on a real command line: the search stops, the command prints what it
has and exits 130 or 143, in every family, in --json mode, and while the solver compiles."""
import json
import re
import signal

import pytest

from puzzle_explorer.puzzles.kit.cli_support import COMPILE_CANCELLED
from tests.cli.signals.process import stop_when

pytestmark = [pytest.mark.processes, pytest.mark.realtime]

# A search in each family that runs far longer than the test waits, and what its partial output shows.
LONG = {
    # the seed's distinct census: 14,950,080 positions, seconds (a 6x6 census that stopped at the
    # memory budget now reaches it within the test's settling time)
    "klotski": (["--census", "--distinct", "--moves", "unit", "--board", "NAAO/PAAQ/.BB./HIJK/HIJK",
                 "--max-memory", "1G"], r"census so far: [\d,]+ positions"),
    "cube8": (["--preset", "farthest-edge", "--algo", "idastar"], r"search: .* [\d,]+ expanded"),
    "die": (["--size", "12x12", "--all", "--goal-face", "any"], r"[\d,]+ tours? so far"),
    "knights": (["--size", "8x8", "--count"], r"[\d,]+ (closed )?tours? so far"),
    "link": (["--preset", "shisen-long", "--clear"], r"search: .* [\d,]+ expanded"),
    "tiles": (["--preset", "korf-88", "--algo", "idastar", "--heuristic", "manhattan"],
              r"cancelled · no answer shorter than \d+ moves\n(.*\n)?search: .* [\d,]+ expanded"),
}
SETTLE_S = 0.3  # searching a little before the signal, so there is something to print


@pytest.mark.parametrize("family", sorted(LONG))
def test_ctrl_c_prints_what_the_search_has_and_exits_130(family):
    args, partial = LONG[family]
    ended = stop_when(["solve", family, *args], "searching", signal.SIGINT, settle_s=SETTLE_S)
    assert ended.code == 130, ended
    assert "Traceback" not in ended.err
    assert ended.out.count("cancelled") >= 1, ended.out
    assert re.search(partial, ended.out), ended.out
    assert ended.waited_s < 5


@pytest.mark.parametrize("family", sorted(LONG))
def test_sigterm_in_json_mode_gives_a_cancelled_object_and_exits_143(family):
    args, _ = LONG[family]
    ended = stop_when(["solve", family, *args, "--json"], "searching", signal.SIGTERM, settle_s=SETTLE_S)
    assert ended.code == 143, ended
    assert "Traceback" not in ended.err
    obj = json.loads(ended.out)
    assert obj["status"] == "cancelled"
    assert obj["stats"]["nodes_expanded"] > 0
    assert ended.waited_s < 5


def test_ctrl_c_while_compiling_says_so_in_one_line_and_exits_130(tmp_path):
    # an empty kernel cache: the solver compiles for a minute or more, and the signal comes first
    ended = stop_when(["solve", "klotski", "--preset", "hengdao-lima"], "compiling", signal.SIGINT,
                      env={"PUZZLE_EXPLORER_CACHE": str(tmp_path)})
    assert ended.code == 130, ended
    assert "Traceback" not in ended.err and "CancelledBeforeSearch" not in ended.err
    assert COMPILE_CANCELLED in ended.err
    assert ended.out == ""
    assert ended.waited_s < 10


def test_a_batch_stopped_mid_way_prints_the_lines_done_and_the_totals(tmp_path):
    """Two boards a move or two from Korf's goal, then his #88 (65 moves, hours with Manhattan distance)."""
    path = tmp_path / "boards.txt"
    path.write_text("1 0 2 3 4 5 6 7 8 9 10 11 12 13 14 15\n"
                    "1 2 0 3 4 5 6 7 8 9 10 11 12 13 14 15\n"
                    "15 2 12 11 14 13 9 5 1 3 8 7 0 10 6 4\n")
    args = ["solve", "tiles", "--batch", str(path), "--goal-blank", "first", "--algo", "idastar",
            "--heuristic", "manhattan"]
    ended = stop_when(args, "searching", signal.SIGINT, settle_s=SETTLE_S)
    assert ended.code == 130, ended
    assert "Traceback" not in ended.err
    lines = ended.out.splitlines()
    assert [line.split()[:2] for line in lines[1:3]] == [["1", "1"], ["2", "2"]]
    assert lines[3].split()[0] == "3" and lines[3].endswith("cancelled")
    assert lines[4].startswith("total: 2 of 3 boards solved, 3 moves") and "(stopped: cancelled after 3 of 3)" in lines[4]
    ended = stop_when([*args, "--json"], "searching", signal.SIGTERM, settle_s=SETTLE_S)
    assert ended.code == 143, ended
    obj = json.loads(ended.out)
    assert [b["status"] for b in obj["boards"]] == ["solved", "solved", "cancelled"]
    assert obj["stopped"] == "cancelled" and obj["solved"] == 2 and obj["nodes_expanded"] > 0
