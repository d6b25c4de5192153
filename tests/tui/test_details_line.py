"""The Stats pane's one line of a family's extras."""
from tui.widgets.stats import _details_line


def test_flags_read_as_words_and_numbers_get_separators():
    line = _details_line({"existence": {"exists": True, "reason": "8x8 has a closed tour"}, "solutions": 19724})
    assert line == "existence: exists yes, reason 8x8 has a closed tour · solutions: 19,724"


def test_what_does_not_fit_a_line_is_left_out():
    line = _details_line({"tour": [[1, 1], [3, 2]], "count_complete": False, "board": {"cells": [[0]]}, "note": "n"})
    assert line == "count complete: no · n"
