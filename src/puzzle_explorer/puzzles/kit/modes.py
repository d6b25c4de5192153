"""The modes of a family's `solve` and the flags each one reads, declared once in the family's cli
module (MODES): a flag the chosen mode does not read is refused in one line, rather than ignored.

A mode is chosen by one of its `when` flags (`--contest`, `--build-table`); the first mode whose flag
is given is the one. A mode with no `when` flags is the plain solve, chosen when no other is (a
family that declares none checks nothing then). A flag counts as given when its value is not its
default.
"""
from __future__ import annotations

import argparse
from dataclasses import dataclass

from puzzle_explorer.core.errors import InputError

FLAGS = "_flags"  # the Namespace attribute: each dest's flag and default, in the parser's order
LIMITS = ("--max-states", "--timeout", "--max-memory")
DISTANCES = ("--census", "--from-goal", "--component", "--hardest", "--save-table", "--table")
ENGINE = ("--engine", "--workers", "--address")


@dataclass(frozen=True)
class Mode:
    name: str  # what the refusal calls it: "--contest", "a single solve"
    when: tuple[str, ...]  # flags that choose it (none: the plain solve)
    takes: tuple[str, ...]  # flags it reads, beside its own `when`
    # flags it does not read either, which the family's own checks refuse in words that say what
    # to do instead ("--from-goal is a kind of census: add --census")
    left: tuple[str, ...] = ()

    def reads(self, flag: str) -> bool:
        return flag in self.when or flag in self.takes


def record_flags(parser: argparse.ArgumentParser) -> None:
    """Keep each flag's name and default on the parsed arguments, for refuse_unused."""
    flags = {a.dest: (a.option_strings[-1], a.default) for a in parser._actions
             if a.option_strings and a.dest != "help"}
    parser.set_defaults(**{FLAGS: flags})


def given_flags(args: argparse.Namespace) -> list[str]:
    """The flags given on the command line (a value other than the flag's default), in the parser's order."""
    flags: dict[str, tuple[str, object]] = getattr(args, FLAGS, None) or {}
    return [flag for dest, (flag, default) in flags.items()
            if getattr(args, dest, default) is not None and getattr(args, dest, default) != default]


def chosen(args: argparse.Namespace, modes: tuple[Mode, ...]) -> Mode | None:
    given = given_flags(args)
    for mode in modes:
        if mode.when and any(f in given for f in mode.when):
            return mode
    return next((m for m in modes if not m.when), None)


def refuse_unused(args: argparse.Namespace, modes: tuple[Mode, ...]) -> None:
    """InputError naming the first flag given that the chosen mode does not read."""
    mode = chosen(args, modes)
    if mode is None:
        return
    given = given_flags(args)
    name = next((f for f in mode.when if f in given), mode.name)  # the flag that chose it, as typed
    for flag in given:
        if not mode.reads(flag) and flag not in mode.left:
            raise InputError(f"{flag} is not used with {name}: leave out {flag}")
