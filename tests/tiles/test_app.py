"""The tiles family in the app: typing, sliding, shuffling, solving at 80x24."""
from puzzles import registry
from puzzles.tiles.parity import unsolvable_reason
from tests.tui.helpers import wait_for
from tui.app import PuzzleApp
from tui.screens.ask import Ask
from tui.widgets.board import BoardView
from tui.widgets.stats import StatsPane
from tui.widgets.timeline import Timeline


async def test_edit_and_solve_an_eight_puzzle(pdb_cache):
    family = registry.get("tiles")
    preset = next(p for p in family.presets if p.id == "hardest-8a")
    app = PuzzleApp("tiles", family.parse(preset.text), preset.id, warm=False)
    async with app.run_test(size=(80, 24)) as pilot:
        board = app.screen.query_one(BoardView)
        stats = app.screen.query_one(StatsPane)
        timeline = app.screen.query_one(Timeline)
        session = board.session
        assert session.board.at((0, 0)) == 8
        await pilot.press("1")  # 1 to the cursor's cell, 8 to where 1 was
        assert session.board.at((0, 0)) == 1 and session.board.at((2, 2)) == 8
        await pilot.press("ctrl+z")
        assert session.board.at((0, 0)) == 8
        await pilot.press("down", "down", "space")  # 3 at 1,3 slides right into the blank
        assert session.board.blank == (0, 2) and session.board.at((1, 2)) == 3
        assert "ready to solve" in str(board.render().renderables[-1])
        drawn = str(board.render().renderables[0])
        assert all(str(t) in drawn for t in range(1, 9))
        await pilot.press("f5")
        await wait_for(pilot, lambda: len(timeline.steps) > 1, what="a solution")
        assert str(stats.outcome) == "30 moves, shortest, by IDA* with the 4-4 pattern databases"
        await pilot.press("end")
        assert board.step.board.solved()
        before = session.board
        await pilot.press("f2", "s")  # shuffle, while the last step is shown: the app asks which board
        assert isinstance(app.screen, Ask)
        await pilot.press("c")  # continue from the step shown: the shuffle starts from it
        assert len(timeline.steps) == 0
        assert session.board != before and unsolvable_reason(session.board) is None
