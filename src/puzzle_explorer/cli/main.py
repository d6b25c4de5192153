"""The `puzzle-explorer` command: the app, `list`, `solve FAMILY …`, `race FAMILY …`, `open FAMILY …`
and `serve`."""
from __future__ import annotations

import gc
import os
import signal
import sys
import threading
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import argparse


def started_as_the_program(argv0: str) -> bool:
    """Whether this process is the `puzzle-explorer` command (or `python -m puzzle_explorer`), not
    another program that imports it (`python -m pytest` runs a __main__.py too)."""
    name = os.path.basename(argv0)
    return name == "puzzle-explorer" or (name == "__main__.py"
                                         and os.path.basename(os.path.dirname(argv0)) == "puzzle_explorer")


def _quiet_start() -> None:
    """Started as the program, a Ctrl-C before main() takes the signals (while Python loads this
    module) ends it with status 130 and no traceback. At once, with nothing raised: an exception
    raised inside the import of a compiled module (numpy's) comes out as an ImportError of its own,
    with a traceback; and nothing has been written yet to flush."""
    if started_as_the_program(sys.argv[0] if sys.argv else "") \
            and signal.getsignal(signal.SIGINT) is signal.default_int_handler:
        signal.signal(signal.SIGINT, lambda signum, frame: os._exit(128 + signum))


def _hold_collection() -> None:
    """Started as the program with a command, no garbage collection until the command's modules
    have loaded (_loaded). Loading numba and a family makes tens of thousands of objects that stay
    for the whole process, and the collector walked all of them again and again: about a fifth
    of a warm solve's CPU time."""
    if started_as_the_program(sys.argv[0] if sys.argv else "") and len(sys.argv) > 1:
        gc.disable()


def _loaded() -> None:
    """The command's modules have loaded: what exists now stays out of every later collection
    (gc.freeze), which runs again from here on, walking only what the command makes."""
    if not gc.isenabled():
        gc.freeze()
        gc.enable()


_quiet_start()
_hold_collection()

import importlib  # noqa: E402
from typing import TYPE_CHECKING, Callable  # noqa: E402

import puzzle_explorer  # noqa: E402
from puzzle_explorer import core  # noqa: E402,F401  (sets up the kernel cache before numba loads)
from puzzle_explorer.cli.parser import Parser  # noqa: E402
from puzzle_explorer.core.run import interrupts  # noqa: E402
from puzzle_explorer.core.run.exit_codes import ExitCode  # noqa: E402

if TYPE_CHECKING:
    from rich.console import Console


def light_command(argv: list[str]) -> int | None:
    """`solve FAMILY …` answered by the family's own light module, if it has one and accepts.

    A family may provide puzzles/<family>/light.py with run(argv) -> exit status, or None
    to decline. It runs before the rest of the command line loads (rich, every family,
    numba), for commands that must start fast and stay small.
    """
    if len(argv) < 2 or argv[0] != "solve" or not argv[1].isidentifier():
        return None
    from puzzle_explorer import puzzles

    # Look before importing: importing a family's package may load everything it has.
    if not any(os.path.isfile(os.path.join(folder, argv[1], "light.py")) for folder in puzzles.__path__):
        return None
    _loaded()  # a light command loads what it needs itself
    light: Callable[[list[str]], int | None] = importlib.import_module(f"puzzle_explorer.puzzles.{argv[1]}.light").run
    return light(argv[2:])


def build_parser() -> Parser:
    from puzzle_explorer.puzzles import registry

    parser = Parser(prog="puzzle-explorer",
                    description="Explore classic search puzzles: draw a board, watch a solver, step through "
                                "the answer. With no command, opens the app.")
    parser.add_argument("-V", "--version", action="version", version=f"puzzle-explorer {puzzle_explorer.__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)
    commands.add_parser("list", help="families, their algorithms and presets")
    # Each command's own module loads only when the command line names it (or asks its help): a
    # solve needs neither the warm-up's process pool, nor the server, nor the race's lanes.
    commands.add_parser("warm", help="compile every solver now, once (make run does it)", fill=_fill_warm)
    commands.add_parser("serve", help="serve the app to web browsers", fill=_fill_serve)
    solve = commands.add_parser("solve", help="solve a board from the command line")
    by_family = solve.add_subparsers(dest="family", metavar="FAMILY", parser_class=Parser, required=True)
    for family in registry.declared().values():
        by_family.add_parser(family.id, help=family.title, description=family.description,
                             fill=lambda sub, family_id=family.id: registry.get(family_id).add_cli_arguments(sub))
    commands.add_parser("race", help="run several solvers on one board side by side and compare them",
                        fill=_fill_race)
    open_ = commands.add_parser("open", help="open the app on a board",
                                description="Open the app on a board given as `solve FAMILY` takes it.")
    on_board = open_.add_subparsers(dest="family", metavar="FAMILY", parser_class=Parser, required=True)
    for family in registry.declared().values():
        on_board.add_parser(family.id, help=family.title, description=family.description,
                            fill=lambda sub, family_id=family.id: _fill_open(sub, family_id))
    return parser


def _fill_open(parser: Parser, family_id: str) -> None:
    """`open FAMILY`'s options: the family's board options, as `solve` and `race` take them."""
    from puzzle_explorer.puzzles import registry
    from puzzle_explorer.puzzles.kit import modes

    registry.get(family_id).add_board_arguments(parser)
    modes.record_flags(parser)  # which were given: --preset or --file alone keep the board's source


def _fill_warm(parser: Parser) -> None:
    from puzzle_explorer.cli import warm

    parser.description = warm.DESCRIPTION
    warm.add_arguments(parser)


def _fill_serve(parser: Parser) -> None:
    from puzzle_explorer.cli import serve

    parser.description = serve.DESCRIPTION
    serve.add_arguments(parser)


def _fill_race(parser: Parser) -> None:
    from puzzle_explorer.cli import race

    parser.description = race.DESCRIPTION
    race.add_arguments(parser)


def list_families(console: Console) -> None:
    """Every family with its algorithms and presets. On a terminal wide enough for every note beside
    its name, a row each; narrower, each note goes under its name, indented, and wraps there (in a
    column beside the names an 80-column terminal left it half the width, three lines a note);
    piped, each entry is one line, for grep and for pagers that wrap on their own."""
    from rich.cells import cell_len
    from rich.padding import Padding
    from rich.table import Table
    from rich.text import Text

    from puzzle_explorer.puzzles import registry

    for family in registry.families().values():
        console.print(f"[bold]{family.id}[/bold]  {family.title}")
        rows = [("algorithm", s.id, "shortest" if s.optimal else "", s.note) for s in family.solvers]
        rows += [("preset", p.id, "", f"{p.name}  {p.note}".rstrip()) for p in family.presets]
        id_width = max(len(name) for _, name, _, _ in rows)
        beside = len(f"  {'algorithm'} {'':<{id_width}} {'shortest'} ")  # where the notes' column starts
        if console.is_terminal and beside + max(cell_len(note) for *_, note in rows) <= console.width:
            table = Table.grid(padding=(0, 1))
            for _ in range(4):
                table.add_column(no_wrap=True)
            for kind, name, mark, note in rows:
                table.add_row(f"  {kind}", name, mark, note)
            console.print(table, highlight=False)
        elif console.is_terminal:
            for kind, name, mark, note in rows:
                console.print(f"  {kind:<9} {name}  {mark}".rstrip(), highlight=False, markup=False)
                console.print(Padding(Text(note, style="dim"), (0, 0, 0, 6)), highlight=False)
        else:
            for kind, name, mark, note in rows:
                console.print(f"  {kind:<9} {name:<{id_width}} {mark:<8} {note}", highlight=False,
                              soft_wrap=True, markup=False)
        console.print()


def command(argv: list[str]) -> int:
    """One command line, with its exit status: 0 done, 2 bad input (a side file that could not be
    written, a trace or a checkpoint, is named after the answer it did not stop)."""
    from puzzle_explorer.core.files import side_file_failures

    side_file_failures()  # (afresh: a test runs many commands in one process)
    code = _command(argv)
    failures = side_file_failures()
    if failures and code == ExitCode.OK:
        sys.stdout.flush()  # the answer first, then the line that says what it could not keep
        from puzzle_explorer.puzzles.kit import cli_support
        return cli_support.fail(failures[0])
    return code


def _command(argv: list[str]) -> int:
    if argv[0] in ("--version", "-V"):  # before the parser, which loads every family
        print(f"puzzle-explorer {puzzle_explorer.__version__}")
        return ExitCode.OK
    if argv[0] in ("warm", "serve"):
        _loaded()  # commands that run long, and load what they need themselves
    if argv[0] == "warm":  # before the parser, which loads every family: done in a moment when done already
        from puzzle_explorer.cli.warm import main as warm_main
        return warm_main(argv[1:])
    if argv[0] == "serve":  # no numba: the server only relays, each browser's app loads its own
        from puzzle_explorer.cli.serve import main as serve_main
        return serve_main(argv[1:])
    answered = light_command(argv)
    if answered is not None:
        return answered
    from puzzle_explorer.core.errors import EngineError, InputError
    from puzzle_explorer.core.run.runner import CancelledBeforeSearch
    from puzzle_explorer.puzzles import registry
    from puzzle_explorer.puzzles.kit import cli_support

    args = build_parser().parse_args(argv)  # (loads the family the command line names)
    _loaded()
    console = cli_support.output_console()
    try:
        if args.command == "list":
            list_families(console)
            return ExitCode.OK
        if args.command == "solve":
            return registry.get(args.family).run_cli(args, console)
        if args.command == "race":
            from puzzle_explorer.cli import race as race_cli
            return race_cli.run(args, console)
        if args.command == "open":
            return _open(args)
    except InputError as exc:
        return cli_support.fail(str(exc))
    except EngineError as exc:
        cli_support.fail(str(exc))
        return ExitCode.FAULT
    except CancelledBeforeSearch:
        cli_support.cancelled_while_compiling(getattr(args, "json", False))
        return ExitCode.INTERRUPTED
    return ExitCode.OK


def _open(args: argparse.Namespace) -> int:
    """The app on the board the options give. A preset or a file alone stays the board's source (what
    Save writes back to, what a recovery copy is kept under); other options (--size, --board, a
    preset with another start) make a new board. InputError for a board that cannot be had."""
    from puzzle_explorer.puzzles import registry
    from puzzle_explorer.puzzles.kit import modes
    from puzzle_explorer.tui.app import run_app

    given = modes.given_flags(args)
    if given in ([], ["--preset"], ["--file"]):
        return run_app(family=args.family, preset=args.preset, path=args.file)
    return run_app(family=args.family, board=registry.get(args.family).board_from_args(args))


def _quiet_stdout() -> None:
    """The reader of standard output went away (`| head`): send the rest nowhere, say nothing."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError):  # standard output is not a file (a test's capture)
        pass


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if not argv:
        # the app alone: no numba before the first screen is up
        from puzzle_explorer.tui.app import run_app
        return run_app()
    # Ctrl-C or SIGTERM: a running search is cancelled and prints what it has; exit 130 or 143.
    with interrupts.catching() as caught:
        try:
            code = command(argv)
            sys.stdout.flush()
        except KeyboardInterrupt:
            sys.stderr.write("interrupted\n")
            code = ExitCode.INTERRUPTED
        except MemoryError:  # outside any search (a search ends at its memory limit: run_solver)
            sys.stderr.write("error: out of memory: the system refused an allocation (a lower --max-memory "
                             "sizes the work to what it can give)\n")
            code = ExitCode.FAULT
        except BrokenPipeError:
            _quiet_stdout()
            code = ExitCode.OK
        except Exception:
            if caught.signal is None:
                raise
            # The stop raised KeyboardInterrupt inside the import of a compiled module (numpy, numba),
            # which turned it into an error of its own: it is the stop all the same.
            sys.stderr.write("interrupted\n")
            code = ExitCode.INTERRUPTED
    status = caught.exit_status(code)
    if started_as_the_program(sys.argv[0] if sys.argv else ""):
        interrupts.leave_quietly_on_stop()  # a stop while the interpreter shuts down: no traceback either
        _loaded()
        gc.freeze()  # the interpreter's collections as it shuts down skip what lives to the end anyway
        _leave_now(status, stopped=caught.signal is not None)
    return status


def _leave_now(status: int, stopped: bool) -> None:
    """End the program's process with status once its command is done (interrupts.end_process: the
    exit hooks run and what it wrote is flushed, but no module and object is taken apart one by one
    first, a fortieth of a warm solve's CPU time). Returns, for the interpreter's own exit, while a
    thread that is no daemon runs and no stop signal came: the interpreter waits for it."""
    if not stopped and any(not thread.daemon for thread in threading.enumerate()
                           if thread is not threading.main_thread()):
        return
    interrupts.end_process(status)


if __name__ == "__main__":
    sys.exit(main())
