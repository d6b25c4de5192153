"""The start screen: pick a family, then a board (new, preset, saved, or a recovered unsaved one)."""
from __future__ import annotations

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Footer, Header, Label, OptionList, Static
from textual.widgets.option_list import Option

from tui import storage


class StartScreen(Screen):
    BINDINGS = [
        Binding("enter", "choose", "Open", show=True, priority=False, id="start.open"),
        Binding("tab", "focus_next", "Next list", show=False, id="start.next"),
    ]

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static("Loading puzzle families…", id="start-intro")
        with Horizontal(id="start-lists"):
            with Vertical():
                yield Label("Puzzle family", classes="pane-title")
                yield OptionList(id="families")
            with Vertical():
                yield Label("Board", classes="pane-title")
                yield OptionList(id="boards")
        yield Footer()

    def on_mount(self) -> None:
        self.title = "puzzle-explorer"
        self.sub_title = "choose a puzzle"
        # paint first: the families' import (numba) would hold up the first frame
        self.call_after_refresh(self._load)

    @work(thread=True, exclusive=True)
    def _load(self) -> None:
        """Importing the families loads numba; do it off the event loop so this screen shows at once."""
        from puzzles import registry
        families = registry.families()
        self.app.call_from_thread(self._show_families, families)

    def _show_families(self, families) -> None:
        self.app.families = families
        listing = self.query_one("#families", OptionList)
        listing.clear_options()
        listing.add_options([Option(f"{f.title}", id=f.id) for f in families.values()])
        recovered = [r for r in storage.recoveries() if r.family_id in families]
        intro = f"Choose a family (↑/↓, Enter), then a board. {self.app.key_for('help', self)} shows every key."
        if recovered:
            which = ", ".join(f"{r.family_id} ({r.age()})" for r in recovered)
            intro += f"\nUnsaved edits were kept from last time: {which}. Pick 'recover' in its board list."
            self.notify(f"unsaved boards can be recovered: {which}", timeout=8)
        self.query_one("#start-intro", Static).update(intro)
        listing.highlighted = 0
        listing.focus()
        self.app.start_warming()

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if event.option_list.id == "families" and event.option.id:
            self._show_boards(event.option.id)

    def _show_boards(self, family_id: str) -> None:
        family = self.app.families[family_id]
        options = []
        for r in storage.recoveries():
            if r.family_id == family_id:
                options.append(Option(f"⟲ recover unsaved board{' ' + r.name if r.name else ''} ({r.age()})",
                                      id="recover:"))
        options.append(Option("+ new empty board", id="new:"))
        options += [Option(f"  {name}  (saved)", id=f"saved:{name}") for name in storage.saved_boards(family_id)]
        options += [Option(f"  {p.name}  {p.id}", id=f"preset:{p.id}") for p in family.presets]
        boards = self.query_one("#boards", OptionList)
        boards.clear_options()
        boards.add_options(options)
        boards.highlighted = 0
        self.family_id = family_id

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option_list.id == "families":
            self.query_one("#boards", OptionList).focus()
            return
        self.app.open_board(self.family_id, event.option.id)

    def action_choose(self) -> None:
        focused = self.focused
        if isinstance(focused, OptionList) and focused.highlighted is not None:
            focused.action_select()
