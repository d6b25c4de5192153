"""The cubic eight-puzzle board: where the empty square starts, the target pattern, and
(for the steps of a solution) the orientation of every cube; its text format.

Text format (rows top to bottom, squares left to right; spaces between letters optional):

    start: 1,2
    W W W
    E W W
    W W W

The three rows are the target: the top colour each square must show (W white, B blue,
R red) and E where the empty square must end. A board taken from the middle of a
solution adds the cubes as they lie, each as its top and x-axis colours ('WB' is the
start orientation), '..' for the empty square, rows separated by '/':

    cubes: WB WB WB/.. WB WB/WB WB WB
"""
from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from puzzle_explorer.core.errors import InputError
from puzzle_explorer.puzzles.cube8 import cubes as C
from puzzle_explorer.puzzles.kit.reading import rows_and_settings
from puzzle_explorer.puzzles.kit.text import cell_text
from puzzle_explorer.puzzles.kit.text import parse_cell as cell

LETTERS = "WBRE"
EMPTY_LETTER = "E"


@dataclass(frozen=True)
class Board:
    start: int  # square (y * 3 + x) of the empty square at the start
    pattern: tuple[int, ...]  # target top colour of each square, cubes.EMPTY where the empty square ends
    cubes: tuple[int, ...] | None = None  # the cubes now (orientations); None: the start position

    def position(self) -> tuple[int, ...]:
        """The cubes as they lie: the given ones, or every cube in the start orientation."""
        return self.cubes if self.cubes is not None else C.start_position(self.start)

    @property
    def goal(self) -> int:
        """The square where the empty square must end."""
        return self.pattern.index(C.EMPTY)

    def pattern_text(self, sep: str = "/") -> str:
        return pattern_text(self.pattern, sep)

    def solved(self) -> bool:
        return C.matches(self.position(), self.pattern)


def pattern_text(pattern: tuple[int, ...], sep: str = "/") -> str:
    """'WWW/EWW/WWW'."""
    letters = [EMPTY_LETTER if c == C.EMPTY else C.COLOURS[c] for c in pattern]
    return sep.join("".join(letters[y * 3:y * 3 + 3]) for y in range(3))


def cube_code(o: int) -> str:
    """'WB': top and x-axis colours; '..' for the empty square."""
    if o == C.EMPTY:
        return ".."
    top, x, _ = C.ORIENTATIONS[o]
    return C.COLOURS[top] + C.COLOURS[x]


def parse_cell(text: str, what: str) -> int:
    """'x,y' (1-based, each 1 to 3) -> the square's index."""
    x, y = cell(text, what)
    if not (0 <= x < 3 and 0 <= y < 3):
        raise InputError(f"{what} {cell_text((x, y))} is off the 3x3 board (x and y are 1, 2 or 3)")
    return C.square_at(x, y)


def parse_row(text: str, y: int, where: str = "") -> list[int]:
    """One pattern row: three of W, B, R, E (any case, spaces allowed) -> colours / EMPTY."""
    letters = [ch for ch in text if not ch.isspace()]
    for x, ch in enumerate(letters[:3]):
        if ch.upper() not in LETTERS:
            raise InputError(f"{where}{ch!r} is not a colour: use W, B, R, or E for the empty square",
                             (x + 1, y + 1))
    if len(letters) != 3:
        raise InputError(f"{where}pattern row {y + 1} has {len(letters)} squares; a row has 3")
    return [C.EMPTY if ch.upper() == EMPTY_LETTER else C.COLOURS.index(ch.upper()) for ch in letters]


def check_pattern(pattern: tuple[int, ...], where: str = "") -> None:
    """Exactly one E: the empty square's place at the end."""
    empties = [C.xy(s) for s, c in enumerate(pattern) if c == C.EMPTY]
    if not empties:
        raise InputError(f"{where}the pattern has no E: mark where the empty square must end")
    if len(empties) > 1:
        places = [cell_text(c) for c in empties]
        at = ", ".join(places[:-1]) + " and " + places[-1]
        raise InputError(f"{where}the pattern has {len(empties)} E's (at {at}); it needs exactly one")


def parse_pattern(text: str) -> tuple[int, ...]:
    """'WWW/EWW/WWW' (rows by '/' or newlines, spaces ignored) -> the pattern, checked."""
    rows = [r for r in text.replace("/", "\n").splitlines() if r.strip()]
    if len(rows) != 3:
        raise InputError(f"the pattern has {len(rows)} rows; it needs 3, like WWW/EWW/WWW")
    pattern = tuple(c for y, row in enumerate(rows) for c in parse_row(row, y))
    check_pattern(pattern)
    return pattern


def _parse_cubes(text: str) -> tuple[int, ...]:
    rows = text.split("/")
    if len(rows) != 3:
        raise InputError(f"cubes: {len(rows)} rows; it needs 3 separated by '/'")
    out = []
    for y, row in enumerate(rows):
        codes = row.split()
        if len(codes) != 3:
            raise InputError(f"cubes: row {y + 1} has {len(codes)} squares; a row has 3", (1, y + 1))
        for x, code in enumerate(codes):
            code = code.upper()
            if code == "..":
                out.append(C.EMPTY)
                continue
            if len(code) != 2 or any(ch not in C.COLOURS for ch in code) or code[0] == code[1]:
                raise InputError(f"cubes: {code!r} is not a cube: give its top and x-axis colours, "
                                 f"two different letters of W, B, R (or '..' for the empty square)",
                                 (x + 1, y + 1))
            top, xc = C.COLOURS.index(code[0]), C.COLOURS.index(code[1])
            out.append(C.ORIENTATION_OF[(top, xc, 3 - top - xc)])
    if out.count(C.EMPTY) != 1:
        raise InputError(f"cubes: {out.count(C.EMPTY)} empty squares; there is exactly one")
    return tuple(out)


def _lines(text: str) -> Iterator[tuple[int, str]]:
    """(line number, piece) for each non-blank piece; '/' breaks rows except from a cubes:
    setting on (its rows are '/'-separated themselves), so a whole board fits on one line."""
    for number, raw in enumerate(text.splitlines(), start=1):
        at = raw.lower().find("cubes:")
        head, cubes = (raw[:at], [raw[at:]]) if at >= 0 else (raw, [])
        for piece in head.split("/") + cubes:
            if piece.strip():
                yield number, piece.strip()


def parse(text: str) -> Board:
    """Read a board: a 'start: x,y' line and three pattern rows (optionally a 'cubes:' line)."""
    lines, found = rows_and_settings(_lines(text), ("start", "cubes"))
    settings = {key: value for key, (value, _) in found.items()}
    rows = [line for line, _ in lines]
    if "start" not in settings:
        raise InputError("no start: add a line 'start: x,y' giving where the empty square starts")
    start = parse_cell(settings["start"], "start")
    pattern = parse_pattern("\n".join(rows))
    cubes = _parse_cubes(settings["cubes"]) if "cubes" in settings else None
    board = Board(start, pattern, cubes)
    validate(board)
    return board


def format_board(board: Board) -> str:
    """The text form: the start line, the pattern rows, and the cubes when not at the start."""
    x, y = C.xy(board.start)
    lines = [f"start: {cell_text((x, y))}", *board.pattern_text("\n").splitlines()]
    if board.cubes is not None:
        codes = [cube_code(o) for o in board.cubes]
        lines.append("cubes: " + "/".join(" ".join(codes[r * 3:r * 3 + 3]) for r in range(3)))
    return "\n".join(lines) + "\n"


def validate(board: Board) -> None:
    """Raise InputError if the board cannot be searched."""
    if not 0 <= board.start < 9:
        raise InputError("the start square is off the 3x3 board")
    if len(board.pattern) != 9:
        raise InputError(f"the pattern has {len(board.pattern)} squares; it needs 9")
    check_pattern(board.pattern)
    if board.cubes is not None and (len(board.cubes) != 9 or board.cubes.count(C.EMPTY) != 1):
        raise InputError("the cubes must fill all squares but one")
