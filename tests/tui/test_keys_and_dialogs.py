"""Keys as people write them and as the keymap has them; the Open and Save dialogs; the Footer."""
import pytest
from textual.widgets import Button, Input, Label

from puzzle_explorer.core.folders import data_dir
from puzzle_explorer.puzzles import registry
from puzzle_explorer.tui.app import PuzzleApp, read_keymap
from puzzle_explorer.tui.keys import ids_label, key_label, keys_label
from puzzle_explorer.tui.model import storage
from puzzle_explorer.tui.widgets.board import BoardView
from puzzle_explorer.tui.widgets.footer import KeyFooter
from tests.tui.helpers import klotski_app, notices, palette, preset_app, press_each, wait_for


def test_keys_read_as_people_write_them():
    assert [key_label(k) for k in ("left_square_bracket", "right_curly_bracket", "left", "f5", "ctrl+z",
                                   "escape", "shift+down", "question_mark", "K", "space")] == [
        "[", "}", "←", "F5", "Ctrl+Z", "Esc", "Shift+↓", "?", "K", "Space"]
    assert keys_label(["up", "down", "left", "right"]) == "↑↓←→"
    assert keys_label(["plus", "equals_sign"]) == "+ ="
    assert ids_label(["board.up", "board.down"]) == "board.up/down"
    assert ids_label(["solve"]) == "solve"


def test_the_keymap_file_reads_ids_and_keys_and_skips_the_rest(tmp_path):
    path = tmp_path / "keymap.txt"
    assert read_keymap(path) == {}  # none yet: the app's own keys
    path.write_text("# my keys\nsolve = f9   # the F-key I use\n\n  edit.place=P  \nnot a binding\n"
                    "= f3\nundo =\ntimeline.play = space,p\n", encoding="utf-8")
    assert read_keymap(path) == {"solve": "f9", "edit.place": "P", "timeline.play": "space,p"}
    path.write_bytes(b"solve = f9\n\xff\xfe broken\n")  # not UTF-8: ignored whole, the app still starts
    assert read_keymap(path) == {}


def write_keymap(user_dirs, text: str) -> None:
    folder = user_dirs / "config" / "puzzle-explorer"
    folder.mkdir(parents=True)
    (folder / "keymap.txt").write_text(text)


async def test_the_keymap_moves_app_and_family_keys_and_the_hints_follow(user_dirs):
    write_keymap(user_dirs, "solve = f9\nedit.place = P\n")
    app = klotski_app()
    async with app.run_test(size=(80, 24)) as pilot:
        board = app.screen.query_one(BoardView)
        assert str(app.screen.query_one("#solve", Button).label) == "Solve F9"
        assert "F9 solves" in str(app.screen.query_one("#stats-head").render())
        await pilot.press("p")  # no longer Place
        assert not board.session.board.pieces
        await pilot.press("P")
        assert len(board.session.board.pieces) == 1
        rows = app.binding_rows(board)
        assert ("P", "place a piece (brush shape) at the cursor", "edit.place") in rows
        footer = app.screen.query_one(KeyFooter)
        await pilot.resize_terminal(90, 24)
        await pilot.pause()
        shown = [c.key for c in footer.children if c.display]
        assert "f9" in shown and "P" in shown


async def test_help_lists_the_arrows_once_and_the_solver_keys_once():
    app = klotski_app("AAb/AA./c.d")
    async with app.run_test(size=(80, 24)):
        from puzzle_explorer.tui.widgets.form import OptionsForm
        board_rows = app.binding_rows(app.screen.query_one(BoardView))
        assert [r[0] for r in board_rows].count("↑↓←→") == 1
        assert not any(r[0] in ("↑", "up") for r in board_rows)
        assert ("]", "board one column wider", "edit.wider") in board_rows
        form_rows = app.binding_rows(app.screen.query_one(OptionsForm))
        assert [r[0] for r in form_rows] == ["↑↓", "←→", "Space", "Backspace", "0 1 2 3 4 5 6 7 8 9", "."]
        commands = await palette(app)
        assert commands["Board: Wider"] == "Board one column wider (])"
        assert commands["Solve"].endswith("(F5)")


@pytest.mark.parametrize("size", [(80, 24), (60, 20), (160, 50)])
@pytest.mark.parametrize("family_id", ["klotski", "cube8", "die", "knights", "link", "tiles"])
async def test_footer_keys_are_whole_and_solve_is_among_them(size, family_id):
    family = registry.get(family_id)
    app = PuzzleApp(family_id, family.parse(family.presets[0].text), None, warm=False)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        await pilot.pause()
        footer = app.screen.query_one(KeyFooter)
        shown = [c for c in footer.children if c.display]
        assert any(getattr(c, "action", "") == "solve" for c in shown)
        assert max(c.region.right for c in shown) <= footer.region.right


async def test_footer_keys_stay_whole_beneath_a_dialog():
    """A dialog over the main screen recomposes the footer beneath it, which then shows through."""
    from puzzle_explorer.tui.screens.ask import Answer, Ask
    family = registry.get("tiles")
    app = PuzzleApp("tiles", family.parse(family.presets[0].text), None, warm=False)
    async with app.run_test(size=(60, 20)) as pilot:
        main = app.screen
        await pilot.press("down", "right", "space")  # the editor's keys join the footer
        app.push_screen(Ask("keep going?", [Answer("y", "yes", "yes")]))
        await pilot.pause()
        await pilot.pause()
        footer = main.query_one(KeyFooter)
        shown = [c for c in footer.children if c.display]
        assert sum(footer._width(c) for c in shown) <= footer.content_region.width


@pytest.mark.realtime
async def test_a_footer_beneath_a_covering_screen_stops_measuring(monkeypatch):
    """The main screen's footer under the race screen is never laid out: waiting on it for ever
    kept a core busy (tens of thousands of measures a second)."""
    calls = []
    fit = KeyFooter._fit
    monkeypatch.setattr(KeyFooter, "_fit", lambda self: (calls.append(self.screen if self.is_attached else None),
                                                         fit(self)))
    app = preset_app("klotski", "yusheng-xili")
    async with app.run_test(size=(80, 24)) as pilot:
        main = app.screen
        await pilot.press("f6")
        await pilot.pause(0.3)
        calls.clear()
        await pilot.pause(1.0)
        assert calls.count(main) <= 20, f"{calls.count(main)} measures in a second of idling"
        await pilot.press("escape")  # back on top, the footer fits its keys again (after a refresh or two)
        footer = main.query_one(KeyFooter)

        def fitted() -> bool:
            shown = [c for c in footer.children if c.display]
            return (len(shown) > 5 and all(footer._width(c) > 0 for c in shown)
                    and sum(footer._width(c) for c in shown) <= footer.content_region.width)

        await wait_for(pilot, fitted, timeout=10, what="the footer's keys fitted")


async def test_bindings_changed_several_times_in_one_step_rebuild_the_footer_once(monkeypatch):
    """A finished search refreshes the bindings three times in one message; each rebuild of the keys
    cost a tenth of a second, with the answer waiting behind them."""
    rebuilds = []
    recompose = KeyFooter.recompose

    async def counted(self):
        rebuilds.append(self)
        await recompose(self)

    monkeypatch.setattr(KeyFooter, "recompose", counted)
    app = preset_app("klotski", "yusheng-xili")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        rebuilds.clear()
        for _ in range(3):
            app.screen.refresh_bindings()
        await pilot.pause()
        await pilot.pause()
        assert len(rebuilds) == 1
        app.screen.refresh_bindings()  # a later change still rebuilds
        await pilot.pause()
        await pilot.pause()
        assert len(rebuilds) == 2
        footer = app.screen.query_one(KeyFooter)
        assert any(getattr(c, "action", "") == "solve" for c in footer.children if c.display)


async def test_open_a_board_by_its_path(tmp_path):
    path = tmp_path / "mine.txt"
    path.write_text("AAb\nAA.\nc.d\n")
    app = klotski_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("ctrl+o")
        await pilot.press("tab")  # from the list to the path
        await press_each(pilot, *str(path), "enter")
        board = app.screen.query_one(BoardView)
        assert board.session.board.piece("A") is not None and board.session.name == "mine"
        await pilot.press("ctrl+o")
        await pilot.press("tab")  # from the list to the path
        await press_each(pilot, *str(tmp_path / "none.txt"), "enter")
        assert board.session.name == "mine"  # refused with a notice, board kept


async def test_save_dialog_shows_the_family_folder():
    app = klotski_app("AAb/AA./c.d")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("ctrl+s")
        folder = str(app.screen.query_one("#save-folder", Label).render())
        assert folder.endswith(str(storage.boards_dir("klotski").relative_to(data_dir().parent)))
        assert app.screen.query_one(Input).value == ""


async def test_link_board_says_what_the_path_solver_needs():
    link = registry.get("link")
    app = PuzzleApp("link", link.parse("AB\nBA"), None, warm=False)
    async with app.run_test(size=(80, 24)) as pilot:
        board = app.screen.query_one(BoardView)
        assert "path needs two marked cells" in str(board.render().renderables[-1])
        await pilot.press("f5")  # refused at once, with no search (and no compile) started
        await pilot.pause()
        assert app.screen.job is None
        assert any("cannot solve yet: path needs two marked cells" in n for n in notices(app))
        await pilot.press("m", "right", "down", "m")
        assert "ready to solve" in str(board.render().renderables[-1])
        await pilot.press("f3", "right")  # clear: runs on any valid board
        await pilot.press("f2", "c")  # unmark
        assert "ready to solve" in str(board.render().renderables[-1])
