"""The app in a real terminal: a pseudo-terminal the test writes raw bytes into, each burst in one
write as a slow SSH link or tmux delivers it, and a screen read back from what the app draws.

The screen is a small terminal of its own: Textual draws every frame with absolute cursor moves
(CSI row;col H) and text, so cursor moves, clears and printable text are all it needs to follow;
colours and modes are read and dropped. Wide characters take two cells, as Textual counts them.
"""
from __future__ import annotations

import fcntl
import os
import re
import select
import signal
import struct
import subprocess
import sys
import termios
import threading
import time
from pathlib import Path

from rich.cells import get_character_cell_size

ROOT = Path(__file__).resolve().parents[2]

# Keys as an xterm sends them (what Textual's parser reads), by Textual's key names.
KEYS = {
    "up": "\x1b[A", "down": "\x1b[B", "right": "\x1b[C", "left": "\x1b[D",
    "home": "\x1b[H", "end": "\x1b[F", "pageup": "\x1b[5~", "pagedown": "\x1b[6~",
    "insert": "\x1b[2~", "delete": "\x1b[3~",
    "f1": "\x1bOP", "f2": "\x1bOQ", "f3": "\x1bOR", "f4": "\x1bOS",
    "f5": "\x1b[15~", "f6": "\x1b[17~", "f7": "\x1b[18~", "f8": "\x1b[19~", "f9": "\x1b[20~", "f10": "\x1b[21~",
    "tab": "\t", "shift+tab": "\x1b[Z", "enter": "\r", "escape": "\x1b", "backspace": "\x7f", "space": " ",
    "ctrl+left": "\x1b[1;5D", "ctrl+right": "\x1b[1;5C", "shift+left": "\x1b[1;2D", "shift+right": "\x1b[1;2C",
    "shift+up": "\x1b[1;2A", "shift+down": "\x1b[1;2B", "ctrl+home": "\x1b[1;5H", "ctrl+end": "\x1b[1;5F",
    "ctrl+p": "\x10", "ctrl+q": "\x11", "ctrl+s": "\x13", "ctrl+o": "\x0f", "ctrl+y": "\x19", "ctrl+z": "\x1a",
    "ctrl+t": "\x14", "ctrl+n": "\x0e",
    # the same keys as other terminals send them: tmux and the Linux console (CSI n ~), application mode (SS3)
    "home~": "\x1b[1~", "end~": "\x1b[4~", "homeO": "\x1bOH", "endO": "\x1bOF",
    "f1~": "\x1b[11~", "f2~": "\x1b[12~", "f3~": "\x1b[13~", "f4~": "\x1b[14~",
}

_CSI = re.compile(r"\x1b\[([0-9;?<>=$]*)([ -/]*)([@-~])")
_OSC = re.compile(r"\x1b\][^\x07\x1b]*(\x07|\x1b\\)")
_OTHER_ESC = re.compile(r"\x1b[()*+][0-9A-Za-z]|\x1b[=>78]|\x1b[P_^][^\x1b]*\x1b\\")


def keys(*names: str) -> bytes:
    """The bytes of keys by name (KEYS), or of text written as it is."""
    return "".join(KEYS.get(name, name) for name in names).encode()


class Screen:
    """Cells of a terminal, written the way Textual writes them."""

    def __init__(self, width: int, height: int) -> None:
        self.width, self.height = width, height
        self.rows = [[" "] * width for _ in range(height)]
        self.x = self.y = 0
        self._pending = ""

    def feed(self, data: str) -> None:
        text = self._pending + data
        self._pending = ""
        i = 0
        while i < len(text):
            ch = text[i]
            if ch == "\x1b":
                match = _CSI.match(text, i) or _OSC.match(text, i) or _OTHER_ESC.match(text, i)
                if match is None:
                    if len(text) - i < 64:  # an escape sequence cut by the read: wait for the rest
                        self._pending = text[i:]
                        return
                    i += 1
                    continue
                if match.re is _CSI:
                    self._csi(match.group(1), match.group(3))
                i = match.end()
                continue
            if ch == "\r":
                self.x = 0
            elif ch == "\n":
                self.y = min(self.height - 1, self.y + 1)
            elif ch >= " ":
                self._put(ch)
            i += 1

    def _put(self, ch: str) -> None:
        size = get_character_cell_size(ch)
        if size == 0 or self.y >= self.height:
            return
        if self.x < self.width:
            self.rows[self.y][self.x] = ch
            if size == 2 and self.x + 1 < self.width:
                self.rows[self.y][self.x + 1] = ""
        self.x += size

    def _csi(self, params: str, final: str) -> None:
        numbers = [int(p) if p.isdigit() else 0 for p in params.split(";")] if params else []
        if final in "Hf" and not params.startswith("?"):
            row = numbers[0] if numbers and numbers[0] else 1
            col = numbers[1] if len(numbers) > 1 and numbers[1] else 1
            self.y, self.x = min(row, self.height) - 1, min(col, self.width) - 1
        elif final == "J" and numbers[:1] in ([2], [3]):
            self.rows = [[" "] * self.width for _ in range(self.height)]
        elif final == "K" and self.y < self.height:
            for x in range(self.x, self.width):
                self.rows[self.y][x] = " "

    def text(self) -> str:
        return "\n".join("".join(row) for row in self.rows)


class Terminal:
    """The app (`python -m puzzle_explorer ARGS`) running in a pseudo-terminal of a given size."""

    def __init__(self, *args: str, size: tuple[int, int] = (80, 24), env: dict[str, str] | None = None) -> None:
        width, height = size
        self.screen = Screen(width, height)
        self.raw = bytearray()  # every byte the app wrote (the modes it set and reset, which the screen drops)
        self._lock = threading.Lock()
        master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", height, width, 0, 0))
        environment = dict(os.environ if env is None else env, TERM="xterm-256color", COLUMNS=str(width),
                           LINES=str(height))
        environment.setdefault("PUZZLE_EXPLORER_NO_WARM", "1")  # no compiling in the background, unless asked
        environment.pop("TEXTUAL", None)  # no devtools
        src = str(ROOT / "src")
        environment["PYTHONPATH"] = os.pathsep.join([src, *filter(None, [environment.get("PYTHONPATH")])])
        self.process = subprocess.Popen([sys.executable, "-m", "puzzle_explorer", *args], stdin=slave, stdout=slave,
                                        stderr=slave, cwd=ROOT, env=environment, start_new_session=True)
        # kept open until close(): with no slave end left, reading the master fails, and what the app's
        # last processes write once it has gone (a warning at exit) would be lost
        self._slave = slave
        self._master = master
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        while True:
            try:
                ready, _, _ = select.select([self._master], [], [], 0.2)
                if not ready:
                    if self.process.poll() is not None:
                        return
                    continue
                data = os.read(self._master, 65536)
            except OSError:
                return
            if not data:
                return
            with self._lock:
                self.raw += data
                self.screen.feed(data.decode("utf-8", "replace"))

    def rest(self, quiet_s: float = 0.5) -> bytes:
        """What came after the reader stopped (the app has gone), once nothing more comes for quiet_s."""
        self._reader.join(2)
        more = bytearray()
        while select.select([self._master], [], [], quiet_s)[0]:
            data = os.read(self._master, 65536)
            if not data:
                break
            more += data
        with self._lock:
            self.raw += more
        return bytes(more)

    def write(self, data: bytes) -> None:
        """One burst, in a single write."""
        assert os.write(self._master, data) == len(data)

    def send(self, *names: str) -> None:
        """Keys by name (KEYS) or text, in one write."""
        self.write(keys(*names))

    def text(self) -> str:
        with self._lock:
            return self.screen.text()

    def wait_for(self, condition, timeout: float = 60.0, what: str = "the screen") -> str:
        """Wait until condition(screen text) holds (a string: until the screen shows it); the screen text."""
        test = (lambda text: condition in text) if isinstance(condition, str) else condition
        deadline = time.monotonic() + timeout
        while True:
            text = self.text()
            if test(text):
                return text
            if self.process.poll() is not None:
                raise AssertionError(f"the app ended (status {self.process.returncode}) waiting for {what}:\n{text}")
            if time.monotonic() > deadline:
                raise AssertionError(f"timed out waiting for {what}; the screen:\n{text}")
            time.sleep(0.05)

    def close(self) -> None:
        if self.process.poll() is None:
            try:
                self.write(keys("ctrl+q"))
                self.process.wait(5)
            except (OSError, subprocess.TimeoutExpired):
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait(5)
        self._reader.join(2)
        os.close(self._master)
        os.close(self._slave)

    def __enter__(self) -> Terminal:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
