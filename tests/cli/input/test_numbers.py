"""The shared number reader: ASCII digits only, a range per field, finite decimals, sizes in bytes."""
import pytest

from puzzle_explorer.core.errors import InputError
from puzzle_explorer.puzzles.kit.numbers import byte_size, decimal, whole

HUGE = "9" * 5000


@pytest.mark.parametrize("text,value", [("7", 7), ("+3", 3), ("-0", 0), ("0005", 5)])
def test_whole_numbers(text, value):
    assert whole(text, "n", -10, 10) == value


@pytest.mark.parametrize("text,words", [
    ("²", "'²' is not a whole number"),  # isdigit() says yes, int() says no
    ("٣", "is not a whole number"),  # int() reads Arabic-Indic digits; a person did not mean that
    ("+-1", "is not a whole number"),
    ("--1", "is not a whole number"),
    ("1_0", "is not a whole number"),
    ("", "is not a whole number"),
    ("1.5", "is not a whole number"),
    (" 9 ", "is not a whole number"),  # digits only: no spaces around them either
    ("9\n", "is not a whole number"),
    ("11", "must be at most 10"),
    ("-11", "must be -10 or more"),
    (HUGE, "must be at most 10"),
    ("-" + HUGE, "must be -10 or more"),
])
def test_whole_refuses(text, words):
    with pytest.raises(InputError, match=words) as err:
        whole(text, "n", -10, 10)
    assert len(str(err.value)) < 120  # a 5,000-digit number is not quoted whole


def test_grouped_numbers_and_positive_bounds():
    assert whole("1_000_000", "n", 1, 10**6, grouped=True) == 10**6
    with pytest.raises(InputError, match="must be greater than 0"):
        whole("0", "n", 1, 5)


def test_a_5000_digit_number_is_refused_without_converting_it():
    # int() of more than 4,300 digits raises ValueError in Python 3.11+: the reader never gets there
    with pytest.raises(InputError, match="must be at most"):
        whole(HUGE, "n", 0, 10**30)


@pytest.mark.parametrize("text,value", [("2", 2.0), ("0.5", 0.5), (".5", 0.5), ("1e3", 1000.0), ("1.", 1.0)])
def test_decimals(text, value):
    assert decimal(text, "t", 0.0, 1e9, above_low=True) == value


@pytest.mark.parametrize("text,words", [
    ("nan", "is not a number"), ("inf", "is not a number"), ("-inf", "is not a number"),
    ("1e999", "is too large"), ("2e9", "is too large"), ("0", "must be greater than 0"),
    ("-1", "must be greater than 0"), ("²", "is not a number"), ("1e", "is not a number"), ("0x10", "is not a number"),
    ("  7 ", "is not a number"),
])
def test_decimals_refuse(text, words):
    with pytest.raises(InputError, match=words):
        decimal(text, "t", 0.0, 1e9, above_low=True)


@pytest.mark.parametrize("text,value", [
    ("512M", 512 * 2**20), ("2G", 2 * 2**30), ("1.5GiB", 3 * 2**29), ("1000000", 10**6), ("64kb", 64 * 2**10),
    ("1t", 2**40),
])
def test_byte_sizes(text, value):
    assert byte_size(text, "m", 2**50) == value


@pytest.mark.parametrize("text", ["1e999", "nan", "infG", "x", "", "-1G", "0", "5000T", "²M", HUGE, " 1G", "1G "])
def test_byte_sizes_refuse(text):
    with pytest.raises(InputError):
        byte_size(text, "m", 2**50)
