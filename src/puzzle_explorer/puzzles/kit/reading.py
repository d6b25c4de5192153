"""Reading input files and streams: a size cap, strict UTF-8, and errors that name the file or line.

Light on purpose (no numba, numpy or rich): the fast contest path uses it too.
"""
from __future__ import annotations

from typing import IO, TYPE_CHECKING, Iterable, Iterator, Sequence

from puzzle_explorer.core.errors import InputError

if TYPE_CHECKING:
    from puzzle_explorer.puzzles.interface import Preset

MAX_BOARD_BYTES = 16 * 2**20  # far above any board (a 1000x1000 grid is 1 MB)
MAX_LINE_BYTES = 2**20  # far above any line of a contest input


def _not_utf8(data: bytes, at: int) -> str:
    column = at - data.rfind(b"\n", 0, at)
    return f"byte {data[at]:#04x} at column {column} is not UTF-8 text"


def read_board_file(path: str, limit: int = MAX_BOARD_BYTES, what: str = "board file") -> str:
    """The text of a board file: at most `limit` bytes (never more is read), UTF-8 (a BOM is dropped).

    `what` names the file in errors ('batch file' for a file of many boards).
    """
    try:
        with open(path, "rb") as f:
            data = f.read(limit + 1)
    except OSError as exc:
        raise InputError(f"cannot read {what} {path}: {exc.strerror or exc}") from None
    except ValueError as exc:  # a NUL in the path
        raise InputError(f"cannot read {what} {path!r}: {exc}") from None
    if len(data) > limit:
        raise InputError(f"{what} {path} is larger than {limit // 2**20} MiB, far more than boards take")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise InputError(f"{what} {path}, line {line}: {_not_utf8(data, exc.start)}") from None


def find_preset(presets: Iterable[Preset], name: str, family_id: str) -> Preset:
    """The preset a user named, by its id or by its name; InputError naming the family otherwise."""
    for preset in presets:
        if name in (preset.id, preset.name):
            return preset
    raise InputError(f"unknown preset {name!r} for {family_id}; `puzzle-explorer list` shows them")


def input_lines(stream: IO[str] | IO[bytes], limit: int = MAX_LINE_BYTES) -> Iterator[str]:
    """The lines of a stream (binary or text) as strict UTF-8 text, each at most `limit` long.

    A byte that is not UTF-8 or an endless line is an InputError naming the line,
    whatever the locale says about standard input.
    """
    source = getattr(stream, "buffer", stream)  # below the text layer: its decoding is the locale's
    number = 0
    while True:
        line = source.readline(limit + 1)
        if not line:
            return
        number += 1
        if len(line) > limit and line[-1:] not in ("\n", b"\n"):
            raise InputError(f"line {number} is longer than {limit:,} characters")
        if isinstance(line, bytes):
            raw = line
            try:
                line = raw.decode("utf-8")
            except UnicodeDecodeError as exc:
                raise InputError(f"line {number}: {_not_utf8(raw, exc.start)}") from None
        yield line


def board_lines(text: str) -> list[tuple[int, str]]:
    """(line number, stripped line) for every non-blank line; '/' breaks lines too, so that a
    board fits on one command-line argument."""
    lines = text.replace("/", "\n").splitlines()
    return [(number, line.strip()) for number, line in enumerate(lines, start=1) if line.strip()]


def rows_and_settings(lines: Iterable[tuple[int, str]], keys: Sequence[str], joined: Sequence[str] = ()
                      ) -> tuple[list[tuple[str, int]], dict[str, tuple[str, int]]]:
    """A board file's rows of cells and its `key: value` settings, each with its line number.

    Only `keys` are settings; a key in `joined` may repeat and its values are joined with a
    space, any other repeated key keeps its last value."""
    rows: list[tuple[str, int]] = []
    settings: dict[str, tuple[str, int]] = {}
    for number, line in lines:
        if ":" not in line:
            rows.append((line, number))
            continue
        key, _, value = line.partition(":")
        key = key.strip().lower()
        if key not in keys:
            names = [f"{k}:" for k in keys]
            expected = " or ".join([", ".join(names[:-1]), names[-1]] if len(names) > 1 else names)
            raise InputError(f"line {number}: unknown setting {key!r} (expected {expected})")
        value = value.strip()
        if key in joined and key in settings:
            value = settings[key][0] + " " + value
        settings[key] = (value, number)
    return rows, settings
