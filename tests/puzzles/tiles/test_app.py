"""The tiles family in the app: typing, sliding, shuffling, solving at 80x24."""
from puzzle_explorer.puzzles import registry
from puzzle_explorer.puzzles.tiles.parity import unsolvable_reason
from puzzle_explorer.tui.app import PuzzleApp
from puzzle_explorer.tui.screens.ask import Ask
from puzzle_explorer.tui.widgets.board import BoardView
from puzzle_explorer.tui.widgets.stats import StatsPane
from puzzle_explorer.tui.widgets.timeline import Timeline
from tests.tui.helpers import wait_for


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


def footer_text(app) -> str:
    return " ".join(str(w.render()) for w in app.screen.query("KeyFooter *") if w.display)


async def test_play_the_best_slides_from_a_hardest_eight_puzzle(pdb_cache):
    from puzzle_explorer.core.run.progress import SearchControl
    from puzzle_explorer.core.run.search import Limits
    from puzzle_explorer.tui.model.play import FARTHER
    from puzzle_explorer.tui.screens.play import PlayScreen
    from tests.tui.helpers import notices, play_with_a_new_table, preset_app

    app = preset_app("tiles", "hardest-8a")
    async with app.run_test(size=(80, 24)) as pilot:
        board = app.screen.session.board
        screen = await play_with_a_new_table(pilot, "181,440 positions")
        shortest = registry.get("tiles").solve(board, "bibfs", {}, SearchControl(), Limits()).length
        assert screen.play.distance == shortest == 31
        assert screen.sub_title == "31 moves to the goal · 0 made"
        await pilot.pause()
        assert "slide into blank" in footer_text(app) and "Next piece" not in footer_text(app)
        await pilot.press("space")
        after_best = screen.play.board
        assert screen.sub_title == "30 moves to the goal · 1 made"
        farther = next(m for m in screen.play.marked() if m.effect == FARTHER)
        await pilot.press(farther.move.arrow)
        assert screen.play.distance == 31 and screen.sub_title == "31 moves to the goal · 2 made"
        await pilot.press("backspace")
        assert screen.play.board == after_best and screen.sub_title == "30 moves to the goal · 1 made"
        for _ in range(shortest - 1):
            await pilot.press("space")
        assert screen.play.board.solved() and screen.play.count == shortest
        assert screen.sub_title == "solved! · 31 made"
        assert any("Solved in 31 moves: the shortest way" in n for n in notices(app))
        await pilot.press("escape")
        main = app.screen
        assert not isinstance(main, PlayScreen) and main.session.board == board
        await pilot.press("ctrl+t")  # the census play built found the two hardest: one key loads one
        assert main.session.board.tiles in {(6, 4, 7, 8, 5, 0, 3, 2, 1), (8, 6, 7, 2, 5, 4, 3, 0, 1)}


async def test_a_fifteen_puzzle_has_no_table_but_a_search_per_mark(pdb_cache):
    from puzzle_explorer.tui.screens.play import PlayScreen
    from tests.tui.helpers import notices

    family = registry.get("tiles")
    app = PuzzleApp("tiles", family.parse("1 2 3 4/5 6 7 8/9 10 . 11/13 14 15 12"), None, warm=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f9")
        await wait_for(pilot, lambda: isinstance(app.screen, Ask), what="the offer")
        ask = app.screen
        assert "10,461,394,944,000 positions" in ask.question and [a.value for a in ask.answers] == ["search"]
        await pilot.press("s")
        await wait_for(pilot, lambda: isinstance(app.screen, PlayScreen), timeout=120, what="play mode")
        screen = app.screen
        # the searches run off the event loop: a second Space waits for the marks of the first move
        await wait_for(pilot, lambda: screen.sub_title == "2 moves to the goal · 0 made", timeout=60,
                       what="the start's distance")
        await pilot.press("space", "space")
        await wait_for(pilot, lambda: screen.sub_title == "solved! · 2 made", timeout=60, what="two best moves")
        assert screen.play.board.solved() and not any("stopped" in n for n in notices(app))
