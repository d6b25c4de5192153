"""`puzzle-explorer serve`: the app in a web browser, through textual-serve.

textual-serve is a small web server: the page it hands a browser runs a terminal
(xterm.js) that opens a websocket back to the server, and each websocket starts the
app as a command of its own (here `python -m puzzle_explorer`, the app with no arguments)
whose screen and keys are relayed over it. Every browser tab is a separate app.
"""
from __future__ import annotations

import argparse
import shlex
import socket
import sys
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING

from puzzle_explorer.cli.parser import Parser
from puzzle_explorer.core.errors import one_line
from puzzle_explorer.core.run.exit_codes import ExitCode
from puzzle_explorer.puzzles.kit import numbers
from puzzle_explorer.puzzles.kit.typed import option_type

if TYPE_CHECKING:
    from textual_serve.server import Server

DESCRIPTION = ("Serve the app to web browsers: each visitor of http://HOST:PORT gets an app of their own, "
               "as in a terminal. Ctrl+C stops the server.")
# textual-serve's page focuses its terminal only when clicked: until then the keys typed go nowhere.
# Its page, served with this script added, gives the terminal (xterm.js's input) the focus as soon
# as the app has drawn in it, which textual.js marks by the body's -first-byte class.
FOCUS_ON_LOAD = """<script>
      new MutationObserver((changes, observer) => {
        const input = document.querySelector(".xterm-helper-textarea");
        if (input && document.body.classList.contains("-first-byte")) {
          input.focus();
          observer.disconnect();
        }
      }).observe(document.body, {attributes: true, attributeFilter: ["class"]});
    </script>
  """
DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--host", default=DEFAULT_HOST, metavar="HOST",
                        help=f"the address to listen on (default {DEFAULT_HOST}: this machine only; "
                             "0.0.0.0 for every network)")
    parser.add_argument("--port", type=port_number, default=DEFAULT_PORT, metavar="PORT",
                        help=f"the TCP port to listen on (default {DEFAULT_PORT})")
    parser.add_argument("--public-url", metavar="URL",
                        help="the address browsers reach the server at, when it is not http://HOST:PORT "
                             "(with --host 0.0.0.0, or behind a proxy): the page's terminal connects back to it")


@option_type
def port_number(text: str) -> int:
    return numbers.whole(text, "", 1, 65535)


def fail(message: str) -> int:
    sys.stderr.write(f"puzzle-explorer serve: error: {one_line(message)}\n")
    return ExitCode.BAD_INPUT


def app_command() -> str:
    """The command each browser's app runs as: this Python, the app with no arguments."""
    return shlex.join([sys.executable, "-m", "puzzle_explorer"])


def check_address(host: str, port: int) -> str | None:
    """Why the server could not listen on host:port (unknown host, port taken, not allowed), or None."""
    try:
        addresses = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except (socket.gaierror, UnicodeError) as exc:
        return f"--host {host!r}: no such host ({getattr(exc, 'strerror', None) or exc})"
    for family, kind, proto, _, address in addresses:
        try:
            with socket.socket(family, kind, proto) as probe:
                probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as the server itself binds
                probe.bind(address)
        except OSError as exc:
            return f"cannot listen on {host}:{port}: {exc.strerror or exc}"
    return None


def main(argv: list[str]) -> int:
    parser = Parser(prog="puzzle-explorer serve", description=DESCRIPTION)
    add_arguments(parser)
    args = parser.parse_args(argv)
    problem = check_address(args.host, args.port)
    if problem is not None:
        return fail(problem)
    server = _server(args.host, args.port, args.public_url)
    try:
        server.serve()
    except OSError as exc:  # the port was taken between the check and the server's own bind
        return fail(f"cannot listen on {args.host}:{args.port}: {exc.strerror or exc}")
    return ExitCode.OK


def page_templates(folder: Path) -> Path:
    """A templates folder holding textual-serve's page with FOCUS_ON_LOAD added before its end (the
    page as it is, should a later textual-serve end it otherwise)."""
    import textual_serve
    page = (Path(textual_serve.__file__).parent / "templates" / "app_index.html").read_text(encoding="utf-8")
    head, end, tail = page.rpartition("</body>")
    (folder / "app_index.html").write_text(head + FOCUS_ON_LOAD + end + tail if end else page, encoding="utf-8")
    return folder


def _server(host: str, port: int, public_url: str | None) -> Server:
    from aiohttp import web
    from textual_serve.server import Server

    class PuzzleServer(Server):
        pages: tempfile.TemporaryDirectory[str] | None = None  # the page's folder lives as long as the server

        async def on_startup(self, app: web.Application) -> None:
            self.console.print(f"puzzle-explorer: serving the app on {self.public_url} (Ctrl+C stops)",
                               highlight=False, soft_wrap=True)

    pages = tempfile.TemporaryDirectory(prefix="puzzle-explorer-serve-")  # removed as the server's process ends
    server = PuzzleServer(app_command(), host=host, port=port, title="puzzle-explorer",
                          public_url=public_url.rstrip("/") if public_url else None,
                          templates_path=page_templates(Path(pages.name)))
    server.pages = pages
    return server
