"""The app as its screens and panes see it: what they ask of it beyond Textual's App.

The app (tui/app.py) opens the screens, so they cannot import it without an import circle; they
name this base instead, which PuzzleApp fills in. A screen or pane that calls these declares, for
the type checker only, `app = getters.app(Host)` (Textual's way of typing `self.app`).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from textual.app import App
from textual.dom import DOMNode

from puzzle_explorer.tui.keys import Rows

if TYPE_CHECKING:  # the start screen shows before numba, which the interface loads, is imported
    from puzzle_explorer.puzzles.interface import Family


class Host(App[None]):
    """The puzzle app's own calls; every one is PuzzleApp's."""

    families: dict[str, Family]  # by id, once the registry is loaded

    def binding_keys(self, binding_id: str, where: DOMNode | None = None) -> list[str]:
        """The keys bound to a binding id now: the user's keymap, else the binding's own keys."""
        raise NotImplementedError

    def key_for(self, binding_id: str, where: DOMNode | None = None) -> str:
        """The first key of a binding as people write it ('F5'), for hints in the text."""
        raise NotImplementedError

    def binding_rows(self, node: DOMNode) -> Rows:
        """(keys, what they do, binding ids) for a node's bindings, for the help."""
        raise NotImplementedError

    def open_board(self, family_id: str, choice: str) -> None:
        """Open a board picked on the start screen."""
        raise NotImplementedError

    def show_families(self) -> None:
        """Back to the start screen."""
        raise NotImplementedError

    def warm_first(self, family_id: str) -> None:
        """Compile this family's kernels before the others'."""
        raise NotImplementedError

    def start_warming(self) -> None:
        """Start compiling every family's kernels in the background (once)."""
        raise NotImplementedError
