"""A Footer that shows only the keys that fit whole: a narrow terminal loses the last keys, never half a word."""
from __future__ import annotations

from typing import Any

from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Footer

from puzzle_explorer.tui.textual_compat import FooterKey, FooterLabel, KeyGroup, footer_bindings_ready


class KeyFooter(Footer):
    """Keys come in binding order (the focused pane's first); those that would run past the
    command palette's key are hidden, except the FIRST ones (Solve, Cancel, Race, Freeze while a
    search runs, Hardest start once a census has found them), which keep their place. Every key
    stays in the help (?) and the palette."""

    # actions shown whatever else has to give way (when they apply)
    FIRST = ("solve", "cancel", "race", "freeze", "hardest")
    # refreshes to wait for the keys' first layout: a footer on a screen hidden beneath another is
    # never laid out, and waiting on it for ever kept a core busy; it fits again when it recomposes
    LAYOUT_WAIT = 10
    _waits = 0
    _recompose_pending = False

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
        self._waits = 0
        self.call_after_refresh(self._fit)

    def _fit(self) -> None:
        if any(self._width(c) == 0 for c in self.children if c.display):
            # Keys composed but not laid out yet (a dialog pushed over the screen recomposes the
            # footer beneath it): measured now, all would seem to fit and run past the edge.
            self._waits += 1
            if self._waits <= self.LAYOUT_WAIT:
                self.call_after_refresh(self._fit)
            return
        palette = [c for c in self.children if c.has_class("-command-palette")]
        first = [c for c in self.children if isinstance(c, FooterKey) and c.action in self.FIRST]
        room = self.content_region.width - sum(self._width(c) for c in palette + first)
        for unit in self._units():
            if unit[0] not in palette and unit[0] not in first:
                width = sum(self._width(c) for c in unit)
                for child in unit:
                    child.display = width <= room  # a later, shorter key may still fit
                room -= width if unit[0].display else 0

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

    @staticmethod
    def _width(child: Widget) -> int:
        margin = child.styles.margin
        return child.outer_size.width + margin.left + margin.right
