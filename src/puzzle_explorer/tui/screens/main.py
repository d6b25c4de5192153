"""The main screen: Board, Solver, Stats and Timeline panes for one family's board."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from textual import getters, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Header, OptionList

from puzzle_explorer.core.errors import InputError
from puzzle_explorer.core.folders import data_dir
from puzzle_explorer.core.run.live import Live
from puzzle_explorer.core.run.progress import Phase, Snapshot
from puzzle_explorer.core.run.runner import CancelledBeforeSearch, Job
from puzzle_explorer.core.run.search import Limits
from puzzle_explorer.puzzles.interface import Family, Solution
from puzzle_explorer.puzzles.kit.distances import BoardTable
from puzzle_explorer.puzzles.kit.engines import ONE_PROCESS
from puzzle_explorer.tui.host import Host
from puzzle_explorer.tui.keys import Rows
from puzzle_explorer.tui.messages import (
    BoardEdited,
    CancelRequested,
    EditOnStep,
    SolveFinished,
    SolveProgress,
    SolveRequested,
    StepChosen,
)
from puzzle_explorer.tui.model import boards, storage
from puzzle_explorer.tui.model.live import live_step
from puzzle_explorer.tui.model.session import EditSession
from puzzle_explorer.tui.screens.ask import Answer, Ask
from puzzle_explorer.tui.widgets.board import BoardView
from puzzle_explorer.tui.widgets.footer import KeyFooter
from puzzle_explorer.tui.widgets.form import OptionsForm
from puzzle_explorer.tui.widgets.solver import SolverPane
from puzzle_explorer.tui.widgets.stats import StatsPane
from puzzle_explorer.tui.widgets.timeline import Timeline

if TYPE_CHECKING:  # the race screen loads when it is first opened
    from puzzle_explorer.tui.screens.race import RaceMemory

KEPT_ANSWERS = 20  # boards whose answers are kept for undo to bring back


class MainScreen(Screen[None]):
    """Edit a board, solve it in the background, step through the answer."""

    if TYPE_CHECKING:
        app = getters.app(Host)

    # The descriptions are the footer's words and the command palette's titles; the tooltips say
    # more, in the help and the palette (puzzle_explorer.tui.commands).
    BINDINGS = [
        # Not a priority binding: F5 waits its turn behind the keys typed before it, so a burst that
        # changes the solver form and ends in F5 solves with the form as it was left.
        Binding("f5", "solve", "Solve", id="solve", tooltip="run the chosen solver on the board"),
        Binding("escape", "cancel", "Cancel", id="cancel", tooltip="stop the running search"),
        Binding("ctrl+z", "undo", "Undo", id="undo", tooltip="undo the last edit"),
        Binding("ctrl+y", "redo", "Redo", id="redo", tooltip="redo the last undone edit"),
        Binding("ctrl+s", "save", "Save", id="save", tooltip="save the board in your data directory"),
        Binding("ctrl+o", "open", "Open", id="open", tooltip="open a saved board, a preset or a file"),
        Binding("ctrl+n", "new", "New board", id="new", show=False, tooltip="start from an empty board"),
        Binding("f6", "race", "Race", id="race", tooltip="run several solvers on this board side by side"),
        Binding("f2", "focus_pane('board')", "Go to the board pane", id="focus.board", show=False, priority=True),
        Binding("f3", "focus_pane('solver')", "Go to the solver pane", id="focus.solver", show=False,
                priority=True),
        Binding("f4", "focus_pane('timeline')", "Go to the timeline pane", id="focus.timeline", show=False,
                priority=True),
        Binding("ctrl+left", "families", "Families", id="families",
                tooltip="back to the puzzle families, to open another board"),
        Binding("f8", "freeze", "Freeze", id="freeze",
                tooltip="while a search runs: hold the board on the position shown, or follow the search again"),
        Binding("f7", "track", "Search/solution", id="track",
                tooltip="the timeline shows the search's snapshots, or the solution"),
        Binding("f9", "play", "Play", id="play",
                tooltip="move the pieces yourself, each move marked closer, same or farther from the goal"),
        Binding("ctrl+t", "hardest", "Hardest start", id="hardest",
                tooltip="load a hardest position of the last distance census as the start (again: the next)"),
    ]

    def __init__(self, family: Family, board: Any, name: str | None = None, source: str = "new:",
                 recovered: storage.Recovery | None = None) -> None:
        """`recovered`: the recovery copy this board was opened from, if it was."""
        super().__init__()
        self.family = family
        saved = board
        if recovered is not None:
            try:  # what the copy was an edit of, so that undoing every edit makes it clean
                saved = boards.load_source(family, recovered.source)[0] if recovered.source != "new:" else None
            except InputError:
                saved = None
        self.session = EditSession(family, board, name=name, source=source, saved=saved,
                                   recovery_key=recovered.key if recovered else None)
        self.recovered = recovered
        self.solution: Solution | None = None
        # the answers found on this screen, by the board they answer (its text): undoing back to a
        # solved board shows its answer again
        self.answers: dict[str, tuple[Solution, Live | None]] = {}  # with the search's last chart
        self.job: Job[Solution] | None = None
        self._job_board = ""  # the text of the board the running search is for
        self._unsaved_noticed = False  # the data folder refused a recovery copy once: said so
        self.table: BoardTable | None = None  # the last distance table a census kept, for play
        self.hardest: list[str] = []  # the last census's hardest positions, as board text
        self._hardest_next = 0
        self._play_when_done = False  # the running census was asked for by play mode
        self.race_memory: RaceMemory | None = None  # the last race on this board, for the race screen

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="body"):
            board = BoardView.of(self.session, id="board")
            board.border_title = "Board"
            yield board
            with Vertical(id="side"):
                yield SolverPane(self.family, id="solver")
                yield StatsPane(self.family.headline, self.family.id, id="stats")
        yield Timeline(id="timeline")
        yield KeyFooter()

    def on_mount(self) -> None:
        self._title()
        self.query_one(BoardView).focus()
        self.app.warm_first(self.family.id)
        if self.recovered is None:
            self.call_after_refresh(self._offer_recovery)

    def _title(self) -> None:
        name = self.session.name or "new board"
        self.title = self.family.title
        self.sub_title = f"{name}{' (edited)' if self.session.dirty else ''}"

    # --- editing ----------------------------------------------------------------
    def on_board_edited(self, event: BoardEdited) -> None:
        self._board_changed()

    def _board_changed(self) -> None:
        """Every pane describes the board now under edit: its answer if it has one (undone back to
        a solved board), else none, and a search still running for the board before stops."""
        timeline = self.query_one(Timeline)
        if self.job is not None and self._job_board != self._board_text():
            self.job.cancel()
            self.job = None  # its last messages are ignored
            self.query_one(SolverPane).set_running(False)
            self.refresh_bindings()
            self.notify("the board changed: the search for the board before stopped", timeout=4)
        known = self.answers.get(self._board_text())
        if known is not None:
            if known[0] is not self.solution:
                self._show_answer(*known)
                self.notify("this board was solved before: its answer is back", timeout=4)
        elif self.solution is not None or timeline.steps or timeline.search or self.query_one(StatsPane).shown:
            self.solution = None
            why = f"the board changed: {self.app.key_for('solve', self)} solves it again"
            timeline.clear(why)
            self.query_one(StatsPane).clear(why)
        self.query_one(BoardView).step = None
        self._title()
        self._keep_recovery_copy()

    def _board_text(self) -> str:
        return self.family.format(self.session.board)

    def _show_answer(self, solution: Solution, live: Live | None = None) -> None:
        """An answer of the board under edit in the Stats pane (with its search's last chart, when
        known) and the timeline."""
        self.solution = solution
        self.query_one(StatsPane).again(solution, live)
        self.query_one(BoardView).step = None
        if len(solution.steps) > 1:
            self.query_one(Timeline).load(solution.steps, solution.alternatives)
        else:
            self.query_one(Timeline).finish_search(None, message=self.family.headline(solution))
        self.refresh_bindings()

    def _keep_recovery_copy(self) -> None:
        """An edited board has a copy on disk; a clean one (saved, or undone back) has none."""
        session = self.session
        try:
            if not session.dirty:
                if session.recovery_key is not None:
                    storage.clear_recovery(self.family.id, session.recovery_key)
                    session.recovery_key = None
                return
            if session.recovery_key is None:
                session.recovery_key = storage.free_key(self.family.id, session.source)
            storage.write_recovery(self.family.id, session.recovery_key, self.family.format(session.board),
                                   session.name, session.source)
        except OSError as exc:
            if not self._unsaved_noticed:
                self._unsaved_noticed = True
                self.notify(f"edits are not backed up: cannot write in {data_dir()} "
                            f"({exc.strerror or exc}); PUZZLE_EXPLORER_DATA can name another folder",
                            severity="warning", timeout=12)

    def _forget_recovery_copy(self) -> None:
        if self.session.recovery_key is not None:
            try:
                storage.clear_recovery(self.family.id, self.session.recovery_key)
            except OSError:
                pass
            self.session.recovery_key = None

    def on_edit_on_step(self, event: EditOnStep) -> None:
        """Edit the board on screen, never one out of sight: ask which board that is to be."""
        timeline = self.query_one(Timeline)
        timeline.stop()  # playback would change the step under the question
        board_view = self.query_one(BoardView)
        step = board_view.step

        def answered(choice: str | None) -> None:
            if step is None or board_view.step is not step:
                return  # the screen moved on meanwhile
            if choice == "here":
                here = self.family.parse(self.family.format(step.board))
                self.session.replace(here)
                board_view.step = None
                board_view.redraw()
                self._board_changed()
            elif choice == "start":
                timeline.action_jump(0)
                board_view.step = None  # at once: the edit below must find the start on screen
            else:
                return
            board_view.action_edit(event.action_id)  # the key that asked is not lost

        self.app.push_screen(Ask(
            f"Step {timeline.index:,} of the solution is on screen, not the board being edited.",
            [Answer("c", f"continue from step {timeline.index:,}: it becomes the start", "here"),
             Answer("s", "go back to the start board and edit that", "start")]), answered)

    def _back_to_start_first(self, what: str) -> bool:
        """Undo and redo change the board under edit: show it first if a later step hides it."""
        if not self.query_one(BoardView).showing_other_board:
            return False
        self.query_one(Timeline).action_jump(0)
        self.notify(f"back at the start board: {what} again to change it", timeout=4)
        return True

    def action_undo(self) -> None:
        if not self._back_to_start_first("Ctrl+Z"):
            self._history_moved(self.session.undo(), "nothing to undo")

    def action_redo(self) -> None:
        if not self._back_to_start_first("Ctrl+Y"):
            self._history_moved(self.session.redo(), "nothing to redo")

    def _history_moved(self, moved: bool, otherwise: str) -> None:
        if moved:
            self.query_one(BoardView).redraw()
            self.post_message(BoardEdited())
        else:
            self.notify(otherwise, severity="warning", timeout=2)

    def action_focus_pane(self, which: str) -> None:
        # Keys typed after F2-F4 in one burst (pasted, or over SSH) must reach the new pane: as a
        # priority binding this runs before the app forwards the next key, and set_focus moves the
        # focus now, where Widget.focus() would wait its turn behind the keys already queued.
        target = {"board": "#board", "solver": "#solver-form", "timeline": "#timeline-steps"}[which]
        self.set_focus(self.query_one(target))

    # --- boards: leaving, opening, saving, recovering -------------------------------
    def leave(self, then: Callable[[], None], doing: str, note: str = "Esc: stay on this board") -> None:
        """Run `then` once the board's edits are saved or given up; ask first if it has any.

        `doing` says what comes next, for the question: "quitting", "opening another board"."""
        if not self.session.dirty:
            then()
            return

        def answered(choice: str | None) -> None:
            if choice == "save":
                self.action_save(then)
            elif choice == "discard":
                self._forget_recovery_copy()
                then()

        name = self.session.name or "This new board"
        self.app.push_screen(Ask(f"{name} has unsaved edits. Save them before {doing}?",
                                 [Answer("s", "save them", "save"), Answer("d", "discard them", "discard")],
                                 note), answered)

    def action_families(self) -> None:
        self.leave(self.app.show_families, "going back to the families")

    def open_source(self, source: str) -> None:
        """Replace the board with the one a source names ("new:", "saved:NAME", "preset:ID")."""
        try:
            board, name = boards.load_source(self.family, source)
        except InputError as exc:
            self.notify(f"cannot open it: {exc}", severity="error")
            return
        self.session.start(board, name, source)
        self.query_one(BoardView).redraw()
        self._board_changed()
        self._offer_recovery()

    def action_new(self) -> None:
        self.leave(lambda: self.open_source("new:"), "starting a new board")

    def action_open(self) -> None:
        from puzzle_explorer.tui.screens.files import OpenDialog

        def chosen(choice: tuple[str, str] | None) -> None:
            if choice is not None:
                source = f"{choice[0]}:{choice[1]}"
                self.leave(lambda: self.open_source(source), "opening another board")

        self.app.push_screen(OpenDialog(self.family), chosen)

    def action_save(self, then: Callable[[], None] | None = None) -> None:
        from puzzle_explorer.tui.screens.files import SaveDialog

        def saved(name: str | None) -> None:
            if not name:
                return
            try:
                path = storage.save_board(self.family.id, name, self.family.format(self.session.board))
            except ValueError as exc:
                self.notify(f"not saved: {exc}", severity="error")
                return
            except OSError as exc:
                self.notify(f"not saved: cannot write {exc.filename or data_dir()} ({exc.strerror or exc})",
                            severity="error")
                return
            self._forget_recovery_copy()
            self.session.mark_saved(path.stem)
            self._title()
            self.notify(f"saved as {path}")
            if then is not None:
                then()

        self.app.push_screen(SaveDialog(self.session.name or "", storage.boards_dir(self.family.id)), saved)

    def _offer_recovery(self) -> None:
        """A copy of unsaved edits to this very board is kept: offer it, whichever way it was opened."""
        kept, notices = boards.kept_copies(self.app.families, self.family.id)
        for notice in notices:
            self.notify(notice, severity="warning", timeout=10)
        source = self.session.source
        match = next((k for k in kept if k.copy.source == source), None) if source != "new:" else None
        if match is None:
            return

        def answered(choice: str | None) -> None:
            if choice == "recover":
                self.session.replace(match.board)
                self.session.recovery_key = match.copy.key
                self.query_one(BoardView).redraw()
                self._board_changed()
                self.app.clear_notifications()
            elif choice == "discard":
                try:
                    storage.clear_recovery(self.family.id, match.copy.key)
                except OSError as exc:
                    self.notify(f"could not remove it: {exc}", severity="error")

        self.app.push_screen(Ask(
            f"Unsaved edits of {match.copy.title()} were kept from {storage.when(match.copy.saved_at)}.",
            [Answer("r", "recover them", "recover"), Answer("d", "discard them", "discard")],
            "Esc: open it as it is; the copy stays for later"), answered)

    # --- solving ----------------------------------------------------------------
    def on_solve_requested(self, event: SolveRequested) -> None:
        self.action_solve()

    def on_cancel_requested(self, event: CancelRequested) -> None:
        self.action_cancel()

    def action_solve(self) -> None:
        # refused here, at once: the search would only find it out once its kernels had compiled
        problem = self.session.problem() or self.query_one(SolverPane).lacks(self.session.board)
        if problem is not None:
            self.notify(f"cannot solve yet: {problem}", severity="error")
            return
        self._play_when_done = False
        self._start(*self.query_one(SolverPane).settings())

    def _start(self, solver_id: str, options: dict[str, Any], limits: Limits) -> None:
        self.action_cancel()  # the search it replaces stops; its last messages are ignored
        board = self.session.board
        family = self.family

        def progress(snapshot: Snapshot) -> None:
            self.post_message(SolveProgress(job, snapshot))

        job = Job(lambda control: family.solve(board, solver_id, options, control, limits),
                  timeout_s=limits.timeout_s, on_progress=progress)
        self.job = job
        self._job_board = self._board_text()
        self.query_one(StatsPane).begin()
        self.query_one(SolverPane).set_running(True)
        self.query_one(Timeline).start_search()
        self.query_one(BoardView).step = None
        self.refresh_bindings()
        self._run(job)

    @work(thread=True, group="solve")
    def _run(self, job: Job[Solution]) -> None:
        """Runs in a worker thread: the job's own thread searches, this one relays progress."""
        try:
            solution = job.run()
        except CancelledBeforeSearch:
            self.post_message(SolveFinished(job, None, cancelled=True))
        except InputError as exc:
            self.post_message(SolveFinished(job, None, str(exc)))
        except Exception as exc:  # a bug must not take the app down; show it
            self.post_message(SolveFinished(job, None, f"{type(exc).__name__}: {exc}"))
        else:
            self.post_message(SolveFinished(job, solution))

    def action_cancel(self) -> None:
        if self.job is not None:
            self.job.cancel()

    def on_solve_progress(self, event: SolveProgress) -> None:
        """Counters to the Stats pane; the live picture to the search track, which the board follows."""
        if event.job is not self.job:
            return
        snapshot = event.snapshot
        self.query_one(StatsPane).show(snapshot)
        if snapshot.live is not None and snapshot.phase in (Phase.SEARCHING, Phase.DONE):
            self.query_one(Timeline).add_snapshot(live_step(snapshot, self.session.board))

    def on_solve_finished(self, event: SolveFinished) -> None:
        if event.job is not self.job:
            return  # a search this screen already replaced
        self.job = None
        self.query_one(SolverPane).set_running(False)
        stats = self.query_one(StatsPane)
        stats.finish(event.solution, event.error, event.cancelled)
        timeline = self.query_one(Timeline)
        if event.solution is None:
            timeline.finish_search(None, message="cancelled" if event.cancelled else "the search failed")
            self.refresh_bindings()
            return
        self.solution = event.solution
        self._remember(event.solution, self.query_one(StatsPane).live)
        self._keep_distances(event.solution)
        if self._play_when_done:
            self._play_when_done = False
            if event.solution.table is not None:
                self.call_after_refresh(self.action_play)
        if len(event.solution.steps) > 1:
            timeline.finish_search(event.solution.steps, event.solution.alternatives)
            self.query_one("#timeline-steps", OptionList).focus()
        else:
            timeline.finish_search(None, message=self.family.headline(event.solution))
        self.refresh_bindings()  # freeze goes, the track switch comes

    def _remember(self, solution: Solution, live: Live | None = None) -> None:
        """The answer of the board under edit, for coming back to it (the last few boards' answers)."""
        self.answers[self._board_text()] = (solution, live)
        for old in list(self.answers)[:-KEPT_ANSWERS]:
            del self.answers[old]

    # --- play and the hardest starts ----------------------------------------------------
    def _keep_distances(self, solution: Solution) -> None:
        """A census from the goal's hardest starts and its table stay for Ctrl+T and play."""
        census = solution.details.get("census") or {}
        if census.get("from_goal") and census.get("hardest"):
            self.hardest, self._hardest_next = list(census["hardest"]), 0
        if solution.table is not None:
            self.table = solution.table
        self.refresh_bindings()  # Ctrl+T comes with the hardest starts

    def action_play(self) -> None:
        """Play from the board under edit with the distance table; offer to build one if none covers it."""
        hooks = self.family.distances
        if hooks is None:
            self.notify(f"play needs a distance table, which {self.family.title} does not offer", severity="warning")
            return
        problem = self.session.problem()
        if problem is not None:
            self.notify(f"cannot play yet: {problem}", severity="error")
            return
        _, options, limits = self.query_one(SolverPane).settings()
        board = self.session.board
        space = hooks.space(board, options)
        if self.table is not None and self.table.covers(space) and self.table.distance(board) is not None:
            from puzzle_explorer.tui.model.play import Play
            from puzzle_explorer.tui.screens.play import PlayScreen
            self.app.push_screen(PlayScreen.of(self.family, Play(hooks, options, self.table, board)))
            return
        estimate = space.estimate(limits, "component")

        def answered(choice: str | None) -> None:
            if choice == "build":
                self._play_when_done = True
                # the table is built in one process, whatever workers the pane names for a census
                self._start("distances", {**options, "scope": "component", "keep": True, **ONE_PROCESS}, limits)
            elif choice == "search":
                from puzzle_explorer.tui.model.play import Play, SearchedDistances
                from puzzle_explorer.tui.screens.play import PlayScreen
                hints = SearchedDistances(self.family, space, options, limits)
                try:
                    play = Play(hooks, options, hints, board)
                except InputError as exc:
                    self.notify(f"cannot play: {exc}", severity="error")
                    return
                self.app.push_screen(PlayScreen.of(self.family, play))

        search = Answer("s", "play without a table: a search for each move's mark (slower)", "search")
        if estimate.fits is False:  # no table: the searches alone
            self.app.push_screen(Ask(f"Play needs a distance for every move; a table for this board will not "
                                     f"fit: {estimate.text()}.", [search]), answered)
            return
        self.app.push_screen(Ask(
            f"Play needs the distance of every position of this board's component: {estimate.text()}.",
            [Answer("b", "build the table (a census from the goal), then play", "build"), search]), answered)

    def action_hardest(self) -> None:
        if self._back_to_start_first(self.app.key_for("hardest", self)):
            return
        text = self.hardest[self._hardest_next % len(self.hardest)]
        try:
            board = self.family.parse(text)
        except InputError as exc:
            self.notify(f"cannot load it: {exc}", severity="error")
            return
        which = self._hardest_next % len(self.hardest) + 1
        self._hardest_next += 1
        self.session.replace(board)
        self.query_one(BoardView).redraw()
        self._board_changed()
        self.notify(f"hardest start {which} of {len(self.hardest)} loaded (Ctrl+Z undoes it)", timeout=4)

    # --- racing -------------------------------------------------------------------
    def action_race(self) -> None:
        """Open the Race screen on the board (the last race on the same board comes back)."""
        from puzzle_explorer.tui.screens.race import RaceMemory, RaceScreen

        problem = self.session.problem()
        if problem is not None:
            self.notify(f"cannot race yet: {problem}", severity="error")
            return
        if self.race_memory is None:
            self.race_memory = RaceMemory()
        self.app.push_screen(RaceScreen(self.family, self.session.board, self.session.name, self.load_answer,
                                        self.race_memory, self.query_one(SolverPane).form.values()))

    def load_answer(self, solution: Solution, source: str, solver_id: str | None = None,
                    options: dict[str, Any] | None = None) -> None:
        """Show a finished solution found elsewhere (a race's) in the Stats pane and the timeline,
        and the solver and options that found it in the Solver pane."""
        if solver_id is not None:
            self.query_one(SolverPane).choose(solver_id, options or {})
        self._remember(solution)
        self._keep_distances(solution)
        self._show_answer(solution)
        self.query_one("#timeline-steps", OptionList).focus()
        self.notify(f"the timeline shows {source}'s answer from the race", timeout=4)

    def on_step_chosen(self, event: StepChosen) -> None:
        timeline = self.query_one(Timeline)
        board = self.query_one(BoardView)
        if not timeline.steps:
            board.step = None  # nothing to replay: the board under edit
            return
        # the timeline may have moved on since the message left (a newer snapshot, the other track):
        # the board shows the step it shows now
        board.step = timeline.steps[min(timeline.index, len(timeline.steps) - 1)]

    # --- watching the search ------------------------------------------------------
    def action_freeze(self) -> None:
        self.query_one(Timeline).action_freeze()

    def action_track(self) -> None:
        self.query_one(Timeline).action_switch_track()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "freeze":
            return self.query_one(Timeline).can_freeze  # shown only while a search runs
        if action == "track":
            return self.query_one(Timeline).can_switch
        if action == "hardest":
            return bool(self.hardest)  # shown once a census from the goal has found them
        if action == "cancel":
            return self.job is not None  # shown only while a search runs: the footer's room goes to others
        return True

    def on_unmount(self) -> None:
        self.action_cancel()

    # --- help and the command palette -------------------------------------------------
    def help_sections(self) -> list[tuple[str, Rows]]:
        """A section a pane, each with its keys (puzzle_explorer.tui.screens.help.ScreenHelp), and
        after the board pane's keys what the marks on the board mean."""
        rows = self.app.binding_rows
        return [("Main screen", rows(self)),
                ("Board pane", rows(self.query_one(BoardView))),
                ("On the board", [(mark, meaning, "") for mark, meaning in self.family.marks]),
                ("Solver pane", rows(self.query_one(OptionsForm)) + [("0-9", "type a number", "")]),
                ("Timeline pane", rows(self.query_one(Timeline)) + [("↑↓ / Enter", "pick any step", "")])]
