"""The command palette reads its entries off the bindings: titles from their descriptions, help from
their tooltips and keys (as the keymap has them), only what applies now, and each runs its action."""
from puzzle_explorer.tui.screens.help import HelpScreen
from puzzle_explorer.tui.widgets.form import OptionsForm
from tests.tui.helpers import klotski_app, palette, preset_app, press_each, solve, wait_for
from tests.tui.test_keys_and_dialogs import write_keymap


async def test_every_binding_of_the_screen_and_its_panes_is_a_command():
    app = klotski_app("AAb/AA./c.d")
    async with app.run_test(size=(100, 40)):
        offered = await palette(app)
        for title in ("Solve", "Undo", "Redo", "Save", "Open", "New board", "Race", "Families",
                      "Go to the board pane", "Go to the solver pane", "Go to the timeline pane",
                      "Board: Overview", "Board: Brush", "Board: Place", "Board: Wider",
                      "Timeline: Back", "Timeline: Play/pause", "Timeline: Faster", "Help", "Quit", "Keys"):
            assert title in offered, title
        # a family's actions that share a word are told apart by what they do
        assert offered["Board: move the piece under the cursor up"] == "Move the piece under the cursor up (Shift+↑)"
        # a motion (the cursor's arrows) and the form's keys, which act where its cursor is, are no commands
        assert not any(t.startswith(("Board: Cursor", "Board: Page", "Solver")) for t in offered)
        # what does not apply now is left out: nothing to freeze or follow before a search
        for title in ("Cancel", "Freeze", "Search/solution", "Hardest start", "Timeline: Next solution"):
            assert title not in offered
        assert list(offered).count("Quit") == 1  # Textual's own, which runs the app's quit


async def test_the_commands_that_apply_change_with_the_state():
    app = preset_app("klotski", "yusheng-xili")
    async with app.run_test(size=(80, 24)) as pilot:
        await solve(pilot)
        offered = await palette(app)
        assert "Search/solution" in offered and "Freeze" not in offered


async def test_the_keymap_shows_in_the_help_of_each_command(user_dirs):
    write_keymap(user_dirs, "solve = f9\ntimeline.play = space,p\n")
    app = klotski_app("AAb/AA./c.d")
    async with app.run_test(size=(80, 24)):
        offered = await palette(app)
        assert offered["Solve"] == "Run the chosen solver on the board (F9)"
        assert offered["Timeline: Play/pause"] == "Play the solution step by step (Space p)"


async def test_a_command_picked_in_the_palette_runs_its_binding():
    app = klotski_app("AAb/AA./c.d")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("ctrl+p")
        await press_each(pilot, *"go to the solver pane")
        await pilot.pause(0.3)  # the palette searches in the background
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.focused, OptionsForm), timeout=10, what="the solver form")


async def test_a_dialog_offers_its_own_keys():
    app = klotski_app("AAb/AA./c.d")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        offered = await palette(app)
        assert offered["Close"] == "Esc" and "Solve" not in offered  # the first key of a binding of several
