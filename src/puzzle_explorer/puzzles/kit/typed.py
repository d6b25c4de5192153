"""What a person types into a command's options: argparse types that read whole numbers, decimals,
sizes and seeds in a sane range, and refuse anything else in words (kit/numbers.py reads them).

Light on purpose: `serve` uses it, and loads neither numba nor a family.
"""
from __future__ import annotations

import argparse
from typing import Callable, TypeVar

from puzzle_explorer.core.errors import InputError
from puzzle_explorer.puzzles.kit import numbers

V = TypeVar("V")

MAX_STATES = 10**12  # far past any memory: 8 TB of states at a word each
MAX_TIMEOUT_S = 1e8  # three years, and the most any decimal option takes
MAX_MEMORY = 2**50  # 1 PiB
MAX_COUNT = 10**6  # any other count an option takes (segments, tile kinds, tours kept, rolls)


def option_type(read: Callable[[str], V]) -> Callable[[str], V]:
    """An argparse type from a reader that raises InputError: its message becomes argparse's."""
    def convert(text: str) -> V:
        try:
            return read(text)
        except InputError as exc:
            raise argparse.ArgumentTypeError(str(exc)) from None
    convert.__name__ = read.__name__
    return convert


@option_type
def positive_int(text: str) -> int:
    return numbers.whole(text, "", 1, MAX_COUNT, grouped=True)


@option_type
def states(text: str) -> int:
    return numbers.whole(text, "", 1, MAX_STATES, grouped=True)


@option_type
def positive_float(text: str) -> float:
    return numbers.decimal(text, "", 0.0, MAX_TIMEOUT_S, above_low=True)


@option_type
def seed(text: str) -> int:
    """A random generator's seed: any whole number that fits 64 bits."""
    return numbers.whole(text, "", 0, 2**63 - 1)


@option_type
def byte_size(text: str) -> int:
    """'512M', '2G', '1000000' -> bytes."""
    return numbers.byte_size(text, "", MAX_MEMORY)
