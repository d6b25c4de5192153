"""Editing what you see: an edit while a later step is shown asks once which board to edit."""
import pytest

from puzzle_explorer.puzzles import registry
from puzzle_explorer.puzzles.klotski.presets import BY_ID
from puzzle_explorer.tui.screens.ask import Ask
from puzzle_explorer.tui.screens.main import MainScreen
from puzzle_explorer.tui.widgets.board import BoardView
from tests.tui.helpers import klotski_app, solve

KLOTSKI = registry.get("klotski")


def status_line(board: BoardView) -> str:
    return str(board.render().renderables[-2])


@pytest.fixture
async def solved():
    """The app on a solved board, showing step 5 of 47, the board pane focused."""
    app = klotski_app(BY_ID["yusheng-xili"].text, "yusheng-xili")
    async with app.run_test(size=(80, 24)) as pilot:
        timeline = await solve(pilot)
        board = app.screen.query_one(BoardView)
        for _ in range(5):
            await pilot.press("right")
        await pilot.press("f2")
        assert board.step is timeline.steps[5] and board.showing_other_board
        yield app, pilot, board, timeline


async def test_the_cursor_stays_in_the_status_line_while_a_step_is_shown(solved):
    app, pilot, board, timeline = solved
    await pilot.press("right", "down")
    assert board.step is timeline.steps[5]  # moving the cursor keeps the step on screen
    line = status_line(board)
    assert "cursor 2,2" in line and timeline.steps[5].label in line


async def test_continue_from_the_step_makes_it_the_start_and_edits_it(solved):
    app, pilot, board, timeline = solved
    start = board.session.board
    here = board.step.board
    piece = next(p for p in here.pieces if p not in start.pieces)  # one that has moved by step 5
    board.session.cursor = (piece.x, piece.y)
    await pilot.press("x")
    assert isinstance(app.screen, Ask)
    assert board.session.board == start  # nothing edited before the answer
    await pilot.press("c")
    assert isinstance(app.screen, MainScreen) and board.step is None and not timeline.steps
    edited = board.session.board
    assert KLOTSKI.format(edited) != KLOTSKI.format(here)
    assert len(edited.pieces) == len(here.pieces) - 1 and piece.letter not in {p.letter for p in edited.pieces}
    await pilot.press("ctrl+z")  # the step itself, as the new start
    assert board.session.board == here
    await pilot.press("ctrl+z")  # the board that was solved
    assert board.session.board == start and not board.session.dirty


async def test_back_to_the_start_edits_the_start_in_sight(solved):
    """The key that asked is kept: back at the start, which is on screen now, it edits that."""
    app, pilot, board, timeline = solved
    start = board.session.board
    await pilot.press("x", "s")
    assert isinstance(app.screen, MainScreen)
    assert board.session.board != start and board.session.board.piece_at((0, 0)) is None
    assert len(board.session.board.pieces) == len(start.pieces) - 1
    assert board.step is None and not timeline.steps and not board.showing_other_board
    await pilot.press("ctrl+z")  # the start, with its answer
    assert board.session.board == start and len(timeline.steps) == 48


async def test_esc_leaves_the_step_and_the_board_as_they_were(solved):
    app, pilot, board, timeline = solved
    start = board.session.board
    await pilot.press("x", "escape")
    assert isinstance(app.screen, MainScreen)
    assert board.session.board == start and board.step is timeline.steps[5] and len(timeline.steps) == 48


async def test_undo_while_a_later_step_is_shown_shows_the_start_first(solved):
    app, pilot, board, timeline = solved
    start = board.session.board
    await pilot.press("ctrl+z")
    assert board.session.board == start and timeline.index == 0 and not board.showing_other_board


async def test_an_edit_on_the_start_step_needs_no_question():
    app = klotski_app(BY_ID["yusheng-xili"].text, "yusheng-xili")
    async with app.run_test(size=(80, 24)) as pilot:
        await solve(pilot)
        board = app.screen.query_one(BoardView)
        await pilot.press("f2", "x")
        assert isinstance(app.screen, MainScreen) and board.session.board.piece_at((0, 0)) is None
        assert len(board.session.board.pieces) == len(KLOTSKI.parse(BY_ID["yusheng-xili"].text).pieces) - 1
