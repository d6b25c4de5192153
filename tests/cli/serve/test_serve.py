"""`puzzle-explorer serve` for real: the server as a process, a websocket client as the browser's terminal,
and headless Chromium loading the page."""
from __future__ import annotations

import asyncio
import base64
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import time

import aiohttp
import pytest

from tests.cli.commands import ROOT, run_cli

START_WAIT_S = 60  # the server and then the app, each a fresh Python on a busy machine
APP_WAIT_S = 120  # the start screen lists the families once they are imported (numba among them)
ESCAPE = re.compile(r"\x1b(\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(\x07|\x1b\\)|[@-Z\\-_])")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def wait_listening(port: int, server: subprocess.Popen) -> None:
    deadline = time.monotonic() + START_WAIT_S
    while time.monotonic() < deadline:
        if server.poll() is not None:
            pytest.fail(f"the server exited with {server.returncode}: {server.stdout.read()}")
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            time.sleep(0.2)
    pytest.fail(f"the server did not listen on port {port} within {START_WAIT_S} s")


class Served:
    """`puzzle-explorer serve` on a free port, as a process of its own."""

    def __init__(self, home, *args: str) -> None:
        self.port = free_port()
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "puzzle_explorer", "serve", "--port", str(self.port), *args], cwd=ROOT,
            env={**os.environ, "PUZZLE_EXPLORER_NO_WARM": "1", "COLUMNS": "200",  # log lines whole
                 "PUZZLE_EXPLORER_DATA": str(home / "data"), "XDG_CONFIG_HOME": str(home / "config")},
            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)

    def stop(self) -> tuple[int, str]:
        """SIGTERM, as a service manager stops it; (exit status, everything it printed)."""
        if self.proc.poll() is None:
            self.proc.terminate()
        try:
            out, _ = self.proc.communicate(timeout=30)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            out, _ = self.proc.communicate()
        return self.proc.returncode, out


@pytest.fixture
def server(tmp_path):
    served = Served(tmp_path)
    try:
        wait_listening(served.port, served.proc)
        yield served
    finally:
        served.stop()


def screen_text(received: bytes) -> str:
    """What the terminal output says, its escape sequences (colours, cursor moves) taken out."""
    return ESCAPE.sub("", received.decode("utf-8", "replace"))


async def read_until(ws, received: bytearray, text: str, wait_s: float) -> None:
    deadline = time.monotonic() + wait_s
    while text not in screen_text(bytes(received)):
        left = deadline - time.monotonic()
        if left <= 0:
            pytest.fail(f"{text!r} never arrived; the screen said: {screen_text(bytes(received))[-2000:]!r}")
        try:
            message = await ws.receive(timeout=left)
        except TimeoutError:
            continue
        if message.type == aiohttp.WSMsgType.BINARY:
            received.extend(message.data)
        elif message.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED, aiohttp.WSMsgType.ERROR):
            pytest.fail(f"the websocket closed before {text!r} arrived: {screen_text(bytes(received))[-2000:]!r}")


@pytest.mark.processes
async def test_the_start_screen_arrives_and_keys_reach_the_app(server):
    port = server.port
    async with aiohttp.ClientSession() as session:
        async with session.get(f"http://127.0.0.1:{port}/") as page:
            assert page.status == 200
            html = await page.text()
        assert f"ws://127.0.0.1:{port}/ws" in html  # where the page's terminal connects
        assert "<div>puzzle-explorer</div>" in html  # the name on the page until the app draws
        async with session.ws_connect(f"http://127.0.0.1:{port}/ws?width=80&height=24") as ws:
            received = bytearray()
            await read_until(ws, received, "Choose a family", APP_WAIT_S)
            assert "Huarong Dao" in screen_text(bytes(received)) or "Sliding" in screen_text(bytes(received))
            before = len(received)
            await ws.send_str(json.dumps(["stdin", "?"]))  # the help key: the help screen opens
            await read_until(ws, received, "Tab moves between panes", 30)
            assert len(received) > before
            await ws.send_str(json.dumps(["ping", "marker"]))
            answer = await ws.receive(timeout=30)
            while answer.type == aiohttp.WSMsgType.BINARY:  # screen updates may come first
                answer = await ws.receive(timeout=30)
            assert json.loads(answer.data) == ["pong", "marker"]
    code, out = server.stop()
    assert code == 0, out
    assert f"serving the app on http://127.0.0.1:{port}" in out


@pytest.mark.processes
async def test_the_page_points_its_terminal_at_the_public_url(tmp_path):
    served = Served(tmp_path, "--public-url", "https://puzzles.example.invalid/")
    try:
        wait_listening(served.port, served.proc)
        async with aiohttp.ClientSession() as session:
            async with session.get(f"http://127.0.0.1:{served.port}/") as page:
                html = await page.text()
    finally:
        served.stop()
    assert 'data-session-websocket-url="wss://puzzles.example.invalid/ws"' in html


def test_bad_port_and_host_are_one_line_and_status_2(capsys):
    for args, said in ((["--port", "0"], "'0' must be greater than 0"),
                       (["--port", "65536"], "at most 65,535"),
                       (["--port", "http"], "not a whole number"),
                       (["--host", "no-such-host.invalid"], "--host 'no-such-host.invalid': no such host")):
        code, out, err = run_cli(capsys, "serve", *args)
        assert code == 2, args
        assert said in err, (args, err)
        assert err.count("\n") == 1 and "Traceback" not in err and out == ""


def test_a_port_in_use_is_one_line_and_status_2(capsys):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        code, out, err = run_cli(capsys, "serve", "--port", str(port))
    assert code == 2
    assert f"cannot listen on 127.0.0.1:{port}" in err and err.count("\n") == 1


CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update", "--disable-sync",
                  "--disable-dev-shm-usage", "--window-size=1024,768", "--remote-debugging-port=0"]


class DevTools:
    """Just enough of Chrome's DevTools protocol to drive one page: call a method, get its result."""

    def __init__(self, ws) -> None:
        self.ws = ws
        self.calls = 0

    async def __call__(self, method: str, **params) -> dict:
        self.calls += 1
        await self.ws.send_json({"id": self.calls, "method": method, "params": params})
        while True:  # events and other answers are not waited for
            message = await self.ws.receive_json(timeout=60)
            if message.get("id") == self.calls:
                assert "error" not in message, message
                return message["result"]


def devtools_address(browser: subprocess.Popen) -> str:
    """The browser's DevTools port, from the line it prints once it listens."""
    for line in browser.stderr:
        found = re.search(r"DevTools listening on ws://[^:]+:(\d+)/", line)
        if found:
            return f"http://127.0.0.1:{found.group(1)}"
    pytest.fail(f"Chromium ended without listening for DevTools (status {browser.wait()})")


@pytest.mark.processes
@pytest.mark.browser
@pytest.mark.skipif(CHROMIUM is None, reason="no Chromium installed (Debian: apt-get install chromium); "
                                               "the browser check needs a real browser")
async def test_headless_chromium_shows_the_app(server, tmp_path):
    """The page loads, its terminal connects back, the app draws in it and the terminal takes the
    focus (keys reach the app without a click first); the screenshot is kept."""
    browser = subprocess.Popen([CHROMIUM, *CHROMIUM_FLAGS, f"--user-data-dir={tmp_path / 'profile'}", "about:blank"],
                               stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                               text=True)
    try:
        address = devtools_address(browser)
        async with aiohttp.ClientSession() as session:
            async with session.get(f"{address}/json/list") as listing:
                page = next(t for t in await listing.json() if t["type"] == "page")
            async with session.ws_connect(page["webSocketDebuggerUrl"], max_msg_size=0) as ws:
                call = DevTools(ws)
                await call("Page.navigate", url=f"http://127.0.0.1:{server.port}/")
                # textual.js marks the page once the app's first output arrives over the websocket
                drawn = "document.body !== null && document.body.classList.contains('-first-byte')"
                deadline = time.monotonic() + APP_WAIT_S
                while not (await call("Runtime.evaluate", expression=drawn, returnByValue=True))["result"]["value"]:
                    assert time.monotonic() < deadline, f"the app did not draw in the page within {APP_WAIT_S} s"
                    await asyncio.sleep(0.5)
                # keys go to the app without a click on the page first: its terminal has the focus
                focused = "document.activeElement !== null && document.activeElement.matches('.xterm-helper-textarea')"
                deadline = time.monotonic() + 10
                while not (await call("Runtime.evaluate", expression=focused, returnByValue=True))["result"]["value"]:
                    assert time.monotonic() < deadline, "the page's terminal did not take the focus on its own"
                    await asyncio.sleep(0.2)
                shot = base64.b64decode((await call("Page.captureScreenshot", format="png"))["data"])
    finally:
        browser.terminate()
        try:
            browser.wait(timeout=30)
        except subprocess.TimeoutExpired:
            browser.kill()
            browser.wait()
    (tmp_path / "page.png").write_bytes(shot)
    assert shot[:8] == b"\x89PNG\r\n\x1a\n"
    width = int.from_bytes(shot[16:20], "big")
    assert width == 1024
    _, out = server.stop()
    assert "GET /ws?" in out  # the page's own terminal asked for the app
