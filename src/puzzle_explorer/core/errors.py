"""Errors that carry a message fit for the user, naming what is wrong and where."""


class InputError(ValueError):
    """Bad input: the message names the problem and, where it has one, the place."""

    def __init__(self, message: str, where: tuple[int, int] | None = None):
        super().__init__(message)
        self.message = message
        self.where = where  # 1-based (x, y) when the problem has a cell

    def __str__(self) -> str:
        if self.where is None:
            return self.message
        return f"{self.message} (at x,y = {self.where[0]},{self.where[1]})"


def one_line(text: str) -> str:
    """text with line breaks and other control characters escaped, so a message stays on one line
    whatever the user typed (a newline inside an argument shows as \\n)."""
    if text.isprintable():
        return text
    return "".join(ch if ch.isprintable() else ch.encode("unicode_escape").decode("ascii") for ch in text)


class WorkerFailed(InputError):
    """A task's worker died too often, or the workers or the cluster could not start: the run
    cannot go on, and the command line says so in one line (exit status 2) like any input it
    cannot use."""


class EngineError(RuntimeError):
    """A split search lost a worker and cannot give a true answer: the message says which and when."""
