"""Reading numbers a person typed: ASCII digits only, a sane range per field, finite decimals.
Nothing around them either: ' 7 ' is refused, as a number with a stray space was not typed with care.

`int()` and `str.isdigit()` accept more than a person means ('²', '٣', '1_0',
5,000 digits that take long to convert or fail past Python's limit; 'nan' and
'1e999' as floats), so every number of every input goes through here and a bad
one is an InputError naming the field.
"""
from __future__ import annotations

import math
import re

from puzzle_explorer.core.errors import InputError

_WHOLE = re.compile(r"[+-]?[0-9]+")
_GROUPED = re.compile(r"[+-]?[0-9]+(?:_[0-9]+)*")  # 1_000_000, as Python writes it
_DECIMAL = re.compile(r"[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?")
SHOWN = 24  # longest typed number quoted whole in a message


def shown(text: str) -> str:
    """The typed text for a message: quoted, cut short when long."""
    if len(text) <= SHOWN:
        return repr(text)
    return f"{text[:12]!r}… ({len(text):,} characters)"


def _subject(what: str, text: str) -> str:
    """'--cap '12x'': the field (when named) and what was typed."""
    return f"{what} {shown(text)}" if what else shown(text)


def _range_error(what: str, text: str, low: int, high: int, below: bool) -> InputError:
    if below:
        bound = "greater than 0" if low == 1 else f"{low:,} or more"
    else:
        bound = f"at most {high:,}"
    return InputError(f"{_subject(what, text)} must be {bound}")


def whole(text: str, what: str, low: int, high: int, *, grouped: bool = False) -> int:
    """A whole number from low to high; `grouped` also takes 1_000_000."""
    if not (_GROUPED if grouped else _WHOLE).fullmatch(text):
        raise InputError(f"{_subject(what, text)} is not a whole number")
    negative = text.startswith("-")
    digits = text.lstrip("+-").replace("_", "").lstrip("0")
    # Compare lengths before converting: a 5,000-digit number is out of range, not a crash.
    if len(digits) > len(str(max(abs(low), abs(high)))):
        raise _range_error(what, text, low, high, below=negative)
    value = int(text.replace("_", ""))
    if not low <= value <= high:
        raise _range_error(what, text, low, high, below=value < low)
    return value


def whole_numbers(line: str, count: int, low: int, high: int) -> list[int] | None:
    """The `count` whole numbers, low to high, that make up a line (split by spaces); None if it is not that."""
    parts = line.split()
    if len(parts) != count:
        return None
    try:
        return [whole(p, "", low, high) for p in parts]
    except InputError:
        return None


def decimal(text: str, what: str, low: float, high: float, *, above_low: bool = False) -> float:
    """A finite decimal number from low (excluded when above_low) to high: '2', '0.5', '1e3'."""
    if not _DECIMAL.fullmatch(text):
        raise InputError(f"{_subject(what, text)} is not a number")
    value = float(text)
    if not math.isfinite(value) or value > high:
        raise InputError(f"{_subject(what, text)} is too large: at most {high:g}")
    if value < low or (above_low and value == low):
        raise InputError(f"{_subject(what, text)} must be {'greater than' if above_low else 'at least'} {low:g}")
    return value


UNITS = {"": 1, "k": 2**10, "m": 2**20, "g": 2**30, "t": 2**40}
_SIZE = re.compile(r"(.*?)\s*([kmgt]?)(?:i?b)?", re.IGNORECASE)


def byte_size(text: str, what: str, high: int) -> int:
    """'512M', '2G', '1.5GiB', '1000000' -> bytes, 1 to high."""
    m = _SIZE.fullmatch(text)
    number, unit = (m.group(1), m.group(2).lower()) if m else (text, "")
    try:
        amount = decimal(number, what, 0.0, high / UNITS[unit], above_low=True)
    except InputError:
        raise InputError(f"{_subject(what, text)} is not a size from 1 byte to {high // 2**40:,}T, "
                         "like 512M or 2G") from None
    value = int(amount * UNITS[unit])
    if value < 1:
        raise InputError(f"{_subject(what, text)} is less than one byte")
    return value


def count_text(n: int, one: str, many: str | None = None) -> str:
    """'1 tour', '304 tours', '25,955 positions'."""
    return f"{n:,} {one if n == 1 else (many or one + 's')}"
