"""The Solver pane: algorithm, its options, the limits, Solve and Cancel."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from textual import getters, on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Static

from puzzle_explorer.core.run.search import Limits
from puzzle_explorer.puzzles.interface import Family, Solver
from puzzle_explorer.tui.host import Host
from puzzle_explorer.tui.messages import CancelRequested, SolveRequested
from puzzle_explorer.tui.widgets.form import Field, OptionsForm

ALGORITHM = "algorithm"
STATE_CAP = "max_states"
TIMEOUT = "timeout"


def option_fields(solver: Solver, keep: dict[str, Any]) -> list[Field]:
    """A solver's options as form rows, keeping the values already chosen."""
    return [Field(opt.name, opt.label.lower(), opt.kind, keep.get(opt.name, opt.default), opt.choices, opt.help,
                  opt.zero) for opt in solver.options]


def limit_fields(keep: dict[str, Any]) -> list[Field]:
    """The state cap and the time limit as form rows (none: no limit)."""
    return [Field(STATE_CAP, "state cap", "int", keep.get(STATE_CAP)),
            Field(TIMEOUT, "timeout s", "float", keep.get(TIMEOUT))]


def chosen(solver: Solver, values: dict[str, Any], max_memory: int | None = None) -> tuple[dict[str, Any], Limits]:
    """The solver's options and limits from a form's values (an option the form lacks keeps its default)."""
    options = {o.name: values.get(o.name, o.default) for o in solver.options}
    return options, Limits(max_states=values.get(STATE_CAP), timeout_s=values.get(TIMEOUT), max_memory=max_memory)


class SolverPane(Vertical):
    """Settings for the next solve, as a compact form, with a note on what the algorithm guarantees."""

    if TYPE_CHECKING:
        app = getters.app(Host)

    def __init__(self, family: Family, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.family = family
        self.border_title = "Solver"

    def compose(self) -> ComposeResult:
        yield OptionsForm(self._fields(self.family.solvers[0], {}), self._reshape, id="solver-form")
        yield Static(id="solver-note")
        with Horizontal(id="solver-buttons"):
            yield Button("Solve", id="solve", variant="primary", compact=True)
            yield Button("Cancel", id="cancel", compact=True, disabled=True)

    def on_mount(self) -> None:
        # the keys as the keymap has them, not as they were written here
        for button_id, word in (("solve", "Solve"), ("cancel", "Cancel")):
            key = self.app.key_for(button_id, self)
            self.query_one(f"#{button_id}", Button).label = f"{word} {key}".strip()
        self._show_note()

    def _fields(self, solver: Solver, keep: dict[str, Any]) -> tuple[Field, ...]:
        algorithm = Field(ALGORITHM, "algorithm", "choice", solver.id, tuple(s.id for s in self.family.solvers))
        return (algorithm, *option_fields(solver, keep), *limit_fields(keep))

    def _reshape(self, name: str, values: dict[str, Any]) -> tuple[Field, ...] | None:
        """Another algorithm brings its own option rows, keeping the values they share."""
        return self._fields(self._named(values[ALGORITHM]), values) if name == ALGORITHM else None

    def _named(self, solver_id: str) -> Solver:
        return next(s for s in self.family.solvers if s.id == solver_id)

    @property
    def form(self) -> OptionsForm:
        return self.query_one(OptionsForm)

    def solver(self) -> Solver:
        return self._named(self.form.values()[ALGORITHM])

    def lacks(self, board: Any) -> str | None:
        """What the chosen solver still needs from this valid board ("path needs two marked cells")."""
        solver = self.solver()
        needed = solver.needs(board) if solver.needs is not None else None
        return f"{solver.id} needs {needed}" if needed else None

    def settings(self) -> tuple[str, dict[str, Any], Limits]:
        """(solver id, options, limits) for the next solve."""
        solver = self.solver()
        options, limits = chosen(solver, self.form.values())
        return solver.id, options, limits

    def choose(self, solver_id: str, options: dict[str, Any]) -> None:
        """Show the solver and options that found an answer (a race's), keeping the limits."""
        if all(s.id != solver_id for s in self.family.solvers):
            return
        self.form.set_fields(self._fields(self._named(solver_id), {**self.form.values(), **options}))
        for board in self.screen.query("#board"):
            board.refresh()  # its readiness line depends on what the solver needs
        self._show_field(self.form.current if self.form.has_focus else None)

    def on_options_form_changed(self, event: OptionsForm.Changed) -> None:
        if event.name == ALGORITHM:
            for board in self.screen.query("#board"):
                board.refresh()  # its readiness line depends on what the solver needs
        # the row under the cursor keeps its help: a changed heuristic is still the row being read
        self._show_field(self.form.current if self.form.has_focus else None)

    def on_options_form_highlighted(self, event: OptionsForm.Highlighted) -> None:
        self._show_field(event.field)

    def _show_field(self, f: Field | None) -> None:
        """The note: a row's help, or for the algorithm row (and outside the form) the solver's own."""
        if f is None or f.name == ALGORITHM:
            self._show_note()
            return
        hints = {STATE_CAP: "stop after holding this many states (none: only the memory budget)",
                 TIMEOUT: "stop after this many seconds of search (none: no time limit)"}
        text = f"{f.label}: {f.help or hints.get(f.name, '')}".rstrip(": ")
        self.query_one("#solver-note", Static).update(text)

    def _show_note(self) -> None:
        s = self.solver()
        marks = {True: "✓ shortest answer · ", False: "not always shortest · ", None: ""}
        mark = "✓ " if s.optimal and s.note.startswith("shortest") else marks[s.optimal]
        self.query_one("#solver-note", Static).update(mark + s.note)

    def set_running(self, running: bool) -> None:
        # the class sits here rather than on the screen: toggling a class restyles the subtree under it
        self.set_class(running, "-searching")
        self.query_one("#solve", Button).disabled = running
        self.query_one("#cancel", Button).disabled = not running

    @on(Button.Pressed, "#solve")
    def _solve_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.post_message(SolveRequested())

    @on(Button.Pressed, "#cancel")
    def _cancel_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.post_message(CancelRequested())
