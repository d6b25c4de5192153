"""Driving the app in tests. The Textual internals the tests reach for are here alone: the
notifications on screen (app._notifications) and the driver's queue (app._driver)."""
import asyncio
import html
import re
import threading
import time

from textual import events

from puzzle_explorer.puzzles import registry
from puzzle_explorer.tui.app import PuzzleApp
from puzzle_explorer.tui.widgets.stats import StatsPane

KLOTSKI = "klotski"


def klotski_app(text: str | None = None, name: str | None = None, warm: bool = False,
                source: str = "new:") -> PuzzleApp:
    family = registry.get(KLOTSKI)
    board = family.parse(text) if text is not None else None
    return PuzzleApp(KLOTSKI, board, name, warm=warm, source=source)


def preset_app(family_id: str, preset_id: str) -> PuzzleApp:
    """The app as `puzzle-explorer open FAMILY --preset ID` starts it."""
    family = registry.get(family_id)
    preset = next(p for p in family.presets if p.id == preset_id)
    return PuzzleApp(family_id, family.parse(preset.text), preset.id, warm=False, source=f"preset:{preset.id}")


async def palette(app) -> dict[str, str]:
    """What the command palette offers on the screen shown, title -> help: the app's commands and
    those of the screen's own providers (its COMMANDS)."""
    offered = {c.title: c.help for c in app.get_system_commands(app.screen)}
    for source in app.screen.COMMANDS:
        async for hit in source(app.screen).discover():
            offered[hit.text or str(hit.display)] = hit.help or ""
    return offered


def screen_text(app) -> str:
    """The characters on screen now, as a screenshot has them (styles and layout markup dropped)."""
    svg = app.export_screenshot()
    return html.unescape(re.sub(r"<[^>]+>", "", svg)).replace("\xa0", " ")


def notices(app) -> list[str]:
    """The notifications on screen now (Textual lists them nowhere public)."""
    return [n.message for n in app._notifications]


def driver_burst(app, key: str, times: int) -> None:
    """Queue the key presses all at once, as the terminal driver hands them over, without letting
    the app handle any in between."""
    for _ in range(times):
        event = events.Key(key, None)
        event.set_sender(app)
        app._driver.send_message(event)


async def wait_for(pilot, condition, timeout: float = 300.0, what: str = "condition"):
    """Let the app run until condition() holds.

    The default allows for a solver compiling from a cold cache on a busy machine; waits that
    test promptness pass a timeout of their own.
    """
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        await pilot.pause(0.05)
        await asyncio.sleep(0)


class JobEnd:
    """When a job's search thread returns, seen from a thread of its own: the search's end apart
    from the screen's redrawing, which a loaded machine slows."""

    def __init__(self, job) -> None:
        self._job = job
        self._at: list[float] = []
        self._watch = threading.Thread(target=self._poll, daemon=True)
        self._watch.start()

    def _poll(self) -> None:
        while not self._job.finished:
            time.sleep(0.001)
        self._at.append(time.monotonic())

    def wait(self, timeout: float) -> float:
        self._watch.join(timeout)
        assert self._at, "the job did not end"
        return self._at[0]


async def press_each(pilot, *keys: str) -> None:
    """Press keys one at a time, each handled (with what it posted) before the next. Pilot.press
    also waits, twice a key and up to a second each time, for the process to go idle: with a
    search running in it that never happens, and a long walk of keys waits for nothing."""
    for key in keys:
        pilot.app.post_message(events.Key(key, key if len(key) == 1 else None))
        for _ in range(3):
            await pilot.pause(0)


async def start_search(pilot, choose, *keys: str) -> StatsPane:
    """choose(pilot) sets up the solver, then F5 (and keys) starts it: the stats pane, which shows the run."""
    stats = pilot.app.screen.query_one(StatsPane)
    await choose(pilot)
    await press_each(pilot, "f5", *keys)
    return stats


async def solve(pilot):
    """Press F5 and wait for a solution of more than one step; returns the timeline."""
    from puzzle_explorer.tui.widgets.timeline import Timeline
    timeline = pilot.app.screen.query_one(Timeline)
    await pilot.press("f5")
    await wait_for(pilot, lambda: len(timeline.steps) > 1, what="a solution")
    return timeline


async def play_with_a_new_table(pilot, cost: str):
    """Press F9 on a board without a table, check the offer names the cost, build it and wait for
    play mode; returns the play screen."""
    from puzzle_explorer.tui.screens.ask import Ask
    from puzzle_explorer.tui.screens.play import PlayScreen
    app = pilot.app
    await pilot.press("f9")  # no table yet: play offers to build one, with its cost
    await wait_for(pilot, lambda: isinstance(app.screen, Ask), what="the offer to build a table")
    assert cost in app.screen.question
    await pilot.press("b")
    await wait_for(pilot, lambda: isinstance(app.screen, PlayScreen) and app.screen.sub_title is not None,
                   timeout=120, what="play mode, drawn")
    return app.screen
