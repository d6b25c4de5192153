"""A Footer that shows only the keys that fit whole: a narrow terminal loses the last keys, never half a word."""
from __future__ import annotations

from textual.widgets import Footer


class KeyFooter(Footer):
    """Keys come in binding order (the focused pane's first); those that would run past the
    command palette's key are hidden. Every key stays in the help (?) and the palette."""

    async def recompose(self) -> None:
        await super().recompose()
        self.call_after_refresh(self._fit)

    def on_resize(self) -> None:
        for child in self.children:
            child.display = True
        self.call_after_refresh(self._fit)

    def _fit(self) -> None:
        palette = [c for c in self.children if c.has_class("-command-palette")]
        right = min([c.region.x for c in palette], default=self.content_region.right)
        fits = True
        for child in self.children:
            if child not in palette:
                fits = fits and child.region.right <= right
                child.display = fits
