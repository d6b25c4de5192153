"""The main screen: Board, Solver, Stats and Timeline panes for one family's board."""
from __future__ import annotations

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Header, OptionList
from textual.worker import get_current_worker

from core.errors import InputError
from core.runner import CancelledBeforeSearch, Job
from puzzles.interface import Solution
from tui import storage
from tui.messages import (BoardEdited, CancelRequested, SolveFinished, SolveProgress, SolveRequested,
                          StepChosen)
from tui.session import EditSession
from tui.widgets.board import BoardView
from tui.widgets.footer import KeyFooter
from tui.widgets.solver import SolverPane
from tui.widgets.stats import StatsPane
from tui.widgets.timeline import Timeline


class MainScreen(Screen):
    """Edit a board, solve it in the background, step through the answer."""

    BINDINGS = [
        Binding("f5", "solve", "Solve", id="solve", priority=True),
        Binding("escape", "cancel", "Cancel", id="cancel"),
        Binding("ctrl+z", "undo", "Undo", id="undo"),
        Binding("ctrl+y", "redo", "Redo", id="redo"),
        Binding("ctrl+s", "save", "Save", id="save"),
        Binding("ctrl+o", "open", "Open", id="open"),
        Binding("ctrl+n", "new", "New board", id="new", show=False),
        Binding("f6", "race", "Race", id="race", tooltip="run several solvers on this board side by side"),
        Binding("f2", "focus_pane('board')", "Board", id="focus.board", show=False),
        Binding("f3", "focus_pane('solver')", "Solver", id="focus.solver", show=False),
        Binding("f4", "focus_pane('timeline')", "Timeline", id="focus.timeline", show=False),
        Binding("ctrl+left", "app.pop_screen", "Families", id="families", show=False),
    ]

    def __init__(self, family, board, name: str | None = None, recovered: bool = False) -> None:
        super().__init__()
        self.family = family
        self.session = EditSession(family, board, name=name, dirty=recovered)
        self.solution: Solution | None = None
        self.job: Job | None = None

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="body"):
            board = BoardView(self.session, id="board")
            board.border_title = "Board"
            yield board
            with Vertical(id="side"):
                yield SolverPane(self.family, id="solver")
                yield StatsPane(self.family.headline, id="stats")
        yield Timeline(id="timeline")
        yield KeyFooter()

    def on_mount(self) -> None:
        self._title()
        self.query_one(BoardView).focus()
        self.app.warm_first(self.family.id)

    def _title(self) -> None:
        name = self.session.name or "new board"
        self.title = self.family.title
        self.sub_title = f"{name}{' (edited)' if self.session.dirty else ''}"

    # --- editing ----------------------------------------------------------------
    def on_board_edited(self, event: BoardEdited) -> None:
        if self.solution is not None or self.query_one(Timeline).steps:
            self.solution = None
            self.query_one(Timeline).clear(f"the board changed: {self.app.key_for('solve', self)} solves it again")
        self.query_one(BoardView).step = None
        self._title()
        storage.write_recovery(self.family.id, self.family.format(self.session.board), self.session.name)

    def action_undo(self) -> None:
        self._history_moved(self.session.undo(), "nothing to undo")

    def action_redo(self) -> None:
        self._history_moved(self.session.redo(), "nothing to redo")

    def _history_moved(self, moved: bool, otherwise: str) -> None:
        if moved:
            self.query_one(BoardView).redraw()
            self.post_message(BoardEdited())
        else:
            self.notify(otherwise, severity="warning", timeout=2)

    def action_focus_pane(self, which: str) -> None:
        target = {"board": "#board", "solver": "#solver-form", "timeline": "#timeline-steps"}[which]
        self.query_one(target).focus()

    def load_board(self, board, name: str | None) -> None:
        """Replace the board (undoable) after New or Open."""
        self.session.replace(board, (0, 0))
        self.session.name = name
        self.session.dirty = False
        self.query_one(BoardView).redraw()
        self.post_message(BoardEdited())
        storage.clear_recovery(self.family.id)
        self._title()

    def action_new(self) -> None:
        self.load_board(self.family.new_board(), None)
        self.session.dirty = True

    def action_save(self) -> None:
        from tui.screens.files import SaveDialog

        def saved(name: str | None) -> None:
            if not name:
                return
            try:
                path = storage.save_board(self.family.id, name, self.family.format(self.session.board))
            except (ValueError, OSError) as exc:
                self.notify(f"not saved: {exc}", severity="error")
                return
            self.session.name = path.stem
            self.session.dirty = False
            storage.clear_recovery(self.family.id)
            self._title()
            self.notify(f"saved as {path}")

        self.app.push_screen(SaveDialog(self.session.name or "", storage.boards_dir(self.family.id)), saved)

    def action_open(self) -> None:
        from tui.screens.files import OpenDialog, load_choice

        def chosen(choice: tuple[str, str] | None) -> None:
            if choice is None:
                return
            kind, key = choice
            try:
                board, name = load_choice(self.family, kind, key)
            except (InputError, OSError) as exc:
                self.notify(f"cannot open {key}: {exc}", severity="error")
                return
            self.load_board(board, name)

        self.app.push_screen(OpenDialog(self.family), chosen)

    # --- solving ----------------------------------------------------------------
    def on_solve_requested(self, event: SolveRequested) -> None:
        self.action_solve()

    def on_cancel_requested(self, event: CancelRequested) -> None:
        self.action_cancel()

    def action_solve(self) -> None:
        problem = self.session.problem()
        if problem is not None:
            self.notify(f"cannot solve yet: {problem}", severity="error")
            return
        solver_id, options, limits = self.query_one(SolverPane).settings()
        if self.job is not None:
            self.job.cancel()
        board = self.session.board
        family = self.family
        self.job = Job(lambda control: family.solve(board, solver_id, options, control, limits),
                       timeout_s=limits.timeout_s, on_progress=lambda s: self.post_message(SolveProgress(s)))
        self.query_one(StatsPane).begin()
        self.query_one(SolverPane).set_running(True)
        self.query_one(Timeline).clear("searching…")
        self.query_one(BoardView).step = None
        self._run(self.job)

    @work(thread=True, exclusive=True, group="solve")
    def _run(self, job: Job) -> None:
        """Runs in a worker thread: the job's own thread searches, this one relays progress."""
        try:
            solution = job.run()
        except CancelledBeforeSearch:
            self.post_message(SolveFinished(None, cancelled=True))
            return
        except InputError as exc:
            self.post_message(SolveFinished(None, str(exc)))
            return
        except Exception as exc:  # a bug must not take the app down; show it
            self.post_message(SolveFinished(None, f"{type(exc).__name__}: {exc}"))
            return
        if not get_current_worker().is_cancelled:
            self.post_message(SolveFinished(solution))

    def action_cancel(self) -> None:
        if self.job is not None:
            self.job.cancel()

    def on_solve_progress(self, event: SolveProgress) -> None:
        self.query_one(StatsPane).show(event.snapshot)

    def on_solve_finished(self, event: SolveFinished) -> None:
        self.job = None
        self.query_one(SolverPane).set_running(False)
        stats = self.query_one(StatsPane)
        stats.finish(event.solution, event.error, event.cancelled)
        timeline = self.query_one(Timeline)
        if event.solution is None:
            timeline.clear("cancelled" if event.cancelled else "the search failed")
            return
        self.solution = event.solution
        if len(event.solution.steps) > 1:
            timeline.load(event.solution.steps, event.solution.alternatives)
            self.query_one("#timeline-steps", OptionList).focus()
        else:
            timeline.clear(self.family.headline(event.solution))

    # --- racing -------------------------------------------------------------------
    def action_race(self) -> None:
        """Open the Race screen on the board (the last race on the same board comes back)."""
        from tui.screens.race import RaceMemory, RaceScreen

        problem = self.session.problem()
        if problem is not None:
            self.notify(f"cannot race yet: {problem}", severity="error")
            return
        if getattr(self, "race_memory", None) is None:
            self.race_memory = RaceMemory()
        self.app.push_screen(RaceScreen(self.family, self.session.board, self.session.name, self.load_answer,
                                        self.race_memory))

    def load_answer(self, solution: Solution, source: str) -> None:
        """Show a finished solution found elsewhere (a race's) in the Stats pane and the timeline."""
        self.solution = solution
        stats = self.query_one(StatsPane)
        stats.begin()
        stats.finish(solution)
        self.query_one(BoardView).step = None
        self.query_one(Timeline).load(solution.steps, solution.alternatives)
        self.query_one("#timeline-steps", OptionList).focus()
        self.notify(f"the timeline shows {source}'s answer from the race", timeout=4)

    def on_step_chosen(self, event: StepChosen) -> None:
        timeline = self.query_one(Timeline)
        if not timeline.steps:
            return
        self.query_one(BoardView).step = timeline.steps[event.index]

    def on_unmount(self) -> None:
        if self.job is not None:
            self.job.cancel()
