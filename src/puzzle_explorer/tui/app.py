"""The puzzle-explorer app: a start screen to choose a board, a main screen to solve it."""
from __future__ import annotations

import asyncio
import gc
import os
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from multiprocessing import resource_tracker
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterable

from rich.cells import cell_len
from textual import events
from textual.app import SystemCommand
from textual.binding import Binding
from textual.content import Content
from textual.dom import DOMNode
from textual.screen import Screen
from textual.widgets import Header

from puzzle_explorer.core.errors import InputError
from puzzle_explorer.core.folders import config_dir
from puzzle_explorer.core.run import interrupts
from puzzle_explorer.core.run.runner import SEARCH_THREAD
from puzzle_explorer.tui.commands import binding_commands, screen_nodes
from puzzle_explorer.tui.host import Host
from puzzle_explorer.tui.key_order import KeysInOrder
from puzzle_explorer.tui.keys import Rows, declared_bindings, ids_label, key_label, keys_label
from puzzle_explorer.tui.model import boards
from puzzle_explorer.tui.textual_compat import retitle
from puzzle_explorer.tui.titles import short_title

if TYPE_CHECKING:  # the start screen shows before numba, which the main screen's modules load, is imported
    from puzzle_explorer.core.run.ahead import Ahead
    from puzzle_explorer.tui.model.storage import Recovery
    from puzzle_explorer.tui.screens.main import MainScreen

# Terminal sizes where the layout changes (app.tcss has the rules): wide from, narrow, short, tiny below.
WIDE = 110
QUIT_WAIT_S = 1.0  # the longest quitting waits for cancelled searches to close their workers
NARROW = 72
SHORT = 30
TINY = 22
HEADER_SIDES = 20  # the Header's icon and the room for its clock beside the title, and a margin


def keymap_path() -> Path:
    return config_dir() / "keymap.txt"


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
    """`binding-id = key[,key]` lines; # starts a comment. Unreadable lines are skipped, and a file
    that cannot be read (missing, not UTF-8) is no keymap: the app starts with its own keys."""
    keymap: dict[str, str] = {}
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return keymap
    for line in text.splitlines():
        line = line.split("#", 1)[0].strip()
        if "=" in line:
            binding_id, _, keys = line.partition("=")
            if binding_id.strip() and keys.strip():
                keymap[binding_id.strip()] = keys.strip()
    return keymap


class PuzzleApp(KeysInOrder, Host):
    CSS_PATH = "app.tcss"
    TITLE = "puzzle-explorer"
    BINDINGS = [
        Binding("question_mark", "help", "Help", id="help", tooltip="every key and what it does"),
        Binding("ctrl+q", "quit", "Quit", id="quit", priority=True),
    ]

    def __init__(self, family_id: str | None = None, board: Any = None, board_name: str | None = None,
                 warm: bool = True, source: str = "new:") -> None:
        super().__init__()
        self.families = {}
        self.keymap: dict[str, str] = {}
        self._direct = (family_id, board, board_name, source)
        self._warm = warm
        self._warm_started = False
        self._warm_first: str | None = family_id
        self._ahead: Ahead | None = None
        # Searches spread over worker processes need multiprocessing's resource tracker, which hands
        # the process it starts our stderr: while the app runs that is Textual's capture, whose
        # fileno is -1, and the start fails (bad value(s) in fds_to_keep). Started now, it is shared.
        resource_tracker.ensure_running()

    def on_load(self) -> None:
        asyncio.get_running_loop().set_default_executor(DetachedExecutor(thread_name_prefix="worker"))

    def on_mount(self) -> None:
        self.keymap = read_keymap(keymap_path())
        self.set_keymap(self.keymap)
        family_id, board, name, source = self._direct
        if family_id is not None:
            from puzzle_explorer.puzzles import registry
            self.families = registry.families()
            family = self.families[family_id]
            self.push_screen(self._main(family_id, board if board is not None else family.new_board(), name, source))
            self.start_warming()
            self.call_after_refresh(self._announce_kept, family_id, source)
        else:
            from puzzle_explorer.tui.screens.start import StartScreen
            self.push_screen(StartScreen())

    def on_resize(self, event: events.Resize) -> None:
        # on the app, not the screen: screens pushed later inherit the classes
        before = set(self.classes)
        self.set_class(event.size.width >= WIDE, "-wide")
        self.set_class(event.size.width < NARROW, "-narrow")
        self.set_class(event.size.height < SHORT, "-short")
        self.set_class(event.size.height < TINY, "-tiny")
        if set(self.classes) != before:
            # Textual restyles only the screen on top, and one popped back to keeps its old styles:
            # the main screen beneath play would come back laid out for the old size
            for screen in self.screen_stack[:-1]:
                screen.update_node_styles(animate=False)
        self.call_after_refresh(self._retitle)

    def _retitle(self) -> None:
        """Every screen's title worded again for the terminal's new width (format_title)."""
        for screen in self.screen_stack:
            for header in screen.query(Header):
                retitle(header)

    def format_title(self, title: str, sub_title: str) -> Content:
        """The Header's words: a family's title loses its aside in parentheses ("Link paths (连连看
        Lianliankan / Shisen-Sho)" is "Link paths") when the whole would not fit the terminal's width,
        so that the board's name and "(edited)" stay in sight."""
        if sub_title and cell_len(f"{title} — {sub_title}") > self.size.width - HEADER_SIDES:
            title = short_title(title)
        return super().format_title(title, sub_title)

    def get_key_display(self, binding: Binding) -> str:
        """The footer's keys: function keys as they are printed on the keyboard (F5, not f5)."""
        shown = super().get_key_display(binding)
        return shown.upper() if shown[:1] == "f" and shown[1:].isdigit() else shown

    # --- keys as the keymap has them ------------------------------------------------
    def binding_keys(self, binding_id: str, where: DOMNode | None = None) -> list[str]:
        """The keys bound to a binding id now: the user's keymap, else the binding's own keys."""
        if binding_id in self.keymap:
            return [k for k in self.keymap[binding_id].split(",") if k.strip()]
        screen = where.screen if where is not None else self.screen
        for node in (self, screen, *screen.walk_children()):
            for key, binding in declared_bindings(type(node)):
                if binding.id == binding_id:
                    return [key]
        return []

    def key_for(self, binding_id: str, where: DOMNode | None = None) -> str:
        """The first key of a binding as people write it ('F5'), for hints in the text."""
        keys = self.binding_keys(binding_id, where)
        return key_label(keys[0]) if keys else ""

    # --- boards -----------------------------------------------------------------
    def _main(self, family_id: str, board: Any, name: str | None, source: str,
              recovered: Recovery | None = None) -> MainScreen:
        from puzzle_explorer.tui.screens.main import MainScreen
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
            self.notify(f"{boards.kept_notice(others)}: Ctrl+← lists them", timeout=6)

    def show_families(self) -> None:
        """Back to the start screen (it is not below the board when the app opened on one)."""
        from puzzle_explorer.tui.screens.start import StartScreen
        if any(isinstance(s, StartScreen) for s in self.screen_stack[:-1]):
            while not isinstance(self.screen, StartScreen):
                self.pop_screen()
        else:
            self.switch_screen(StartScreen())

    # --- warming kernels ------------------------------------------------------------
    def warm_first(self, family_id: str) -> None:
        self._warm_first = family_id
        if self._ahead is not None:
            self._ahead.prefer(family_id)

    def start_warming(self) -> None:
        if self._warm and not self._warm_started:
            self._warm_started = True
            self._warm_all()

    def _warm_all(self) -> None:
        """Compile every family's kernels in worker processes and load them here as they are ready,
        from a daemon thread.

        Not a Textual worker: loading cannot be interrupted, and quitting must not wait for it.
        The compiling happens in other processes (core/run/ahead.py), so the screen stays
        responsive; a search waits for its family's pool work rather than compiling it twice.
        """
        threading.Thread(target=self._warm_loop, name="warm", daemon=True).start()

    def _start_ahead(self) -> Ahead | None:
        """The pool compiling what the cache lacks, the family on screen first (None: all there)."""
        from puzzle_explorer.core.run import ahead
        from puzzle_explorer.core.run.cache import kernel_folder
        from puzzle_explorer.puzzles import registry

        if ahead.done_already(kernel_folder()):
            return None
        pool = ahead.Ahead(list(self.families), registry.kernels_of, background=True)
        if self._warm_first is not None:
            pool.prefer(self._warm_first)
        self._ahead = pool.start()
        ahead.run_in_background(pool)
        if self._warm_first is not None:  # (the user may have opened a board while the pool started)
            pool.prefer(self._warm_first)
        return pool

    def stop_warming(self) -> None:
        """End the compiling processes (what they saved stays in the cache; the next start goes on)."""
        if self._ahead is not None:
            self._ahead.stop()

    def _warm_loop(self) -> None:
        try:
            pool = self._start_ahead()
        except Exception as exc:  # no worker processes here: every family compiles on its own first solve
            self.log.warning(f"compiling in the background failed to start: {exc}")
            pool = None
        done: set[str] = set()
        while len(done) < len(self.families):
            pending = [f for f in self.families if f not in done]
            first = self._warm_first if self._warm_first in pending else pending[0]
            if pool is not None and pool.wait(first, 0.5) is None:
                continue  # still compiling there: look again which family is wanted first
            done.add(first)
            try:
                self.families[first].warm()  # from the cache, where the pool has put it
            except Exception as exc:  # a family that cannot warm will compile on its first solve
                self.log.warning(f"warming {first} failed: {exc}")
        if pool is not None and not pool.failures():
            from puzzle_explorer.core.run import ahead
            from puzzle_explorer.core.run.cache import kernel_folder
            ahead.mark_done(kernel_folder(), {"by": "the app", "jobs": pool.jobs})
        # What warming loaded lives as long as the app, and a full collection walked all of it (some
        # 450,000 objects, 0.4 s with the screen frozen, now and then during a search). Collected
        # once, the rest is left out of every later collection.
        gc.collect()
        gc.freeze()

    # --- help and the command palette ---------------------------------------------
    def binding_rows(self, node: DOMNode) -> Rows:
        """(keys, what they do, binding ids) for a node's bindings; bindings that say the same thing
        share a row (the four arrows that move the cursor are one row)."""
        rows: dict[str, tuple[list[str], list[str]]] = {}
        for key, b in declared_bindings(type(node)):
            if b.description and not b.action.startswith("screen.copy"):
                keys = self.binding_keys(b.id) if b.id and b.id in self.keymap else [key]
                row_keys, ids = rows.setdefault(b.tooltip or b.description, ([], []))
                row_keys.extend(keys)
                if b.id and b.id not in ids:
                    ids.append(b.id)
        return [(keys_label(keys), what, ids_label(ids)) for what, (keys, ids) in rows.items()]

    def action_help(self) -> None:
        """Every key: the app's, then the screen's own sections (its panes), or the screen's and the
        focused widget's."""
        from puzzle_explorer.tui.screens.help import HelpScreen, ScreenHelp, keymap_section
        screen = self.screen
        sections = [("Anywhere", self.binding_rows(self))]
        if isinstance(screen, ScreenHelp):
            sections += screen.help_sections()
        else:
            sections.append(("This screen", self.binding_rows(screen)))
            focused = self.focused
            if focused is not None and focused is not screen and self.binding_rows(focused):
                sections.append(("Where the cursor is", self.binding_rows(focused)))
        sections.append(keymap_section(keymap_path()))
        self.push_screen(HelpScreen(sections, self.key_for("solve", screen) or "F5"))

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        """Textual's own commands, then what the app's keys, the screen's and its panes' do
        (puzzle_explorer.tui.commands) where Textual offers no command of that name (Quit)."""
        own = list(super().get_system_commands(screen))
        yield from own
        offered = {command.title for command in own}
        for command in binding_commands((self, *screen_nodes(screen)), self.binding_keys):
            if command.title not in offered:
                yield command

    async def action_quit(self) -> None:
        """Quit at once, unless the board on screen has unsaved edits: then ask (save, discard,
        stay); Ctrl+Q on that question, or on any dialog, quits and keeps the recovery copy."""
        from puzzle_explorer.tui.screens.main import MainScreen
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


def wait_for_searches(most_s: float = QUIT_WAIT_S) -> None:
    """Give the searches quitting cancelled up to most_s to end. One spread over worker processes
    closes them as it unwinds; cut short by the exit, the resource tracker reports their semaphores
    as leaked on the terminal after the app has gone."""
    ends = time.monotonic() + most_s
    for thread in threading.enumerate():
        if thread.name == SEARCH_THREAD:
            thread.join(max(0.0, ends - time.monotonic()))


def run_app(family: str | None = None, preset: str | None = None, path: str | None = None,
            board: Any = None) -> int:
    """Start the app, on the start screen or straight on a board: a preset's, a file's, or a new
    board already made (`board`). Bad board input raises InputError."""
    name = None
    source = "new:"
    if family is not None and board is None:
        from puzzle_explorer.puzzles import registry
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
    app.stop_warming()
    wait_for_searches()
    # Leave at once: a kernel may still be compiling in a background thread. The terminal is
    # already restored.
    interrupts.end_process(code)
