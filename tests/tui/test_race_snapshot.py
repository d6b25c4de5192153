"""The race screen pinned as pictures (see test_snapshots.py for how to update them): its settings at
80x24 and 60x20, the finished race at both.

Deterministic: the search clock and the race's clock stand still (times read 0, rates '–'), and the
machine's cores and free memory are fixed, so only what the searches found and counted is drawn.
"""
import pytest

import puzzle_explorer.core.run.memory
import puzzle_explorer.core.run.progress
import puzzle_explorer.core.run.race
from puzzle_explorer.puzzles import race as R
from tests.tui.helpers import wait_for
from tests.tui.test_snapshots import StoppedClock, app_on, size_id


@pytest.fixture(autouse=True)
def fixed_machine(monkeypatch, user_dirs):
    monkeypatch.setattr(puzzle_explorer.core.run.progress, "time", StoppedClock)
    monkeypatch.setattr(puzzle_explorer.core.run.race, "time", StoppedClock)
    monkeypatch.setattr(R, "cores", lambda: 2)
    monkeypatch.setattr(puzzle_explorer.core.run.memory, "available_bytes", lambda: 8 * 2**30)


async def finished_race(pilot) -> None:
    await pilot.press("f6", "f5")
    await wait_for(pilot, lambda: pilot.app.screen.done, timeout=300, what="the race")
    await pilot.pause()


def test_the_finished_race_table(snap_compare):
    assert snap_compare(app_on("klotski"), terminal_size=(80, 24), run_before=finished_race)


def test_the_finished_race_table_at_60x20(snap_compare):
    assert snap_compare(app_on("klotski"), terminal_size=(60, 20), run_before=finished_race)


async def race_settings(pilot) -> None:
    await pilot.press("f6")
    await pilot.pause()
    await pilot.pause()


@pytest.mark.parametrize("size", [(80, 24), (60, 20)], ids=size_id)
def test_the_race_settings(snap_compare, size):
    """Every column's settings, "auto" where a number left at 0 lets the race choose."""
    assert snap_compare(app_on("klotski"), terminal_size=size, run_before=race_settings)
