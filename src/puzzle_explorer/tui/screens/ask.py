"""A question with a few answers, each on its own key; Esc answers None."""
from __future__ import annotations

from dataclasses import dataclass

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Label, OptionList
from textual.widgets.option_list import Option


@dataclass(frozen=True)
class Answer:
    key: str  # one letter
    label: str
    value: str


class Ask(ModalScreen[str | None]):
    """Answer with a letter, or pick a line and press Enter; Esc leaves things as they are."""

    BINDINGS = [Binding("escape", "dismiss(None)", "Cancel", id="ask.cancel")]

    def __init__(self, question: str, answers: list[Answer], note: str = "") -> None:
        super().__init__()
        self.question = question
        self.answers = answers
        self.note = note

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(self.question)
            yield OptionList(*[Option(f"{a.key}  {a.label}", id=a.value) for a in self.answers], id="ask-answers")
            yield Label(self.note or "Esc: leave things as they are", classes="dim")

    def on_key(self, event: events.Key) -> None:
        """An answer's letter answers (each question has its own letters, so they are not BINDINGS)."""
        answer = next((a for a in self.answers if a.key == event.key), None)
        if answer is not None:
            event.stop()
            self.dismiss(answer.value)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option.id)
