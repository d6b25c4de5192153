"""Messages that cross widgets and threads."""
from __future__ import annotations

from typing import Any

from textual.message import Message

from core.progress import Snapshot
from puzzles.interface import Solution


class SolveProgress(Message):
    """A snapshot of a search (posted from its worker, at most 10 a second).

    `job` is the search it comes from: a screen shows only its current job's messages,
    because those of a job it replaced may still be on their way.
    """

    def __init__(self, job: Any, snapshot: Snapshot) -> None:
        super().__init__()
        self.job = job
        self.snapshot = snapshot


class SolveFinished(Message):
    """A search ended: a solution, an error message for the user, or a cancel before it began."""

    def __init__(self, job: Any, solution: Solution | None, error: str | None = None,
                 cancelled: bool = False) -> None:
        super().__init__()
        self.job = job
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


class EditOnStep(Message):
    """An edit key was pressed while a step of a solution that is not the board itself is shown."""

    def __init__(self, action_id: str) -> None:
        super().__init__()
        self.action_id = action_id


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
