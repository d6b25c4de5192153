"""Play with a perfect hint: the player's moves on a board, each legal move marked with what it does
to the distance to the goal (read off a distance table), undo move by move, the best move on request."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from puzzle_explorer.core.errors import InputError
from puzzle_explorer.core.run.progress import SearchControl
from puzzle_explorer.core.run.search import Limits
from puzzle_explorer.core.run.status import Status
from puzzle_explorer.puzzles.interface import Move

CLOSER, SAME, FARTHER, LOST = "closer", "same", "farther", "no way to the goal"


@dataclass(frozen=True)
class Marked:
    """A legal move and what it does: the distance after it (None: the goal can no longer be
    reached) and how that compares with the distance now."""

    move: Move
    distance: int | None
    effect: str


def effect(now: int | None, after: int | None) -> str:
    if after is None:
        return LOST
    if now is None or after < now:
        return CLOSER
    return SAME if after == now else FARTHER


class Distances(Protocol):
    """What play asks of a table (puzzle_explorer.puzzles.kit.distances.BoardTable, SearchedDistances):
    the moves from a board to the goal, None for one that cannot reach it."""

    space: Any

    def distance(self, board: Any) -> int | None: ...

    def distances(self, boards: list[Any]) -> list[int | None]: ...


class SearchedDistances:
    """Distances found by a search from each position, where no table was built: slower, and
    each answer is kept. Answers what play asks of a table (distance, distances, space)."""

    slow = True  # play asks it from a worker thread, not the event loop

    def __init__(self, family: Any, space: Any, options: dict[str, Any], limits: Limits) -> None:
        self.family = family
        self.space = space
        self.options = options
        self.limits = limits
        self._known: dict[Any, int | None] = {}

    def distance(self, board: Any) -> int | None:
        key = self.space.word(board)
        if key not in self._known:
            solution = self.family.solve(board, self.family.distances.HINT_SOLVER, self.options, SearchControl(),
                                         self.limits)
            if solution.status not in (Status.SOLVED, Status.UNSOLVABLE):
                raise InputError(f"the hint's search stopped: {solution.reason()}")
            self._known[key] = solution.length if solution.status == Status.SOLVED else None
        return self._known[key]

    def distances(self, boards: list[Any]) -> list[int | None]:
        return [self.distance(b) for b in boards]


class Play:
    """One game from a start board. `hooks` is the family's distances module, `table` a
    puzzle_explorer.puzzles.kit.distances.BoardTable that covers the board's space."""

    def __init__(self, hooks: Any, options: dict[str, Any], table: Distances, board: Any) -> None:
        self.hooks = hooks
        self.options = options
        self.table = table
        self.start = board
        self.board = board
        self.count = 0  # moves made; a free slide's steps one after another are one move
        self._group: Any = None
        self._history: list[tuple[Any, int, Any]] = []
        pieces = self.pieces()
        self.piece = pieces[0] if pieces else ""

    @property
    def distance(self) -> int | None:
        return self.table.distance(self.board)

    @property
    def shortest(self) -> int | None:
        """The distance from the start (a table keeps it, and so do searched distances)."""
        return self.table.distance(self.start)

    @property
    def solved(self) -> bool:
        return self.distance == 0

    def marked(self) -> list[Marked]:
        """Every legal move from the board, with its effect on the distance."""
        return self.marks_at(self.board)[1]

    def marks_at(self, board: Any) -> tuple[int | None, list[Marked]]:
        """The distance of `board` and its legal moves marked (a board the game was at: searched
        distances are found off the event loop while the player goes on)."""
        moves = self.hooks.moves(board, self.options)
        now = self.table.distance(board)
        return now, [Marked(m, d, effect(now, d)) for m, d in zip(moves, self.table.distances([m.board for m in moves]))]

    def pieces(self) -> list[str]:
        """What the player may pick before an arrow (klotski's letters), in board order; [] when
        arrows alone say the move."""
        return list(dict.fromkeys(m.piece for m in self.hooks.moves(self.board, self.options) if m.piece))

    def pick(self, piece: str) -> bool:
        """Pick a piece that can move now; False for one that cannot."""
        if piece in self.pieces():
            self.piece = piece
            return True
        return False

    def next_piece(self) -> str:
        letters = self.pieces()
        if letters:
            self.piece = letters[(letters.index(self.piece) + 1) % len(letters)] if self.piece in letters else letters[0]
        return self.piece

    def by_arrow(self, arrow: str) -> Move | None:
        """The move the arrow key plays (for the picked piece, where pieces are picked)."""
        return next((m for m in self.hooks.moves(self.board, self.options)
                     if m.arrow == arrow and m.piece in ("", self.piece)), None)

    def best(self, marked: list[Marked] | None = None) -> Move | None:
        """A move to the nearest position, the first in the family's order; None at the goal or when
        no move is left. `marked`: the board's marks, when they are known already."""
        if self.solved:
            return None
        reachable = [(m.distance, i, m.move) for i, m in enumerate(self.marked() if marked is None else marked)
                     if m.distance is not None]
        return min(reachable)[2] if reachable else None

    def play(self, move: Move) -> None:
        self._history.append((self.board, self.count, self._group))
        if move.group is None or move.group != self._group:
            self.count += 1
        self._group = move.group
        self.board = move.board
        if move.piece:
            self.piece = move.piece

    def undo(self) -> bool:
        if not self._history:
            return False
        self.board, self.count, self._group = self._history.pop()
        return True
