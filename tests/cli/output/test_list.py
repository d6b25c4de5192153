"""`puzzle-explorer list`: on an 80-column terminal each note goes under its name and nothing runs
past the edge; wide, a row each; piped, a line each whatever the width."""
import io

from rich.console import Console

from puzzle_explorer.cli.main import list_families
from puzzle_explorer.puzzles import registry


def listing(width: int, terminal: bool) -> list[str]:
    out = io.StringIO()
    list_families(Console(file=out, width=width, force_terminal=terminal, color_system=None))
    return out.getvalue().splitlines()


def test_at_80_columns_notes_sit_under_their_names():
    lines = listing(80, terminal=True)
    assert max(len(line) for line in lines) <= 80
    bfs = lines.index(next(line for line in lines if line.split()[:2] == ["algorithm", "bfs"]))
    assert lines[bfs + 1].startswith("      shortest answer")  # the note, under its name


def test_wide_terminal_gives_each_entry_one_row():
    lines = listing(400, terminal=True)
    entries = sum(len(f.solvers) + len(f.presets) for f in registry.families().values())
    assert sum(line.startswith(("  algorithm", "  preset")) for line in lines) == entries
    assert not any(line.startswith("      ") for line in lines)


def test_piped_every_entry_is_one_line():
    lines = listing(80, terminal=False)
    assert any(line.startswith("  algorithm bfs") and "stores every position" in line for line in lines)
