"""What a person sees, pinned as pictures, so a layout change shows up as a diff: every family's main
screen at 80x24 before and after a solve and at 60x20 before one, two solved at 60x20 (knights, the
klotski census), boards drawn large at 160x50, and the start screen, the help, the dialogs and play
mode at 80x24 and 60x20 (the race's are in test_race_snapshot.py).

The pictures live in __snapshots__/test_snapshots/; after a deliberate change, look at the report
pytest writes and run `pytest tests/tui/test_snapshots.py --snapshot-update`. They are
deterministic: fixed sizes, no background warming, and the search clock stands still (the time and
the speed read 0), so only what the search found and counted is drawn.
"""
import dataclasses

import pytest

import puzzle_explorer.core.run.progress
from puzzle_explorer.core.folders import cache_dir
from puzzle_explorer.tui.app import PuzzleApp
from puzzle_explorer.tui.widgets.stats import StatsPane
from tests.tui.helpers import preset_app, wait_for

# family, preset, keys that pick the solver on the solver pane (from F3), what the solve finds
CASES = {
    "klotski": ("hengdao-lima", ("f3", "right", "right", "right", "right"), "census: 25,955 positions"),
    "cube8": ("centre-ten", ("f3",), "10 rolls, shortest"),
    "die": ("blocked-6x6", ("f3",), "tour found: 33 rolls"),
    "knights": ("classic-5x5-corner", ("f3", "right", "right", "right"), "304 tours from 1,1"),
    "link": ("the-game", ("f3",), "4 segments, fewest"),
    "tiles": ("hardest-8a", ("f3", "right", "right", "right", "right"), "31 moves, shortest"),
}
SMALL = (60, 20)
LARGE = (160, 50)


def size_id(size: tuple[int, int]) -> str:
    """A size as the pictures' names say it: 80x24."""
    return f"{size[0]}x{size[1]}"


class StoppedClock:
    """Stands in for the time module of puzzle_explorer.core.run.progress: the search clock never moves."""

    @staticmethod
    def perf_counter() -> float:
        return 0.0


@pytest.fixture(autouse=True)
def stopped_clock(monkeypatch, user_dirs):
    monkeypatch.setattr(puzzle_explorer.core.run.progress, "time", StoppedClock)
    # The folders the help and the dialogs name read the same in every run (~/data/..., ~/config/...):
    # home is the test's folder, the kernels' and tables' cache staying where it is.
    monkeypatch.setenv("PUZZLE_EXPLORER_CACHE", str(cache_dir()))
    monkeypatch.setenv("HOME", str(user_dirs))


def app_on(family_id: str) -> PuzzleApp:
    return preset_app(family_id, CASES[family_id][0])


FIXED_S = 0.25
FIXED_SPEED = {"nodes_per_s": 5_000_000, "seconds": 0.001, "seconds_se": 0.0, "core_hours": 0.0}


def solved(family_id: str):
    """A run_before that picks the case's solver, solves, and waits for the headline."""
    _, keys, headline = CASES[family_id]

    async def run(pilot) -> None:
        await pilot.press(*keys, "f5")
        stats = pilot.app.screen.query_one(StatsPane)
        await wait_for(pilot, lambda: stats.solution is not None, timeout=300, what="the solve")
        assert str(stats.outcome).startswith(headline)
        # A search this small takes a few microseconds, so its rate depends on the machine; the
        # picture must not: show it as if it had taken a fixed time.
        solution = stats.solution
        details = dict(solution.details)
        if "nodes_per_s" in details.get("estimate", {}):  # an estimate's speed is the machine's too
            details["estimate"] = {**details["estimate"], **FIXED_SPEED}
        stats.finish(dataclasses.replace(solution, stats=dataclasses.replace(solution.stats, elapsed_s=FIXED_S),
                                         details=details))
        stats.watch_snapshot(stats.snapshot)
        await pilot.pause()

    return run


@pytest.mark.parametrize("family_id", list(CASES))
def test_main_screen_before_a_solve(snap_compare, family_id):
    assert snap_compare(app_on(family_id), terminal_size=(80, 24))


@pytest.mark.parametrize("family_id", list(CASES))
def test_main_screen_after_a_solve(snap_compare, family_id):
    assert snap_compare(app_on(family_id), terminal_size=(80, 24), run_before=solved(family_id))


def test_small_terminal_keeps_every_border(snap_compare):
    assert snap_compare(app_on("knights"), terminal_size=(60, 20), run_before=solved("knights"))


def test_small_terminal_keeps_every_census_row(snap_compare):
    """The census's Engine and Workers rows fit beside the board with the rest of its form."""
    assert snap_compare(app_on("klotski"), terminal_size=(60, 20), run_before=solved("klotski"))


def test_large_terminal_draws_the_board_large(snap_compare):
    assert snap_compare(app_on("link"), terminal_size=(160, 50), run_before=solved("link"))


@pytest.mark.parametrize("family_id", list(CASES))
def test_small_terminal_main_screen(snap_compare, family_id):
    """60x20: the title bar, every border, the board's lines under it and the most needed keys."""
    assert snap_compare(app_on(family_id), terminal_size=SMALL)


@pytest.mark.parametrize("family_id", ["klotski", "tiles"])
def test_large_terminal_main_screen(snap_compare, family_id):
    """160x50: large cells, every row as tall as the others (klotski's last row was one line)."""
    assert snap_compare(app_on(family_id), terminal_size=LARGE)


def test_klotski_rows_equal_at_133x39(snap_compare):
    """Between the normal and the largest size: every row three lines tall, the last one too."""
    assert snap_compare(app_on("klotski"), terminal_size=(133, 39))


async def families_listed(pilot) -> None:
    from textual.widgets import OptionList
    await wait_for(pilot, lambda: pilot.app.screen.query_one("#families", OptionList).option_count > 0,
                   what="the families")
    await pilot.pause()


@pytest.mark.parametrize("size", [(80, 24), SMALL, LARGE], ids=size_id)
def test_start_screen(snap_compare, size):
    """Each family's name on one line (a short one where the whole does not fit)."""
    assert snap_compare(PuzzleApp(warm=False), terminal_size=size, run_before=families_listed)


def pressing(*keys: str):
    async def run(pilot) -> None:
        from textual.widgets import Input
        # Let the screen settle first: the key footer fits its keys after a refresh, and a dialog
        # pushed before that leaves the footer beneath it unfitted (drawn with every key).
        for _ in range(3):
            await pilot.pause()
        await pilot.press(*keys)
        await pilot.pause()
        for field in pilot.app.screen.query(Input):
            field.cursor_blink = False  # a blinking cursor is drawn or not depending on the moment
        await pilot.pause()
        await pilot.pause()

    return run


@pytest.mark.parametrize("size", [(80, 24), SMALL], ids=size_id)
def test_help(snap_compare, size):
    """The help, with what the board's marks mean."""
    assert snap_compare(app_on("klotski"), terminal_size=size, run_before=pressing("question_mark"))


@pytest.mark.parametrize("size", [(80, 24), SMALL], ids=size_id)
@pytest.mark.parametrize("keys", [("ctrl+s",), ("ctrl+o",), ("x", "ctrl+left")], ids=["save", "open", "leave"])
def test_dialogs(snap_compare, keys, size):
    """Save, Open, and the question before leaving an edited board."""
    assert snap_compare(app_on("klotski"), terminal_size=size, run_before=pressing(*keys))


async def playing(pilot) -> None:
    from tests.tui.helpers import play_with_a_new_table
    await play_with_a_new_table(pilot, "positions")
    await pilot.pause()


@pytest.mark.parametrize("size", [(80, 24), SMALL], ids=size_id)
def test_play(snap_compare, size):
    """Play mode on klotski: its status line (the piece, the distance, the moves open) read whole."""
    assert snap_compare(app_on("klotski"), terminal_size=size, run_before=playing)
