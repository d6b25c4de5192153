"""A compact keyboard form: one line per setting (two where the pane is narrow), changed with the arrow
keys, space and digits."""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Callable

from rich.text import Text
from textual.binding import Binding
from textual.geometry import Region, Size
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

LABEL_WIDTH = 17  # the label column; a longer label, or a value that does not fit beside it, wraps


@dataclass(frozen=True)
class Field:
    name: str
    label: str
    kind: str  # "choice", "bool", "int" or "float" (numbers may be None: no value)
    value: Any
    choices: tuple[str, ...] = ()
    help: str = ""
    zero: str = "none"  # what a number shows as when it is 0 or has no value: "none" or "auto"


class OptionsForm(Widget, can_focus=True):
    """Rows of settings. ↑/↓ pick a row; ←/→ change a choice; space flips a switch; digits type a number."""

    BINDINGS = [
        Binding("up", "row(-1)", "Row", show=False, id="form.up", tooltip="choose a setting"),
        Binding("down", "row(1)", "Row", show=False, id="form.down", tooltip="choose a setting"),
        Binding("left", "change(-1)", "Change", show=False, id="form.previous", tooltip="change it"),
        Binding("right", "change(1)", "Change", show=False, id="form.next", tooltip="change it"),
        Binding("space", "switch", "Toggle", show=False, id="form.toggle", tooltip="switch it on or off"),
        Binding("backspace", "erase", "Erase", show=False, id="form.erase", tooltip="erase a digit"),
        # Digits are bindings too, not a key handler: a handler runs before the actions of the keys
        # typed just ahead of it in a burst ('↓ 1 2' typed into the row above the number)
        *[Binding(str(d), f"type('{d}')", "Type", show=False, id=f"form.digit{d}", tooltip="type a digit")
          for d in range(10)],
        Binding("full_stop", "type('.')", "Type", show=False, id="form.point", tooltip="type a decimal point"),
    ]

    row = reactive(0)
    fields: reactive[tuple[Field, ...]] = reactive(tuple)

    @dataclass
    class Changed(Message):
        """A setting took a new value."""

        name: str
        value: Any

    @dataclass
    class Highlighted(Message):
        """The row under the cursor changed (its full label and help can be shown)."""

        field: Field | None

    def watch_row(self, row: int) -> None:
        self.post_message(self.Highlighted(self.current))
        self.call_after_refresh(self._row_in_view)

    def on_focus(self) -> None:
        self.post_message(self.Highlighted(self.current))
        self.call_after_refresh(self._row_in_view)

    def _row_in_view(self) -> None:
        """The pane the form is in scrolls when the form is taller than its room (app.tcss: the
        solver pane, a race's column): keep the row under the cursor in sight."""
        pane = self.parent
        if not isinstance(pane, Widget) or not self.is_attached:
            return
        first, lines = self.row_lines()
        region = Region(0, self.virtual_region.y + first, self.size.width, lines)
        pane.scroll_to_region(region, animate=False, immediate=True)

    def on_blur(self) -> None:
        self.post_message(self.Highlighted(None))

    # Its keys change the setting under its cursor: nothing the command palette could run on its own.
    IN_PALETTE = False

    def __init__(self, fields: tuple[Field, ...] = (),
                 reshape: Callable[[str, dict[str, Any]], tuple[Field, ...] | None] | None = None,
                 *, id: str | None = None, classes: str | None = None) -> None:
        """`reshape(name, values)`: the rows a change of setting `name` calls for (None: the same
        rows). It runs within the change, so the next key of a burst finds the new rows; rebuilt on
        the Changed message, they came after keys already queued."""
        super().__init__(id=id, classes=classes)
        self.set_reactive(OptionsForm.fields, tuple(fields))
        self._reshape = reshape

    def values(self) -> dict[str, Any]:
        return {f.name: f.value for f in self.fields}

    def set_fields(self, fields: tuple[Field, ...]) -> None:
        self.fields = tuple(fields)
        self.row = min(self.row, max(0, len(self.fields) - 1))
        self.refresh(layout=True)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return max(1, len(self._lines(width, focused=False)))

    def _set(self, index: int, value: Any) -> None:
        fields = list(self.fields)
        fields[index] = replace(fields[index], value=value)
        name = fields[index].name
        reshaped = self._reshape(name, {f.name: f.value for f in fields}) if self._reshape else None
        if reshaped is None:
            self.fields = tuple(fields)
        else:
            self.set_fields(reshaped)
        self.post_message(self.Changed(name, value))

    @property
    def current(self) -> Field | None:
        return self.fields[self.row] if self.fields else None

    def action_row(self, delta: int) -> None:
        if self.fields:
            self.row = (self.row + delta) % len(self.fields)

    def action_change(self, delta: int) -> None:
        f = self.current
        if f is None:
            return
        if f.kind == "choice":
            i = f.choices.index(f.value) if f.value in f.choices else 0
            self._set(self.row, f.choices[(i + delta) % len(f.choices)])
        elif f.kind == "bool":
            self._set(self.row, not f.value)
        else:
            # → doubles from 1; ← halves down to 1, and from 1 (or less) back to none: no limit
            step = 1 if f.kind == "int" else 1.0
            base = f.value or 0
            if delta > 0:
                new = base * 2 if base else step
            else:
                new = base / 2 if base > step else None
            if new is not None and f.kind == "int":
                new = int(new) or None
            self._set(self.row, new)

    def action_switch(self) -> None:
        f = self.current
        if f is not None and f.kind in ("bool", "choice"):
            self.action_change(1)

    def action_erase(self) -> None:
        f = self.current
        if f is None or f.kind not in ("int", "float") or f.value is None:
            return
        text = self._number_text(f.value)[:-1]
        self._set(self.row, self._parse(f, text))

    def action_type(self, ch: str) -> None:
        f = self.current
        if f is None:
            return
        text = (self._number_text(f.value) if f.value is not None else "") + ch
        self._set(self.row, self._parse(f, text))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Digits type only into a number (a point only into a decimal one); elsewhere the key goes
        on to the screen's bindings."""
        if action == "type":
            f = self.current
            kind = f.kind if f is not None else None
            return kind == "float" or (kind == "int" and parameters[:1] != (".",))
        return True

    @staticmethod
    def _number_text(value: float | None) -> str:
        return str(value) if value is not None else ""

    @staticmethod
    def _parse(f: Field, text: str) -> float | None:
        if not text or text == ".":
            return None
        try:
            value = int(text) if f.kind == "int" else float(text)
        except ValueError:  # not a number: the field keeps its value
            kept: float | None = f.value
            return kept
        return value if value > 0 else None

    def _value_text(self, f: Field) -> str:
        if f.kind == "choice":
            return f"◂ {f.value} ▸"
        if f.kind == "bool":
            return "[x]" if f.value else "[ ]"
        return self._number_text(f.value) if f.value else f.zero

    def _rows(self, width: int, focused: bool) -> list[list[Text]]:
        """The lines of each row at this width: label and value on one line where they fit, else
        the value on a line of its own under its label."""
        label_width = min(LABEL_WIDTH, max((len(f.label) for f in self.fields), default=0))
        rows = []
        for i, f in enumerate(self.fields):
            chosen = i == self.row and focused
            label = Text(f"{'▸' if chosen else ' '}{f.label:<{label_width}} ", style="bold" if chosen else "")
            value = Text(self._value_text(f), style="reverse" if chosen else "")
            if label.cell_len + value.cell_len <= width:
                rows.append([label + value])
            else:
                rows.append([label, Text("  ") + value])
        return rows

    def _lines(self, width: int, focused: bool) -> list[Text]:
        return [line for row in self._rows(width, focused) for line in row]

    def row_lines(self) -> tuple[int, int]:
        """Where the row under the cursor is drawn: its first line and how many lines it takes, for
        a pane too short for the whole form to keep it in view."""
        rows = self._rows(self.size.width, self.has_focus)
        return sum(len(row) for row in rows[:self.row]), len(rows[self.row]) if rows else 1

    def render(self) -> Text:
        return Text("\n").join(self._lines(self.size.width, self.has_focus))
