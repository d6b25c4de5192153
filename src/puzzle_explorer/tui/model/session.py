"""The board being edited: undo and redo, the cursor, the brush, and what is wrong with it."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from puzzle_explorer.core.errors import InputError
from puzzle_explorer.puzzles.interface import EditAction, Family
from puzzle_explorer.puzzles.kit.text import Cell

HISTORY = 500


@dataclass
class EditSession:
    """One family's board under edit. Every change goes through apply(), so undo sees it.

    `saved` is the board as it was opened or last saved: the board is edited while it
    differs, so undoing back to it makes it clean again. None: nothing on disk matches
    (a recovered copy whose original is gone).
    """

    family: Family
    board: Any
    cursor: Cell = (0, 0)
    brush: int = 0
    name: str | None = None  # the saved board's name, if it came from or went to a file
    source: str = "new:"  # where it came from: "new:", "saved:NAME", "preset:ID", "file:PATH"
    saved: Any = field(default=..., repr=False)
    recovery_key: str | None = None  # its recovery copy, once one was written
    _undo: list[tuple[Any, Cell]] = field(default_factory=list)
    _redo: list[tuple[Any, Cell]] = field(default_factory=list)

    def __post_init__(self) -> None:
        if self.saved is ...:
            self.saved = self.board

    @property
    def dirty(self) -> bool:
        return self.saved is None or self.board != self.saved

    def mark_saved(self, name: str) -> None:
        """The board on screen is now the saved board of that name."""
        self.name = name
        self.source = f"saved:{name}"
        self.saved = self.board

    def start(self, board: Any, name: str | None, source: str) -> None:
        """Another board, with its own history: what came before was saved or given up."""
        self.board, self.name, self.source, self.saved = board, name, source, board
        self.recovery_key = None
        self.cursor = (0, 0)
        self._undo.clear()
        self._redo.clear()

    @property
    def brush_name(self) -> str:
        brushes = self.family.brushes
        return brushes[self.brush % len(brushes)] if brushes else ""

    def next_brush(self) -> str:
        if self.family.brushes:
            self.brush = (self.brush + 1) % len(self.family.brushes)
        return self.brush_name

    def move_cursor(self, dx: int, dy: int) -> None:
        w, h = self.family.dimensions(self.board)
        x = min(max(self.cursor[0] + dx, 0), w - 1)
        y = min(max(self.cursor[1] + dy, 0), h - 1)
        self.cursor = (x, y)

    def apply(self, action: EditAction) -> None:
        """Run an editor action; raises InputError (board unchanged) when it refuses."""
        board, cursor = action.apply(self.board, self.cursor, self.brush_name)
        self.replace(board, cursor)

    def replace(self, board: Any, cursor: Cell | None = None) -> None:
        """Put a new board in place (undoable)."""
        if board == self.board and (cursor is None or cursor == self.cursor):
            return
        self._undo.append((self.board, self.cursor))
        del self._undo[:-HISTORY]
        self._redo.clear()
        self.board = board
        if cursor is not None:
            self.cursor = cursor
        self._clamp()

    def undo(self) -> bool:
        return self._travel(self._undo, self._redo)

    def redo(self) -> bool:
        return self._travel(self._redo, self._undo)

    def _travel(self, back: list[tuple[Any, Cell]], forth: list[tuple[Any, Cell]]) -> bool:
        """Return to the last board on `back`, keeping the present one on `forth`; False if none."""
        if not back:
            return False
        forth.append((self.board, self.cursor))
        self.board, self.cursor = back.pop()
        self._clamp()
        return True

    def _clamp(self) -> None:
        w, h = self.family.dimensions(self.board)
        self.cursor = (min(self.cursor[0], w - 1), min(self.cursor[1], h - 1))

    def problem(self) -> InputError | None:
        """What stops the board from being solved, or None when it is ready."""
        try:
            self.family.validate(self.board)
        except InputError as exc:
            return exc
        return None
