"""The Board pane: the family's drawing of the board, a cursor, and the editor keys."""
from __future__ import annotations

from dataclasses import replace
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual import work
from textual.binding import Binding
from textual.reactive import reactive
from textual.widget import Widget

from puzzle_explorer.core.errors import InputError
from puzzle_explorer.puzzles.interface import (
    ZOOM_HUGE,
    ZOOM_LARGE,
    ZOOM_NORMAL,
    ZOOM_OVERVIEW,
    EditAction,
    Family,
    Step,
    View,
)
from puzzle_explorer.puzzles.kit.text import Cell, cell_text
from puzzle_explorer.tui.keys import declared_bindings
from puzzle_explorer.tui.messages import BoardEdited, EditOnStep
from puzzle_explorer.tui.model.live import LiveStep
from puzzle_explorer.tui.model.session import EditSession
from puzzle_explorer.tui.widgets.solver import SolverPane


class BoardView(Widget, can_focus=True):
    """Draws the session's board (or a step of a solution) and edits it with the keyboard.

    Arrow keys move the cursor and the window follows it on boards larger than
    the pane; the family's editor operations are bound to their own keys.
    """

    CURSOR = "move the cursor (on a large board the window follows it)"
    PAGE = "move the cursor a whole window up, down, left, right"
    BINDINGS = [
        Binding("up", "cursor(0,-1)", "Cursor", show=False, id="board.up", tooltip=CURSOR),
        Binding("down", "cursor(0,1)", "Cursor", show=False, id="board.down", tooltip=CURSOR),
        Binding("left", "cursor(-1,0)", "Cursor", show=False, id="board.left", tooltip=CURSOR),
        Binding("right", "cursor(1,0)", "Cursor", show=False, id="board.right", tooltip=CURSOR),
        Binding("pageup", "page(0,-1)", "Page", show=False, id="board.page_up", tooltip=PAGE),
        Binding("pagedown", "page(0,1)", "Page", show=False, id="board.page_down", tooltip=PAGE),
        Binding("home", "page(-1,0)", "Page", show=False, id="board.page_left", tooltip=PAGE),
        Binding("end", "page(1,0)", "Page", show=False, id="board.page_right", tooltip=PAGE),
        Binding("v", "overview", "Overview", id="board.overview", show=False,
                tooltip="the whole board at a glance, or back to the normal drawing"),
    ]

    version = reactive(0)  # bumped whenever what is drawn changes
    step = reactive[Step | None](None)  # a step of a solution being shown, or None: the board itself
    zoom = reactive(0)
    message = reactive("")

    def __init__(self, session: EditSession, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.session = session
        self.origin: Cell = (0, 0)

    @staticmethod
    def of(session: EditSession, *, id: str | None = None) -> BoardView:
        """The board pane for the session's family: a BoardView with the family's editing keys bound."""
        return with_edit_keys(session.family)(session, id=id)

    # --- drawing --------------------------------------------------------------
    STATUS_LINES = 2  # under the drawing at least: size and cursor (or the step), then a note; both wrap

    @property
    def drawn_zoom(self) -> int:
        """The zoom the board is drawn at: the largest cells the whole board fits, of the sizes the
        family draws (huge, large, normal)."""
        if self.zoom != ZOOM_NORMAL:
            return self.zoom
        family = self.session.family
        board = self.shown_board
        w, h = family.dimensions(board)
        room_w, room_h = self.size.width, self.size.height - self.STATUS_LINES - 1
        smaller = family.cell_size(ZOOM_NORMAL, board)
        fitting = ZOOM_NORMAL
        for zoom in (ZOOM_LARGE, ZOOM_HUGE):
            wide, high = family.cell_size(zoom, board)
            if wide <= smaller[0] or high < smaller[1]:
                break  # the family draws nothing larger
            # the family may draw a little beside the cells (a ring, a caption): leave it two cells' room
            if (w + 2) * wide > room_w or (h + 2) * high > room_h:
                break
            fitting, smaller = zoom, (wide, high)
        return fitting

    def _window(self, under: int = STATUS_LINES) -> tuple[int, int]:
        """How many columns and rows of cells fit in the pane, with `under` lines below the drawing."""
        wide, high = self.session.family.cell_size(self.drawn_zoom, self.shown_board)
        cols = max(1, self.size.width // wide)
        rows = max(1, (self.size.height - under) // high)
        return cols, rows

    def _lines(self, text: Text) -> int:
        """The lines a text takes in the pane, wrapped (an empty one takes a line too)."""
        return max(1, len(text.wrap(self.app.console, max(1, self.size.width))))

    def _follow_cursor(self, cols: int, rows: int) -> None:
        w, h = self.session.family.dimensions(self.shown_board)
        x, y = self.session.cursor
        ox, oy = self.origin
        ox = min(max(ox, x - cols + 1), x)
        oy = min(max(oy, y - rows + 1), y)
        self.origin = (max(0, min(ox, max(0, w - cols))), max(0, min(oy, max(0, h - rows))))

    @property
    def shown_board(self) -> Any:
        return self.step.board if self.step is not None else self.session.board

    @property
    def showing_other_board(self) -> bool:
        """A step is shown whose position is not the board under edit (drawing extras aside)."""
        if self.step is None or self.step.board is self.session.board:
            return False
        family = self.session.family
        return family.format(self.step.board) != family.format(self.session.board)

    def render(self) -> RenderableType:
        cols, rows = self._window()
        status, note = self._status(cols, rows)
        under = self._lines(status) + self._lines(note)
        if under > self.STATUS_LINES:
            # a long step label or note wraps: the drawing gives up rows (its window follows the
            # cursor) rather than have the lines under it cut off at the pane's foot
            cols, rows = self._window(under)
            status, note = self._status(cols, rows)
        drawn = self._draw(cols, rows, status, note)
        family, board = self.session.family, self.shown_board
        high = family.cell_size(self.drawn_zoom, board)[1]
        for _ in range(3):  # (the window follows the cursor, so the rows drawn may change once more)
            over = self._height(drawn) - self.size.height
            shown = min(rows, family.dimensions(board)[1] - self.origin[1])
            if over <= 0 or shown <= 1:
                break
            # the family draws lines of its own under the cells (the die unfolded): the cells give up
            # rows for them too
            rows = max(1, shown - -(-over // high))
            status, note = self._status(cols, rows)
            drawn = self._draw(cols, rows, status, note)
        return drawn

    def _height(self, drawn: Group) -> int:
        """The lines the drawing and the lines under it take in the pane, at its width: a drawing in
        unwrapped text counted by its line ends (rendering it costs twice the rest of a redraw)."""
        total = 0
        for part in drawn.renderables:
            if isinstance(part, Text):
                total += part.plain.count("\n") + 1 if part.no_wrap else self._lines(part)
            else:
                console = self.app.console
                total += len(console.render_lines(part, console.options.update(width=max(1, self.size.width),
                                                                               height=None), pad=False))
        return total

    def _status(self, cols: int, rows: int) -> tuple[Text, Text]:
        """The lines under the drawing for this window: where the cursor is (or the step, or the
        live search's position), then a note: what is wrong with the board, or that it is ready."""
        self._follow_cursor(cols, rows)
        family = self.session.family
        board = self.shown_board
        editing = self.step is None
        problem = self.session.problem() if editing else None
        live = self.step if isinstance(self.step, LiveStep) else None
        w, h = family.dimensions(board)
        note = Text()  # wraps: a refusal or a problem is read in full
        status = Text()  # wraps too: a step's label or the live search's figures are read in full
        x, y = self.session.cursor
        if live is not None:
            status.append(live.label, "bold")
            if live.note:
                note.append(live.note, "dim")
        elif self.step is None:
            status.append(f"{w}x{h}  cursor {cell_text((x, y))}", "dim")
            if family.brushes:
                status.append(f"  brush {self.session.brush_name}", "dim")
            if cols < w or rows < h:
                status.append(f"  showing {self.origin[0] + 1}-{min(w, self.origin[0] + cols)},"
                              f"{self.origin[1] + 1}-{min(h, self.origin[1] + rows)}", "dim")
        else:  # the cursor first: a long step label must not push it out of sight
            status.append(f"cursor {cell_text((x, y))}  ", "dim")
            status.append(self.step.label, "bold")
        if self.message:
            note.append(self.message, "yellow")
        elif editing:
            lacking = self._solver_lacks() if problem is None else None
            if problem is not None:
                note.append(f"✗ {problem}", "red")
            elif lacking:
                note.append(f"✗ {lacking}", "yellow")
            else:
                note.append("✓ ready to solve", "green")
        return status, note

    def _draw(self, cols: int, rows: int, status: Text, note: Text) -> Group:
        """The drawing of the window's cells, the status and the note under it."""
        family = self.session.family
        board = self.shown_board
        editing = self.step is None
        highlight = self.step.highlight if self.step is not None else frozenset()
        problem = self.session.problem() if editing else None
        if problem is not None and problem.where is not None:
            highlight = frozenset({(problem.where[0] - 1, problem.where[1] - 1)})
        live = self.step if isinstance(self.step, LiveStep) else None
        view = View(cursor=None if live is not None else self.session.cursor, highlight=highlight,
                    origin=self.origin, cells=(cols, rows), zoom=self.drawn_zoom)
        drawing = family.render(board, view)
        if live is not None and live.other is not None:
            drawing = self._both_sides(drawing, live.other, view, note)
        return Group(drawing, status, note)

    def _both_sides(self, drawing: RenderableType, other: Any, view: View, note: Text) -> RenderableType:
        """A bidirectional search: its start side and its goal side beside each other, if both fit."""
        family = self.session.family
        w, _ = family.dimensions(other)
        wide, _ = family.cell_size(view.zoom, other)
        if 2 * (w + 2) * wide + 2 > self.size.width:
            note.append("(the goal side's position needs a wider pane) ", "dim")
            return drawing
        grid = Table.grid(padding=(0, 2))
        grid.add_row(Text("from the start", "dim"), Text("from the goal", "dim"))
        grid.add_row(drawing, family.render(other, replace(view, highlight=frozenset())))
        return grid

    def _solver_lacks(self) -> str | None:
        """What the chosen solver still needs from this valid board ("path needs two marked cells")."""
        solver_pane = self.screen.query(SolverPane)
        return solver_pane.first().lacks(self.session.board) if solver_pane else None

    def redraw(self) -> None:
        self.version += 1

    # --- keys -----------------------------------------------------------------
    def _leave_replay(self) -> None:
        """Keys that edit act on the board itself, not on a step being replayed."""
        if self.step is not None:
            self.step = None

    def action_cursor(self, dx: int, dy: int) -> None:
        """Move the cursor (the window follows it); a replayed step stays on screen."""
        self.session.move_cursor(dx, dy)
        self.message = ""
        self.redraw()

    def action_page(self, dx: int, dy: int) -> None:
        """Move the cursor a whole window at a time: panning across large boards."""
        cols, rows = self._window()
        self.action_cursor(dx * cols, dy * rows)

    def action_brush(self) -> None:
        name = self.session.next_brush()
        self.message = f"brush: {name}"
        self.redraw()

    def action_overview(self) -> None:
        self.zoom = ZOOM_NORMAL if self.zoom else ZOOM_OVERVIEW
        self.message = "overview" if self.zoom else ""
        self.redraw()

    def action_edit(self, action_id: str) -> None:
        action = next(a for a in self.session.family.edit_actions if a.id == action_id)
        if self.showing_other_board:
            # the board under edit is not on screen: the main screen asks which one to edit
            self.post_message(EditOnStep(action_id))
            return
        self._leave_replay()
        if action.slow:
            self.message = f"{action.short.lower()}: working…"
            self._edit_in_background(action, self.session.board, self.session.cursor, self.session.brush_name)
            return
        try:
            self.session.apply(action)
        except InputError as exc:
            self._refused(exc)
        else:
            self._edited()

    def _refused(self, exc: InputError) -> None:
        self.message = str(exc)
        self.app.bell()
        self.redraw()

    def _edited(self) -> None:
        self.message = ""
        self.post_message(BoardEdited())
        self.redraw()

    @work(thread=True, exclusive=True, group="edit")
    def _edit_in_background(self, action: EditAction, board: Any, cursor: Cell, brush: str) -> None:
        """An editor operation that searches (a hint, a generated board): keep the app responsive."""
        try:
            new_board, new_cursor = action.apply(board, cursor, brush)
        except InputError as exc:
            self.app.call_from_thread(self._refused, exc)
            return
        self.app.call_from_thread(self._apply_result, board, new_board, new_cursor)

    def _apply_result(self, before: Any, board: Any, cursor: Cell) -> None:
        if self.session.board is not before:
            self.message = "the board changed meanwhile: result dropped"
            self.redraw()
            return
        self.session.replace(board, cursor)
        self._edited()


BRUSH = Binding("b", "brush", "Brush", id="board.brush", tooltip="the next brush (what placing puts down)")


_KEYED: dict[str, type[BoardView]] = {}  # a family's keyed BoardView, by family id


def with_edit_keys(family: Family) -> type[BoardView]:
    """BoardView with a family's keys added to its BINDINGS: the brush key if it has brushes, and its
    editor operations, each with an id so the keymap can remap it (edit.place = P). A key the pane
    itself uses stays the pane's. Made once a family: Textual keeps each class's bindings."""
    if family.id not in _KEYED:
        own = {key for key, _ in declared_bindings(BoardView)}
        keys = [BRUSH] if family.brushes else []
        keys += [Binding(a.key, f"edit('{a.id}')", a.short, show=a.show, tooltip=a.description, id=f"edit.{a.id}")
                 for a in family.edit_actions if a.key not in own | {b.key for b in keys}]
        _KEYED[family.id] = type(f"BoardView_{family.id}", (BoardView,), {"BINDINGS": keys})
    return _KEYED[family.id]
