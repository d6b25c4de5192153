"""The Race screen: two to four solvers on the current board, a column each, then the table.

Before the race each column is a form (the solver and its own options, limits and memory); during
it, the solver's live figures, refreshed ten times a second from the race's lanes; after it, the
solver's headline, and below the columns the table that compares them (the same one the command
line prints). Enter on a column opens that solver's answer in the main screen's timeline.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual import getters, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import Header, Static

from puzzle_explorer.core.errors import InputError
from puzzle_explorer.core.run.progress import WAITING, Phase, Snapshot
from puzzle_explorer.core.run.race import CANCELLED, DONE, FAILED, FOR_CORE, QUEUED, RUNNING, Lane, Race
from puzzle_explorer.core.run.status import Status
from puzzle_explorer.core.sizes import describe_bytes
from puzzle_explorer.puzzles import race as R
from puzzle_explorer.puzzles.interface import ZOOM_OVERVIEW, Family, Solution, Solver, View
from puzzle_explorer.tui.host import Host
from puzzle_explorer.tui.messages import AnswerOpened, RaceFinished
from puzzle_explorer.tui.widgets.footer import KeyFooter
from puzzle_explorer.tui.widgets.form import Field, OptionsForm
from puzzle_explorer.tui.widgets.solver import ALGORITHM, chosen, limit_fields, option_fields
from puzzle_explorer.tui.widgets.stats import STATUS_STYLE

MIN_LANES, MAX_LANES = 2, 4
DEFAULT_LANES = 3
SOLVER = "solver"
MEMORY = "memory_mib"
MiB = 2**20
# the main screen's: show a race's answer (the solution, who found it, the solver's id and options)
OpenAnswer = Callable[[Solution, str, str, dict[str, Any]], None]
REFRESH_S = 0.1  # the columns pull their lanes' figures this often (10 Hz, as fast as they come)


@dataclass
class RaceMemory:
    """What a main screen keeps of its last race, so reopening the screen on the same board shows
    it again: the columns' settings and the report."""

    board: Any = None
    settings: list[dict[str, Any]] = field(default_factory=list)
    report: R.Report | None = None


def runnable(family: Family, board: Any) -> list[Solver]:
    """The family's solvers that can run on this board (link's path needs two marks)."""
    return [s for s in family.solvers if s.needs is None or not s.needs(board)]


class RaceLane(Vertical):
    """One solver's column."""

    NEIGHBOUR = "the column to the left or right"  # one row of the help for both arrows

    BINDINGS = [
        Binding("enter", "open", "Open answer", id="race.open",
                tooltip="open this solver's answer in the main screen's timeline"),
        Binding("left", "neighbour(-1)", "Column", show=False, id="race.left", tooltip=NEIGHBOUR),
        Binding("right", "neighbour(1)", "Column", show=False, id="race.right", tooltip=NEIGHBOUR),
    ]

    def __init__(self, family: Family, solvers: list[Solver], values: dict[str, Any]) -> None:
        super().__init__()
        self.family = family
        self.solvers = solvers
        self.values = values
        self.result: R.Result | None = None

    def compose(self) -> ComposeResult:
        yield OptionsForm(self._fields(self.values), self._reshape, classes="lane-form")
        yield Static(classes="lane-options")
        yield Static(classes="lane-figures")
        yield Static(classes="lane-board")

    def on_mount(self) -> None:
        for part in (".lane-board", ".lane-figures", ".lane-options"):
            self.query_one(part).display = False
        self._title()

    # --- settings ---------------------------------------------------------------------
    def _solver(self, values: dict[str, Any]) -> Solver:
        return next((s for s in self.solvers if s.id == values.get(SOLVER)), self.solvers[0])

    def _fields(self, keep: dict[str, Any]) -> tuple[Field, ...]:
        solver = self._solver(keep)
        choice = Field(SOLVER, "solver", "choice", solver.id, tuple(s.id for s in self.solvers))
        memory = Field(MEMORY, "memory MiB", "int", keep.get(MEMORY),
                       help="the memory this solver may hold (auto: an equal share of the race's budget)", zero="auto")
        return (choice, *option_fields(solver, keep), *limit_fields(keep), memory)

    def _reshape(self, name: str, values: dict[str, Any]) -> tuple[Field, ...] | None:
        """Another solver brings its own option rows, keeping the values they share."""
        return self._fields(values) if name == SOLVER else None

    def settings(self) -> dict[str, Any]:
        return self.query_one(OptionsForm).values()

    def on_options_form_changed(self, event: OptionsForm.Changed) -> None:
        self._title()

    def _title(self) -> None:
        self.border_title = self._solver(self.settings()).id

    def entry(self, name: str) -> R.Entry:
        values = self.settings()
        solver = self._solver(values)
        memory = values.get(MEMORY)
        options, limits = chosen(solver, values, memory * MiB if memory else None)
        return R.Entry(name, solver, options, limits)

    # --- the race -------------------------------------------------------------------------
    def begin(self, entry: R.Entry, race: list[R.Entry]) -> None:
        """Show figures instead of the settings: the title names the solver, the first line the
        options that tell it apart from the others."""
        self.result = None
        self.border_title = entry.name
        options = entry.label(race).removeprefix(entry.name).strip()
        self.query_one(".lane-options", Static).update(Text(options, style="dim"))
        self.query_one(".lane-options").display = bool(options)
        self.query_one(OptionsForm).display = False
        self.query_one(".lane-figures").display = True
        self.can_focus = False

    def edit(self) -> None:
        """Back to the settings."""
        self.result = None
        self.query_one(OptionsForm).display = True
        for part in (".lane-board", ".lane-figures", ".lane-options"):
            self.query_one(part).display = False
        self.can_focus = False
        self._title()

    def show(self, lane: Lane[Solution]) -> None:
        """The lane's state and latest figures (called ten times a second while it runs)."""
        self.query_one(".lane-figures", Static).update(figures(lane))
        board = self.live_board(lane.snapshot)
        live = self.query_one(".lane-board", Static)
        live.display = board is not None
        if board is not None:
            live.update(board)

    def live_board(self, snapshot: Snapshot | None) -> RenderableType | None:
        """The search's current position, drawn small. This is where the live board plugs in: once
        a Snapshot carries the position the search is on (its `board`), the family draws it here.
        Until then snapshots carry none and the column shows its figures alone."""
        board = getattr(snapshot, "board", None)
        if board is None:
            return None
        return self.family.render(board, View(zoom=ZOOM_OVERVIEW))

    def finish(self, result: R.Result) -> None:
        self.result = result
        self.query_one(".lane-board").display = False
        self.query_one(".lane-figures", Static).update(outcome(self.family, result))
        self.can_focus = True

    def has_answer(self) -> bool:
        return self.result is not None and answer(self.result) is not None

    def action_open(self) -> None:
        if self.result is None:
            return
        if self.has_answer():
            self.post_message(AnswerOpened(self.result.entry.name))
        else:
            self.notify(f"{self.result.entry.name} has no answer to open", severity="warning", timeout=3)

    def action_neighbour(self, step: int) -> None:
        lanes = [lane for lane in self.screen.query(RaceLane) if lane.can_focus]
        if self in lanes:
            lanes[(lanes.index(self) + step) % len(lanes)].focus()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "open":
            return self.has_answer()
        return True


def answer(result: R.Result) -> Solution | None:
    """The solution worth opening in the timeline: solved, with moves to step through."""
    s = result.solution
    return s if s is not None and s.status == Status.SOLVED and len(s.steps) > 1 else None


def figures(lane: Lane[Solution]) -> RenderableType:
    """A running lane's figures: what it is doing, then its counters."""
    s = lane.snapshot
    if lane.state == QUEUED:
        waiting = f"waiting for {lane.waited_for or FOR_CORE}"
        return Text.assemble(("queued", "bold"), f"\n{waiting}\n", (f"memory {describe_bytes(lane.runner.memory)}",
                                                                   "dim"))
    if lane.state == CANCELLED and lane.job is None:
        return Text("cancelled before it started", style="yellow")
    if s is None or s.phase in (Phase.IDLE, Phase.COMPILING):
        return Text("compiling…" if s is not None and s.phase == Phase.COMPILING else "starting…",
                    style="bold yellow")
    head = {RUNNING: "searching…", DONE: "finished", CANCELLED: "cancelled", FAILED: "failed"}[lane.state]
    if lane.state == RUNNING and s.phase in WAITING:  # the work before its search: an estimate, a cut...
        head = WAITING[s.phase]
    table = Table.grid(padding=(0, 1))
    table.add_column(style="dim")
    table.add_column(justify="right")
    table.add_row("expanded", R.count_text(s.expanded))
    table.add_row("frontier", R.count_text(s.frontier))
    table.add_row("depth", R.count_text(s.depth))
    table.add_row("states/s", R.count_text(s.rate))
    table.add_row("elapsed", R.time_text(s.elapsed_s))
    table.add_row("stored", R.count_text(s.stored))
    table.add_row("memory", f"≤{describe_bytes(lane.runner.memory)}")
    return Group(Text(head, style="bold"), table)


def outcome(family: Family, result: R.Result) -> RenderableType:
    """A finished lane: how it ended, in the family's words, and whether it can be opened."""
    s = result.solution
    if s is None:
        if result.error is not None:
            return Text.assemble(("error: ", "bold red"), result.error)
        return Text(result.status_text(), style="yellow")
    lines = [Text(family.headline(s), style=STATUS_STYLE[s.status])]
    if answer(result) is not None:
        lines.append(Text("Enter opens it", style="dim"))
    return Group(*lines)


class RaceScreen(Screen[None]):
    """Pick the solvers, start, watch them run, compare them."""

    if TYPE_CHECKING:
        app = getters.app(Host)

    BINDINGS = [
        Binding("f5", "start", "Start", id="race.start", tooltip="start the race"),
        Binding("f5", "edit", "New race", id="race.edit",
                tooltip="change the solvers and their settings for another race"),
        Binding("escape", "cancel", "Cancel", id="race.cancel", tooltip="stop every solver"),
        Binding("escape", "back", "Back", id="race.back", tooltip="back to the board"),
        Binding("plus,equals_sign", "add", "Add", id="race.add", tooltip="add a solver (up to four)"),
        Binding("minus", "remove", "Remove", id="race.remove", tooltip="remove the last solver (two stay)"),
    ]

    def __init__(self, family: Family, board: Any, board_name: str | None, open_answer: OpenAnswer,
                 memory: RaceMemory | None = None, start_from: dict[str, Any] | None = None) -> None:
        """`start_from`: the main screen's Solver pane values, the columns' first settings (a
        race remembered for this board keeps its own)."""
        super().__init__()
        self.start_from = {k: v for k, v in (start_from or {}).items() if k != ALGORITHM}
        self.family = family
        self.board = board
        self.board_name = board_name or "this board"
        self.open_answer = open_answer
        self.memory = memory if memory is not None else RaceMemory()
        if self.memory.board != board:
            self.memory.board, self.memory.settings, self.memory.report = board, [], None
        # a solver the board does not suit stays out; with none left, starting says what is missing
        self.solvers = runnable(family, board) or list(family.solvers)
        self.race: Race[Solution] | None = None
        self.job: Race[Solution] | None = None  # what the app cancels when it quits
        self.entries: list[R.Entry] = []
        self._timer: Timer | None = None

    # --- layout -------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield Header()
        yield Static(id="race-head")
        with Horizontal(id="race-lanes"):
            for values in self._first_settings():
                yield RaceLane(self.family, self.solvers, values)
        with VerticalScroll(id="race-results"):
            yield Static(id="race-table")
        yield KeyFooter()

    def _first_settings(self) -> list[dict[str, Any]]:
        if self.memory.settings:
            return self.memory.settings
        first = [{**self.start_from, SOLVER: s.id} for s in self.solvers[:DEFAULT_LANES]]
        # one solver: two settings
        return first + [{**self.start_from, SOLVER: self.solvers[0].id}] * (MIN_LANES - len(first))

    def on_mount(self) -> None:
        self.title = self.family.title
        self.sub_title = f"race on {self.board_name}"
        self.call_after_refresh(self._head)
        if self.memory.report is not None:
            self._show_report(self.memory.report)
        else:
            self.query(OptionsForm).first().focus()

    @property
    def lanes(self) -> list[RaceLane]:
        return list(self.query(RaceLane))

    @property
    def running(self) -> bool:
        return self.race is not None and not self.race.finished

    @property
    def done(self) -> bool:
        return self.has_class("-done")

    def _head(self, text: str | None = None) -> None:
        if text is None:
            if self.done or self.running:
                return  # the race's own line stays
            cores = R.cores()
            text = (f"{len(self.lanes)} solvers on {self.board_name} · {cores} core{'s' if cores != 1 else ''} · "
                    f"{describe_bytes(R.default_budget())} for the race · Tab: the next column")
        self.query_one("#race-head", Static).update(Text(text))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "start":
            return not self.running and not self.done
        if action == "edit":
            return self.done
        if action == "cancel":
            return self.running
        if action == "back":
            return not self.running
        if action in ("add", "remove"):
            return not self.running and not self.done
        return True

    # --- settings -----------------------------------------------------------------------
    async def action_add(self) -> None:
        lanes = self.lanes
        if len(lanes) >= MAX_LANES:
            self.notify(f"a race has at most {MAX_LANES} solvers here", severity="warning", timeout=3)
            return
        used = {lane.settings()[SOLVER] for lane in lanes}
        nxt = next((s for s in self.solvers if s.id not in used), self.solvers[0])
        lane = RaceLane(self.family, self.solvers, {**self.start_from, SOLVER: nxt.id})
        await self.query_one("#race-lanes").mount(lane)
        lane.query_one(OptionsForm).focus()
        self._head()

    async def action_remove(self) -> None:
        lanes = self.lanes
        if len(lanes) <= MIN_LANES:
            self.notify(f"a race needs at least {MIN_LANES} solvers", severity="warning", timeout=3)
            return
        await lanes[-1].remove()
        self._head()

    def action_edit(self) -> None:
        self.remove_class("-done")
        self.memory.report = None
        for lane in self.lanes:
            lane.edit()
        self.lanes[0].query_one(OptionsForm).focus()
        self._head()
        self.refresh_bindings()

    def action_back(self) -> None:
        self.app.pop_screen()

    # --- running ------------------------------------------------------------------------
    def action_start(self) -> None:
        if self.running:
            return
        lanes = self.lanes
        names = R.names_for([lane.settings()[SOLVER] for lane in lanes])
        self.entries = [lane.entry(name) for lane, name in zip(lanes, names)]
        self.memory.settings = [lane.settings() for lane in lanes]
        try:
            self.race = R.prepare(self.family, self.board, self.entries)
        except R.RaceRefused as exc:
            self.notify(f"{exc}: give it less memory", severity="error", timeout=8)
            return
        except InputError as exc:
            self.notify(f"cannot race: {exc}", severity="error", timeout=8)
            return
        self.job = self.race
        self.remove_class("-done")
        for lane, entry in zip(lanes, self.entries):
            lane.begin(entry, self.entries)
        self._head(f"racing on {self.board_name}: {self.race.how_run().split(' · ')[0]} · "
                   f"{self.app.key_for('race.cancel', self) or 'Esc'} cancels every solver")
        self._refresh_lanes()
        self._timer = self.set_interval(REFRESH_S, self._refresh_lanes)
        self.refresh_bindings()
        self._run(self.race, self.entries)

    @work(thread=True, exclusive=True, group="race")
    def _run(self, race: Race[Solution], entries: list[R.Entry]) -> None:
        """Runs in a worker thread: the race blocks here until every solver has ended."""
        race.run()
        self.post_message(RaceFinished(race, R.judge(entries, race, self.family.id)))

    def _refresh_lanes(self) -> None:
        if self.race is None:
            return
        for widget, lane in zip(self.lanes, self.race.lanes):
            widget.show(lane)

    def action_cancel(self) -> None:
        if self.race is not None:
            self.race.cancel()

    def on_race_finished(self, event: RaceFinished) -> None:
        if event.race is not self.race:
            return  # a race this screen no longer shows
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
        self._refresh_lanes()
        self.job = None
        self.memory.report = event.report
        self._show_report(event.report)

    def _show_report(self, report: R.Report) -> None:
        self.add_class("-done")
        race = [r.entry for r in report.results]
        for widget, result in zip(self.lanes, report.results):
            widget.begin(result.entry, race)
            widget.finish(result)
        self.query_one("#race-table", Static).update(Group(R.results_table(report), *R.legend(report)))
        ended = "cancelled" if report.cancelled else "finished"
        self._head(f"race on {self.board_name} {ended}" + (": DISAGREEMENT" if report.disagreements else "")
                   + f" · {self.app.key_for('race.edit', self) or 'F5'} races again")
        if report.disagreements:
            self.notify("DISAGREEMENT: " + "; ".join(report.disagreements), severity="error", timeout=15)
        openable = [w for w in self.lanes if w.has_answer()]
        (openable or self.lanes)[0].can_focus = True
        (openable or self.lanes)[0].focus()
        self.refresh_bindings()

    def on_answer_opened(self, event: AnswerOpened) -> None:
        report = self.memory.report
        if report is None:
            return
        result = report.result(event.name)
        solution = answer(result)
        if solution is not None:
            self.app.pop_screen()
            entry = result.entry
            self.open_answer(solution, entry.label([r.entry for r in report.results]), entry.solver.id,
                             dict(entry.options))

    def on_unmount(self) -> None:
        if self.race is not None:
            self.race.cancel()
