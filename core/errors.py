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
