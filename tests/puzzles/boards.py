"""Checks every family's board text format shares."""
import pytest

from puzzle_explorer.core.errors import InputError


def refused(parse, text, words, where):
    """parse(text) raises an InputError whose message names `words`, at the cell `where` (None: no
    cell); the error, for the checks a family adds."""
    with pytest.raises(InputError) as err:
        parse(text)
    assert words in err.value.message
    assert err.value.where == where
    return err.value
