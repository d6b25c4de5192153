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
from tui import storage

KEYMAP_HELP = "keys can be remapped in ~/.config/puzzle-explorer/keymap.txt: lines like `solve = f9`"


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
                 warm: bool = True) -> None:
        super().__init__()
        self.families: dict = {}
        self._direct = (family_id, board, board_name)
        self._warm = warm
        self._warm_started = False
        self._warm_first: str | None = family_id

    def on_load(self) -> None:
        asyncio.get_running_loop().set_default_executor(DetachedExecutor(thread_name_prefix="worker"))

    def on_mount(self) -> None:
        self.set_keymap(read_keymap(keymap_path()))
        family_id, board, name = self._direct
        if family_id is not None:
            from puzzles import registry
            self.families = registry.families()
            self.push_screen(self._main(family_id, board, name))
            self.start_warming()
        else:
            from tui.screens.start import StartScreen
            self.push_screen(StartScreen())

    def on_resize(self, event) -> None:
        self.screen.set_class(event.size.width >= 110, "-wide")

    # --- boards -----------------------------------------------------------------
    def _main(self, family_id: str, board, name: str | None, recovered: bool = False):
        from tui.screens.main import MainScreen
        family = self.families[family_id]
        return MainScreen(family, board if board is not None else family.new_board(), name, recovered)

    def open_board(self, family_id: str, choice: str) -> None:
        """Open the board picked on the start screen ("new:", "preset:ID", "saved:NAME", "recover:")."""
        family = self.families[family_id]
        kind, _, key = choice.partition(":")
        recovered = False
        try:
            if kind == "preset":
                preset = next(p for p in family.presets if p.id == key)
                board, name = family.parse(preset.text), preset.id
            elif kind == "saved":
                board, name = family.parse(storage.load_board(family_id, key)), key
            elif kind == "recover":
                entry = next(r for r in storage.recoveries() if r.family_id == family_id)
                board, name, recovered = family.parse(entry.text), entry.name, True
            else:
                board, name = family.new_board(), None
        except (InputError, OSError, StopIteration) as exc:
            self.notify(f"cannot open that board: {exc}", severity="error")
            return
        self.push_screen(self._main(family_id, board, name, recovered))

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
    def _binding_rows(self, node) -> list[tuple[str, str]]:
        rows = []
        for key, bindings in node._bindings.key_to_bindings.items():
            for b in bindings:
                if b.description and not b.action.startswith("screen.copy"):
                    rows.append((self.get_key_display(b), b.tooltip or b.description))
        return rows

    def action_help(self) -> None:
        from tui.screens.help import HelpScreen
        from tui.widgets.board import BoardView
        from tui.widgets.form import OptionsForm
        from tui.widgets.timeline import Timeline
        screen = self.screen
        sections = [("Anywhere", self._binding_rows(self))]
        if screen.query(BoardView):
            sections.append(("Main screen", self._binding_rows(screen)))
            sections.append(("Board pane (arrows move the cursor)", self._binding_rows(screen.query_one(BoardView))))
            sections.append(("Solver pane", [("↑/↓", "choose a setting"), ("←/→", "change it"),
                                             ("space", "switch on/off"), ("digits, ⌫", "type a number")]
                             + self._binding_rows(screen.query_one(OptionsForm))))
            sections.append(("Timeline pane", self._binding_rows(screen.query_one(Timeline))
                             + [("↑/↓, Enter", "pick any step")]))
        else:
            sections.append(("This screen", self._binding_rows(screen)))
        sections.append(("Keys", [("", KEYMAP_HELP)]))
        self.push_screen(HelpScreen(sections))

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        yield from super().get_system_commands(screen)
        yield SystemCommand("Help", "Every key and what it does", self.action_help)
        from tui.widgets.board import BoardView
        boards = screen.query(BoardView)
        if not boards:
            return
        board = boards.first()
        for binding_id, title, help_text in (
            ("solve", "Solve", "Run the chosen solver on the board (F5)"),
            ("cancel", "Cancel", "Stop the running search (Esc)"),
            ("undo", "Undo", "Undo the last edit (Ctrl+Z)"),
            ("redo", "Redo", "Redo the last undone edit (Ctrl+Y)"),
            ("save", "Save board", "Save the board in your data directory (Ctrl+S)"),
            ("open", "Open board", "Open a saved board or a preset (Ctrl+O)"),
            ("new", "New board", "Start from an empty board (Ctrl+N)"),
        ):
            yield SystemCommand(title, help_text, getattr(screen, f"action_{binding_id}"))
        for action in screen.family.edit_actions:
            yield SystemCommand(f"Edit: {action.description}", f"key {action.key}",
                                lambda a=action.id: board.action_edit(a))
        if screen.family.brushes:
            yield SystemCommand("Next brush", "Cycle the brush (b)", board.action_brush)
        yield SystemCommand("Overview", "Zoom the board out or back in (v)", board.action_overview)
        from tui.widgets.timeline import Timeline
        timeline = screen.query_one(Timeline)
        for title, help_text, callback in (
            ("Timeline: play or pause", "Play the solution step by step (space)", timeline.action_play),
            ("Timeline: step forward", "One move on (→)", lambda: timeline.action_step(1)),
            ("Timeline: step back", "One move back (←)", lambda: timeline.action_step(-1)),
            ("Timeline: go to the start", "The starting board (Home)", lambda: timeline.action_jump(0)),
            ("Timeline: go to the end", "The solved board (End)", lambda: timeline.action_jump(-1)),
            ("Timeline: faster", "Play faster (+)", lambda: timeline.action_speed(1)),
            ("Timeline: slower", "Play slower (-)", lambda: timeline.action_speed(-1)),
            ("Timeline: next solution", "Browse the next solution found (n)", lambda: timeline.action_solution(1)),
            ("Timeline: previous solution", "Browse the previous solution (p)",
             lambda: timeline.action_solution(-1)),
        ):
            yield SystemCommand(title, help_text, callback)
        for pane, key in (("board", "F2"), ("solver", "F3"), ("timeline", "F4")):
            yield SystemCommand(f"Go to the {pane} pane", f"Focus the {pane} pane ({key})",
                                lambda p=pane: screen.action_focus_pane(p))

    def action_quit(self) -> None:
        for screen in self.screen_stack:
            job = getattr(screen, "job", None)
            if job is not None:
                job.cancel()
        self.workers.cancel_all()
        self.exit()


def run_app(family: str | None = None, preset: str | None = None, path: str | None = None) -> int:
    """Start the app, on the start screen or straight on a board. Bad board input raises InputError."""
    board = name = None
    if family is not None:
        from puzzles import registry
        fam = registry.get(family)
        if preset is not None:
            match = [p for p in fam.presets if preset in (p.id, p.name)]
            if not match:
                raise InputError(f"unknown preset {preset!r} for {family}; `puzzle-explorer list` shows them")
            board, name = fam.parse(match[0].text), match[0].id
        elif path is not None:
            try:
                text = Path(path).read_text(encoding="utf-8")
            except OSError as exc:
                raise InputError(f"cannot read board file {path}: {exc.strerror}") from None
            board, name = fam.parse(text), Path(path).stem
    app = PuzzleApp(family, board, name, warm=os.environ.get("PUZZLE_EXPLORER_NO_WARM") != "1")
    app.run()
    code = app.return_code or 0
    # Leave at once: a kernel may still be compiling in a background thread, and
    # tearing down numba and LLVM at interpreter exit takes about a second.
    # The terminal is already restored; nothing is left to write.
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(code)
