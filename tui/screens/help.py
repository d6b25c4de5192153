"""The help screen: what the app is for and every key, gathered from the live bindings."""
from __future__ import annotations

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

INTRO = (
    "Draw or load a board in the Board pane, pick an algorithm in the Solver pane, press F5 and "
    "watch the search in the Stats pane. When it ends, the Timeline steps through the answer.\n"
    "Tab moves between panes; Ctrl+P opens the command palette with every action."
)


def _keys_table(title: str, rows: list[tuple[str, str]]) -> Table:
    table = Table(title=title, title_justify="left", show_header=False, box=None, padding=(0, 2))
    table.add_column(style="bold")
    table.add_column()
    for key, what in rows:
        table.add_row(key, what)
    return table


class HelpScreen(ModalScreen[None]):
    BINDINGS = [Binding("escape,question_mark,q", "dismiss", "Close")]

    def __init__(self, sections: list[tuple[str, list[tuple[str, str]]]]) -> None:
        super().__init__()
        self.sections = sections

    def compose(self) -> ComposeResult:
        with VerticalScroll(classes="dialog", id="help"):
            yield Static(Text(INTRO))
            for title, rows in self.sections:
                yield Static(_keys_table(title, rows))
            yield Static(Text("Esc closes this help.", style="dim"))
