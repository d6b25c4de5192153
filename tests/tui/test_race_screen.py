"""The Race screen as a person drives it at 80x24: open it, start, watch two columns, the table,
Esc cancelling every solver, an answer opened in the main screen's timeline, a race refused."""
import io
import threading
import time

import pytest
from rich.console import Console

from puzzle_explorer.tui.screens.race import RaceLane, RaceScreen
from puzzle_explorer.tui.widgets.form import OptionsForm
from puzzle_explorer.tui.widgets.timeline import Timeline
from tests.tui.helpers import notices, palette, preset_app, press_each, wait_for

SIZE = (80, 24)


def text(widget, width: int | None = None) -> str:
    """What a Static shows, as plain text at its width (or the one given, before its layout)."""
    console = Console(width=width or max(20, widget.content_region.width), file=io.StringIO(), record=True)
    console.print(widget.content)
    return console.export_text()


async def two_plain_die_searches(pilot, timeout: str = "") -> RaceScreen:
    """The race screen on the classic die board with its two columns (dfs, all) set to search
    without pruning, each with `timeout` seconds typed into its time limit."""
    await pilot.press("f6")
    screen = pilot.app.screen
    assert isinstance(screen, RaceScreen)
    lanes = screen.lanes
    assert [lane.settings()["solver"] for lane in lanes] == ["dfs", "all"]
    for lane, pruning_row, after in zip(lanes, (2, 3), (0, 2)):
        lane.query_one(OptionsForm).focus()
        await pilot.press(*["down"] * pruning_row, "space")
        assert lane.settings()["pruning"] is False
        if timeout:  # past the engine rows ('all' splits over workers) and the state cap to the time limit
            await pilot.press(*["down"] * (after + 2), *timeout)
            assert lane.settings()["timeout"] == float(timeout)
    return screen


@pytest.mark.realtime
async def test_two_columns_update_and_the_race_ends_with_the_table():
    app = preset_app("die", "classic-8x8")
    async with app.run_test(size=SIZE) as pilot:
        # long enough that both columns change a few times even when the app's loop stalls (a full suite's GC
        # on a loaded machine)
        screen = await two_plain_die_searches(pilot, timeout="6")
        await pilot.press("f5")
        assert "racing on classic-8x8: all 2 at once on 2 cores" in text(screen.query_one("#race-head"), 78)
        figures = [lane.query_one(".lane-figures") for lane in screen.lanes]
        await wait_for(pilot, lambda: all("searching…" in text(f) for f in figures), timeout=120, what="searching")
        seen = [set() for _ in figures]
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and min(len(s) for s in seen) < 3 and screen.running:
            for s, f in zip(seen, figures):
                s.add(text(f))
            await pilot.pause(0.1)
        assert min(len(s) for s in seen) >= 3, "both columns show new figures as the searches go"
        await wait_for(pilot, lambda: screen.done, timeout=10, what="the table")
        table = text(screen.query_one("#race-table"), SIZE[0] - 2)
        assert "limit: time" in table and "pruning=no" in table
        assert table.count("limit: time") == 2
        assert "run: all 2 at once" in table or "run: " in table
        assert screen.query_one("#race-results").display


@pytest.mark.realtime
async def test_escape_cancels_every_solver_within_100ms():
    app = preset_app("die", "classic-8x8")
    async with app.run_test(size=SIZE) as pilot:
        screen = await two_plain_die_searches(pilot)
        await press_each(pilot, "f5")  # pilot.press would wait seconds for the racing app to go idle
        await wait_for(pilot, lambda: all(lane.snapshot and lane.snapshot.expanded > 0 for lane in screen.race.lanes),
                       timeout=120, what="both searches")
        race = screen.race
        asked, ended = [], []
        cancel = race.cancel
        race.cancel = lambda: (asked.append(time.perf_counter()), cancel())  # when Esc reaches the race

        def watch() -> None:  # the moment every runner has ended, seen from outside the app
            while not race.finished:
                time.sleep(0.001)
            ended.append(time.perf_counter())

        watcher = threading.Thread(target=watch)
        watcher.start()
        await pilot.press("escape")
        watcher.join(2)
        took = ended[0] - asked[0]
        assert took < 0.1, f"the solvers took {took:.3f} s to stop"
        await wait_for(pilot, lambda: screen.done, timeout=5, what="the table")
        table = text(screen.query_one("#race-table"), SIZE[0] - 2)
        assert table.count("cancelled") >= 2 and "the race was cancelled" in table
        assert isinstance(app.screen, RaceScreen)  # Esc stopped the race; a second one goes back
        await pilot.press("escape")
        assert not isinstance(app.screen, RaceScreen)


async def test_an_answer_opens_in_the_timeline_and_the_race_comes_back():
    app = preset_app("klotski", "yusheng-xili")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f6")
        screen = app.screen
        assert [lane.border_title for lane in screen.lanes] == ["bfs", "bibfs", "astar"]
        await pilot.press("f5")
        await wait_for(pilot, lambda: screen.done, timeout=120, what="the race")
        assert "47 ✓" in text(screen.query_one("#race-table"), SIZE[0] - 2)
        offered = await palette(app)  # each column's answer, and what is left to do after a race
        assert {"bfs: Open answer", "bibfs: Open answer", "astar: Open answer", "New race", "Back"} <= set(offered)
        assert "Start" not in offered and "Cancel" not in offered
        assert app.focused is screen.lanes[0]
        await pilot.press("right", "enter")  # bibfs's answer
        main = app.screen
        assert not isinstance(main, RaceScreen)
        timeline = main.query_one(Timeline)
        assert len(timeline.steps) == 48 and main.solution.solver == "bibfs"
        assert "47 moves, shortest" in text(main.query_one("#stats-head"))
        await pilot.press("f6")  # the same board: the last race is still there
        assert app.screen.done and "47 ✓" in text(app.screen.query_one("#race-table"), SIZE[0] - 2)


async def test_a_race_that_cannot_fit_in_memory_is_refused():
    app = preset_app("klotski", "yusheng-xili")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f6")
        screen = app.screen
        lane = screen.lanes[0]
        lane.query_one(OptionsForm).focus()
        await pilot.press("up", *"99999999")  # the last row: memory MiB, about 95 TiB
        assert lane.settings()["memory_mib"] == 99_999_999
        await pilot.press("f5")
        assert screen.race is None and not screen.running
        messages = notices(app)
        assert any("race refused: bfs asks for 95.4 TiB of memory" in m for m in messages), messages


async def test_the_key_and_the_palette_open_the_race_and_its_commands():
    app = preset_app("link", "the-game")
    async with app.run_test(size=SIZE) as pilot:
        assert "Race" in await palette(app)
        footer_keys = [getattr(c, "action", None) for c in app.screen.query("FooterKey")]
        assert "race" in footer_keys
        await pilot.press("f6")
        screen = app.screen
        # the board has its two marks: every link solver can run; the first three get a column
        assert [lane.border_title for lane in screen.query(RaceLane)] == ["path", "clear", "hint"]
        offered = await palette(app)
        assert {"Start", "Add", "Remove", "Back"} <= set(offered) and "New race" not in offered
        assert offered["Start"] == "Start the race (F5)"
        await pilot.press("minus")
        assert len(screen.lanes) == 2
        await pilot.press("minus")
        assert len(screen.lanes) == 2  # two stay
        await pilot.press("plus", "plus", "plus")
        assert len(screen.lanes) == 4  # four at most


async def test_help_lists_the_race_keys():
    app = preset_app("klotski", "yusheng-xili")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f6", "f5")
        screen = app.screen
        await wait_for(pilot, lambda: screen.done, timeout=120, what="the race")
        await pilot.press("question_mark")
        shown = "\n".join(text(s, 70) for s in app.screen.query("Static"))
        for words in ("start the race", "change the solvers", "stop every solver", "back to the board",
                      "add a solver", "remove the last solver", "open this solver's answer", "race.open",
                      "the column to the left"):
            assert words in shown, (words, shown)


async def test_a_solver_the_board_does_not_suit_gets_no_column():
    app = preset_app("link", "starter")  # no marked cells: the path solver cannot run
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f6")
        lanes = app.screen.lanes
        assert [lane.border_title for lane in lanes] == ["clear", "hint"]
        assert lanes[0].query_one(OptionsForm).fields[0].choices == ("clear", "hint")
