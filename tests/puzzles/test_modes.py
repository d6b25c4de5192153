"""Modes that say what they take: a flag the chosen mode does not read is refused in one line with
status 2, never ignored (puzzles/kit/modes.py, each family's cli.MODES)."""
import io

import pytest

from puzzle_explorer.cli.main import build_parser
from puzzle_explorer.puzzles import registry
from tests.cli.commands import run_cli

# (family, the command's flags with the one that chooses its mode, that flag, a flag the mode does not read)
UNUSED = [
    ("cube8", ["--contest"], "--contest", ["--start", "2,2"]),
    ("cube8", ["--contest"], "--contest", ["--table", "t.table"]),
    ("cube8", ["--contest"], "--contest", ["--component"]),
    ("cube8", ["--contest"], "--contest", ["--json"]),
    ("cube8", ["--build-table"], "--build-table", ["--timeout", "5"]),
    ("cube8", ["--preset", "farthest-edge", "--census", "--from-goal"], "--census", ["--trace", "t.jsonl"]),
    ("link", ["--contest"], "--contest", ["--timeout", "5"]),
    ("tiles", ["--build-pdb"], "--build-pdb", ["--batch", "b.txt"]),
    ("knights", ["--size", "5x5", "--count", "--estimate"], "--estimate", ["--timeout", "5"]),
    ("die", ["--preset", "classic-8x8", "--all", "--estimate"], "--estimate", ["--keep", "3"]),
    # a single solve, and each of klotski's modes, say what they take too
    ("klotski", ["--preset", "hengdao-lima", "--census"], "--census", ["--algo", "astar"]),
    ("klotski", ["--preset", "hengdao-lima", "--census", "--from-goal"], "--from-goal", ["--algo", "bfs"]),
    ("klotski", ["--preset", "hengdao-lima", "--census", "--from-goal"], "--from-goal", ["--trace", "t.jsonl"]),
    ("klotski", ["--preset", "hengdao-lima", "--table", "t.tbl"], "--table", ["--trace", "t.jsonl"]),
    ("klotski", ["--preset", "hengdao-lima", "--table", "t.tbl"], "--table", ["--workers", "2"]),
    ("klotski", ["--preset", "hengdao-lima", "--census", "--from-goal", "--table", "t.tbl"], "--table",
     ["--component"]),
    ("klotski", ["--preset", "hengdao-lima", "--table", "t.tbl"], "--table", ["--max-states", "10"]),
    ("die", ["--preset", "classic-8x8"], "a single solve", ["--keep", "3"]),
    ("die", ["--preset", "classic-8x8"], "a single solve", ["--workers", "2"]),
    ("link", ["--preset", "the-game", "--hint"], "--hint", ["--workers", "2"]),
    ("link", ["--preset", "the-game", "--from", "2,3", "--to", "5,3"], "--from", ["--checkpoint", "c.ckpt"]),
    ("link", ["--generate", "12x8"], "--generate", ["--timeout", "5"]),
    ("link", ["--preset", "shisen-deadlock", "--clear", "--estimate"], "--estimate", ["--trace", "t.jsonl"]),
    ("tiles", ["--preset", "korf-1", "--estimate"], "--estimate", ["--trace", "t.jsonl"]),
    ("tiles", ["--batch", "b.txt"], "--batch", ["--seed", "3"]),
    ("tiles", ["--preset", "hardest-8a", "--census", "--from-goal"], "--from-goal", ["--heuristic", "manhattan"]),
    ("tiles", ["--preset", "hardest-8a", "--census", "--from-goal"], "--from-goal", ["--trace", "t.jsonl"]),
    ("tiles", ["--preset", "hardest-8a", "--table", "t.tbl"], "--table", ["--pdb", "4-4"]),
    ("tiles", ["--preset", "hardest-8a", "--census"], "--census", ["--heuristic", "manhattan"]),
    ("tiles", ["--preset", "hardest-8a", "--census"], "--census", ["--pdb", "4-4"]),
]


@pytest.mark.parametrize("family,command,mode,extra", UNUSED,
                         ids=[f"{c[0]} {c[2]} {c[3][0]}" for c in UNUSED])
def test_a_flag_the_mode_does_not_read_is_refused_in_one_line(capsys, monkeypatch, family, command, mode, extra):
    monkeypatch.setattr("sys.stdin", io.StringIO("0 0\n"))
    code, out, err = run_cli(capsys, "solve", family, *command, *extra)
    assert (code, out) == (2, "")
    assert err.strip() == f"error: {extra[0]} is not used with {mode}: leave out {extra[0]}"


@pytest.mark.parametrize("family", sorted(registry.families()))
def test_every_flag_a_mode_names_is_one_of_the_family_s_flags(family):
    parser = build_parser()
    fam = registry.get(family)
    sub = next(a for a in parser._actions if a.dest == "command").choices["solve"]
    family_parser = next(a for a in sub._actions if a.dest == "family").choices[family]
    family_parser.format_usage()  # a family's flags are filled in when it is first named or shown
    flags = {s for a in family_parser._actions for s in a.option_strings}
    for mode in fam.modes:
        assert set(mode.when) | set(mode.takes) <= flags, mode


# Where a flag the mode does not read has a refusal of the family's own that says what to do
# instead, that one answers (Mode.left): one line all the same.
OWN_WORDS = [
    ("klotski", ["--preset", "hengdao-lima", "--from-goal"], "add --census"),
    ("klotski", ["--preset", "hengdao-lima", "--workers", "2"], "add --census"),
    ("klotski", ["--preset", "hengdao-lima", "--table", "t.tbl", "--algo", "bfs"], "leave out --algo"),
    ("klotski", ["--preset", "hengdao-lima", "--census", "--hardest", "2"], "goes with --census --from-goal"),
    ("link", ["--preset", "the-game", "--clear", "--hint"], "choose one of"),
    ("knights", ["--size", "5x5", "--all-starts"], "--all-starts goes with --count"),
    ("tiles", ["--preset", "korf-1", "--estimate", "--census"], "--estimate forecasts IDA*: leave out --census"),
    ("tiles", ["--preset", "hardest-8a", "--census", "--from-goal", "--workers", "2"], "sweeps its table"),
    ("tiles", ["--batch", "b.txt", "--preset", "korf-1"], "--batch reads its boards from the file"),
]


@pytest.mark.parametrize("family,command,words", OWN_WORDS, ids=[" ".join(c[1][2:]) for c in OWN_WORDS])
def test_a_refusal_that_says_what_to_do_instead_keeps_its_words(capsys, family, command, words):
    code, out, err = run_cli(capsys, "solve", family, *command)
    assert (code, out) == (2, "") and err.count("\n") == 1 and words in err, err
