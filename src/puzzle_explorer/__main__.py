"""`python -m puzzle_explorer`: the same as the `puzzle-explorer` command."""
import sys

from puzzle_explorer.cli.main import main

sys.exit(main())
