"""A solver's options as a person types them: `solve FAMILY` takes each as a flag, `race FAMILY` as a
NAME=VALUE setting, and both read the value with read_value. The app's solver pane shows the same
declarations (interface.Option), so an option has one name and one range everywhere.

The flag of an option is its name with '-' for '_':

    choice   --NAME VALUE     one of its choices
    int      --NAME N         a whole number from its `low` to its `high`
    float    --NAME X         a decimal number from its `low`
    bool     --NAME           turns on an option that is off by default
             --no-NAME        turns off an option that is on by default

A flag left out leaves its option at the declared default: option_values() gives the options as
the dict a family's solve() takes.
"""
from __future__ import annotations

import argparse
from collections.abc import Callable, Iterable, Mapping
from typing import Any, Protocol

from puzzle_explorer.core.errors import InputError
from puzzle_explorer.puzzles.interface import Option, Solver
from puzzle_explorer.puzzles.kit import numbers
from puzzle_explorer.puzzles.kit.typed import MAX_COUNT, MAX_TIMEOUT_S, option_type

YES = ("yes", "true", "on", "1")
NO = ("no", "false", "off", "0")
METAVAR = {"int": "N", "float": "X"}


class Flags(Protocol):
    """Where flags go: a parser, or one of its groups."""

    def add_argument(self, *name_or_flags: str, **kwargs: Any) -> argparse.Action: ...


def flag(option: Option) -> str:
    """'--goal-face' for goal_face; '--no-pruning' for pruning, a bool on by default."""
    name = option.name.replace("_", "-")
    return f"--no-{name}" if option.kind == "bool" and option.default else f"--{name}"


def read_value(option: Option, text: str, where: str) -> Any:
    """The option's value from what was typed; InputError names `where` (a flag, a setting) and why."""
    if option.kind == "int":
        high = option.high if option.high is not None else MAX_COUNT
        return numbers.whole(text, where, option.low, high, grouped=True)
    if option.kind == "float":
        return numbers.decimal(text, where, float(option.low),
                               float(option.high) if option.high is not None else MAX_TIMEOUT_S)
    if option.kind == "bool":
        word = text.strip().lower()
        if word in YES:
            return True
        if word in NO:
            return False
        raise InputError(f"{where} {numbers.shown(text)} is not yes or no")
    if text not in option.choices:
        raise InputError(f"{where} {numbers.shown(text)} is not one of {', '.join(option.choices)}")
    return text


def value_words(option: Option) -> str:
    """What a setting takes, for a command's help: 'unit|straight|free', 'yes|no', 'N'."""
    if option.kind == "choice":
        return "|".join(option.choices)
    return "yes|no" if option.kind == "bool" else METAVAR[option.kind]


def flag_help(option: Option) -> str:
    """The option's own words, and its default where the flag takes one (a 0 is 'none', which the
    words explain)."""
    text = option.help or option.label
    if option.kind == "choice" or (option.kind in METAVAR and option.default):
        text += f" (default {option.default})"
    return text


def add_option_flags(target: Flags, options: Iterable[Option], helps: Mapping[str, str] | None = None) -> None:
    """A flag for each option (see the module's table). `helps` replaces an option's words by name,
    where the command does more with the flag than set the option."""
    for option in options:
        words = (helps or {}).get(option.name) or flag_help(option)
        common: dict[str, Any] = {"dest": option.name, "default": None, "help": words.replace("%", "%%")}
        if option.kind == "bool":
            target.add_argument(flag(option), action="store_const", const=not option.default, **common)
        elif option.kind == "choice":
            target.add_argument(flag(option), choices=option.choices, **common)
        else:
            target.add_argument(flag(option), type=reader(option), metavar=METAVAR[option.kind], **common)


def reader(option: Option) -> Callable[[str], Any]:
    """An argparse type for an int or float option's flag."""
    def read(text: str) -> Any:
        return read_value(option, text, "")
    read.__name__ = option.name
    return option_type(read)


def given(args: argparse.Namespace, option: Option) -> bool:
    """Whether the command line gave the option's flag."""
    return getattr(args, option.name, None) is not None


def option_values(args: argparse.Namespace, options: Iterable[Option]) -> dict[str, Any]:
    """Each option's value: its flag's, or its default where the flag was left out."""
    return {o.name: getattr(args, o.name) if given(args, o) else o.default for o in options}


def solver_options(solvers: Iterable[Solver], leave: Iterable[Option] = ()) -> tuple[Option, ...]:
    """Every option the solvers declare, once each, in their order, but those in `leave` (options
    that other flags give)."""
    left = tuple(leave)
    seen: dict[str, Option] = {}
    for solver in solvers:
        for option in solver.options:
            if option not in left:
                seen.setdefault(option.name, option)
    return tuple(seen.values())
