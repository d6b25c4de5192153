"""Reading files and standard input: a size cap, strict UTF-8, and the line named."""
import io

import pytest

from puzzle_explorer.core.errors import InputError, one_line
from puzzle_explorer.puzzles.kit.reading import input_lines, read_board_file


def test_a_board_file_larger_than_the_cap_is_refused_after_reading_just_past_it(tmp_path):
    path = tmp_path / "big.txt"
    path.write_bytes(b"." * 1001)
    with pytest.raises(InputError, match="larger than"):
        read_board_file(str(path), limit=1000)
    path.write_bytes(b"." * 1000)
    assert read_board_file(str(path), limit=1000) == "." * 1000


def test_dev_zero_is_refused_not_read_forever():
    with pytest.raises(InputError, match="/dev/zero is larger than 16 MiB"):
        read_board_file("/dev/zero")


def test_board_file_errors_name_the_file_and_the_line(tmp_path):
    path = tmp_path / "b.txt"
    path.write_bytes(b"AB\nA\xffB\n")
    with pytest.raises(InputError, match=r"b.txt, line 2: byte 0xff at column 2 is not UTF-8 text"):
        read_board_file(str(path))
    with pytest.raises(InputError, match="cannot read board file .*: No such file"):
        read_board_file(str(tmp_path / "missing"))
    with pytest.raises(InputError, match="Is a directory"):
        read_board_file(str(tmp_path))
    with pytest.raises(InputError, match="cannot read board file"):
        read_board_file("a\0b")


def test_a_byte_order_mark_is_dropped(tmp_path):
    path = tmp_path / "b.txt"
    path.write_bytes("\ufeffAB\n".encode("utf-8"))
    assert read_board_file(str(path)) == "AB\n"


def test_input_lines_are_strict_utf8_whatever_the_text_layer_says():
    # the text layer would turn the byte into a surrogate (surrogateescape, as a C locale does)
    stream = io.TextIOWrapper(io.BytesIO(b"1 2\n3 \xfe4\n"), encoding="utf-8", errors="surrogateescape")
    lines = input_lines(stream)
    assert next(lines) == "1 2\n"
    with pytest.raises(InputError, match="line 2: byte 0xfe at column 3 is not UTF-8 text"):
        next(lines)


def test_an_endless_line_is_refused():
    with pytest.raises(InputError, match="line 2 is longer than 10 characters"):
        list(input_lines(io.BytesIO(b"ok\n" + b"x" * 50), limit=10))
    assert list(input_lines(io.StringIO("a\nb"))) == ["a\n", "b"]


@pytest.mark.parametrize("text,shown", [
    ("a\nb", "a\\nb"), ("a\r\nb", "a\\r\\nb"), ("tab\there", "tab\\there"), ("ls\u2028ps", "ls\\u2028ps"),
    ("nel\x85", "nel\\x85"), ("plain ² é", "plain ² é"),
])
def test_one_line_escapes_line_breaks(text, shown):
    assert one_line(text) == shown
    assert len(one_line(text).splitlines()) == 1
