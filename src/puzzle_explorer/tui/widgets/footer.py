"""A Footer that shows only the keys that fit whole, the most needed first: a narrow terminal loses the
least needed keys, never half a word."""
from __future__ import annotations

from typing import Any

from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Footer

from puzzle_explorer.tui.textual_compat import FooterKey, FooterLabel, KeyGroup, footer_bindings_ready


class KeyFooter(Footer):
    """Keys in binding order (the focused pane's first), compact, as many as fit whole. When not all
    fit, the ones a person needs most stay: the FIRST actions that apply, in that order (play's
    arrows; ? and Ctrl+Q, which lead to everything else; Solve; Cancel while a search runs...), then
    the focused pane's keys, then the SOON ones (back to the families), then the palette's key, then
    the rest in order. Every key stays in the help (?) and the palette (which ? also names): at 80
    columns the way back to the families outranks the palette's own key."""

    # actions kept before any other (when they apply), most needed first
    # (by action name: the play screen's four arrows are arrow('up')...)
    FIRST = ("arrow", "help", "quit", "solve", "start", "edit", "cancel", "back", "leave", "freeze", "hardest", "best")
    # actions kept next after the focused pane's keys: the way back to another board
    SOON = ("families",)
    _recompose_pending = False

    def __init__(self) -> None:
        super().__init__(compact=True)

    def bindings_changed(self, screen: Screen[Any]) -> None:
        # A finished search changes the bindings several times in one message; each change would
        # rebuild every key, one rebuild is enough for them all.
        footer_bindings_ready(self)
        if self._recompose_pending or not screen.app.app_focus or not self.is_attached or screen is not self.screen:
            return
        self._recompose_pending = True
        self.call_after_refresh(self.recompose)

    async def recompose(self) -> None:
        self._recompose_pending = False
        await super().recompose()
        self._fit_after_layout()

    def on_resize(self) -> None:
        for child in self.children:
            child.display = True
        self._fit_after_layout()

    def _fit_after_layout(self) -> None:
        self.call_after_refresh(self._fit)

    def _fit(self) -> None:
        if not self.content_region.width:
            return  # not laid out (a screen beneath another): its first layout resizes it, and it fits then
        room = self.content_region.width
        for unit in sorted(self._units(), key=self._rank):  # sorted() keeps binding order among equals
            width = sum(self._width(c) for c in unit)
            for child in unit:
                child.display = width <= room  # a later, shorter key may still fit
            room -= width if unit[0].display else 0

    def _rank(self, unit: list[Widget]) -> int:
        """How soon a unit of keys claims its room: the FIRST actions by their place there, then the
        keys of the focused pane (whatever node between it and the screen binds them), then the rest."""
        key = unit[0] if isinstance(unit[0], FooterKey) else next(iter(unit[0].query(FooterKey)), None)
        focused, soon, palette, rest = (len(self.FIRST) + i for i in range(4))
        if unit[0].has_class("-command-palette"):
            return palette
        if key is None:
            return rest
        action = key.action.partition("(")[0]
        if action in self.FIRST:
            return self.FIRST.index(action)
        bound = self.screen.active_bindings.get(key.key)
        if bound is not None and bound.node is not self.screen and bound.node is not self.app:
            return focused
        return soon if action in self.SOON else rest

    def _units(self) -> list[list[Widget]]:
        """The children that show or hide together: a group of keys with the words after it (the
        four arrows and what they do), else each key alone."""
        units: list[list[Widget]] = []
        for child in self.children:
            if isinstance(child, FooterLabel) and units and isinstance(units[-1][-1], KeyGroup):
                units[-1].append(child)
            else:
                units.append([child])
        return units

    def _width(self, child: Widget) -> int:
        """The columns a key takes, margins included, from what it shows: measured before it is laid
        out (keys recomposed but not laid out yet all read 0 wide, and seemed to fit; waiting for their
        layout, a real terminal sometimes never fitted them)."""
        if isinstance(child, KeyGroup):
            inner = sum(self._width(key) for key in child.children)
        else:
            inner = child.get_content_width(self.size, self.app.size)
        margin = child.styles.margin
        return inner + child.styles.gutter.width + margin.left + margin.right
