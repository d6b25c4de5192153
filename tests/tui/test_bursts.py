"""Keys that arrive in one burst (a paste, a slow SSH link) act in the order they were typed."""
from textual import events

from tests.tui.helpers import preset_app, wait_for


def burst(app, *keys: str) -> None:
    """Queue the keys as the terminal driver does, without waiting for any to be handled."""
    for key in keys:
        app.post_message(events.Key(key, key if len(key) == 1 else None))


async def test_f5_at_the_end_of_a_burst_solves_with_the_form_as_the_burst_left_it():
    app = preset_app("klotski", "hengdao-lima")
    async with app.run_test(size=(80, 24)) as pilot:
        burst(app, "f3", "right", "right", "right", "f5")  # algorithm: bfs -> idastar, then solve
        await wait_for(pilot, lambda: app.screen.solution is not None, what="the solution")
        assert app.screen.query_one("#solver").settings()[0] == "idastar"
        assert app.screen.solution.solver == "idastar"


async def test_digits_and_backspace_of_one_burst_edit_a_number_in_order():
    app = preset_app("klotski", "hengdao-lima")
    async with app.run_test(size=(80, 24)) as pilot:
        form = app.screen.query_one("#solver-form")
        row = next(i for i, f in enumerate(form.fields) if f.name == "max_states")
        burst(app, "f3", *["down"] * row, "1", "2", "backspace", "3", "0", "backspace", "backspace", "7")
        await wait_for(pilot, lambda: form.fields[row].value == 17, what="state cap 17 (12, erase, 30, erase twice, 7)")


async def test_a_new_algorithms_rows_take_the_keys_after_it_in_a_burst():
    """IDA* has a heuristic row where the best-optimal solver has its databases: the arrow typed
    after the algorithm's must change the heuristic."""
    app = preset_app("tiles", "hardest-8a")
    async with app.run_test(size=(80, 24)) as pilot:
        solver = app.screen.query_one("#solver")
        assert solver.settings()[0] == "auto"
        burst(app, "f3", "right", "down", "right")

        def changed() -> bool:  # beyond the algorithm: one row or the other
            solver_id, options, _ = solver.settings()
            return solver_id == "idastar" and (options["heuristic"] != "pdb" or options["pdb"] != "auto")

        await wait_for(pilot, changed, timeout=10, what="a row changed after the algorithm")
        solver_id, options, _ = solver.settings()
        assert solver_id == "idastar" and options["pdb"] == "auto"
        assert solver.form.current.name == "heuristic"
        await pilot.pause()
        # the note explains the row under the cursor, changed or not
        assert str(app.screen.query_one("#solver-note").render()).startswith("heuristic:")


async def test_a_race_columns_new_rows_take_the_keys_after_it_in_a_burst():
    app = preset_app("tiles", "hardest-8a")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f6")
        lane = app.screen.lanes[0]
        form = lane.query_one("OptionsForm")
        before = lane.settings()["solver"]
        burst(app, "right", "down", "right")  # the next solver, its first option, that option's next choice

        def changed() -> list[str]:  # the new solver's options off their defaults
            values = lane.settings()
            solver = lane._solver(values)
            return [o.name for o in solver.options if values[o.name] != o.default] if solver.id != before else []

        await wait_for(pilot, changed, timeout=10, what="an option changed after the solver")
        first = lane._solver(lane.settings()).options[0]
        assert changed() == [first.name] and form.current.name == first.name
        await pilot.press("escape")


async def test_keys_after_a_pane_key_reach_that_pane():
    app = preset_app("klotski", "hengdao-lima")
    async with app.run_test(size=(80, 24)) as pilot:
        burst(app, "f3", "right")
        # on a loaded machine one pause may come before the burst is handled: wait for its effect
        await wait_for(pilot, lambda: app.screen.query_one("#solver").settings()[0] == "bibfs",
                       what="the next solver chosen in the Solver pane")
        assert app.focused is app.screen.query_one("#solver-form")


async def test_f5_at_the_end_of_a_burst_starts_the_race_the_columns_show():
    app = preset_app("klotski", "hengdao-lima")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f6")
        screen = app.screen
        first = screen.lanes[0].settings()["solver"]
        burst(app, "right", "f5")  # the first column's solver, then start
        await wait_for(pilot, lambda: screen.race is not None, what="the race")
        ran = screen.entries[0].solver.id
        assert ran != first and ran == screen.lanes[0].settings()["solver"]
        await pilot.press("escape")


async def test_play_takes_best_moves_and_arrows_of_one_burst_in_order():
    from tests.tui.helpers import play_with_a_new_table
    app = preset_app("tiles", "hardest-8a")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await play_with_a_new_table(pilot, "181,440 positions")
        play = screen.play
        for _ in range(3):
            play.play(play.best())
        arrow = next(m.move.arrow for m in play.marked() if m.move.arrow)  # a move open after three best ones
        for _ in range(3):
            play.undo()
        burst(app, "space", "space", "space", arrow)
        await wait_for(pilot, lambda: play.count == 4, timeout=10, what="four moves")
        assert screen.sub_title.endswith("· 4 made")
