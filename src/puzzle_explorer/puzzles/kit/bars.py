"""Horizontal bars of counts (positions per distance, states per depth) as plain text lines.

Each line is a label, a bar of block characters (eighths of a cell at its
tip) and the count, so the chart reads without colour and at any width.
When there are more values than lines, neighbouring values share a line
(the label gives the range, the bar their sum; the groups' sizes differ by
one at most). A count above zero always
shows at least a sliver, however small beside the largest.
"""
from __future__ import annotations

from collections.abc import Sequence

EIGHTHS = " ▏▎▍▌▋▊▉"
FULL = "█"
MIN_BAR = 1  # columns a bar keeps however narrow the space (the line may then pass the width)


def _bar(value: int, largest: int, width: int) -> str:
    if value <= 0 or largest <= 0:
        return ""
    eighths = max(1, round(8 * width * value / largest))
    return FULL * (eighths // 8) + (EIGHTHS[eighths % 8] if eighths % 8 else "")


def groups(n: int, rows: int) -> list[range]:
    """n values in at most `rows` consecutive groups whose sizes differ by one at most."""
    k = min(n, max(1, rows))
    if k <= 0:
        return []
    size, longer = divmod(n, k)
    out, lo = [], 0
    for i in range(k):
        hi = lo + size + (1 if i < longer else 0)
        out.append(range(lo, hi))
        lo = hi
    return out


def bar_lines(values: Sequence[int], width: int, rows: int | None = None, first: int = 0) -> list[str]:
    """The values as bars, one line per value or per group of values, each at most `width` characters.

    `first` is the label of values[0] (distance or depth 0, usually); `rows`
    caps the number of lines (None: a line per value).
    """
    spans = groups(len(values), rows if rows else len(values))
    sums = [sum(values[i] for i in span) for span in spans]
    labels = [f"{first + span.start}" if len(span) == 1 else f"{first + span.start}-{first + span.stop - 1}"
              for span in spans]
    counts = [f"{s:,}" for s in sums]
    label_w = max((len(t) for t in labels), default=0)
    count_w = max((len(t) for t in counts), default=0)
    room = max(MIN_BAR, width - label_w - count_w - 2)
    largest = max(sums, default=0)
    out = []
    for label, total, count in zip(labels, sums, counts):
        bar = _bar(total, largest, room)
        out.append(f"{label:>{label_w}} {bar:<{room}} {count:>{count_w}}")
    return out
