"""Edit bookkeeping: "(edited)", recovery copies one per board, damaged copies, an unwritable folder, leaving."""
import contextlib
import json
import os

import pytest

from puzzle_explorer.puzzles import registry
from puzzle_explorer.puzzles.klotski.presets import BY_ID
from puzzle_explorer.tui.app import PuzzleApp
from puzzle_explorer.tui.model import storage
from puzzle_explorer.tui.screens.ask import Ask
from puzzle_explorer.tui.screens.main import MainScreen
from puzzle_explorer.tui.screens.start import StartScreen
from puzzle_explorer.tui.widgets.board import BoardView
from tests.tui.helpers import klotski_app, notices, preset_app, wait_for

SMALL = "AAb/AA./c.d"


def copies(family_id: str | None = None):
    return [c for c in storage.recoveries().copies if family_id in (None, c.family_id)]


async def start_screen(pilot):
    app = pilot.app
    boards = app.screen.query_one("#boards")
    await wait_for(pilot, lambda: boards.option_count > 0, what="the board list")
    return boards


def board_list(boards) -> list[str]:
    return [str(boards.get_option_at_index(i).prompt) for i in range(boards.option_count)]


async def test_undo_back_to_the_opened_board_is_clean_and_keeps_no_copy():
    app = klotski_app(SMALL)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("right", "right", "x")  # delete b
        assert app.screen.sub_title.endswith("(edited)") and len(copies()) == 1
        await pilot.press("ctrl+z")
        assert "(edited)" not in app.screen.sub_title and copies() == []
        await pilot.press("ctrl+y")
        assert app.screen.sub_title.endswith("(edited)") and len(copies()) == 1
        await pilot.press("ctrl+z")
    assert copies() == []
    fresh = PuzzleApp(warm=False)
    async with fresh.run_test(size=(80, 24)) as pilot:
        boards = await start_screen(pilot)
        assert not any("recover" in line for line in board_list(boards))


async def test_saving_makes_the_board_clean_until_it_differs_again():
    app = klotski_app(SMALL)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("right", "right", "x")
        await pilot.press("ctrl+s", *"mine", "enter")
        assert "(edited)" not in app.screen.sub_title and copies() == []
        await pilot.press("ctrl+z")  # the board before the save: edited again
        assert app.screen.sub_title.endswith("(edited)") and copies()[0].source == "saved:mine"
        await pilot.press("ctrl+y")
        assert "(edited)" not in app.screen.sub_title and copies() == []


async def edit_and_close(app, keys=("right", "right", "x")):
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(*keys)
        return app.screen.session.board


async def test_one_copy_per_board_listed_on_the_start_screen():
    await edit_and_close(preset_app("klotski", "yusheng-xili"), ("x",))
    second = await edit_and_close(preset_app("klotski", "hengdao-lima"), ("x",))
    await edit_and_close(klotski_app(), ("p",))
    await edit_and_close(PuzzleApp("die", None, None, warm=False), ("right", "x"))
    assert len(copies("klotski")) == 3 and len(copies("die")) == 1
    app = PuzzleApp(warm=False)
    async with app.run_test(size=(80, 24)) as pilot:
        boards = await start_screen(pilot)
        lines = board_list(boards)
        recover = [line for line in lines if line.startswith("⟲")]
        assert len(recover) == 3
        assert any("yusheng-xili" in line for line in recover) and any("hengdao-lima" in line for line in recover)
        assert any("new board" in line for line in recover)
        assert all("ago" not in line for line in lines)  # times are absolute: a list may stay up for hours
        said = next(n for n in notices(app) if "unsaved edits of" in n)
        assert "4 boards kept (" in said and "klotski" in said and "die" in said and len(said) < 70  # short: it covers panes
        which = next(i for i, line in enumerate(lines) if "hengdao-lima" in line)
        await pilot.press("enter")  # families -> boards
        boards.highlighted = which
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, MainScreen), what="the main screen")
        assert app.screen.session.board == second and app.screen.session.dirty
        assert notices(app) == []  # the notice that offered it closed
        assert app.screen.session.name == "hengdao-lima"
        # it is an edit of the preset: matching the preset again would make it clean
        assert app.screen.session.saved == registry.get("klotski").parse(BY_ID["hengdao-lima"].text)


@contextlib.asynccontextmanager
async def reopened_with_its_copy():
    """A preset edited and left, then opened again as `open klotski --preset` does: the offer is up."""
    edited = await edit_and_close(preset_app("klotski", "yusheng-xili"), ("x",))
    app = preset_app("klotski", "yusheng-xili")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, Ask), what="the offer")
        yield app, pilot, edited


async def test_opening_a_board_directly_offers_its_copy():
    async with reopened_with_its_copy() as (app, pilot, edited):
        await pilot.press("r")
        assert app.screen.session.board == edited and app.screen.session.dirty
        assert "(edited)" in app.screen.sub_title and len(copies()) == 1
        await pilot.press("ctrl+z")  # back to the preset as it is: nothing left to recover
        assert not app.screen.session.dirty and copies() == []


async def test_declining_the_offer_keeps_the_copy_apart_from_new_edits():
    async with reopened_with_its_copy() as (app, pilot, edited):
        await pilot.press("escape")
        assert app.screen.session.board != edited
        await pilot.press("down", "x")  # a different edit of the same preset
        kept = copies()
        assert len(kept) == 2  # the first edit was not overwritten
        assert registry.get("klotski").format(edited) in {c.text for c in kept}


async def test_discarding_the_offer_removes_the_copy():
    async with reopened_with_its_copy() as (app, pilot, _):
        await pilot.press("d")
        assert copies() == [] and not app.screen.session.dirty


async def test_a_new_board_opened_directly_hears_of_other_copies():
    await edit_and_close(preset_app("die", "classic-8x8"), ("right", "x"))
    app = klotski_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await wait_for(pilot, lambda: any("unsaved edits of a board kept (die)" in n for n in notices(app)), timeout=5,
                       what="a notice of the die board's copy")
        assert isinstance(app.screen, MainScreen)
        await pilot.press("ctrl+left")  # to the families, where it is listed
        await wait_for(pilot, lambda: isinstance(app.screen, StartScreen), what="the start screen")
        await start_screen(pilot)
        assert "Unsaved edits were kept" in str(app.screen.query_one("#start-intro").render())


@pytest.mark.parametrize("damage", ["random bytes", "not json", "no board", "a board klotski cannot read"])
async def test_a_damaged_copy_is_set_aside_with_a_notice(damage):
    folder = storage.recovery_dir("klotski")
    folder.mkdir(parents=True)
    content = {
        "random bytes": os.urandom(300) + b"\xff\xfe",
        "not json": b"AAb\nAA.\n",
        "no board": json.dumps({"name": "x"}).encode(),
        "a board klotski cannot read": json.dumps({"name": None, "source": "new:", "board": "AAZ/A"}).encode(),
    }[damage]
    (folder / "new.json").write_bytes(content)
    (folder.parent / "cube8.txt").write_bytes(b"\xff\xfe\x00 an old copy, damaged too")
    for launch in range(2):  # never a crash, and not the same notice on every launch
        app = PuzzleApp(warm=False)
        async with app.run_test(size=(80, 24)) as pilot:
            boards = await start_screen(pilot)
            assert not any(line.startswith("⟲") for line in board_list(boards))
            said = [n for n in notices(app) if "set aside" in n]
            assert len(said) == (2 if launch == 0 else 0)
    assert (folder / "new.json.damaged").read_bytes() == content
    assert (folder.parent / "cube8.txt.damaged").exists()


async def test_an_old_copy_from_before_one_per_board_is_still_offered():
    storage.recovery_dir().mkdir(parents=True)
    (storage.recovery_dir() / "klotski.txt").write_text("mine\nAAb\nAA.\n..c\n", encoding="utf-8")
    app = PuzzleApp(warm=False)
    async with app.run_test(size=(80, 24)) as pilot:
        boards = await start_screen(pilot)
        assert any(line.startswith("⟲") and "mine" in line for line in board_list(boards))
    assert [c.source for c in copies()] == ["saved:mine"]


async def test_an_unwritable_data_folder_gives_a_notice_and_the_app_goes_on(tmp_path, monkeypatch):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the data folder would go")
    monkeypatch.setenv("PUZZLE_EXPLORER_DATA", str(blocker / "data"))
    app = klotski_app(SMALL)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("right", "right", "x")
        board = app.screen.query_one(BoardView)
        assert board.session.board.piece("B") is None
        await pilot.pause()
        warned = [n for n in notices(app) if "not backed up" in n]
        assert len(warned) == 1
        await pilot.press("down", "x", "ctrl+z", "ctrl+y")
        assert len([n for n in notices(app) if "not backed up" in n]) == 1  # said once
        await pilot.press("ctrl+s", *"mine", "enter")
        await pilot.pause()
        assert any(n.startswith("not saved") for n in notices(app))
        assert isinstance(app.screen, MainScreen) and board.session.dirty
        await pilot.press("ctrl+o")  # nothing saved to list, and no crash
        await pilot.press("escape")
    start = PuzzleApp(warm=False)
    async with start.run_test(size=(80, 24)) as pilot:
        boards = await start_screen(pilot)
        assert "new empty board" in board_list(boards)[0]


async def test_leaving_an_edited_board_asks():
    app = PuzzleApp(warm=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await start_screen(pilot)
        await pilot.press("enter", "enter")  # klotski, a new empty board
        await wait_for(pilot, lambda: isinstance(app.screen, MainScreen), what="the main screen")
        await pilot.press("ctrl+left")  # not edited: leaves without a question
        assert isinstance(app.screen, StartScreen)
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, MainScreen), what="the main screen")
        await pilot.press("p")
        await pilot.press("ctrl+left")
        assert isinstance(app.screen, Ask)
        await pilot.press("escape")  # stay
        assert isinstance(app.screen, MainScreen) and app.screen.session.dirty and len(copies()) == 1
        await pilot.press("ctrl+n")
        await pilot.press("s", *"kept", "enter")  # save first, then the new board
        assert storage.saved_boards("klotski") == ["kept"]
        assert isinstance(app.screen, MainScreen) and app.screen.session.board.pieces == ()
        assert not app.screen.session.dirty and copies() == []
        await pilot.press("p", "ctrl+left", "d")  # discard
        await wait_for(pilot, lambda: isinstance(app.screen, StartScreen), what="the start screen")
        assert copies() == []
        assert not any(line.startswith("⟲") for line in board_list(app.screen.query_one("#boards")))


async def test_quitting_an_edited_board_asks_and_ctrl_q_again_keeps_the_copy():
    app = klotski_app(SMALL)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("x", "ctrl+q")
        assert isinstance(app.screen, Ask) and app.return_code is None
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert app.return_code == 0
    assert len(copies()) == 1


def test_times_read_absolute():
    import time
    now = time.mktime((2024, 5, 3, 15, 0, 0, 0, 0, -1))
    assert storage.when(now - 3600, now) == "14:00"
    assert storage.when(now - 86400, now) == "2 May 15:00"
    assert storage.when(now - 400 * 86400, now).startswith("2023-")


def test_a_board_that_cannot_be_written_leaves_the_saved_one_and_nothing_else():
    path = storage.save_board("klotski", "mine", SMALL)
    with pytest.raises(UnicodeEncodeError):
        storage.save_board("klotski", "mine", "\ud800")  # a lone surrogate: no UTF-8 for it
    assert path.read_text(encoding="utf-8") == SMALL
    assert [p.name for p in path.parent.iterdir()] == ["mine.txt"]  # no temporary file left behind


def test_keys_name_the_board_and_never_collide(tmp_path):
    assert storage.source_key("preset:yusheng-xili") == "preset-yusheng-xili"
    assert storage.source_key("file:/tmp/a b/x.txt") == "file-x"
    assert storage.source_key("new:") == "new"
    storage.write_recovery("klotski", storage.free_key("klotski", "new:"), "A", None, "new:")
    assert storage.free_key("klotski", "new:") == "new-2"


@pytest.mark.parametrize("source", ["saved:!!!", "saved:gone", "file:/nowhere/x.txt", "preset:nope", "odd"])
async def test_a_copy_whose_original_is_gone_or_odd_still_opens(source):
    """The copy is what counts: its source only says what it was an edit of."""
    folder = storage.recovery_dir("klotski")
    folder.mkdir(parents=True)
    (folder / "x.json").write_text(json.dumps({"name": "x", "source": source, "board": SMALL.replace("/", "\n")}))
    app = PuzzleApp(warm=False)
    async with app.run_test(size=(80, 24)) as pilot:
        boards = await start_screen(pilot)
        assert board_list(boards)[0].startswith("⟲")
        await pilot.press("enter", "enter")
        await wait_for(pilot, lambda: isinstance(app.screen, MainScreen), what="the main screen")
        assert app.screen.session.board == registry.get("klotski").parse(SMALL) and app.screen.session.dirty
