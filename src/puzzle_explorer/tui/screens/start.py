"""The start screen: pick a family, then a board (new, preset, saved, or a recovered unsaved one)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from textual import getters, on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Footer, Header, Label, OptionList, Static
from textual.widgets.option_list import Option

from puzzle_explorer.tui.host import Host
from puzzle_explorer.tui.model import boards, storage
from puzzle_explorer.tui.titles import FittingTitle

if TYPE_CHECKING:  # the families load off the event loop, after this screen shows
    from puzzle_explorer.puzzles.interface import Family


class StartScreen(Screen[None]):
    if TYPE_CHECKING:
        app = getters.app(Host)

    family_id: str | None = None  # the family whose boards are listed

    BINDINGS = [
        Binding("enter", "choose", "Open", show=True, priority=False, id="start.open"),
        # the app's, not the screen's: a screen has no focus_next action (the key did nothing)
        Binding("tab", "app.focus_next", "Next list", show=False, id="start.next"),
        Binding("left", "focus_list('families')", "Families", show=False, id="start.families",
                tooltip="back to the list of puzzle families"),
        Binding("right", "focus_list('boards')", "Boards", show=False, id="start.boards",
                tooltip="on to the family's boards"),
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
        from puzzle_explorer.puzzles import registry
        families = registry.families()
        self.app.call_from_thread(self._show_families, families)

    def _show_families(self, families: dict[str, Family]) -> None:
        self.app.families = families
        kept = self._kept()
        with_copies = {k.copy.family_id for k in kept}
        listing = self.query_one("#families", OptionList)
        listing.clear_options()
        listing.add_options([Option(FittingTitle(f.title, '  ⟲' if f.id in with_copies else ''), id=f.id)
                             for f in families.values()])
        if kept:
            self.notify(f"{boards.kept_notice(kept)}, marked ⟲", timeout=6)
        listing.highlighted = 0
        listing.focus()
        self.app.start_warming()

    def _kept(self) -> list[boards.Kept]:
        """The recovery copies (notices for damaged ones), and the intro that mentions them."""
        kept, notices = boards.kept_copies(self.app.families)
        for notice in notices:
            self.notify(notice, severity="warning", timeout=12)
        intro = f"Choose a family (↑/↓, Enter), then a board. {self.app.key_for('help', self)} shows every key."
        if kept:
            families = sorted({k.copy.family_id for k in kept})
            intro += (f"\nUnsaved edits were kept ({len(kept)}, in {', '.join(families)}): "
                      "pick ⟲ in a family's board list to recover one.")
        self.query_one("#start-intro", Static).update(intro)
        return kept

    def on_screen_resume(self) -> None:
        """Back from a board: its recovery copy may have come or gone."""
        if self.app.families and self.family_id:
            self._kept()
            self._show_boards(self.family_id)

    @on(OptionList.OptionHighlighted, "#families")
    def _family_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if event.option.id:
            self._show_boards(event.option.id)

    def _show_boards(self, family_id: str) -> None:
        family = self.app.families[family_id]
        kept, _ = boards.kept_copies(self.app.families, family_id)
        options = [Option(f"⟲ recover {k.label()}", id=f"recover:{k.copy.key}") for k in kept]
        options.append(Option("+ new empty board", id="new:"))
        options += [Option(f"  {name}  (saved)", id=f"saved:{name}") for name in storage.saved_boards(family_id)]
        # a preset on one line, cut short where the list is narrow (a wrapped id read as another board)
        options += [Option(FittingTitle(f"  {p.name}", f"  {p.id}"), id=f"preset:{p.id}") for p in family.presets]
        boards_list = self.query_one("#boards", OptionList)
        boards_list.clear_options()
        boards_list.add_options(options)
        boards_list.highlighted = 0
        self.family_id = family_id

    @on(OptionList.OptionSelected, "#families")
    def _family_chosen(self) -> None:
        self.query_one("#boards", OptionList).focus()

    @on(OptionList.OptionSelected, "#boards")
    def _board_chosen(self, event: OptionList.OptionSelected) -> None:
        if self.family_id and event.option.id:
            self.app.open_board(self.family_id, event.option.id)

    def action_focus_list(self, which: str) -> None:
        # set_focus, not focus(): the keys typed after it in one burst go to the list it names
        self.set_focus(self.query_one(f"#{which}", OptionList))

    def action_choose(self) -> None:
        focused = self.focused
        if isinstance(focused, OptionList) and focused.highlighted is not None:
            focused.action_select()
