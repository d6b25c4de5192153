"""Save and Open dialogs: boards live in the user's data directory, in the family's text format."""
from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Label, OptionList
from textual.widgets.option_list import Option

from tui import storage


class SaveDialog(ModalScreen[str | None]):
    """Ask for a board name; Enter saves, Esc cancels."""

    BINDINGS = [Binding("escape", "dismiss(None)", "Cancel")]

    def __init__(self, name: str) -> None:
        super().__init__()
        self.default = name

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label("Save board as (Enter saves, Esc cancels):")
            yield Input(value=self.default, placeholder="board name", id="save-name")
            yield Label(f"in {storage.data_dir() / 'boards'}", classes="dim")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.dismiss(event.value.strip() or None)


class OpenDialog(ModalScreen[tuple[str, str] | None]):
    """Pick a saved board or a preset of the family; Enter opens, Esc cancels."""

    BINDINGS = [Binding("escape", "dismiss(None)", "Cancel")]

    def __init__(self, family) -> None:
        super().__init__()
        self.family = family

    def compose(self) -> ComposeResult:
        options = [Option(f"saved   {name}", id=f"saved:{name}") for name in storage.saved_boards(self.family.id)]
        options += [Option(f"preset  {p.name}  {p.id}", id=f"preset:{p.id}") for p in self.family.presets]
        with Vertical(classes="dialog"):
            yield Label("Open a board (Enter opens, Esc cancels):")
            yield OptionList(*options, id="open-list")

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        kind, _, key = event.option.id.partition(":")
        self.dismiss((kind, key))
