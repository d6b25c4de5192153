"""What every family refuses alike: empty board text, and on the command line no board at all, a
preset it does not have and a board file it cannot read."""
import importlib

import pytest

from tests.cli.commands import solve_refuses
from tests.puzzles.boards import refused


@pytest.mark.parametrize("family", ["die", "klotski", "knights", "link", "tiles"])
def test_empty_board_text_is_refused(family):
    parse = importlib.import_module(f"puzzle_explorer.puzzles.{family}.board").parse
    refused(parse, "", "empty board", None)


@pytest.mark.parametrize("family,args,words", [
    *[(family, [], "no board") for family in ("die", "klotski", "knights", "tiles")],
    ("link", [], "no board: give --board"),
    *[(family, ["--preset", "nope"], "unknown preset 'nope'") for family in ("die", "klotski", "knights", "tiles")],
    *[(family, ["--file", "/nonexistent/board.txt"], "cannot read board file") for family in ("die", "klotski")],
])
def test_solve_refuses_in_one_line(capsys, family, args, words):
    solve_refuses(capsys, family, args, words)
