"""The Stats pane: live counters of the running search, the frontier over time, and how it ended."""
from __future__ import annotations

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.reactive import reactive
from textual.widgets import Sparkline, Static

from core.progress import Phase, Snapshot
from core.status import Status
from puzzles.interface import Solution

SPARK_POINTS = 120


def _count(n: float) -> str:
    """At most 7 characters, so the table keeps its shape in a narrow pane."""
    if n < 100_000:
        return f"{int(n):,}"
    if n < 999_500:  # above this, rounding to thousands would print 1000k
        return f"{n / 1e3:.0f}k"
    if n < 999_995_000:
        return f"{n / 1e6:.2f}M"
    return f"{n / 1e9:.2f}G"


def compiling_line(s: Snapshot) -> str:
    """What a solve waits for before its search starts: the compiler, once per install."""
    if s.kernels:
        return f"[bold yellow]compiling {s.compiling} {s.compiled}/{s.kernels} kernels[/bold yellow] (once)"
    return "[bold yellow]compiling the solver[/bold yellow] (once)"


class StatsPane(Vertical):
    """Counters at up to 10 Hz while a search runs, then its result and why it ended."""

    snapshot: reactive[Snapshot | None] = reactive(None)
    outcome = reactive("")

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.border_title = "Stats"
        self.history: list[float] = []

    def compose(self) -> ComposeResult:
        yield Static(id="stats-head")
        yield Static(id="stats-numbers")
        yield Sparkline([], id="stats-spark")
        yield Static(id="stats-details")

    def on_mount(self) -> None:
        self.query_one(Sparkline).display = False
        self.watch_snapshot(None)

    def begin(self) -> None:
        self.history = []
        spark = self.query_one(Sparkline)
        spark.data = []
        spark.display = False
        self.outcome = ""
        self.details = ""
        self.snapshot = Snapshot(phase=Phase.IDLE)

    def show(self, snapshot: Snapshot) -> None:
        self.snapshot = snapshot
        if snapshot.phase == Phase.SEARCHING:
            self.history.append(float(snapshot.frontier))
            del self.history[:-SPARK_POINTS]
            spark = self.query_one(Sparkline)
            spark.data = list(self.history)
            spark.display = len(self.history) >= 2

    def finish(self, solution: Solution | None, error: str | None = None, cancelled: bool = False) -> None:
        if cancelled:
            self.details = "stopped while the solver was still compiling"
            self.outcome = "[yellow]cancelled[/yellow]"
            return
        if error is not None:
            self.details = ""
            self.outcome = f"[red]error:[/red] {error}"
            return
        s = solution.stats
        self.snapshot = Snapshot(phase=Phase.DONE, expanded=s.nodes_expanded, frontier=0,
                                 stored=s.states_seen, max_frontier=s.max_frontier, elapsed_s=s.elapsed_s,
                                 depth=self.snapshot.depth if self.snapshot else 0,
                                 solutions=solution.details.get("solutions", 0)
                                 if isinstance(solution.details.get("solutions"), int) else 0)
        if solution.status == Status.SOLVED:
            n = solution.length
            head = f"[green]solved[/green]: {n:,} step{'s' if n != 1 else ''}"
        elif solution.status == Status.UNSOLVABLE:
            head = "[yellow]no solution[/yellow]: every reachable position was searched"
        elif solution.status == Status.CANCELLED:
            head = "[yellow]cancelled[/yellow]"
        else:
            head = f"[red]limit[/red]: {solution.reason().removeprefix('stopped: ')}"
        self.details = _details_line(solution.details)
        self.outcome = head

    details = reactive("")

    def watch_snapshot(self, snapshot: Snapshot | None) -> None:
        self.query_one("#stats-numbers", Static).update(self._numbers(snapshot))
        self._head()

    def watch_outcome(self, outcome: str) -> None:
        self._head()

    def watch_details(self, details: str) -> None:
        self.query_one("#stats-details", Static).update(Text(details, style="dim"))

    def _head(self) -> None:
        s = self.snapshot
        if self.outcome:
            head = self.outcome
        elif s is None:
            head = "[dim]no search yet: F5 solves[/dim]"
        else:
            head = {Phase.IDLE: "starting…", Phase.COMPILING: compiling_line(s),
                    Phase.SEARCHING: "[bold]searching…[/bold]", Phase.DONE: "finished"}[s.phase]
        self.query_one("#stats-head", Static).update(head)

    @staticmethod
    def _numbers(s: Snapshot | None):
        if s is None:
            return ""
        table = Table.grid(padding=(0, 1))
        table.add_column(style="dim")
        table.add_column(justify="right")
        table.add_column(style="dim")
        table.add_column(justify="right")
        done = s.phase == Phase.DONE
        table.add_row("expanded", _count(s.expanded), "peak" if done else "frontier",
                      _count(s.max_frontier if done else s.frontier))
        table.add_row("depth", _count(s.depth), "stored", _count(s.stored))
        table.add_row("time", f"{s.elapsed_s:.2f} s", "nodes/s", _count(s.rate))
        return table


def _value(value) -> str | None:
    """A detail's value as a user reads it; None for what does not fit on one line."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, int):
        return f"{value:,}"
    if isinstance(value, (float, str)):
        return f"{value}"
    return None


def _details_line(details: dict) -> str:
    """One line of a family's extras (census counts, number of solutions...)."""
    parts = []
    for key, value in details.items():
        if key == "note":
            parts.append(str(value))
        elif isinstance(value, dict):
            inner = [f"{k.replace('_', ' ')} {text}" for k, v in value.items() if (text := _value(v)) is not None]
            if inner:
                parts.append(f"{key.replace('_', ' ')}: " + ", ".join(inner))
        elif (text := _value(value)) is not None:
            parts.append(f"{key.replace('_', ' ')}: {text}")
    return " · ".join(parts)
