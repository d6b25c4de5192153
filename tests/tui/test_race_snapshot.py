"""The finished race at 80x24, pinned as a picture (see test_snapshots.py for how to update it).

Deterministic: the search clock and the race's clock stand still (times read 0, rates '–'), and the
machine's cores and free memory are fixed, so only what the searches found and counted is drawn.
"""
import pytest

import puzzle_explorer.core.run.progress
import puzzle_explorer.core.run.race
from puzzle_explorer.puzzles import race as R
from tests.tui.helpers import wait_for
from tests.tui.test_snapshots import StoppedClock, app_on


@pytest.fixture(autouse=True)
def fixed_machine(monkeypatch):
    monkeypatch.setattr(puzzle_explorer.core.run.progress, "time", StoppedClock)
    monkeypatch.setattr(puzzle_explorer.core.run.race, "time", StoppedClock)
    monkeypatch.setattr(R, "cores", lambda: 2)
    monkeypatch.setattr(R, "available_bytes", lambda: 8 * 2**30)


async def finished_race(pilot) -> None:
    await pilot.press("f6", "f5")
    await wait_for(pilot, lambda: pilot.app.screen.done, timeout=300, what="the race")
    await pilot.pause()


def test_the_finished_race_table(snap_compare):
    assert snap_compare(app_on("klotski"), terminal_size=(80, 24), run_before=finished_race)
