"""Text that a running search changes several times a second (counters, head lines, a chart).

Static.update lays the whole screen out again each time, since new text may take more or fewer
lines. Ten times a second that was a quarter of the app's own work during a long search, and the
app's thread shares the cores with the search's. LiveText lays out only when the text's height
at the widget's width has changed; otherwise its region is repainted alone.
"""
from __future__ import annotations

from textual.visual import VisualType
from textual.widgets import Static


class LiveText(Static):
    """A Static whose updates lay the screen out only when they change its height."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self._shape: tuple[int, int] | None = None  # (width, height) of the text last laid out

    def update(self, content: VisualType = "", *, layout: bool = True) -> None:
        width = self.content_size.width
        super().update(content, layout=layout and not width)
        if not layout or not width:
            self._shape = None  # not laid out yet, or laid out by the caller's own choice
            return
        # (the styles as Widget.get_content_height passes them, which its annotation does not name)
        shape = (width, self.visual.get_height(self.styles, width))  # type: ignore[arg-type]
        if shape != self._shape:
            self._shape = shape
            self.clear_cached_dimensions()
            self.refresh(layout=True)
