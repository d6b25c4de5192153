"""Messages that cross widgets and threads."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from textual.message import Message

from puzzle_explorer.core.run.progress import Snapshot
from puzzle_explorer.puzzles.interface import Solution


@dataclass
class SolveProgress(Message):
    """A snapshot of a search (posted from its worker, at most 10 a second).

    `job` is the search it comes from: a screen shows only its current job's messages,
    because those of a job it replaced may still be on their way.
    """

    BACKGROUND: ClassVar[bool] = True  # news from the search, not the effect of a key (tui/key_order.py)

    job: Any
    snapshot: Snapshot


@dataclass
class SolveFinished(Message):
    """A search ended: a solution, an error message for the user, or a cancel before it began."""

    job: Any
    solution: Solution | None
    error: str | None = None
    cancelled: bool = False


@dataclass
class StepChosen(Message):
    """The timeline moved to another step (index into the steps shown)."""

    index: int


class BoardEdited(Message):
    """The board under edit changed (an edit, undo, redo or load)."""


@dataclass
class EditOnStep(Message):
    """An edit key was pressed while a step of a solution that is not the board itself is shown."""

    action_id: str


class SolveRequested(Message):
    """The solver pane asks for a solve with its current settings."""


class CancelRequested(Message):
    """The solver pane asks to stop the running search."""


@dataclass
class RaceFinished(Message):
    """Every solver of a race has ended (posted from the race's worker): the race and its report."""

    race: Any
    report: Any


@dataclass
class AnswerOpened(Message):
    """A race's column asks for its solver's answer in the main screen's timeline."""

    name: str
