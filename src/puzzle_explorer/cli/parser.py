"""The argument parser every command uses: one-line errors, exit status 2, no usage dump."""
from __future__ import annotations

import argparse
from typing import Any, NoReturn

from puzzle_explorer.core.errors import one_line
from puzzle_explorer.core.run.exit_codes import ExitCode


class Parser(argparse.ArgumentParser):
    """argparse with one-line errors: what is wrong, exit status 2, no usage dump."""

    def error(self, message: str) -> NoReturn:
        self.exit(ExitCode.BAD_INPUT, f"{self.prog}: error: {one_line(message)} (see --help)\n")

    def _get_values(self, action: argparse.Action, arg_strings: list[str]) -> Any:
        # argparse before Python 3.12.7 drops a '--' given as an option's value (`--board=--`) and
        # hands on an empty list; the option gets the text, which its reader then refuses in words
        if action.option_strings and action.nargs is None and arg_strings == ["--"]:
            return self._get_value(action, "--")
        return super()._get_values(action, arg_strings)
