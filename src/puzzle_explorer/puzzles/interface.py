"""The puzzle interface: what every family gives the app and the command line.

A family is a module-level object with the attributes of `Family`. Boards
are immutable values; everything that changes a board returns a new one.
Cells are addressed 0-based (x, y) inside the code and 1-based "x,y" in
files, on the command line and on screen.
"""
from __future__ import annotations

import argparse
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from rich.console import Console, RenderableType

from puzzle_explorer.core.errors import InputError
from puzzle_explorer.core.kernels.signature import Kernel
from puzzle_explorer.core.run.live import Live
from puzzle_explorer.core.run.progress import SearchControl
from puzzle_explorer.core.run.search import Limits, Stats
from puzzle_explorer.core.run.status import LIMIT_TEXT, Limit, Status

JSON = dict[str, Any]  # an object as json.dumps writes it
Options = dict[str, Any]  # a solver's option values by Option.name (those left out take their defaults)
# (x, y), 0-based: the alias puzzle_explorer.puzzles.kit.text.Cell declares for the boards' text
# formats, declared here as well because the kit imports this contract, never the other way round.
Cell = tuple[int, int]


@dataclass(frozen=True)
class Option:
    """One solver option: shown in the app's solver pane and accepted as --name on the CLI."""

    name: str
    label: str
    kind: str  # "choice", "int", "float" or "bool"
    default: Any
    choices: tuple[str, ...] = ()
    help: str = ""
    # True when the option changes how the search goes but not the answer's length (a cap, a
    # pruning rule, whether like pieces are told apart). A race compares the lengths its
    # optimal solvers find only where the options that change the answer are equal.
    search_only: bool = False
    # The values an "int" or "float" option takes when typed (a race's setting, a solve's flag), low
    # to high (None: the most kit/typed.py lets any count or decimal be). A default of 0 below `low`
    # means "none", which leaving the option out says.
    low: int = 0
    high: int | None = None
    # What a number option's 0 (or no value) means, the word the app shows for it: "none" (no limit)
    # or "auto" (the solver chooses: the board's own rule, a worker per core).
    zero: str = "none"


# What runs a solver: (a valid board, its options, the search's control, the limits) -> its answer.
Run = Callable[[Any, Options, SearchControl, Limits], "Solution"]


@dataclass(frozen=True)
class Solver:
    """One of a family's solvers, declared once: what the app, the command line and a race show
    of it, and what runs it."""

    id: str
    label: str
    optimal: bool | None  # guarantees a shortest answer; None where the question does not arise
    note: str  # what it does and what it guarantees (the app wraps it)
    options: tuple[Option, ...] = ()
    # What a valid board still lacks for this solver ("two marked cells"), or None when it can run
    needs: Callable[[Any], str | None] | None = None
    # What its answer answers, where a family's solvers answer different questions (a path between
    # two cells, clearing the board). A race compares answers (their lengths, whether there is one)
    # only between solvers with the same question; '' is the family's one question.
    question: str = ""
    # What runs it (see run_solver, which the family's solve() calls once the board is valid). None
    # only where the family's solve() runs its solvers itself.
    run: Run | None = None
    # It picks the search it runs for each board (the fastest the board allows): its answer's
    # headline names the one it ran.
    chooses: bool = False


def solver_named(solvers: Iterable[Solver], solver_id: str) -> Solver:
    """The solver with this id; InputError names the ones there are."""
    known = tuple(solvers)
    for solver in known:
        if solver.id == solver_id:
            return solver
    raise InputError(f"unknown solver {solver_id!r}; choose one of {', '.join(s.id for s in known)}")


def answered_by(solvers: Iterable[Solver], solution: Solution) -> Solver | None:
    """The solver whose answer this is; None for one the family does not declare (an answer read
    off a saved table, say)."""
    return next((s for s in solvers if s.id == solution.solver), None)


def run_solver(solvers: Iterable[Solver], solver_id: str, board: Any, options: Options, control: SearchControl,
               limits: Limits, kind: type[Solution] | None = None) -> Solution:
    """Run the solver with this id (its Solver.run) on a valid board; the answer names the solver.

    An allocation the system refuses, anywhere in the search (numpy's or a kernel's), ends it at
    its memory limit: the budget is an estimate, and the machine may have less to give than it
    had when the search was sized. `kind`: the family's Solution class, for that answer."""
    solver = solver_named(solvers, solver_id)
    if solver.run is None:
        raise TypeError(f"solver {solver_id!r} declares nothing that runs it")
    try:
        solution = solver.run(board, options, control, limits)
    except MemoryError:
        solution = (kind or Solution)(Status.LIMIT, [], Stats(), limit=Limit.MEMORY)
    solution.solver = solver.id
    return solution


@dataclass(frozen=True)
class Preset:
    id: str  # ASCII id used on the command line
    name: str  # display name
    text: str  # the board in the family's text format
    note: str = ""


@dataclass(frozen=True)
class Step:
    """One step of a solution: the board after it, what to highlight, how to say it."""

    label: str
    board: Any
    highlight: frozenset[Cell] = frozenset()
    data: JSON = field(default_factory=dict)  # the move as JSON (empty for the start)


@dataclass(frozen=True)
class LiveView:
    """A family's drawing of a search's live picture (puzzle_explorer.core.run.live.Live): what the board pane shows
    while the search runs, and the path as moves for --trace.

    A family's solve() hands its SearchControl a decoder (control.show_with) that makes one of
    these from a Live; the app and the command line call it without knowing the family.
    board: the position to draw (the node being expanded, the partial tour, the cells reached);
    highlight: cells to mark (the piece moved last, the knight); moves: the published path as
    JSON moves, only its newest part when the path is cut (the first of them then follows a
    position not shown); other, other_moves: a bidirectional search's goal side; note: a few
    words to show beside the board ("the first 2,976 squares are not held").
    """

    board: Any
    highlight: frozenset[Cell] = frozenset()
    moves: tuple[JSON, ...] = ()
    other: Any = None
    other_moves: tuple[JSON, ...] = ()
    note: str = ""


def cut_note(live: Live, unit: str = "moves") -> str:
    """What the board pane says of a path held only in part."""
    if not live.cut:
        return ""
    return f"the newest {len(live.path):,} of {live.length:,} {unit} are held"


def path_view(ahead: list[Step], back: list[Step] | None, live: Live, unit: str = "positions") -> LiveView:
    """The live picture of a path search: the board at the end of `ahead` and the moves along it, and
    a bidirectional search's goal side `back` (None: the search has none)."""
    other, other_moves = (back[-1].board, tuple(s.data for s in back[1:])) if back is not None else (None, ())
    return LiveView(ahead[-1].board, ahead[-1].highlight, tuple(s.data for s in ahead[1:]), other, other_moves,
                    cut_note(live, unit))


@dataclass
class Solution:
    """What solve() returns. steps[0] is the starting board; each later step is one move."""

    status: Status
    steps: Sequence[Step]  # a list, or a sequence that makes each Step when asked (a long tour's)
    stats: Stats
    limit: Limit | None = None
    solver: str = ""  # the id of the solver that answered (run_solver sets it)
    details: JSON = field(default_factory=dict)  # family extras, JSON-ready
    alternatives: list[Sequence[Step]] = field(default_factory=list)  # further solutions to browse
    # a distance table the search kept (puzzle_explorer.puzzles.kit.distances.BoardTable), for play mode; never printed.
    # Keyword only, so that a family's Solution subclass keeps its own fields' positions.
    table: Any = field(default=None, kw_only=True)

    @property
    def length(self) -> int | None:
        return len(self.steps) - 1 if self.status == Status.SOLVED and self.steps else None

    def reason(self) -> str:
        """Why the search ended, in words."""
        if self.status == Status.SOLVED:
            return "solved"
        if self.status == Status.UNSOLVABLE:
            return "proved unsolvable: every reachable position was searched"
        if self.status == Status.CANCELLED:
            return "cancelled"
        return f"stopped: {LIMIT_TEXT[self.limit]}" if self.limit else "stopped at a limit"

    @property
    def searched(self) -> bool:
        """False when the answer came without a search (a theorem, a counting argument), or when
        a cancel or a limit came before the search began."""
        return self.stats != Stats()

    @property
    def stopped_before_search(self) -> bool:
        """No search ran because a cancel or a limit came first (not because none was needed)."""
        return not self.searched and self.status in (Status.LIMIT, Status.CANCELLED)

    @property
    def no_search_text(self) -> str:
        """What a result that ran no search says in place of its counts, on every front end."""
        return "stopped before the search began" if self.stopped_before_search else "no search needed"


def plain_headline(solution: Solution, unit: str = "moves", shortest: bool = False) -> str:
    """The default headline: the length of the answer in `unit`, or why there is none.

    A family's `headline(solution)` hook (see Family) says more in its own
    words; this is what a family without one gets, and what the hooks fall
    back on for the plain cases.
    """
    if solution.status == Status.SOLVED:
        n = solution.length or 0
        if n == 0:
            return "solved at the start: no moves needed"
        word = unit if n != 1 else unit.removesuffix("s")
        return f"{n:,} {word}" + (", shortest" if shortest else "")
    return solution.reason()


ZOOM_NORMAL = 0
ZOOM_OVERVIEW = 1
# Bigger cells for a terminal with room to spare. A family that draws no large
# board returns its normal (or a smaller) size from cell_size(ZOOM_LARGE), and
# the app then never asks for it.
ZOOM_LARGE = -1
# Bigger still, for a small board in a big terminal (a sliding-block board at 160x50). The app asks
# for it where the whole board fits large cells; a family without it answers its normal size.
ZOOM_HUGE = -2


@dataclass(frozen=True)
class View:
    """How to draw a board: cursor, highlights, and the window onto a large board."""

    cursor: Cell | None = None
    highlight: frozenset[Cell] = frozenset()
    origin: Cell = (0, 0)  # first cell shown, for boards larger than the pane
    cells: tuple[int, int] | None = None  # how many columns and rows fit; None: all
    zoom: int = 0  # ZOOM_NORMAL, ZOOM_OVERVIEW (the family's compact drawing), ZOOM_LARGE or ZOOM_HUGE

    def window(self, width: int, height: int) -> tuple[range, range]:
        """The columns and the rows of a width x height board that this view shows."""
        x0, y0 = self.origin
        cols, rows = self.cells or (width, height)
        return range(x0, min(width, x0 + cols)), range(y0, min(height, y0 + rows))


@dataclass(frozen=True)
class EditAction:
    """An editor operation bound to a key: (board, cursor, brush) -> (board, cursor).

    `apply` raises puzzle_explorer.core.errors.InputError to refuse, with a message for the user.
    """

    id: str
    key: str
    description: str
    apply: Callable[[Any, Cell, str], tuple[Any, Cell]]
    label: str = ""  # a word or two for the Footer; empty: derived from id
    show: bool = True  # listed in the Footer (always in the help and the command palette)
    slow: bool = False  # may take a while (a search): the app runs it off the event loop

    @property
    def short(self) -> str:
        return self.label or self.id.replace("_", " ").capitalize()


@dataclass(frozen=True)
class Move:
    """A move the player can make in play mode: the board after it, and how the app offers it."""

    label: str  # the move in words, as a solution's step says it
    board: Any  # the board after the move
    mark: Cell  # the cell that carries the move's mark on the board
    arrow: str = ""  # "up", "down", "left" or "right": the arrow key that plays it ("": none)
    piece: str = ""  # what moves, when the player picks that first (a klotski letter); "" when not
    group: Any = None  # consecutive moves with the same group count as one move (a free slide)
    highlight: frozenset[Cell] = frozenset()  # the cells it moves onto
    data: JSON = field(default_factory=dict)  # the move as JSON, as in a solution's steps


class Family(Protocol):
    id: str
    title: str
    description: str
    solvers: tuple[Solver, ...]
    presets: tuple[Preset, ...]
    edit_actions: tuple[EditAction, ...]
    brushes: tuple[str, ...]  # what the editor's brush key cycles through (empty when unused)
    # what the drawing's marks mean, (mark, meaning) a row, for the app's help (its render module's MARKS)
    marks: tuple[tuple[str, str], ...]

    def parse(self, text: str) -> Any: ...
    def format(self, board: Any) -> str: ...
    def validate(self, board: Any) -> None: ...  # raises InputError naming what and where
    def new_board(self) -> Any: ...
    def dimensions(self, board: Any) -> tuple[int, int]: ...
    # characters per cell (wide, high); the board, when given, lets a family size cells to its content
    def cell_size(self, zoom: int, board: Any = None) -> tuple[int, int]: ...
    def render(self, board: Any, view: View) -> RenderableType: ...
    # solve() checks the board, then runs the solver with that id (run_solver: its Solver.run), which
    # hands the control a decoder of its live picture (control.show_with: Live -> LiveView)
    def solve(self, board: Any, solver: str, options: Options, control: SearchControl,
              limits: Limits) -> Solution: ...
    # The first line of the app's Stats pane and of the CLI summary: what the search found, in the
    # family's words ("304 tours from 1,1", "proved: no closed tour on 5x5 (...)"). One line, no
    # markup. A family module without one gets plain_headline (see family.PuzzleFamily).
    def headline(self, solution: Solution) -> str: ...
    def kernels(self) -> list[Kernel]: ...  # every kernel signature the solvers run
    def warm(self) -> None: ...  # compile or load every kernel in kernels()
    # Distances and play, for families whose moves can be undone (None: not offered). A module with
    #   space(board, options) -> puzzle_explorer.puzzles.kit.distances.Space: the board's positions, for the census from
    #       the goal and its tables (options: the solver's, the move convention among them);
    #   moves(board, options) -> list[Move]: every legal move from the board, for play mode;
    #   HINT_SOLVER: an optimal solver id, for a hint by search when there is no table.
    # The family's solvers include puzzle_explorer.puzzles.kit.distances.solver(...) (id "distances").
    distances: Any
    def add_cli_arguments(self, parser: argparse.ArgumentParser) -> None: ...
    def run_cli(self, args: argparse.Namespace, console: Console) -> int: ...
    # The options that give a board, and the validated board they give (the `race` command uses
    # them; a family without its own gets --board, --file and --preset, see family.PuzzleFamily).
    def add_board_arguments(self, parser: argparse.ArgumentParser) -> None: ...
    def board_from_args(self, args: argparse.Namespace) -> Any: ...
