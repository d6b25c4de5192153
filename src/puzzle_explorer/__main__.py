"""`python -m puzzle_explorer`: the same as the `puzzle-explorer` command."""
import sys

try:
    from puzzle_explorer.cli.main import main
except KeyboardInterrupt:
    # Ctrl-C while the command's first modules load, before it takes the signal itself (cli/main.py,
    # _quiet_start): the status a Ctrl-C gives, without the traceback of an import cut short
    sys.exit(130)

sys.exit(main())
