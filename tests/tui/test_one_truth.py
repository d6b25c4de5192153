"""Every pane describes the board on screen: an edit clears the old answer everywhere, undoing back
to a solved board brings its answer back, a race's answer brings its solver into the Solver pane and
a race starts from the Solver pane's settings; and the settings and keys that go with them."""
import io
import re

from rich.console import Console

from puzzle_explorer.core.run.progress import Phase, Snapshot
from puzzle_explorer.tui.screens.race import RaceScreen
from puzzle_explorer.tui.widgets.bars import LayerBars
from puzzle_explorer.tui.widgets.board import BoardView
from puzzle_explorer.tui.widgets.form import Field, OptionsForm
from puzzle_explorer.tui.widgets.solver import SolverPane
from puzzle_explorer.tui.widgets.stats import StatsPane, phase_line
from tests.tui.helpers import preset_app, solve, wait_for

SIZE = (80, 24)


def head(app) -> str:
    widget = app.screen.query_one("#stats-head")
    console = Console(width=200, file=io.StringIO(), record=True)
    console.print(widget.content)
    return console.export_text().strip()


async def test_an_edit_clears_the_answer_in_every_pane_and_undo_brings_it_back():
    app = preset_app("klotski", "yusheng-xili")
    async with app.run_test(size=SIZE) as pilot:
        timeline = await solve(pilot)
        assert head(app) == "47 moves, shortest"
        bars = app.screen.query_one(LayerBars)
        chart = str(bars.render())
        assert bars.display and "states per depth" in chart
        await pilot.press("f2", "x")  # delete the piece under the cursor (the start step is shown)
        assert app.screen.session.dirty
        assert "47 moves" not in head(app) and "the board changed" in head(app)
        assert app.screen.query_one(StatsPane).solution is None and not timeline.steps
        await pilot.press("ctrl+z")  # the solved board again: its answer with it
        assert not app.screen.session.dirty
        assert head(app) == "47 moves, shortest" and len(timeline.steps) == 48
        assert app.screen.solution is not None
        assert bars.display and str(bars.render()) == chart  # its search's chart with it
        await pilot.press("ctrl+y")  # and away again
        assert "the board changed" in head(app) and not timeline.steps


async def test_the_stats_pane_and_its_chart_give_one_figure_a_name():
    """峰回路转 by BFS: its largest frontier (1,074 positions queued) is not its largest level (1,072),
    and the pane's counters and its depth chart under them name them apart."""
    app = preset_app("klotski", "fenghui-luzhuan")
    async with app.run_test(size=SIZE) as pilot:
        await solve(pilot)
        stats = app.screen.query_one(StatsPane)
        console = Console(width=200, file=io.StringIO(), record=True)
        console.print(stats.query_one("#stats-numbers").content)
        numbers = console.export_text()
        chart = str(app.screen.query_one(LayerBars).render())
        front = f"{stats.solution.stats.max_frontier:,}"
        largest = re.search(r"peak ([0-9,]+)", chart)
        assert largest is not None and largest.group(1) != front  # two figures, as on this board
        assert f"max front {front}" in " ".join(numbers.split()) and "peak" not in numbers


async def test_an_edit_in_link_clears_the_answer_too():
    app = preset_app("link", "the-game")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f5")
        await wait_for(pilot, lambda: app.screen.solution is not None, what="link's answer")
        assert "segment" in head(app)
        app.screen.query_one(BoardView).focus()
        await pilot.press("x")  # empty the cell under the cursor: the tile at 1,1
        assert app.screen.session.dirty
        assert "segment" not in head(app) and "the board changed" in head(app)
        await pilot.press("ctrl+z")
        assert "segment" in head(app)


async def test_a_race_starts_from_the_solver_panes_settings_and_its_answer_sets_the_pane():
    app = preset_app("klotski", "yusheng-xili")
    async with app.run_test(size=SIZE) as pilot:
        pane = app.screen.query_one(SolverPane)
        await pilot.press("f3", "down")  # the move convention
        while pane.settings()[1]["moves"] != "straight":
            await pilot.press("right")
        await pilot.press("f6")
        screen = app.screen
        assert isinstance(screen, RaceScreen)
        assert {lane.settings()["moves"] for lane in screen.lanes} == {"straight"}
        await pilot.press("f5")
        await wait_for(pilot, lambda: screen.done, timeout=120, what="the race")
        await pilot.press("right", "enter")  # the second column's answer
        main = app.screen
        solver_id, options, _ = main.query_one(SolverPane).settings()
        assert solver_id == main.solution.solver == "bibfs"
        assert options["moves"] == "straight"


def test_preparing_a_later_kernel_of_a_running_search_is_not_compiling():
    first = Snapshot(phase=Phase.COMPILING)
    assert "compiling" in phase_line(first, "klotski")
    between = Snapshot(phase=Phase.COMPILING, expanded=25_955, elapsed_s=0.4)  # the census ran; the table next
    assert "compiling" not in phase_line(between, "klotski") and "searching" in phase_line(between, "klotski")
    warming = Snapshot(phase=Phase.COMPILING, expanded=100, elapsed_s=0.4, compiling="klotski", compiled=2, kernels=9)
    assert "compiling" in phase_line(warming, "klotski")  # the compiler really is running


async def test_left_brings_a_limit_back_to_none():
    form = OptionsForm((Field("timeout", "timeout s", "float", None),))
    from textual.app import App

    class Host(App):
        def compose(self):
            yield form

    async with Host().run_test() as pilot:
        form.focus()
        await pilot.press("right", "right", "right")
        assert form.values()["timeout"] == 4.0
        await pilot.press("left", "left")
        assert form.values()["timeout"] == 1.0
        await pilot.press("left")
        assert form.values()["timeout"] is None


async def test_page_down_pages_the_timeline_when_its_list_is_one_row():
    app = preset_app("klotski", "yusheng-xili")
    async with app.run_test(size=SIZE) as pilot:
        timeline = await solve(pilot)
        listing = app.screen.query_one("#timeline-steps")
        assert app.focused is listing and listing.scrollable_content_region.height <= 2
        await pilot.press("pagedown")
        assert timeline.index == 10
        await pilot.press("pagedown", "pageup", "pageup")
        assert timeline.index == 0
        await pilot.press("end", "pageup")
        assert timeline.index == 37


def test_the_charts_caption_keeps_its_peak_in_a_narrow_pane():
    """link's "cells per segment count 1–3 · peak 760" was cut before its peak at 80x24."""
    from puzzle_explorer.tui.widgets.bars import caption

    full = caption("cells per segment count", "1–3", "760", 60)
    assert full == "cells per segment count 1–3 · peak 760"
    assert caption("cells per segment count", "1–3", "760", len(full) - 1) == "1–3 · peak 760"
    assert caption("states per depth", "0–180", "1.07M", 12) == "peak 1.07M"
    for width in range(8, 60):
        line = caption("cells per segment count", "1–3", "760", width)
        assert len(line) <= max(width, len("peak 760")) and line.endswith("peak 760")
