"""The work before a search on a real command line: the progress line names it, the time limit and
the stop signals end it within seconds, and a stop in it is never reported as one while compiling."""
import json
import signal
import subprocess
import sys
import time

import pytest

from puzzle_explorer.puzzles.kit.cli_support import COMPILE_CANCELLED
from tests.cli.commands import ROOT
from tests.cli.signals.process import COMPILE_WAIT_S, stop_when

pytestmark = [pytest.mark.processes, pytest.mark.realtime]

# Goal positions by the hundred million: listing them alone takes minutes.
MANY_GOALS = ["solve", "klotski", "--board", ".CC....F/A..MM.../A..HGGD./E.....DK/.I...JJK/B.L..JJ.", "--moves",
              "unit", "--target", "K", "--goal", "8,1", "--census", "--from-goal"]
# Thousands of starts whose dives walk 90,000 squares each: the estimate alone takes minutes.
HUGE_KNIGHTS = ["solve", "knights", "--size", "300x300", "--count", "--all-starts"]


def solve_json(args: list[str]) -> tuple[dict, float]:
    began = time.monotonic()
    done = subprocess.run([sys.executable, "-m", "puzzle_explorer", *args, "--json"], cwd=ROOT,
                          capture_output=True, text=True, timeout=COMPILE_WAIT_S)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout), time.monotonic() - began


def test_the_time_limit_stops_the_listing_of_goal_positions():
    obj, _ = solve_json([*MANY_GOALS, "--timeout", "0.01"])
    assert obj["status"] == "limit" and obj["limit"] == "time"
    assert "listing the goal positions" in obj["census"]["note"]


def test_ctrl_c_while_listing_goal_positions_stops_it_and_is_not_taken_for_compiling():
    ended = stop_when(MANY_GOALS, "listing the goal positions", signal.SIGINT, settle_s=0.3)
    assert ended.code == 130, ended
    assert "Traceback" not in ended.err
    assert COMPILE_CANCELLED not in ended.err
    assert "cancelled" in ended.out
    assert ended.waited_s < 5


def test_sigterm_while_estimating_a_huge_count_gives_a_cancelled_object():
    ended = stop_when([*HUGE_KNIGHTS, "--json"], "estimating", signal.SIGTERM, settle_s=0.5)
    assert ended.code == 143, ended
    assert "Traceback" not in ended.err
    assert json.loads(ended.out)["status"] == "cancelled"
    assert ended.waited_s < 5


def test_the_time_limit_stops_the_estimate_of_a_huge_count():
    obj, seconds = solve_json([*HUGE_KNIGHTS, "--timeout", "1"])
    assert obj["status"] == "limit" and obj["limit"] == "time"
    assert obj["stats"]["nodes_expanded"] == 0  # the estimate used the time: nothing was counted
