"""Every screen's keys typed in bursts through a real terminal: the app runs in a pseudo-terminal at
80x24 and each burst of raw bytes is written at once, as a slow SSH link or tmux hands it over
(Pilot posts keys one by one and cannot show this). What the burst did is read off the screen.
"""
import re

import pytest

from tests.tui.terminal import Terminal

pytestmark = pytest.mark.processes

SOLVE_S = 240  # a solve on a cold kernel cache compiles first


@pytest.fixture
def terminal(tmp_path):
    """Start the app with the given arguments in a terminal of its own; closed after the test."""
    opened = []

    def start(*args: str, size=(80, 24)) -> Terminal:
        import os
        env = dict(os.environ, PUZZLE_EXPLORER_DATA=str(tmp_path / "data"))
        opened.append(Terminal(*args, size=size, env=env))
        return opened[-1]

    yield start
    for t in opened:
        t.close()


def step(text: str) -> str:
    found = re.findall(r"step \d+/\d+", text)
    return found[0] if found else ""


def test_start_screen_tab_arrows_and_enter_in_one_burst(terminal):
    t = terminal()
    t.wait_for("Sliding tiles", what="the families")
    # Cubic eight, over to its boards, back, Rolling-die, over, its first preset, open it
    t.send("down", "tab", "left", "down", "right", "down", "enter")
    t.wait_for(lambda s: "Rolling-die tours —" in s and "new board" not in s, timeout=60,
               what="the die's first preset opened")
    t.send("ctrl+left")  # back to the families
    t.wait_for("Puzzle family", what="the families again")
    # to the families, the first, three down (Knight's tours), to its boards and back and there again,
    # its first preset
    t.send("left", "home", "down", "down", "down", "tab", "shift+tab", "right", "down", "enter")
    t.wait_for(lambda s: "Knight's tours" in s and "Timeline" in s, timeout=60, what="a knight's preset opened")


def test_timeline_and_board_keys_of_one_burst_in_order(terminal):
    t = terminal("open", "klotski", "--preset", "hengdao-lima")
    t.wait_for("Timeline", what="the main screen")
    t.send("f5")
    t.wait_for("step 0/81", timeout=SOLVE_S, what="the solution")
    # each burst's result is checked again by the single key after it: a jump landing late, after the
    # arrows typed behind it, shows the right step for a moment and then the wrong one
    for keys, expect in [(("f4", "home", "right", "right", "right"), 3), (("right",), 4),
                         (("end", "left"), 80), (("left",), 79),
                         (("home~", "pagedown", "down"), 11), (("down",), 12),  # tmux's Home; a page is ten steps
                         (("endO", "pageup", "up", "up"), 69), (("up",), 68),  # application-mode End
                         (("homeO", "end~", "left", "left"), 79), (("left",), 78)]:
        t.send(*keys)
        t.wait_for(lambda s: step(s) == f"step {expect}/81", timeout=20, what=f"step {expect} after {' '.join(keys)}")
    # the board's own keys: back at the start, delete the piece under the cursor and undo it
    t.send("home", "f2", "x", "ctrl+z")
    t.wait_for(lambda s: "(edited)" not in s and step(s) == "step 0/81" and "answer is back" in s, timeout=20,
               what="the edit undone and the solution back")


def test_palette_takes_backspaces_and_letters_of_one_burst(terminal):
    t = terminal("open", "klotski", "--preset", "hengdao-lima")
    t.wait_for("Timeline", what="the main screen")
    t.send("ctrl+p")
    t.wait_for("🔎", what="the palette")
    t.send("famxyz")
    t.wait_for("famxyz", what="the letters")
    t.send(*["backspace"] * 6, "solv")
    t.wait_for(lambda s: "🔎 solv" in s, timeout=20, what="six letters erased and solv typed")
    # Esc alone: followed at once by a character, a terminal sends what Alt+that character sends
    t.send("escape")
    t.wait_for(lambda s: "🔎" not in s, timeout=20, what="the palette closed")
    t.send("ctrl+p", "race", "enter")  # opened, "race" typed, its first match (Race) run
    t.wait_for("race on hengdao-lima", timeout=30, what="the race screen")


def test_help_opens_and_closes_inside_a_burst(terminal):
    t = terminal("open", "klotski", "--preset", "hengdao-lima")
    t.wait_for("◂ bfs ▸", what="the solver pane")
    t.send("?", "escape", "f3", "right")  # help, closed, then the next algorithm
    t.wait_for("◂ bibfs ▸", timeout=20, what="the next algorithm after help closed")
    t.send("?", "q", "?", "escape", "right")
    t.wait_for("◂ astar ▸", timeout=20, what="the one after it")


def test_race_keys_of_one_burst(terminal):
    t = terminal("open", "klotski", "--preset", "hengdao-lima")
    t.wait_for("Timeline", what="the main screen")
    t.send("f6", "+", "-", "+", "f5")  # open, a lane added, removed, added, start
    t.wait_for(lambda s: "race on hengdao-lima" in s and s.count("moves") >= 3, timeout=SOLVE_S,
               what="three lanes raced")
    t.send("escape", "f5")  # back to the board and solve there, in one burst
    t.wait_for(lambda s: "Timeline" in s and "step 0/" in s, timeout=SOLVE_S, what="back on the board, solved")


def test_play_keys_of_one_burst(terminal):
    t = terminal("open", "klotski", "--preset", "hengdao-lima")
    t.wait_for("Timeline", what="the main screen")
    t.send("f9", "b")  # no table yet: build it, then play
    t.wait_for(lambda s: "made" in s or "to go" in s, timeout=SOLVE_S, what="play mode")
    t.send("space", "space", "space", "backspace", "space", "ctrl+z", "space")  # best, undo, best...
    t.wait_for("· 3 made", timeout=30, what="three moves made")
    t.send("escape", "f4")
    t.wait_for(lambda s: "Play" not in s.splitlines()[1], timeout=20, what="back on the board")
