"""`open FAMILY` takes a board as `solve FAMILY` does: a preset or a file alone stays the board's
source, other options make a new board, and bad ones are refused in one line."""
import pytest

from puzzle_explorer.puzzles import registry
from puzzle_explorer.puzzles.knights.board import Board
from tests.cli.commands import one_line_error, run_cli


@pytest.fixture
def opened(monkeypatch):
    """What `open` hands the app, instead of starting it."""
    calls = []
    monkeypatch.setattr("puzzle_explorer.tui.app.run_app", lambda **kw: calls.append(kw) or 0)
    return calls


def test_a_knights_board_of_any_size_opens_without_a_file(capsys, opened):
    assert run_cli(capsys, "open", "knights", "--size", "6x9", "--start", "2,3", "--closed")[0] == 0
    (call,) = opened
    board = call["board"]
    assert isinstance(board, Board) and (board.width, board.height, board.start, board.closed) == (6, 9, (1, 2), True)


def test_an_inline_board_opens_as_a_new_board(capsys, opened):
    text = "AAb/AAc/d.e/.f."
    assert run_cli(capsys, "open", "klotski", "--board", text)[0] == 0
    assert opened[0]["board"] == registry.get("klotski").parse(text)


@pytest.mark.parametrize("args,source", [
    ([], {"preset": None, "path": None}),
    (["--preset", "hengdao-lima"], {"preset": "hengdao-lima", "path": None}),
])
def test_a_preset_alone_or_nothing_keeps_the_way_the_app_opened_before(capsys, opened, args, source):
    assert run_cli(capsys, "open", "klotski", *args)[0] == 0
    assert opened == [{"family": "klotski", **source}]


@pytest.mark.parametrize("args,words", [
    (["open", "knights", "--size", "6x0"], "--size 6x0 is out of range"),
    (["open", "knights", "--size", "5x5", "--start", "9,9"], "start"),
    (["open", "chess"], "invalid choice: 'chess'"),
])
def test_bad_board_options_get_one_line(capsys, opened, args, words):
    one_line_error(*run_cli(capsys, *args)[::2], words)
    assert opened == []
