"""Every family's parser: text written by format() reads back as the same board, and any text at all
reads as a board or fails with InputError (never another exception)."""
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from puzzle_explorer.core.errors import InputError
from puzzle_explorer.puzzles import registry
from tests.puzzles.properties.boards import BOARDS, near_board

FAMILIES = sorted(BOARDS)
FEW = settings(max_examples=int(__import__("os").environ.get("PROPERTY_EXAMPLES", 150)), deadline=None, suppress_health_check=[HealthCheck.too_slow])


@pytest.mark.parametrize("family", FAMILIES)
@FEW
@given(data=st.data())
def test_format_then_parse_gives_the_same_board(family, data):
    fam = registry.get(family)
    board = data.draw(BOARDS[family])
    text = fam.format(board)
    assert fam.parse(text) == board
    assert fam.format(fam.parse(text)) == text


@pytest.mark.parametrize("family", FAMILIES)
@FEW
@given(data=st.data())
def test_any_text_is_a_board_or_an_input_error(family, data):
    fam = registry.get(family)
    text = data.draw(near_board(family))
    try:
        board = fam.parse(text)
    except InputError as exc:
        message = str(exc)
        assert message.strip() and "\n" not in message and "\r" not in message
        return
    try:
        fam.validate(board)
    except InputError:
        return
    assert fam.parse(fam.format(board)) == board
