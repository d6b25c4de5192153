"""Messages that cross widgets and threads."""
from __future__ import annotations

from textual.message import Message

from core.progress import Snapshot
from puzzles.interface import Solution


class SolveProgress(Message):
    """A snapshot of the running search (posted from the solve worker, at most 10 a second)."""

    def __init__(self, snapshot: Snapshot) -> None:
        super().__init__()
        self.snapshot = snapshot


class SolveFinished(Message):
    """The search ended: a solution, an error message for the user, or a cancel before it began."""

    def __init__(self, solution: Solution | None, error: str | None = None, cancelled: bool = False) -> None:
        super().__init__()
        self.solution = solution
        self.error = error
        self.cancelled = cancelled


class StepChosen(Message):
    """The timeline moved to another step (index into the steps shown)."""

    def __init__(self, index: int) -> None:
        super().__init__()
        self.index = index


class BoardEdited(Message):
    """The board under edit changed (an edit, undo, redo or load)."""


class SolveRequested(Message):
    """The solver pane asks for a solve with its current settings."""


class CancelRequested(Message):
    """The solver pane asks to stop the running search."""


class RaceFinished(Message):
    """Every solver of a race has ended (posted from the race's worker): the race and its report."""

    def __init__(self, race, report) -> None:
        super().__init__()
        self.race = race
        self.report = report


class AnswerOpened(Message):
    """A race's column asks for its solver's answer in the main screen's timeline."""

    def __init__(self, name: str) -> None:
        super().__init__()
        self.name = name
