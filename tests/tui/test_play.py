"""Play mode and the hardest start in the app: the best move all the way to the goal, marks that
tell the truth, undo move by move, the histogram in the Stats pane."""
from puzzle_explorer.core.run.progress import SearchControl
from puzzle_explorer.core.run.search import Limits
from puzzle_explorer.puzzles import registry
from puzzle_explorer.tui.model.play import FARTHER
from puzzle_explorer.tui.screens.ask import Ask
from puzzle_explorer.tui.screens.play import PlayScreen
from puzzle_explorer.tui.widgets.stats import StatsPane
from tests.tui.helpers import notices, play_with_a_new_table, preset_app, press_each, wait_for


def footer_actions(app) -> list[str]:
    """The actions whose keys the footer shows now."""
    return [getattr(k, "action", None) for k in app.screen.query("FooterKey") if k.display]


def optimal(board, convention="free"):
    family = registry.get("klotski")
    return family.solve(board, "bibfs", {"moves": convention}, SearchControl(), Limits()).length


async def test_best_move_from_hengdao_lima_reaches_the_goal_in_the_fewest_moves():
    app = preset_app("klotski", "hengdao-lima")
    async with app.run_test(size=(80, 24)) as pilot:
        board = app.screen.session.board
        screen = await play_with_a_new_table(pilot, "at most 65,880 positions")
        shortest = optimal(board)
        assert screen.play.distance == shortest == 81
        assert screen.sub_title == "81 moves to the goal · 0 made"
        await pilot.press("space")
        after_best = screen.play.board
        assert screen.sub_title == "80 moves to the goal · 1 made"
        # a farther move (another piece's, so that it counts as a move of its own) shows one more
        farther = next(m for m in screen.play.marked()
                       if m.effect == FARTHER and m.move.arrow and m.move.piece != screen.play.piece)
        await pilot.press(farther.move.piece, farther.move.arrow)
        assert screen.play.distance == 81 and screen.sub_title == "81 moves to the goal · 2 made"
        await pilot.press("backspace")
        assert screen.play.board == after_best and screen.sub_title == "80 moves to the goal · 1 made"
        await press_each(pilot, *["space"] * (shortest - 1))
        assert screen.play.solved and screen.play.count == shortest
        assert screen.sub_title == "solved! · 81 made"
        assert any("Solved in 81 moves: the shortest way" in n for n in notices(app))
        await pilot.press("escape")
        assert not isinstance(app.screen, PlayScreen) and app.screen.session.board == board


async def test_the_hardest_start_one_key_away_and_the_bars_in_the_stats_pane():
    app = preset_app("klotski", "hengdao-lima")
    async with app.run_test(size=(80, 24)) as pilot:
        main = app.screen
        assert "hardest" not in footer_actions(app)  # nothing to load yet: not offered
        await pilot.press("ctrl+t")
        assert main.session.board == main.session.saved
        main._start("distances", {"moves": "unit", "scope": "component", "keep": True, "hardest": 2}, Limits())
        await wait_for(pilot, lambda: main.table is not None and main.hardest, timeout=120, what="the census")
        await wait_for(pilot, lambda: "hardest" in footer_actions(app), timeout=5, what="Ctrl+T in the footer")
        bars = str(main.query_one(StatsPane).query_one("#stats-distances").render())
        rows = bars.splitlines()
        assert sum(int(r.split()[-1].replace(",", "")) for r in rows) == 25_955  # every position in a bar
        assert all(len(r) <= 40 for r in rows)  # the side pane's width
        far = main.solution.details["census"]["max_distance"]
        await pilot.press("ctrl+t")
        hardest = main.session.board
        assert main.family.format(hardest) != main.family.format(main.session.saved)
        assert optimal(hardest, "unit") == main.table.distance(hardest) == far
        await pilot.press("ctrl+z")
        assert main.session.board == main.session.saved


def test_rolling_cubes_by_arrow_and_best_move_on_cube8():
    from puzzle_explorer.puzzles.cube8.presets import BY_ID
    from puzzle_explorer.tui.model.play import Play
    family = registry.get("cube8")
    board = family.parse(BY_ID["three-rolls"].text)
    sol = family.solve(board, "distances", {"keep": True}, SearchControl(), Limits())
    play = Play(family.distances, {}, sol.table, board)
    assert play.piece == "" and play.distance == 3
    marked = play.marked()
    assert {m.move.arrow for m in marked} <= {"up", "down", "left", "right"} and len(marked) in (2, 3, 4)
    for m in marked:  # each mark is what a solve from the board after it says
        assert family.solve(m.move.board, "bibfs", {}, SearchControl(), Limits()).length == m.distance
    worse = next(m for m in marked if m.effect == FARTHER)
    play.play(play.by_arrow(worse.move.arrow))
    assert play.distance == 4 and play.count == 1
    assert play.undo() and play.board == board and play.count == 0 and not play.undo()
    while not play.solved:
        play.play(play.best())
    assert play.count == 3


def test_a_free_slide_in_steps_is_one_move():
    from puzzle_explorer.tui.model.play import Play
    family = registry.get("klotski")
    board = family.parse("A../.../...\ntarget: A\ngoal: 3,3")
    sol = family.solve(board, "distances", {"moves": "free", "keep": True}, SearchControl(), Limits())
    play = Play(family.distances, {"moves": "free"}, sol.table, board)
    assert play.distance == 1
    play.play(play.by_arrow("right"))
    play.play(play.by_arrow("down"))
    assert play.count == 1 and play.distance == 1  # the same piece again: still the first move


async def test_without_a_table_each_mark_is_a_search():
    from puzzle_explorer.tui.model.play import SearchedDistances
    app = preset_app("klotski", "hengdao-lima")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f9")
        await wait_for(pilot, lambda: isinstance(app.screen, Ask), what="the offer to build a table")
        await pilot.press("s")
        await wait_for(pilot, lambda: isinstance(app.screen, PlayScreen), timeout=120, what="play mode")
        screen = app.screen
        assert isinstance(screen.play.table, SearchedDistances)
        # the searches run off the event loop: the board is drawn first, the marks when found
        await wait_for(pilot, lambda: screen.sub_title == "81 moves to the goal · 0 made", timeout=60,
                       what="the start's distance")
        marks = [(m.move.label, m.distance) for m in screen.play.marked()]
        await pilot.press("space")
        await wait_for(pilot, lambda: screen.sub_title == "80 moves to the goal · 1 made", timeout=60,
                       what="the best move's distance")
        family = registry.get("klotski")
        sol = family.solve(screen.play.start, "distances", {"moves": "free", "keep": True}, SearchControl(),
                           Limits())
        assert marks == [(m.label, sol.table.distance(m.board))
                         for m in family.distances.moves(screen.play.start, {"moves": "free"})]
