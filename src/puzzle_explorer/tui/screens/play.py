"""Play mode: the player moves the pieces, every legal move is marked closer, same or farther from
the goal, a key plays the best move, and the header keeps the distance and the moves made."""
from __future__ import annotations

import functools
from typing import Any

from rich.text import Text
from textual import events, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Header, Static

from puzzle_explorer.core.errors import InputError
from puzzle_explorer.puzzles.interface import Family, Move, View
from puzzle_explorer.puzzles.kit.text import Cell
from puzzle_explorer.tui.model.play import CLOSER, FARTHER, LOST, SAME, Marked, Play
from puzzle_explorer.tui.widgets.footer import KeyFooter

ARROW_SIGNS = {"up": "↑", "down": "↓", "left": "←", "right": "→", "": " "}
ARROW_KEYS = ("up", "down", "left", "right")
# what the arrows do when the family does not say (its distances module's ARROWS_MEAN: footer words, help)
ARROWS_MEAN = ("move", "move the piece the way the arrow points")
WORDS = {CLOSER: "closer ", SAME: "same   ", FARTHER: "farther", LOST: "lost   "}


class PlayScreen(Screen[None]):
    """One game on a copy of the board under edit; Esc returns to the editor, the board unchanged."""

    # The arrows are added per family (PlayScreen.of), in the family's words. They are ordinary
    # bindings, not priority ones, so keys typed in a burst act in the order typed; the moves list
    # takes no focus, so it does not scroll with them instead.
    BINDINGS = [
        Binding("space", "best", "Best move", id="play.best", tooltip="play a move that brings the goal nearest"),
        Binding("backspace,ctrl+z", "undo", "Undo", id="play.undo", tooltip="take the last move back"),
        Binding("tab", "next_piece", "Next piece", id="play.piece", tooltip="pick the next piece that can move"),
        Binding("escape", "leave", "Leave", id="play.leave", tooltip="back to the editor, the board as it was"),
    ]

    def __init__(self, family: Family, play: Play) -> None:
        super().__init__()
        self.family = family
        self.play = play
        self.unit = getattr(play.table.space, "unit", "moves")
        self._marks: tuple[int | None, list[Marked]] | None = None  # the board's distance and marks, once known
        self._best_wanted = 0  # Spaces typed before the marks came: best moves to play as they come
        self._announce = False  # a move was made: say so when it reaches the goal

    @staticmethod
    def of(family: Family, play: Play) -> PlayScreen:
        """The play screen with the four arrows bound in the words of the family's distances module."""
        return _with_arrows(*getattr(play.hooks, "ARROWS_MEAN", ARROWS_MEAN))(family, play)

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="play-body"):
            yield Static(id="play-board")
            with VerticalScroll(id="play-side", can_focus=False):
                yield Static(id="play-moves")
        yield Static(id="play-status")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.query_one("#play-board").border_title = "Play"
        self.query_one("#play-side").border_title = "Moves"
        self.refresh_play()

    # --- drawing -----------------------------------------------------------------------
    def refresh_play(self) -> None:
        """Draw the board, its marks and the distance. Marks found by a search come from a worker:
        the board is drawn at once, the marks when they are known."""
        board = self.play.board
        self._marks = None
        if getattr(self.play.table, "slow", False):
            self._draw(board, None, None)
            self._find_marks(board)
            return
        try:
            self._marks_found(board, self.play.marks_at(board))
        except InputError as exc:
            self._no_marks(board, exc)

    @work(thread=True, exclusive=True, group="marks")
    def _find_marks(self, board: Any) -> None:
        try:
            found = self.play.marks_at(board)
        except InputError as exc:  # a hint's search stopped at a limit
            self.app.call_from_thread(self._no_marks, board, exc)
            return
        self.app.call_from_thread(self._marks_found, board, found)

    def _no_marks(self, board: Any, exc: InputError) -> None:
        if board is self.play.board and self.is_attached:
            self._best_wanted = 0
            self.query_one("#play-status", Static).update(Text(f"no marks: {exc}"))

    def _marks_found(self, board: Any, found: tuple[int | None, list[Marked]]) -> None:
        if board is not self.play.board or not self.is_attached:  # moved on (a newer worker draws), or left
            return
        self._marks = found
        self._draw(board, *found)
        distance, marked = found
        if distance == 0 and self._announce:
            self._announce = False
            shortest = self.play.shortest
            extra = "the shortest way" if self.play.count == shortest else f"the shortest takes {shortest:,}"
            self.notify(f"Solved in {self.play.count:,} {self.unit}: {extra}!", title="Goal", timeout=8)
        if self._best_wanted:
            self._best_wanted -= 1
            self._play_best(marked)

    def _draw(self, board: Any, d: int | None, marked: list[Marked] | None) -> None:
        """The board and, once known (marked is not None), its marks and distance."""
        play = self.play
        picked: frozenset[Cell] = frozenset()
        if play.piece and marked is not None:
            picked = frozenset(c for m in marked if m.move.piece == play.piece for c in m.move.highlight)
        self.query_one("#play-board", Static).update(self.family.render(board, View(highlight=picked)))
        self.title = "Play"
        piece = f"piece {play.piece} (a letter or Tab: another) · " if play.piece else ""
        status = self.query_one("#play-status", Static)
        if marked is None:
            self.query_one("#play-moves", Static).update(Text("searching…"))
            self.sub_title = f"finding the distance · {play.count:,} made"
            status.update(Text(f"{piece}{play.count:,} made · each move's distance is being searched for"))
            return
        lines = [f"{WORDS[m.effect]} {ARROW_SIGNS.get(m.move.arrow, ' ')} {m.move.label}"
                 f"{'' if m.distance is None else f' ({m.distance})'}" for m in marked]
        self.query_one("#play-moves", Static).update(Text("\n".join(lines) or "no legal move"))
        away = "solved!" if d == 0 else "cannot reach the goal" if d is None else f"{d:,} {self.unit} to the goal"
        self.sub_title = f"{away} · {play.count:,} made"  # and in the status line, for a screen too short for the header
        counts = {e: sum(1 for m in marked if m.effect == e) for e in (CLOSER, SAME, FARTHER, LOST)}
        said = ", ".join(f"{n} {e}" for e, n in counts.items() if n)  # of the moves open now, not those made
        status.update(Text(f"{piece}distance {'-' if d is None else d} · {play.count:,} made · moves now: "
                           f"{said or 'none'}"))

    # --- moves --------------------------------------------------------------------------
    def _played(self, move: Move) -> None:
        self.play.play(move)
        self._announce = True
        self.refresh_play()

    def action_arrow(self, arrow: str) -> None:
        self._best_wanted = 0  # the player's own move: best moves still waiting are not wanted now
        move = self.play.by_arrow(arrow)
        if move is None:
            what = f"{self.play.piece} cannot" if self.play.piece else "nothing can"
            self.notify(f"{what} move {arrow}", severity="warning", timeout=2)
            return
        self._played(move)

    def action_best(self) -> None:
        if self._marks is None and getattr(self.play.table, "slow", False):  # played when they come
            self._best_wanted += 1
            return
        self._play_best(None if self._marks is None else self._marks[1])

    def _play_best(self, marked: list[Marked] | None) -> None:
        try:
            move = self.play.best(marked)
        except InputError as exc:
            self.notify(str(exc), severity="error")
            return
        if move is None:
            self._best_wanted = 0
            self.notify("at the goal" if self.play.solved else "no move leads to the goal", timeout=2)
            return
        self._played(move)

    def action_undo(self) -> None:
        self._best_wanted = 0
        if self.play.undo():
            self.refresh_play()
        else:
            self.notify("back at the start: nothing to undo", severity="warning", timeout=2)

    def action_next_piece(self) -> None:
        if self.play.next_piece():
            self.refresh_play()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "next_piece":
            return bool(self.play.piece)  # only where moves start with picking a piece
        return True

    def action_leave(self) -> None:
        self.dismiss(None)

    def on_key(self, event: events.Key) -> None:
        """A piece's letter picks it (families whose moves start with a piece)."""
        char = event.character
        if char and char.isalnum() and self.play.piece:
            event.stop()
            if self.play.pick(char):
                self.refresh_play()
            else:
                self.notify(f"{char} cannot move now", severity="warning", timeout=2)


@functools.cache
def _with_arrows(words: str, help_text: str) -> type[PlayScreen]:
    """PlayScreen with the four arrows as one footer entry in a family's words ('↑↓←→ slide into
    blank') and one row of the help."""
    group = Binding.Group(words, compact=True)
    arrows = [Binding(key, f"arrow('{key}')", words, id=f"play.{key}", tooltip=help_text, group=group)
              for key in ARROW_KEYS]
    return type("PlayScreen", (PlayScreen,), {"BINDINGS": arrows})
