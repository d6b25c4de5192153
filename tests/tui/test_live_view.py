"""Watching a search in the app at 80x24: the board follows it, F8 holds it, the timeline keeps its
snapshots (step back through them while it runs), F7 switches between the search and the solution."""
import contextlib

import pytest

from puzzle_explorer.tui.model import track as track_module
from puzzle_explorer.tui.model.live import LiveStep
from puzzle_explorer.tui.widgets.board import BoardView
from puzzle_explorer.tui.widgets.footer import KeyFooter
from puzzle_explorer.tui.widgets.stats import StatsPane
from puzzle_explorer.tui.widgets.timeline import SEARCH, SOLUTION, Timeline
from tests.tui.helpers import preset_app, press_each, wait_for

# counting the tours of a chessboard runs far longer than any test: a search that is always running
ENDLESS = ("knights", "chessboard", ("f3", "right", "right", "right"))


def panes(app):
    return app.screen.query_one(BoardView), app.screen.query_one(Timeline)


def squares_shown(board_view) -> tuple:
    """What the board pane draws of a live knight's tour: its squares in order."""
    return tuple(board_view.step.board.tour.squares.tolist())


@contextlib.asynccontextmanager
async def watching_endless():
    """The app at 80x24 with the endless search started and its first snapshots in: (app, pilot, board
    pane, timeline). Esc at the end must stop the search within 10 s."""
    family, preset, keys = ENDLESS
    app = preset_app(family, preset)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(*keys)
        await press_each(pilot, "f5")  # pilot.press would wait seconds for a busy app to go idle
        board, timeline = panes(app)
        await wait_for(pilot, lambda: len(timeline.search) >= 2 and isinstance(board.step, LiveStep),
                       timeout=120, what="the search's first snapshots")
        yield app, pilot, board, timeline
        await press_each(pilot, "escape")
        await wait_for(pilot, lambda: not timeline.running, timeout=10, what="the cancel")


@pytest.mark.processes
@pytest.mark.realtime
async def test_the_live_board_changes_and_freeze_holds_it():
    async with watching_endless() as (app, pilot, board, timeline):
        footer = app.screen.query_one(KeyFooter)
        await wait_for(pilot, lambda: [k.key for k in footer.children if getattr(k, "action", None) == "freeze"
                                       and k.display] == ["f8"], timeout=5, what="F8 Freeze in the Footer at 80x24")
        first = squares_shown(board)
        await wait_for(pilot, lambda: squares_shown(board) != first, timeout=10, what="the live board to change")
        await press_each(pilot, "f8")
        assert not timeline.follow
        held, held_step, kept = squares_shown(board), board.step, len(timeline.search)
        await wait_for(pilot, lambda: len(timeline.search) >= kept + 3, timeout=10, what="more snapshots")
        assert board.step is held_step and squares_shown(board) == held  # the search goes on, the board holds
        assert timeline.running and "held" in str(app.screen.query_one("#timeline-head").render())
        await press_each(pilot, "f8")
        assert timeline.follow
        await wait_for(pilot, lambda: board.step is not held_step and board.step.elapsed_s > held_step.elapsed_s,
                       timeout=5, what="following again")


@pytest.mark.processes
@pytest.mark.realtime
async def test_stepping_back_while_the_search_runs_shows_earlier_snapshots_in_order():
    async with watching_endless() as (app, pilot, board, timeline):
        await wait_for(pilot, lambda: len(timeline.search) >= 6, timeout=20, what="six snapshots")
        await press_each(pilot, "f4")  # the timeline pane
        seen = []
        for _ in range(4):
            await press_each(pilot, "left")
            # the board follows the timeline's step in the next message or two
            await wait_for(pilot, lambda: board.step is timeline.steps[timeline.index], timeout=5,
                           what="the board on the timeline's step")
            seen.append((timeline.search.number(timeline.index), board.step.elapsed_s))
        assert seen == sorted(seen, reverse=True) and len(set(seen)) == len(seen)  # earlier each time
        assert not timeline.follow and timeline.running
        shown = board.step
        await pilot.pause(0.5)  # snapshots keep coming; the step shown stays
        assert board.step is shown
        await press_each(pilot, "end")
        assert timeline.follow


async def test_f7_switches_between_the_search_and_the_solution():
    app = preset_app("klotski", "hengdao-lima")
    async with app.run_test(size=(80, 24)) as pilot:
        board, timeline = panes(app)
        await pilot.press("f5")
        await wait_for(pilot, lambda: len(timeline.steps) > 1 and timeline.track == SOLUTION, timeout=120,
                       what="the solution")
        start = board.step
        assert not isinstance(start, LiveStep) and timeline.search
        await pilot.press("f7")
        assert timeline.track == SEARCH and isinstance(board.step, LiveStep)
        assert board.step is timeline.search[-1]  # the search's last picture: the path to the goal
        assert board.step.board == timeline.solutions[0][-1].board
        await pilot.press("f7")
        assert timeline.track == SOLUTION and board.step.board == start.board


@pytest.mark.processes
@pytest.mark.realtime
async def test_the_track_says_when_it_thinned_old_snapshots(monkeypatch):
    monkeypatch.setattr(track_module, "RECENT", 3)
    monkeypatch.setattr(track_module, "OLDER", 2)
    async with watching_endless() as (app, pilot, board, timeline):
        await wait_for(pilot, lambda: timeline.search.added >= 9, timeout=20, what="nine snapshots")
        assert len(timeline.search) <= 5
        head = str(app.screen.query_one("#timeline-head").render())
        assert f"of {timeline.search.added:,} (older thinned)" in head


@pytest.mark.parametrize("family_id, preset_id, keys, what", [
    ("klotski", "hengdao-lima", ("f3", "right", "right", "right", "right"), "states per layer"),
    ("cube8", "farthest-corner", ("f3", "right"), "nodes per bound"),  # IDA*: 0.4 s, several bounds
])
async def test_the_stats_pane_charts_layers_and_iterations(family_id, preset_id, keys, what):
    app = preset_app(family_id, preset_id)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(*keys, "f5")
        stats = app.screen.query_one(StatsPane)
        await wait_for(pilot, lambda: stats.solution is not None, timeout=300, what="the search")
        bars = app.screen.query_one("#stats-bars")
        assert bars.display and what in str(bars.render())
