"""The puzzle-explorer app: a start screen to choose a board, a main screen to solve it."""
from __future__ import annotations

import asyncio
import os
import sys
import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Iterable

from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.screen import Screen

from core.errors import InputError
from tui import boards
from tui.keys import ids_label, key_label, keys_label

KEYMAP_HELP = ("keys can be remapped in ~/.config/puzzle-explorer/keymap.txt, one line a binding: its id "
               "(the right-hand column above) and its keys, e.g. `solve = f9` or `edit.place = P`")
# Terminal sizes where the layout changes (see app.tcss): wide, narrow, short, tiny.
WIDE = 110
NARROW = 72
SHORT = 30
TINY = 22


def keymap_path() -> Path:
    base = os.environ.get("XDG_CONFIG_HOME") or os.path.join(os.path.expanduser("~"), ".config")
    return Path(base) / "puzzle-explorer" / "keymap.txt"


class DetachedExecutor(ThreadPoolExecutor):
    """The event loop's executor, where Textual runs thread workers; shutting it down never waits.

    asyncio.run() ends by joining every thread of the loop's default executor, so one
    worker still waiting on a compile (which cannot be interrupted) or on a search would
    hold up quitting for as long as that takes. Workers here are cancelled on the way
    out, and run_app() ends the process as soon as the app is closed.
    """

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        super().shutdown(wait=False, cancel_futures=True)


def read_keymap(path: Path) -> dict[str, str]:
    """`binding-id = key[,key]` lines; # starts a comment. Unreadable lines are skipped."""
    keymap = {}
    try:
        text = path.read_text(encoding="utf-8")
    except OSError:
        return keymap
    for line in text.splitlines():
        line = line.split("#", 1)[0].strip()
        if "=" in line:
            binding_id, _, keys = line.partition("=")
            if binding_id.strip() and keys.strip():
                keymap[binding_id.strip()] = keys.strip()
    return keymap


class PuzzleApp(App):
    CSS_PATH = "app.tcss"
    TITLE = "puzzle-explorer"
    BINDINGS = [
        Binding("question_mark", "help", "Help", id="help"),
        Binding("ctrl+q", "quit", "Quit", id="quit", priority=True),
    ]

    def __init__(self, family_id: str | None = None, board=None, board_name: str | None = None,
                 warm: bool = True, source: str = "new:") -> None:
        super().__init__()
        self.families: dict = {}
        self.keymap: dict[str, str] = {}
        self._direct = (family_id, board, board_name, source)
        self._warm = warm
        self._warm_started = False
        self._warm_first: str | None = family_id

    def on_load(self) -> None:
        asyncio.get_running_loop().set_default_executor(DetachedExecutor(thread_name_prefix="worker"))

    def on_mount(self) -> None:
        self.keymap = read_keymap(keymap_path())
        self.set_keymap(self.keymap)
        family_id, board, name, source = self._direct
        if family_id is not None:
            from puzzles import registry
            self.families = registry.families()
            family = self.families[family_id]
            self.push_screen(self._main(family_id, board if board is not None else family.new_board(), name, source))
            self.start_warming()
            self.call_after_refresh(self._announce_kept, family_id, source)
        else:
            from tui.screens.start import StartScreen
            self.push_screen(StartScreen())

    def on_resize(self, event) -> None:
        # on the app, not the screen: screens pushed later inherit the classes
        self.set_class(event.size.width >= WIDE, "-wide")
        self.set_class(event.size.width < NARROW, "-narrow")
        self.set_class(event.size.height < SHORT, "-short")
        self.set_class(event.size.height < TINY, "-tiny")

    # --- keys as the keymap has them ------------------------------------------------
    def binding_keys(self, binding_id: str, where=None) -> list[str]:
        """The keys bound to a binding id now: the user's keymap, else the binding's own keys."""
        if binding_id in self.keymap:
            return [k for k in self.keymap[binding_id].split(",") if k.strip()]
        screen = where.screen if where is not None else self.screen
        for node in (self, screen, *screen.walk_children()):
            for key, bindings in node._bindings.key_to_bindings.items():
                if any(b.id == binding_id for b in bindings):
                    return [key]
        return []

    def key_for(self, binding_id: str, where=None) -> str:
        """The first key of a binding as people write it ('F5'), for hints in the text."""
        keys = self.binding_keys(binding_id, where)
        return key_label(keys[0]) if keys else ""

    # --- boards -----------------------------------------------------------------
    def _main(self, family_id: str, board, name: str | None, source: str, recovered=None):
        from tui.screens.main import MainScreen
        return MainScreen(self.families[family_id], board, name, source, recovered)

    def open_board(self, family_id: str, choice: str) -> None:
        """Open the board picked on the start screen: a source ("new:", "preset:ID", "saved:NAME")
        or "recover:KEY", a recovery copy."""
        family = self.families[family_id]
        kind, _, key = choice.partition(":")
        if kind == "recover":
            kept, notices = boards.kept_copies(self.families, family_id)
            for notice in notices:
                self.notify(notice, severity="warning", timeout=10)
            entry = next((k for k in kept if k.copy.key == key), None)
            if entry is None:
                self.notify("that recovery copy is gone", severity="error")
                return
            self.clear_notifications()  # the notice that offered it has done its job
            self.push_screen(self._main(family_id, entry.board, entry.copy.name, entry.copy.source, entry.copy))
            return
        try:
            board, name = boards.load_source(family, choice)
        except InputError as exc:
            self.notify(f"cannot open that board: {exc}", severity="error")
            return
        self.push_screen(self._main(family_id, board, name, choice))

    def _announce_kept(self, family_id: str, source: str) -> None:
        """Opened straight on a board, the start screen's list of recovery copies is not seen:
        name them (all but a copy of this very board, which the main screen offers itself)."""
        kept, _ = boards.kept_copies(self.families)  # the main screen reports damaged copies
        others = [k for k in kept if not (k.copy.family_id == family_id and k.copy.source == source != "new:")]
        if others:
            which = ", ".join(f"{k.copy.family_id} {k.label()}" for k in others[:4])
            more = f" and {len(others) - 4} more" if len(others) > 4 else ""
            self.notify(f"unsaved edits were kept: {which}{more}; Ctrl+← lists them with the families",
                        timeout=10)

    def show_families(self) -> None:
        """Back to the start screen (it is not below the board when the app opened on one)."""
        from tui.screens.start import StartScreen
        if any(isinstance(s, StartScreen) for s in self.screen_stack[:-1]):
            while not isinstance(self.screen, StartScreen):
                self.pop_screen()
        else:
            self.switch_screen(StartScreen())

    # --- warming kernels ------------------------------------------------------------
    def warm_first(self, family_id: str) -> None:
        self._warm_first = family_id

    def start_warming(self) -> None:
        if self._warm and not self._warm_started:
            self._warm_started = True
            self._warm_all()

    def _warm_all(self) -> None:
        """Compile (or load from the disk cache) every family's kernels in a daemon thread.

        Not a Textual worker: compiling cannot be interrupted, and quitting must
        not wait for it.
        """
        threading.Thread(target=self._warm_loop, name="warm", daemon=True).start()

    def _warm_loop(self) -> None:
        done = set()
        while len(done) < len(self.families):
            pending = [f for f in self.families if f not in done]
            first = self._warm_first if self._warm_first in pending else pending[0]
            done.add(first)
            try:
                self.families[first].warm()
            except Exception as exc:  # a family that cannot warm will compile on its first solve
                self.log.warning(f"warming {first} failed: {exc}")

    # --- help and the command palette ---------------------------------------------
    def _binding_rows(self, node) -> list[tuple[str, str, str]]:
        """(keys, what they do, binding ids) for a node's bindings; bindings that say the same thing
        share a row (the four arrows that move the cursor are one row)."""
        rows: dict[str, tuple[list[str], list[str]]] = {}
        for key, bindings in node._bindings.key_to_bindings.items():
            for b in bindings:
                if b.description and not b.action.startswith("screen.copy"):
                    keys = self.binding_keys(b.id) if b.id and b.id in self.keymap else [key]
                    row_keys, ids = rows.setdefault(b.tooltip or b.description, ([], []))
                    row_keys.extend(keys)
                    if b.id and b.id not in ids:
                        ids.append(b.id)
        return [(keys_label(keys), what, ids_label(ids)) for what, (keys, ids) in rows.items()]

    def action_help(self) -> None:
        from tui.screens.help import HelpScreen
        from tui.widgets.board import BoardView
        from tui.widgets.form import OptionsForm
        from tui.widgets.timeline import Timeline
        screen = self.screen
        sections = [("Anywhere", self._binding_rows(self))]
        if screen.query(BoardView):
            sections.append(("Main screen", self._binding_rows(screen)))
            sections.append(("Board pane", self._binding_rows(screen.query_one(BoardView))))
            sections.append(("Solver pane", self._binding_rows(screen.query_one(OptionsForm))
                             + [("0-9", "type a number", "")]))
            sections.append(("Timeline pane", self._binding_rows(screen.query_one(Timeline))
                             + [("↑↓ / Enter", "pick any step", "")]))
        else:
            sections.append(("This screen", self._binding_rows(screen)))
            focused = self.focused
            if focused is not None and focused is not screen and self._binding_rows(focused):
                sections.append(("Where the cursor is", self._binding_rows(focused)))
        sections.append(("Keys", [("", KEYMAP_HELP, "")]))
        self.push_screen(HelpScreen(sections, self.key_for("solve", screen) or "F5"))

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        yield from super().get_system_commands(screen)
        yield SystemCommand("Help", f"Every key and what it does ({self.key_for('help')})", self.action_help)
        screen_commands = getattr(screen, "system_commands", None)
        if screen_commands is not None:
            yield from screen_commands()
        from tui.widgets.board import BoardView
        boards = screen.query(BoardView)
        if not boards:
            return
        board = boards.first()

        def keys(binding_id: str) -> str:
            return keys_label(self.binding_keys(binding_id, board))

        for binding_id, title, help_text in (
            ("solve", "Solve", "Run the chosen solver on the board"),
            ("cancel", "Cancel", "Stop the running search"),
            ("undo", "Undo", "Undo the last edit"),
            ("redo", "Redo", "Redo the last undone edit"),
            ("save", "Save board", "Save the board in your data directory"),
            ("open", "Open board", "Open a saved board, a preset or a file"),
            ("new", "New board", "Start from an empty board"),
            ("race", "Race", "Run several solvers on this board side by side"),
        ):
            yield SystemCommand(title, f"{help_text} ({keys(binding_id)})", getattr(screen, f"action_{binding_id}"))
        for action in screen.family.edit_actions:
            yield SystemCommand(f"Edit: {action.description}", f"key {keys(f'edit.{action.id}')}",
                                lambda a=action.id: board.action_edit(a))
        if screen.family.brushes:
            yield SystemCommand("Next brush", f"Cycle the brush ({keys('board.brush')})", board.action_brush)
        yield SystemCommand("Overview", f"Zoom the board out or back in ({keys('board.overview')})",
                            board.action_overview)
        yield SystemCommand("Freeze the live board", f"While a search runs: hold the position shown, or follow the "
                            f"search again ({keys('freeze')})", screen.action_freeze)
        yield SystemCommand("Search track or solution", f"The timeline shows the search's snapshots or the solution "
                            f"({keys('track')})", screen.action_track)
        from tui.widgets.timeline import Timeline
        timeline = screen.query_one(Timeline)
        for binding_id, title, help_text, callback in (
            ("timeline.play", "play or pause", "Play the solution step by step", timeline.action_play),
            ("timeline.forward", "step forward", "One move on", lambda: timeline.action_step(1)),
            ("timeline.back", "step back", "One move back", lambda: timeline.action_step(-1)),
            ("timeline.start", "go to the start", "The starting board", lambda: timeline.action_jump(0)),
            ("timeline.end", "go to the end", "The solved board", lambda: timeline.action_jump(-1)),
            ("timeline.faster", "faster", "Play faster", lambda: timeline.action_speed(1)),
            ("timeline.slower", "slower", "Play slower", lambda: timeline.action_speed(-1)),
            ("timeline.next", "next solution", "Browse the next solution found", lambda: timeline.action_solution(1)),
            ("timeline.previous", "previous solution", "Browse the previous solution",
             lambda: timeline.action_solution(-1)),
        ):
            yield SystemCommand(f"Timeline: {title}", f"{help_text} ({keys(binding_id)})", callback)
        for pane in ("board", "solver", "timeline"):
            yield SystemCommand(f"Go to the {pane} pane", f"Focus the {pane} pane ({keys(f'focus.{pane}')})",
                                lambda p=pane: screen.action_focus_pane(p))

    def action_quit(self) -> None:
        """Quit at once, unless the board on screen has unsaved edits: then ask (save, discard,
        stay); Ctrl+Q on that question, or on any dialog, quits and keeps the recovery copy."""
        from tui.screens.main import MainScreen
        if isinstance(self.screen, MainScreen) and self.screen.session.dirty:
            self.screen.leave(self._quit, "quitting", "Ctrl+Q again: quit and keep a recovery copy · Esc: stay")
            return
        self._quit()

    def _quit(self) -> None:
        for screen in self.screen_stack:
            job = getattr(screen, "job", None)
            if job is not None:
                job.cancel()
        self.workers.cancel_all()
        self.exit()


def run_app(family: str | None = None, preset: str | None = None, path: str | None = None) -> int:
    """Start the app, on the start screen or straight on a board. Bad board input raises InputError."""
    board = name = None
    source = "new:"
    if family is not None:
        from puzzles import registry
        fam = registry.get(family)
        if preset is not None:
            source = f"preset:{preset}"
        elif path is not None:
            source = f"file:{Path(path).resolve()}"
        board, name = boards.load_source(fam, source)
        if preset is not None:
            source = f"preset:{name}"  # by id, whether it was named by id or by title
    app = PuzzleApp(family, board, name, warm=os.environ.get("PUZZLE_EXPLORER_NO_WARM") != "1", source=source)
    app.run()
    code = app.return_code or 0
    # Leave at once: a kernel may still be compiling in a background thread, and
    # tearing down numba and LLVM at interpreter exit takes about a second.
    # The terminal is already restored; nothing is left to write.
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(code)
