"""Solver options on `solve FAMILY`: each is a flag built from its declaration, named as `race` names
its setting, reading the same values in the same range, and a flag left out is the option's default."""
import argparse

import pytest

from puzzle_explorer.core.errors import InputError
from puzzle_explorer.puzzles import registry
from puzzle_explorer.puzzles.interface import Option
from puzzle_explorer.puzzles.kit import cli_support, distances, engines
from puzzle_explorer.puzzles.kit.cli_options import flag, option_values, read_value
from puzzle_explorer.puzzles.link.cli import BOARD_RULES
from puzzle_explorer.puzzles.race import apply_settings, entries
from tests.cli.commands import one_line_error, run_cli

FAMILIES = list(registry.families())


def solve_parser(family_id: str) -> argparse.ArgumentParser:
    """The parser of `solve FAMILY`."""
    parser = argparse.ArgumentParser(prog=f"puzzle-explorer solve {family_id}")
    registry.get(family_id).add_cli_arguments(parser)
    return parser


def flagged(family_id: str) -> list[Option]:
    family = registry.get(family_id)
    leave = BOARD_RULES if family_id == "link" else ()
    return [*cli_support.flagged_options(family.solvers, leave),
            *(o for o in engines.OPTIONS if any(o in s.options for s in family.solvers))]


def test_a_flag_is_the_option_name_and_a_bool_on_by_default_is_turned_off():
    assert flag(Option("goal_face", "Goal face", "choice", "up", ("up", "any"))) == "--goal-face"
    assert flag(Option("distinct", "Distinct", "bool", False)) == "--distinct"
    assert flag(Option("pruning", "Pruning", "bool", True)) == "--no-pruning"
    assert flag(Option("max_segments", "Segments", "int", 0)) == "--max-segments"


@pytest.mark.parametrize("family_id", FAMILIES)
def test_every_solver_option_is_a_flag_or_given_by_another(family_id):
    """A new option a family declares shows on its solve command without a line of its cli.py."""
    family = registry.get(family_id)
    parser = solve_parser(family_id)
    described = parser.format_help()
    for solver in family.solvers:
        for option in solver.options:
            # the census from the goal's are --component and --save-table; link's rules are flags that set
            # them on the board (--max-segments, --no-outside, --gravity)
            if option in (distances.SCOPE, distances.KEEP) or (family_id == "link" and option in BOARD_RULES):
                continue
            value = [] if option.kind == "bool" else [option.choices[0] if option.choices else "1"]
            args, unknown = parser.parse_known_args([flag(option), *value])
            assert unknown == [] and option.name in vars(args), (solver.id, option.name)
            assert f"{flag(option)} " in described, (family_id, option.name)  # --help describes it


@pytest.mark.parametrize("family_id", FAMILIES)
def test_each_flag_reads_what_the_race_setting_reads(family_id):
    parser = solve_parser(family_id)
    for option in flagged(family_id):
        if option.kind == "bool":
            samples = [([flag(option)], not option.default)]
        elif option.kind == "choice":
            samples = [([flag(option), value], value) for value in option.choices]
        else:
            samples = [([flag(option), str(option.low)], option.low), ([flag(option), "1_000"], 1000)]
        for words, value in samples:
            args = parser.parse_args(words)
            assert option_values(args, [option]) == {option.name: value}, words
            if option.kind != "bool":
                assert read_value(option, words[1], "") == value


@pytest.mark.parametrize("family_id", FAMILIES)
def test_a_flag_left_out_is_the_declared_default(family_id):
    args = solve_parser(family_id).parse_args([])
    options = flagged(family_id)
    assert option_values(args, options) == {o.name: o.default for o in options}


def test_an_int_option_takes_its_declared_range_in_solve_and_in_race(capsys):
    code, out, err = run_cli(capsys, "solve", "die", "--size", "4x4", "--all", "--keep", "10001")
    one_line_error(code, err, "--keep: '10001' must be at most 10,000")
    die = registry.get("die")
    with pytest.raises(InputError, match="setting keep '10001' must be at most 10,000"):
        apply_settings(entries(die, ["dfs", "all"]), ["keep=10001"])
    with pytest.raises(InputError, match="setting workers '0' must be greater than 0"):
        apply_settings(entries(die, ["dfs", "all"]), ["workers=0"])
    code, out, err = run_cli(capsys, "solve", "die", "--size", "4x4", "--all", "--workers", "0")
    one_line_error(code, err, "--workers: '0' must be greater than 0")


def test_a_bool_flag_sets_what_the_race_setting_sets(capsys):
    import json

    board = ("--size", "5x3", "--start", "1,1", "--goal", "3,3")
    code, plain, err = run_cli(capsys, "solve", "die", *board, "--no-pruning", "--json")
    assert code == 0, err
    code, race, err = run_cli(capsys, "race", "die", *board, "--algos", "dfs,all", "pruning=no", "--json")
    assert code == 0, err
    raced = json.loads(race)[0]
    assert raced["options"]["pruning"] is False
    assert json.loads(plain)["stats"]["nodes_expanded"] == raced["stats"]["nodes_expanded"]
