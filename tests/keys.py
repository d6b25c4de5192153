"""The keys a family's editing keys must leave alone: those the app binds while the board pane has focus."""
from textual.keys import key_to_character

from puzzle_explorer.tui.app import PuzzleApp
from puzzle_explorer.tui.keys import declared_bindings
from puzzle_explorer.tui.screens.main import MainScreen
from puzzle_explorer.tui.widgets.board import BoardView


def keys_taken_while_editing() -> set[str]:
    """Every key bound by the app, the main screen and the board pane itself (not the family's edit
    keys), as Textual names them ('question_mark') and as they are typed ('?')."""
    keys = {key for node in (PuzzleApp, MainScreen, BoardView) for key, _ in declared_bindings(node)}
    return keys | {c for c in map(key_to_character, keys) if c is not None}
