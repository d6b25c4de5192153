"""Running the command line inside a test."""
from tui.cli import main


def run_cli(capsys, *args):
    """main() as the console script runs it: argparse's exits become the exit status; (status, stdout, stderr)."""
    try:
        code = main(list(args))
    except SystemExit as exit_:
        code = exit_.code
    out, err = capsys.readouterr()
    return code, out, err
