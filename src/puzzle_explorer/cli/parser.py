"""The argument parser every command uses: one-line errors, exit status 2, no usage dump."""
from __future__ import annotations

import argparse
from typing import Any, Callable, NoReturn

from puzzle_explorer.core.errors import one_line
from puzzle_explorer.core.run.exit_codes import ExitCode


class Parser(argparse.ArgumentParser):
    """argparse with one-line errors: what is wrong, exit status 2, no usage dump.

    fill(parser), when given, adds the parser's arguments the first time it parses or shows its
    help: a family's command gets its options only when the command line names that family, so
    the other families (and numba for them) never load.
    """

    def __init__(self, *args: Any, fill: Callable[[Parser], None] | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._fill = fill

    def _filled(self) -> None:
        if self._fill is not None:
            fill, self._fill = self._fill, None
            fill(self)

    def parse_known_args(self, args: Any = None, namespace: Any = None) -> Any:
        self._filled()
        return super().parse_known_args(args, namespace)

    def _parse_known_args(self, *args: Any, **kwargs: Any) -> Any:
        self._filled()  # (where argparse goes straight here for a sub-command)
        return super()._parse_known_args(*args, **kwargs)

    def format_usage(self) -> str:
        self._filled()
        return super().format_usage()

    def format_help(self) -> str:
        self._filled()
        return super().format_help()

    def error(self, message: str) -> NoReturn:
        self.exit(ExitCode.BAD_INPUT, f"{self.prog}: error: {one_line(message)} (see --help)\n")

    def _get_values(self, action: argparse.Action, arg_strings: list[str]) -> Any:
        # argparse before Python 3.12.7 drops a '--' given as an option's value (`--board=--`) and
        # hands on an empty list; the option gets the text, which its reader then refuses in words
        if action.option_strings and action.nargs is None and arg_strings == ["--"]:
            return self._get_value(action, "--")
        return super()._get_values(action, arg_strings)
