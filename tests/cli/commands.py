"""Running the command line inside a test."""
from pathlib import Path

from puzzle_explorer.cli.main import main

ROOT = Path(__file__).resolve().parents[2]  # the checkout, where `python -m puzzle_explorer` runs


def run_cli(capsys, *args):
    """main() as the console script runs it: argparse's exits become the exit status; (status, stdout, stderr)."""
    try:
        code = main(list(args))
    except SystemExit as exit_:
        code = exit_.code
    out, err = capsys.readouterr()
    return code, out, err


def one_line_error(code, err, words=""):
    """Bad input as the command line must answer it: exit status 2, one line on stderr naming `words`."""
    assert code == 2, err
    assert err.endswith("\n") and err.count("\n") == 1, err
    assert "Traceback" not in err
    assert words in err, err


def solve_refuses(capsys, family, args, words):
    """`solve FAMILY ARGS` answers bad input in one line naming `words`, exit status 2, and prints nothing."""
    code, out, err = run_cli(capsys, "solve", family, *args)
    one_line_error(code, err, words)
    assert out == "", out
