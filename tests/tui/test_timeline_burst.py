"""Keys in bursts, as a terminal over SSH delivers them: the timeline lands on the right step and rests."""
import pytest

from puzzle_explorer.puzzles.klotski.presets import BY_ID
from puzzle_explorer.tui.widgets.board import BoardView
from puzzle_explorer.tui.widgets.timeline import Timeline
from tests.tui.helpers import driver_burst, klotski_app, solve, wait_for

pytestmark = pytest.mark.realtime


async def settled(pilot, timeline: Timeline, index: int, what: str) -> None:
    """The timeline reaches index and then stays there: nothing keeps moving it back and forth."""
    await wait_for(pilot, lambda: timeline.index == index, timeout=10, what=what)
    moves = []
    original = timeline._go
    timeline._go = lambda i: (moves.append(i), original(i))
    try:
        await pilot.pause(0.5)
    finally:
        timeline._go = original
    assert timeline.index == index
    assert moves == [], f"the timeline kept moving after the burst: {moves[:10]}"


@pytest.mark.parametrize("key, start, expect", [("right", 0, 30), ("down", 0, 30), ("left", 40, 10), ("up", 40, 10)])
async def test_a_burst_of_30_keys_lands_on_the_right_step(key, start, expect):
    app = klotski_app(BY_ID["yusheng-xili"].text, "yusheng-xili")
    async with app.run_test(size=(80, 24)) as pilot:
        timeline = await solve(pilot)
        board = app.screen.query_one(BoardView)
        timeline.action_jump(start)
        await pilot.pause()
        assert app.focused is app.screen.query_one("#timeline-steps")
        driver_burst(app, key, 30)
        await settled(pilot, timeline, expect, f"step {expect} after the burst")
        assert board.step is timeline.steps[expect]
        listing = app.screen.query_one("#timeline-steps")
        assert listing.highlighted_option.id == str(expect)
        # still answering keys, one at a time
        await pilot.press("right")
        assert timeline.index == expect + 1 and board.step is timeline.steps[expect + 1]


async def test_bursts_across_the_list_window():
    """A 200x200 knight's tour lists a window of 400 steps; bursts carry the shown step past its edge."""
    from puzzle_explorer.puzzles import registry
    from puzzle_explorer.puzzles.knights.presets import PRESETS
    from puzzle_explorer.tui.app import PuzzleApp
    family = registry.get("knights")
    preset = next(p for p in PRESETS if p.id == "big-200")
    app = PuzzleApp("knights", family.parse(preset.text), preset.id, warm=False)
    async with app.run_test(size=(80, 24)) as pilot:
        timeline = await solve(pilot)
        for n in range(1, 9):
            driver_burst(app, "pagedown" if n % 2 else "right", 30)
            await wait_for(pilot, lambda: timeline.index > 0, what="moving")
        # the driver posts keys through the event loop: a moment for the last bursts to reach the
        # app's queue (a fast machine had dealt with the first burst and had not seen the others)
        await pilot.pause(0.1)
        await wait_for(pilot, lambda: not app.keys_in_hand, timeout=60, what="every key of the bursts handled")
        here = timeline.index
        await settled(pilot, timeline, here, "a rest")
        assert app.screen.query_one(BoardView).step == timeline.steps[here]  # a lazy sequence: equal, not the same
        assert app.screen.query_one("#timeline-steps").highlighted_option.id == str(here)
