"""The Stats pane: what the search found (the family's headline), the live counters, and the details."""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from rich.console import RenderableType
from rich.table import Table
from rich.text import Text
from textual import getters
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.reactive import reactive
from textual.widgets import Sparkline, Static

from puzzle_explorer.core.estimate.dives import duration
from puzzle_explorer.core.run.live import Live
from puzzle_explorer.core.run.progress import WAITING, Phase, Snapshot
from puzzle_explorer.core.run.status import Status
from puzzle_explorer.puzzles.interface import Solution
from puzzle_explorer.puzzles.kit.bars import bar_lines
from puzzle_explorer.tui.host import Host
from puzzle_explorer.tui.widgets.bars import LayerBars
from puzzle_explorer.tui.widgets.live_text import LiveText

SPARK_POINTS = 120
NARROW = 33  # pane widths below this get the counters' short labels
BAR_ROWS = 12  # lines the positions per distance take at most (the pane scrolls below the counters)
MIN_BAR_ROWS = 3
STATUS_STYLE = {Status.SOLVED: "bold green", Status.UNSOLVABLE: "bold yellow", Status.CANCELLED: "yellow",
                Status.LIMIT: "bold red"}


def _count(n: float) -> str:
    """At most 6 characters, three figures past a million, so that the table keeps its shape in a
    narrow pane (at 60 columns '126.48M' was cut to '126.…')."""
    if n < 100_000:
        return f"{int(n):,}"
    if n < 999_500:  # above this, rounding to thousands would print 1000k
        return f"{n / 1e3:.0f}k"
    for scale, unit in ((1e6, "M"), (1e9, "G"), (1e12, "T"), (1e15, "P")):
        # the bounds below are where rounding would add a figure (9.995 -> 10.00)
        if n < 9.995 * scale:
            return f"{n / scale:.2f}{unit}"
        if n < 99.95 * scale:
            return f"{n / scale:.1f}{unit}"
        if n < 999.5 * scale:
            return f"{n / scale:.0f}{unit}"
    return f"{n / 1e18:.2f}E"  # past what a 64-bit counter holds


def compiling_line(s: Snapshot, family: str = "") -> str:
    """What a solve waits for before its search starts: the compiler, once per install. The app
    loads every family in the background, and a solve of another waits for the compiler too."""
    if s.kernels and family and s.compiling != family:
        return (f"[bold yellow]waiting for the compiler[/bold yellow] (loading {s.compiling} in the background: "
                f"{s.compiled}/{s.kernels} kernels)")
    if s.kernels:
        return (f"[bold yellow]compiling {s.compiling}: {s.compiled}/{s.kernels} kernels[/bold yellow] "
                "(only the first time)")
    return "[bold yellow]compiling the solver[/bold yellow] (only the first time)"


def phase_line(s: Snapshot, family: str = "") -> str:
    """The head line of a running search. A search of several kernels (a census, then the table
    it keeps) prepares each in turn: once the first has counted, preparing the next, loaded from
    the cache in a moment, is no "compiling" beside counters that ran; the background warm-up
    compiling (kernels to wait for) still is."""
    if s.phase == Phase.COMPILING and not s.kernels and (s.expanded or s.elapsed_s):
        return searching_line(s)
    return {**WAITING, Phase.COMPILING: compiling_line(s, family),
            Phase.SEARCHING: searching_line(s), Phase.DONE: "finished"}.get(s.phase, f"{s.phase}…")


def searching_line(s: Snapshot) -> str:
    """The head line of a running search with how far it has got, which a pane a few rows high
    (60x20) shows when its counters are cut: the time left, or else the subtrees done. The time
    left in one unit, as the counters give it: "~17 min 32 s left" wrapped in a 60x20 pane."""
    eta = s.eta()
    if eta is not None and not s.expected_of:  # (an iteration's time left is not the search's)
        return f"[bold]searching…[/bold] ~{duration(eta[0], units=1)} left"
    if s.tasks:
        return f"[bold]searching…[/bold] {s.tasks_done:,}/{s.tasks:,} subtrees"
    return "[bold]searching…[/bold]"


class StatsPane(VerticalScroll):
    """Counters at up to 10 Hz (4 Hz after 5 s) while a search runs, with a chart of the layers or iterations it has
    finished (or a sparkline of its frontier); then the headline, the final counts and the details.

    The headline and the counters come first; the pane scrolls when the details
    below them do not fit.
    """

    snapshot: reactive[Snapshot | None] = reactive(None)
    outcome: reactive[Text | str] = reactive("")
    details = reactive("")

    if TYPE_CHECKING:
        app = getters.app(Host)

    def __init__(self, headline: Callable[[Solution], str], family: str = "", *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.border_title = "Stats"
        self.headline = headline
        self.family = family
        self.history: list[float] = []
        self.solution: Solution | None = None
        self.live: Live | None = None  # the search's last live picture, charted by the bars

    def compose(self) -> ComposeResult:
        yield LiveText(id="stats-head")
        yield Static(id="stats-distances")  # under the headline: the first thing a census from the goal shows
        yield LiveText(id="stats-numbers")
        yield Sparkline([], id="stats-spark")
        yield LayerBars(id="stats-bars")
        yield Static(id="stats-details")

    def on_mount(self) -> None:
        self.query_one(Sparkline).display = False
        self.query_one(LayerBars).display = False
        self.watch_snapshot(None)

    def begin(self) -> None:
        self.history = []
        self.solution = None
        self.live = None
        spark = self.query_one(Sparkline)
        spark.data = []
        spark.display = False
        self.query_one(LayerBars).display = False
        self.outcome = ""
        self.details = ""
        self._bars()
        self.snapshot = Snapshot(phase=Phase.IDLE)

    @property
    def shown(self) -> bool:
        """The pane shows a search or its outcome (not its opening words, nor a cleared pane's)."""
        return self.snapshot is not None

    def clear(self, why: str) -> None:
        """No search and no answer any more (the board changed): say why, instead of the old ones."""
        self.begin()
        self.snapshot = None
        self.outcome = Text(why, style="dim")

    def show(self, snapshot: Snapshot) -> None:
        if self.solution is not None:
            return  # a late sample from the finished search
        self.snapshot = snapshot
        if snapshot.phase in (Phase.SEARCHING, Phase.DONE):
            bars = self.query_one(LayerBars)
            bars.show(snapshot.live)  # layers or iterations, when the search has them
            self.live = snapshot.live
            self.history.append(float(snapshot.frontier))
            del self.history[:-SPARK_POINTS]
            spark = self.query_one(Sparkline)
            spark.data = list(self.history)
            spark.display = len(self.history) >= 2 and not bars.display  # the frontier over time, otherwise

    def finish(self, solution: Solution | None, error: str | None = None, cancelled: bool = False) -> None:
        if cancelled:
            self.details = "stopped while the solver was still compiling"
            self.outcome = Text("cancelled", style="yellow")
            return
        if error is not None or solution is None:
            error = error or "the search gave no answer"
            self.details = ""
            self.outcome = Text.assemble(("error: ", "bold red"), error)
            return
        self.solution = solution
        self.query_one(Sparkline).display = False
        self.details = details_text(solution.details)
        self._bars()
        self.outcome = Text(self.headline(solution), style=STATUS_STYLE[solution.status])
        self.snapshot = Snapshot(phase=Phase.DONE)

    def again(self, solution: Solution, live: Live | None) -> None:
        """An answer shown again (undone back to its board): its outcome and its search's last chart."""
        self.begin()
        if live is not None:
            self.query_one(LayerBars).show(live)
            self.live = live
        self.finish(solution)

    def on_resize(self) -> None:
        self._bars()
        # the labels' length follows the width (NARROW): a terminal made narrower after the
        # search would otherwise keep the long labels, cut
        self.query_one("#stats-numbers", LiveText).update(self._numbers(self.snapshot))

    def _bars(self) -> None:
        """A census from the goal's positions per distance, as bars that read without colour."""
        census = self.solution.details.get("census") if self.solution is not None else None
        levels = census.get("by_distance") if census and census.get("from_goal") else None
        widget = self.query_one("#stats-distances", Static)
        widget.display = bool(levels)
        if levels:
            # as many lines as the pane shows below the headline (the counters scroll into view)
            head = max(self.query_one("#stats-head", LiveText).virtual_size.height, 2)
            rows = max(MIN_BAR_ROWS, min(BAR_ROWS, self.scrollable_content_region.height - head))
            lines = bar_lines(levels, max(self.scrollable_content_region.width, 20), rows)
            widget.update(Text("\n".join(lines)))

    def watch_snapshot(self, snapshot: Snapshot | None) -> None:
        self.query_one("#stats-numbers", LiveText).update(self._numbers(snapshot))
        self._head()

    def watch_outcome(self, outcome: Text | str) -> None:
        self._head()

    def watch_details(self, details: str) -> None:
        self.query_one("#stats-details", Static).update(Text(details, style="dim"))

    def _head(self) -> None:
        s = self.snapshot
        if self.outcome:
            head = self.outcome
        elif s is None:
            head = Text(f"no search yet: {self.app.key_for('solve')} solves", style="dim")
        else:
            head = phase_line(s, self.family)
        self.query_one("#stats-head", LiveText).update(head)

    def _numbers(self, s: Snapshot | None) -> RenderableType:
        if s is None:
            return ""
        short = self.content_size.width < NARROW  # keep four columns on one line
        return final_numbers(self.solution, short) if self.solution is not None else live_numbers(s, short)


def live_numbers(s: Snapshot, short: bool = False) -> RenderableType:
    """A running search's counters, two to a row. The time left and its spread are rounded to one
    unit ("~19 min ± 3 min"): the two units of "~19 min 15 s ± 2 min 43 s" widened their columns
    past an 80x24 pane's Stats pane, and the row wrapped. Where even that is too wide (60x20), the
    labels are cut, never the figures ("~18 min" wrapped there, and the pane cut its "min")."""
    table = _counters_table()
    # how far and how long first, the picture's depth last: a short pane (80x24) cuts the bottom
    table.add_row("exp" if short else "expanded", _count(s.expanded), "front" if short else "frontier",
                  _count(s.frontier))
    table.add_row("time", _elapsed(s.elapsed_s, short), "n/s" if short else "nodes/s", _count(s.rate))
    eta = s.eta()
    if eta is not None:  # a tree search with an estimate of its size (core/estimate/dives.py)
        label = "left" if not s.expected_of else "iter" if short else "iter left"  # the estimate's part
        table.add_row(label, f"~{duration(eta[0], units=1)}", "±", duration(eta[1], units=1))
    elif s.past_estimate:
        table.add_row("left", "?", "over", "estimate")
    if s.tasks:  # a split search: how far through its subtrees
        table.add_row("subtr" if short else "subtrees", f"{s.tasks_done:,}/{s.tasks:,}", "", "")
    if s.solutions:  # a count as it is assembled (a search's tours so far, a join's pairs of halves)
        table.add_row("found", _count(s.solutions), "", "")
    table.add_row("depth", _count(s.depth), "stored", _count(s.stored))
    return table


def _counters_table() -> Table:
    """Counters two to a row: a dim label, then its figure, which never wraps (a narrow pane cuts
    the labels instead)."""
    table = Table.grid(padding=(0, 1))
    for _ in range(2):
        table.add_column(style="dim")
        table.add_column(justify="right", no_wrap=True)
    return table


def _elapsed(seconds: float, short: bool) -> str:
    """A running search's time so far, in at most eight characters: seconds, then minutes, then hours."""
    if seconds >= 6000:
        return f"{seconds / 3600:.1f} h"
    if seconds >= 100:
        return f"{seconds / 60:.1f} min"
    return f"{seconds:.1f}s" if short else f"{seconds:.2f} s"


def final_numbers(solution: Solution, short: bool = False) -> RenderableType:
    """The finished search's counts, from its statistics alone (the live samples may lag behind)."""
    if not solution.searched:
        why = "" if solution.stopped_before_search else ": the answer follows without one"
        return Text(solution.no_search_text + why, style="dim")
    s = solution.stats
    rate = s.nodes_expanded / s.elapsed_s if s.elapsed_s > 0 else 0
    table = _counters_table()
    # the largest frontier, named as the live row names the frontier: "peak" is the depth chart's
    # largest level, another figure (a breadth-first queue can hold parts of two levels)
    table.add_row("exp" if short else "expanded", _count(s.nodes_expanded), "front" if short else "max front",
                  _count(s.max_frontier))
    table.add_row("stored", _count(s.states_seen), "time", f"{s.elapsed_s:.1f}s" if short else f"{s.elapsed_s:.2f} s")
    table.add_row("n/s" if short else "nodes/s", _count(rate), "", "")
    return table


def _value(value: object) -> str | None:
    """A detail's value as a user reads it; None for what does not fit on one line."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, int):
        return f"{value:,}"
    if isinstance(value, (float, str)):
        return f"{value}"
    return None


def details_text(details: dict[str, Any]) -> str:
    """A family's extras (census counts, the theorem used...), one per line; lists and grids are left out."""
    lines = []
    for key, value in details.items():
        if key == "board":
            continue  # the board the search was given, for the JSON: on screen already ("board: closed no")
        if key == "note":
            lines.append(str(value))
        elif isinstance(value, dict) and isinstance(value.get("reason"), str):
            # what theory says (knights' existence check): its reason is a sentence of its own, which
            # the generic "key: field value, ..." line garbled ("existence: reason 7x7 has open tours")
            lines.append(f"theory: {value['reason']}")
        elif isinstance(value, dict) and isinstance(value.get("text"), str):
            # figures with their own sentence (an estimate): "nodes 925,370, nodes se 540,725, ..." read
            # as a dump where "~925,000 nodes (± 58%)" reads as the command line's
            lines.append(f"{key.replace('_', ' ')}: {value['text']}")
        elif isinstance(value, dict):
            inner = [f"{k.replace('_', ' ')} {text}" for k, v in value.items() if (text := _value(v)) is not None]
            if inner:
                lines.append(f"{key.replace('_', ' ')}: " + ", ".join(inner))
        elif _seconds(key, value):
            lines.append(f"{key[:-2].replace('_', ' ')}: {value} s")
        elif (text := _value(value)) is not None:
            lines.append(f"{key.replace('_', ' ')}: {text}")
    return "\n".join(lines)


def _seconds(key: str, value: object) -> bool:
    """Whether a detail is a number of seconds: JSON names them with _s ("pdb_built_s"), which reads
    as "pdb built: 0.03 s", not "pdb built s: 0.03" (a rate, "nodes_per_s", is not)."""
    return (key.endswith("_s") and not key.endswith("_per_s") and isinstance(value, (int, float))
            and not isinstance(value, bool))
