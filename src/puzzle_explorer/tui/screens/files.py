"""Save and Open dialogs: boards live in the user's data directory, in the family's text format."""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from textual import getters
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Label, OptionList
from textual.widgets.option_list import Option

from puzzle_explorer.core.folders import shown
from puzzle_explorer.puzzles.interface import Family
from puzzle_explorer.tui.host import Host
from puzzle_explorer.tui.model import storage


class SaveDialog(ModalScreen[str | None]):
    """Ask for a board name; Enter saves, Esc cancels."""

    if TYPE_CHECKING:
        app = getters.app(Host)

    BINDINGS = [Binding("escape", "dismiss(None)", "Cancel", id="dialog.cancel")]

    def __init__(self, name: str, folder: Path) -> None:
        super().__init__()
        self.default = name
        self.folder = folder

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(f"Save board as (Enter saves, {self.app.key_for('dialog.cancel', self)} cancels):")
            yield Input(value=self.default, placeholder="board name", id="save-name")
            yield Label(f"in {shown(self.folder)}", classes="dim", id="save-folder")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.dismiss(event.value.strip() or None)


class OpenDialog(ModalScreen[tuple[str, str] | None]):
    """Type a file's path, or pick a saved board or a preset of the family; Enter opens, Esc cancels."""

    if TYPE_CHECKING:
        app = getters.app(Host)

    BINDINGS = [Binding("escape", "dismiss(None)", "Cancel", id="dialog.cancel")]

    def __init__(self, family: Family) -> None:
        super().__init__()
        self.family = family

    def compose(self) -> ComposeResult:
        options = [Option(f"saved   {name}", id=f"saved:{name}") for name in storage.saved_boards(self.family.id)]
        options += [Option(f"preset  {p.name}  {p.id}", id=f"preset:{p.id}") for p in self.family.presets]
        with Vertical(classes="dialog"):
            yield Label(f"Open a board (Enter opens, {self.app.key_for('dialog.cancel', self)} cancels, "
                        "Tab moves between the list and the path):")
            yield OptionList(*options, id="open-list")
            yield Input(placeholder="or a file's path, e.g. ~/boards/mine.txt", id="open-path")

    def on_mount(self) -> None:
        self.query_one(OptionList).focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        kind, _, key = (event.option.id or "").partition(":")
        self.dismiss((kind, key))

    def on_input_submitted(self, event: Input.Submitted) -> None:
        path = event.value.strip()
        if path:
            self.dismiss(("file", path))
