"""The app as a user drives it: keys in, what the panes show out."""
import io
import time

import pytest
from rich.console import Console

from puzzle_explorer.core.run.progress import Phase
from puzzle_explorer.puzzles.klotski.presets import BY_ID
from puzzle_explorer.tui.model import storage
from puzzle_explorer.tui.screens.ask import Ask
from puzzle_explorer.tui.screens.help import HelpScreen
from puzzle_explorer.tui.widgets.board import BoardView
from puzzle_explorer.tui.widgets.stats import StatsPane
from puzzle_explorer.tui.widgets.timeline import Timeline
from tests.tui.helpers import JobEnd, klotski_app, palette, preset_app, press_each, screen_text, wait_for

SIZES = [(80, 24), (132, 43)]


def panes(app):
    screen = app.screen
    return screen.query_one(BoardView), screen.query_one(StatsPane), screen.query_one(Timeline)


@pytest.mark.parametrize("size", SIZES)
async def test_edit_a_board_with_keys(size):
    app = klotski_app()
    async with app.run_test(size=size) as pilot:
        board, _, _ = panes(app)
        session = board.session
        assert session.problem() is not None  # an empty board has no target
        await pilot.press("p")  # a 2x2 at 1,1
        await pilot.press("b", "right", "right", "p")  # brush 1x2, at 3,1
        assert session.board.piece_at((0, 0)).shape == (2, 2)
        assert session.board.piece_at((2, 1)).shape == (1, 2)
        await pilot.press("shift+down")  # move the 1x2 down one
        assert session.board.piece_at((2, 2)) is not None and session.board.piece_at((2, 0)) is None
        assert session.problem() is None  # the 2x2 is the unique largest: a target
        await pilot.press("ctrl+z")
        assert session.board.piece_at((2, 0)) is not None
        await pilot.press("ctrl+y")
        assert session.board.piece_at((2, 2)) is not None
        await pilot.press("left", "left", "p")  # a piece where one stands: refused, board kept
        assert "in the way" in board.message
        assert len(session.board.pieces) == 2
        assert "in the way" in str(board.render().renderables[-1])
        await pilot.press("right")  # moving on clears the message; the board is valid
        assert "ready to solve" in str(board.render().renderables[-1])
        # the whole drawing fits the pane: the 4x5 board, then its size and the cursor, then the note
        width, height = board.content_size
        lines = Console(width=width, color_system=None, record=True, file=io.StringIO())
        lines.print(board.render())
        drawn = lines.export_text().rstrip("\n").split("\n")
        assert len(drawn) <= height
        assert drawn[-2] == "4x5  cursor 2,2  brush 1x2" and drawn[-1] == "✓ ready to solve"
        assert sum(1 for line in drawn if "A" in line or "B" in line) >= 2  # both pieces drawn above


@pytest.mark.realtime
@pytest.mark.parametrize("size", SIZES)
async def test_solve_and_scrub_the_timeline(size):
    app = klotski_app(BY_ID["yusheng-xili"].text, "yusheng-xili")
    async with app.run_test(size=size) as pilot:
        board, stats, timeline = panes(app)
        await pilot.press("f5")
        await wait_for(pilot, lambda: len(timeline.steps) > 1, what="a solution")
        assert str(stats.outcome) == "47 moves, shortest"
        assert len(timeline.steps) == 48
        assert board.step is timeline.steps[0]
        await pilot.press("right", "right")
        assert timeline.index == 2 and board.step is timeline.steps[2]
        assert "step 2/47" in str(app.screen.query_one("#timeline-head").render())
        await pilot.press("end")
        assert timeline.index == 47
        final = board.step.board
        assert (final.piece("A").x, final.piece("A").y) == (1, 3)
        await pilot.press("home")
        assert timeline.index == 0
        await pilot.press("plus", "plus", "plus", "space")  # 16 steps a second
        await wait_for(pilot, lambda: timeline.index >= 5, timeout=5, what="playback")
        await pilot.press("space")
        stopped = timeline.index
        await pilot.pause(0.3)
        assert timeline.index == stopped and not timeline.playing
        await pilot.press("pagedown")  # a page of the step list further
        assert timeline.index > stopped and board.step is timeline.steps[timeline.index]
        # editing a later step asks which board to edit; continuing from it clears the stale timeline
        await pilot.press("f2", "x")
        assert isinstance(app.screen, Ask)
        await pilot.press("c")
        assert len(timeline.steps) == 0 and board.step is None


@pytest.mark.realtime
async def test_live_stats_then_cancel():
    # every piece distinct: a census of ~15 million positions takes seconds
    app = klotski_app("NAAO/PAAQ/.BB./HIJK/HIJK")
    async with app.run_test(size=(80, 24)) as pilot:
        _, stats, _ = panes(app)
        await pilot.press("f3")  # the solver form: algorithm row
        await pilot.press("right", "right", "right", "right")  # bfs -> census
        await pilot.press("down", "left")  # moves: free -> straight
        await pilot.press("down", "space")  # distinct on
        solver = app.screen.query_one("#solver")
        assert solver.settings()[0] == "census" and solver.settings()[1]["distinct"] is True
        await press_each(pilot, "f5")  # pilot.press would wait seconds for the counting app to go idle
        await wait_for(pilot, lambda: stats.snapshot is not None and stats.snapshot.phase == Phase.SEARCHING
                       and stats.snapshot.expanded > 0, what="live counters")
        first = stats.snapshot.expanded
        await wait_for(pilot, lambda: stats.snapshot.expanded > first, timeout=5, what="counters moving")
        assert len(stats.history) >= 1
        note = app.screen.query_one("#solver-note")
        assert not note.display  # 24 rows: the solver's note gives its rows to the counters
        ended = JobEnd(app.screen.job)
        asked = time.monotonic()
        await pilot.press("escape")
        await wait_for(pilot, lambda: stats.outcome != "", timeout=5, what="the cancel")
        assert ended.wait(5) - asked < 1.0
        assert "cancelled" in str(stats.outcome)
        assert note.display


async def test_save_and_reload(user_dirs):
    app = klotski_app("AAb/AA./c.d")
    async with app.run_test(size=(80, 24)) as pilot:
        board, _, _ = panes(app)
        await pilot.press("ctrl+s")
        await pilot.press(*"mine", "enter")
        saved = storage.boards_dir("klotski") / "mine.txt"
        assert saved.exists() and "AAb" in saved.read_text()
        assert board.session.name == "mine" and not board.session.dirty
        await pilot.press("x")  # delete the 2x2 under the cursor
        assert board.session.board.piece("A") is None
        await pilot.press("ctrl+o")
        await pilot.press("enter")  # the saved board is listed first
        await pilot.press("d")  # the edits are discarded
        assert board.session.board.piece("A") is not None
        assert board.session.name == "mine"


async def test_unsaved_board_is_offered_on_the_next_start():
    app = klotski_app("AAb/AA./c.d")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("right", "right", "x")  # delete b
        edited = panes(app)[0].session.board
    copies = storage.recoveries().copies
    assert len(copies) == 1 and copies[0].family_id == "klotski"

    from puzzle_explorer.tui.app import PuzzleApp
    fresh = PuzzleApp(warm=False)
    async with fresh.run_test(size=(80, 24)) as pilot:
        boards = fresh.screen.query_one("#boards")
        await wait_for(pilot, lambda: boards.option_count > 0, what="the board list")
        assert "recover" in str(boards.get_option_at_index(0).prompt)
        await pilot.press("enter")  # family list -> board list
        await pilot.press("enter")  # the recovery entry
        await wait_for(pilot, lambda: fresh.screen.query(BoardView), what="the main screen")
        assert fresh.screen.query_one(BoardView).session.board == edited


async def test_help_and_command_palette_list_the_actions():
    app = klotski_app("AAb/AA./c.d")
    async with app.run_test(size=(100, 40)) as pilot:
        offered = await palette(app)
        for wanted in ("Solve", "Undo", "Redo", "Save", "Open", "New board", "Race", "Families", "Help", "Quit"):
            assert wanted in offered
        assert "Cancel" not in offered  # nothing runs to cancel
        assert offered["Save"] == "Save the board in your data directory (Ctrl+S)"
        assert offered["Board: Place"] == "Place a piece (brush shape) at the cursor (p)"
        assert offered["Timeline: Play/pause"] == "Play the solution step by step (Space)"
        await pilot.press("question_mark")
        help_screen = app.screen
        assert isinstance(help_screen, HelpScreen)
        sections = dict(help_screen.sections)
        assert list(sections) == ["Anywhere", "Main screen", "Board pane", "On the board", "Solver pane",
                                  "Timeline pane", "Keys"]
        assert ("○", "an empty cell the target covers at the goal", "") in sections["On the board"]
        assert ("?", "every key and what it does", "help") in sections["Anywhere"]
        assert ("F5", "run the chosen solver on the board", "solve") in sections["Main screen"]
        assert ("p", "place a piece (brush shape) at the cursor", "edit.place") in sections["Board pane"]
        assert ("Space", "play the solution step by step", "timeline.play") in sections["Timeline pane"]
        await pilot.pause()
        shown = screen_text(app)  # and on screen (the first sections; the rest scrolls)
        assert "Anywhere" in shown and "Main screen" in shown and "Solve" in shown and "Quit" in shown
        await pilot.press("escape")
        assert app.screen.query(BoardView)


async def test_a_long_tour_is_listed_a_window_at_a_time():
    """A 200x200 knight's tour has 40,000 steps: the list holds a window, and scrubbing reaches every step."""
    app = preset_app("knights", "big-200")
    async with app.run_test(size=(80, 24)) as pilot:
        board, _, timeline = panes(app)
        await pilot.press("f5")
        await wait_for(pilot, lambda: len(timeline.steps) > 1, what="a tour")
        listing = app.screen.query_one("#timeline-steps")
        assert len(timeline.steps) == 40_000 and listing.option_count <= 400
        await pilot.press("end")
        assert timeline.index == 39_999 and listing.get_option_at_index(listing.highlighted).id == "39999"
        cells = set()
        await pilot.press("home")
        while timeline.index < 350:  # pages down, inside the first window (its edge is at 360)
            await press_each(pilot, "pagedown")
        assert timeline.index < 360
        for _ in range(450 - timeline.index):  # then past the edge, a key at a time
            await press_each(pilot, "down")
        assert timeline.index == 450 and board.step.data["to"] is not None
        assert listing.get_option_at_index(listing.highlighted).id == "450"
        for i in (0, 449, 450):
            step = timeline.steps[i]
            cells.add(tuple(step.highlight))
        assert len(cells) == 3  # three different squares, one a step


async def test_a_resize_while_play_is_on_top_lays_the_main_screen_out_for_the_new_size():
    from tests.tui.helpers import play_with_a_new_table
    app = preset_app("tiles", "hardest-8a")
    async with app.run_test(size=(80, 24)) as pilot:
        main = app.screen
        await play_with_a_new_table(pilot, "181,440 positions")
        await pilot.resize_terminal(60, 20)
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is main
        assert all(pane.region.right <= 60 for pane in main.query("#board, #side, #solver, #stats"))
        # 20 rows keep the title bar; the timeline gives up its scrub bar for it
        assert main.query_one("Header").display and not main.query_one("#timeline-bar").display


@pytest.mark.parametrize("size, shown_away", [((80, 24), False), ((60, 20), False), ((160, 50), True)])
async def test_solver_note_shows_where_it_has_room_or_is_read(size, shown_away):
    """Under 30 rows the note shows only while the Solver pane has the focus (it explains the row
    under the cursor): elsewhere its six lines hid the answer at 80x24. Under 22 rows, never."""
    app = preset_app("tiles", "hardest-8a")
    async with app.run_test(size=size) as pilot:
        note = app.screen.query_one("#solver-note")
        await pilot.pause()
        assert note.display is shown_away
        await pilot.press("f3")
        assert note.display is (size[1] >= 22)
        await pilot.press("f2")
        assert note.display is shown_away


async def test_the_stats_labels_shorten_when_the_terminal_narrows_after_a_search():
    """Solved at 80x24, then narrowed to 60x20: the counters take their short labels rather than
    keeping the long ones, cut ('expan…')."""
    app = preset_app("klotski", "hengdao-lima")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f5")
        stats = app.screen.query_one(StatsPane)
        await wait_for(pilot, lambda: stats.solution is not None, what="the answer")
        await pilot.pause()
        assert "expanded" in screen_text(app)
        await pilot.resize_terminal(60, 20)
        await wait_for(pilot, lambda: "exp " in screen_text(app), timeout=10, what="short labels")
        assert "expan…" not in screen_text(app) and "nodes…" not in screen_text(app)
