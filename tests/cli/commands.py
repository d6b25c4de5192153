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
