"""Leaving the app in the middle of a long search, in a real terminal: Esc stops the search at once,
Ctrl+Q ends the app within a second or two, the terminal is given back as it was, and no process of
the app (a census worker) is left behind."""
import os
import re
import time

import psutil
import pytest

from tests.tui.terminal import Terminal

pytestmark = [pytest.mark.processes, pytest.mark.realtime]

SOLVE_S = 240  # a search on a cold kernel cache compiles first
# A nearly empty 6x6 board whose census, every piece distinct, runs for minutes
WIDE = "AAbcde/AAfgh./....../....../....../......"
LEAVE_ALT_SCREEN = b"\x1b[?1049l"


def running(text: str) -> bool:
    """The Stats pane says the search is under way (not compiling, not over)."""
    return "searching…" in text and "compiling" not in text and "cancelled" not in text


def under_way(text: str) -> bool:
    """The search's own clock runs (the Stats pane's time is past zero): its workers are at work,
    not starting. (The timeline says "searching…" from the moment F5 is pressed.)"""
    shown = re.search(r"time\s+([0-9.]+) s", text)
    return running(text) and shown is not None and float(shown.group(1)) > 0


def group_alive(pid: int) -> bool:
    """Any process left in the app's process group (the app started a session of its own)."""
    try:
        os.killpg(pid, 0)
    except ProcessLookupError:
        return False
    return True


def test_esc_then_ctrl_q_during_a_census_over_workers(tmp_path):
    board = tmp_path / "wide.txt"
    board.write_text(WIDE + "\n")
    env = dict(os.environ, PUZZLE_EXPLORER_DATA=str(tmp_path / "data"))
    with Terminal("open", "klotski", "--file", str(board), size=(80, 24), env=env) as t:
        t.wait_for("Timeline", what="the main screen")
        # census (the fifth algorithm), every piece distinct, over two workers
        census = ("f3", "right", "right", "right", "right", "down", "down", "space", "down", "down", "2", "f5")
        t.send(*census)
        t.wait_for(under_way, timeout=SOLVE_S, what="the census running")
        began = time.monotonic()
        t.send("escape")
        try:
            t.wait_for("cancelled", timeout=5, what="the census cancelled")
        except AssertionError as missed:
            t.send("escape")  # tells a key gone astray from a cancel the search did not hear
            try:
                t.wait_for("cancelled", timeout=5)
                second = "a second Esc did"
            except AssertionError:
                second = "nor did a second"
            pytest.fail(f"Esc did not cancel the census; {second}. {missed}")
        assert time.monotonic() - began < 2.5
        t.send("f5")
        t.wait_for(running, timeout=SOLVE_S, what="the census running again")
        began = time.monotonic()
        t.send("ctrl+q")
        t.process.wait(10)
        took = time.monotonic() - began
        assert t.process.returncode == 0
        assert took < 2.5, f"quitting took {took:.2f} s"
        deadline = time.monotonic() + 2
        while group_alive(t.process.pid) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not group_alive(t.process.pid), "a process of the app outlived it"
        t._reader.join(2)
        assert t.raw.rfind(LEAVE_ALT_SCREEN) > t.raw.rfind(b"\x1b[?1049h"), "the terminal was not given back"


def test_ctrl_q_while_kernels_compile_in_the_background_leaves_nothing_on_the_terminal(tmp_path):
    """On an empty kernel cache the app compiles in worker processes from the start. Quitting ends
    them; their queues' semaphores are given back too, or the resource tracker would print a warning
    of leaked semaphores on the terminal after the app has gone."""
    env = dict(os.environ, PUZZLE_EXPLORER_DATA=str(tmp_path / "data"), PUZZLE_EXPLORER_CACHE=str(tmp_path / "cache"),
               PUZZLE_EXPLORER_NO_WARM="0")
    with Terminal(size=(80, 24), env=env) as t:
        t.wait_for("Puzzle family", what="the start screen")
        deadline = time.monotonic() + 30
        while not any("spawn_main" in " ".join(p.cmdline()) for p in psutil.Process(t.process.pid).children()) \
                and time.monotonic() < deadline:
            time.sleep(0.05)
        time.sleep(2)  # the workers are importing numba
        t.send("ctrl+q")
        t.process.wait(10)
        deadline = time.monotonic() + 5  # the resource tracker speaks last, once the app has gone
        while group_alive(t.process.pid) and time.monotonic() < deadline:
            time.sleep(0.05)
        t.rest()
        left = t.raw[t.raw.rfind(LEAVE_ALT_SCREEN):].decode("utf-8", "replace")
        assert t.process.returncode == 0
        assert "leaked" not in left and "Warning" not in left, left
