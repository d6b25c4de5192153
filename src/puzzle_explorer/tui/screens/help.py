"""The help screen: what the app is for and every key, gathered from the live bindings."""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Protocol, runtime_checkable

from rich.table import Table
from rich.text import Text
from textual import getters
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from puzzle_explorer.core.folders import shown
from puzzle_explorer.tui.host import Host
from puzzle_explorer.tui.keys import Rows

INTRO = (
    "Draw or load a board in the Board pane, pick an algorithm in the Solver pane, press {solve} and "
    "watch the search in the Stats pane: its first line says what the search found; 'stored' counts the "
    "positions the search holds (a census: every position found so far). When it ends, the Timeline "
    "steps through the answer.\n"
    "Tab moves between panes; Ctrl+P opens the command palette with every action."
)


def keymap_section(keymap: Path) -> tuple[str, Rows]:
    """The help's last section: where the keys can be remapped."""
    return ("Keys", [("", f"keys can be remapped in {shown(keymap)}, one line a binding: its id (the "
                          "right-hand column above) and its keys, e.g. `solve = f9` or `edit.place = P`", "")])


@runtime_checkable
class ScreenHelp(Protocol):
    """A screen that lays out its own part of the help (a section a pane) instead of the default:
    its bindings and the focused widget's."""

    def help_sections(self) -> list[tuple[str, Rows]]: ...


def _keys_table(title: str, rows: Rows) -> Table:
    table = Table(title=title, title_justify="left", show_header=False, box=None, padding=(0, 1))
    table.add_column(style="bold", no_wrap=True)
    table.add_column(ratio=3)
    table.add_column(style="dim", ratio=1, overflow="fold")
    for key, what, ids in rows:
        table.add_row(key, what, ids)
    return table


class HelpScreen(ModalScreen[None]):
    if TYPE_CHECKING:
        app = getters.app(Host)

    BINDINGS = [Binding("escape,question_mark,q", "dismiss", "Close", id="help.close")]

    def __init__(self, sections: list[tuple[str, Rows]], solve_key: str = "F5") -> None:
        super().__init__()
        self.sections = sections
        self.solve_key = solve_key

    def compose(self) -> ComposeResult:
        with VerticalScroll(classes="dialog", id="help"):
            yield Static(Text(INTRO.format(solve=self.solve_key)))
            for title, rows in self.sections:
                yield Static(_keys_table(title, rows))
            yield Static(Text(f"{self.app.key_for('help.close', self)} closes this help.", style="dim"))
