"""A family's title where room is short: "Link paths (连连看 Lianliankan / Shisen-Sho)" reads
"Link paths" when the whole does not fit, never cut off or wrapped."""
from __future__ import annotations

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, RenderResult
from rich.measure import Measurement
from rich.text import Text


def short_title(title: str) -> str:
    """The title without its aside in parentheses."""
    return title.partition(" (")[0]


class FittingTitle:
    """A title drawn whole where the width allows, else short, on one line either way."""

    def __init__(self, title: str, after: str = "") -> None:
        self.title = title
        self.after = after  # a mark that follows either wording (the start screen's ⟲)

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        title = self.title
        if cell_len(title + self.after) > options.max_width:
            title = short_title(title)
        yield Text(title + self.after, no_wrap=True, overflow="ellipsis")

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return Measurement(cell_len(short_title(self.title) + self.after), cell_len(self.title + self.after))
