"""Nothing cut at 80x24 or 60x20: the lines under the board wrap, the title gives up its aside, the
settings say what their 0 means, and the footer keeps the keys a person needs most."""
import pytest

from puzzle_explorer.tui.model.live import LiveStep
from puzzle_explorer.tui.textual_compat import HeaderTitle
from puzzle_explorer.tui.widgets.board import BoardView
from puzzle_explorer.tui.widgets.footer import KeyFooter
from tests.tui.helpers import klotski_app, preset_app, screen_text

LIVE = "depth 45 · g 45 h 2 f 47 · bound 47 · the deepest reached 46 · nodes at this bound 12,345"


def drawn_lines(board: BoardView) -> list[str]:
    console = board.app.console
    lines = console.render_lines(board.render(), console.options.update_width(board.size.width), pad=False)
    return ["".join(segment.text for segment in line).rstrip() for line in lines]


@pytest.mark.parametrize("size", [(80, 24), (60, 20)])
async def test_the_live_line_wraps_and_keeps_its_bound(size):
    """klotski's IDA* line lost its bound at 80x24 ("… g 45 h 2 f 47 …")."""
    app = preset_app("klotski", "hengdao-lima")
    async with app.run_test(size=size) as pilot:
        board = app.screen.query_one(BoardView)
        board.step = LiveStep(LIVE, board.session.board)
        await pilot.pause()
        lines = drawn_lines(board)
        assert len(lines) <= board.size.height  # the pane shows every line
        assert " ".join(" ".join(lines).split()).endswith(LIVE)


@pytest.mark.parametrize("size", [(80, 24), (60, 20)])
async def test_the_die_unfolded_under_the_board_leaves_room_for_the_lines_under_it(size):
    """The die's drawing adds the unfolded die and a legend under its cells. At 60x20 they pushed the
    step's line off the pane's foot and ran past its right edge ("mark ♥ faces no", "○ d")."""
    from puzzle_explorer.core.run.progress import SearchControl
    from puzzle_explorer.core.run.search import Limits

    app = preset_app("die", "classic-8x8")
    async with app.run_test(size=size) as pilot:
        board = app.screen.query_one(BoardView)
        family = board.session.family
        step = family.solve(board.session.board, "dfs", {}, SearchControl(), Limits()).steps[3]
        board.step = step
        await pilot.pause()
        lines = drawn_lines(board)
        assert len(lines) <= board.size.height and max(map(len, lines)) <= board.size.width
        text = " ".join(" ".join(lines).split())
        assert text.endswith(" ".join(f"cursor 1,1 {step.label}".split()))  # the step's line, whole
        assert "mark: ↑N ↓S →E ←W ● up ○ down" in text and "top shows" in text


async def test_a_long_title_gives_up_its_aside_before_the_board_name():
    """link's title ran past 80 columns once "(edited)" followed the board's name."""
    app = preset_app("link", "the-game")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("m")  # an edit
        await pilot.pause()
        title = app.screen.query_one(HeaderTitle)
        assert str(title.render()) == "Link paths — the-game (edited)"
        await pilot.resize_terminal(140, 24)
        await pilot.pause()
        assert str(title.render()).endswith("Shisen-Sho) — the-game (edited)")


async def test_numbers_left_at_zero_say_none_or_auto():
    app = klotski_app("AAb/AA./c.d")
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.press("f3", *["right"] * 4)  # census: engine and workers
        await pilot.pause()
        shown = screen_text(app)
        assert "workers         auto" in shown and "state cap       none" in shown


@pytest.mark.parametrize("size", [(80, 24), (60, 20)])
async def test_the_footer_keeps_help_quit_and_solve(size):
    app = preset_app("klotski", "hengdao-lima")
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        await pilot.pause()
        footer = app.screen.query_one(KeyFooter)
        shown = {getattr(c, "action", "") for c in footer.children if c.display}
        assert {"help", "quit", "solve"} <= shown
        if size == (80, 24):  # and every key of the board's editor, and the way back to the families
            assert {"edit('place')", "edit('delete')", "edit('target')", "edit('goal')", "brush", "families"} <= shown
        await pilot.press("f4")  # the timeline: its arrows
        await pilot.pause()
        await pilot.pause()
        labels = [str(c.render()) for c in footer.query("FooterLabel") if c.display]
        assert "Step" in labels
