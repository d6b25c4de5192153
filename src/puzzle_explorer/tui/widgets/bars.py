"""A small bar chart in text: states per depth (BFS, census), nodes per IDA* iteration, cells per segment count.

Drawn by hand rather than with a plotting widget: the Stats pane has about 38 x 4
characters at 80x24, where a plotting library's axes and tick labels would take
half the room, and eighth blocks give each column 8 steps a row, read the same
with or without colour. A caption line under the bars gives the range and the
peak in numbers.
"""
from __future__ import annotations

import math
from collections.abc import Sequence

from rich.text import Text
from textual.widget import Widget

from puzzle_explorer.core.run.live import Live
from puzzle_explorer.tui.widgets.live_text import LiveText

EIGHTHS = " ▁▂▃▄▅▆▇█"
ROWS = 3


def _count(n: int) -> str:
    if n < 10_000:
        return f"{n:,}"
    if n < 10_000_000:
        return f"{n / 1e3:.0f}k"
    return f"{n / 1e6:.0f}M"


def columns(values: Sequence[int], width: int) -> list[int]:
    """At most `width` columns: the values in equal groups, each column the largest of its group (so the
    peak keeps its height)."""
    group = max(1, math.ceil(len(values) / max(1, width)))
    return [max(values[i:i + group]) for i in range(0, len(values), group)]


def bar_rows(heights: Sequence[int], rows: int = ROWS) -> list[str]:
    """Rows of block characters, top row first: each column as tall as its value over the largest."""
    top = max(heights, default=0)
    if top <= 0:
        return [" " * len(heights)] * rows
    eighths = [math.ceil(h * rows * 8 / top) if h > 0 else 0 for h in heights]
    out = []
    for row in range(rows - 1, -1, -1):
        out.append("".join(EIGHTHS[max(0, min(8, e - row * 8))] for e in eighths))
    return out


def chart(live: Live | None, width: int, rows: int = ROWS) -> Text | None:
    """The chart of a live picture's layers or iterations, or None when it has none. The layer or
    iteration in progress is the last column, as far as it has got."""
    if live is None or width < 8:
        return None
    if live.kind == "idastar":
        done = live.iterations
        if not done and not live.growing:
            return None
        values = [n for _, n in done] + ([live.growing] if live.growing else [])
        first = done[0][0] if done else live.bound
        last = live.bound if live.growing else done[-1][0]
        unit = "nodes per bound"
    else:
        if not live.layers:
            return None
        values = list(live.layers) + ([live.growing] if live.growing else [])
        unit = {"reach": "cells per segment count", "census": "states per layer"}.get(live.kind, "states per depth")
        first = live.history_from
        last = first + len(values) - 1
    text = Text(no_wrap=True, overflow="crop")
    for line in bar_rows(columns(values, width), rows):
        text.append(line + "\n", "bold")
    text.append(caption(unit, f"{first}–{last}", _count(max(values)), width), "dim")
    return text


def caption(unit: str, span: str, peak: str, width: int) -> str:
    """The line under the bars: what they count, over which span, and the peak, in `width`
    characters. The unit's words go first where it does not fit (80x24's Stats pane cut
    "cells per segment count 1–3 · peak 760" before its peak); the peak stays."""
    for line in (f"{unit} {span} · peak {peak}", f"{span} · peak {peak}", f"peak {peak}"):
        if len(line) <= width:
            return line
    return f"peak {peak}"


class LayerBars(LiveText):
    """The chart of the latest snapshot's picture; hidden when it has nothing to chart."""

    def show(self, live: Live | None) -> None:
        pane = self.parent.content_size.width if isinstance(self.parent, Widget) else 0
        rows = 2 if self.app.has_class("-short") else ROWS  # 24 rows: the counters keep their place
        drawn = chart(live, max(0, pane - 1), rows)  # a column spared for the pane's scroll bar
        self.display = drawn is not None
        if drawn is not None:
            self.update(drawn)
