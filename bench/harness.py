"""Building the peer programs, timing processes, and the report table."""
from __future__ import annotations

import importlib.util
import json
import os
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent
PEERS_SRC = ROOT.parent / "shared" / "peers"
WORK = ROOT / ".bench"
PEERS = WORK / "peers"


def build_peers() -> Path:
    """Copy the peer sources next to us and build them with their own build.sh; returns bin/."""
    if not PEERS_SRC.is_dir():
        raise SystemExit(f"peer programs not found at {PEERS_SRC}")
    if PEERS.exists():
        shutil.rmtree(PEERS)
    shutil.copytree(PEERS_SRC, PEERS)
    for f in PEERS.iterdir():
        f.chmod(0o755 if f.suffix in ("", ".sh") else 0o644)
    (PEERS / "bin").mkdir(exist_ok=True)
    subprocess.run(["sh", str(PEERS / "build.sh")], check=True, stdout=subprocess.DEVNULL)
    return PEERS / "bin"


@dataclass
class Run:
    wall_s: float
    max_rss_kb: int
    stdout: str
    returncode: int


# Linux starts a process's peak-memory record at the peak of the process that forked it
# (the record survives exec), so a child of this big Python process would report at least
# our own peak. A small Python forks the command instead and reports its wall time and
# peak memory: exact above the shim's own ~10 MB.
_SHIM = """
import os, sys, time
report, cmd = int(sys.argv[1]), sys.argv[2:]
start = time.perf_counter()
pid = os.fork()
if pid == 0:
    os.close(report)
    try:
        os.execvp(cmd[0], cmd)
    finally:
        os._exit(127)
_, status, usage = os.wait4(pid, 0)
wall = time.perf_counter() - start
os.write(report, f"{wall} {usage.ru_maxrss} {os.waitstatus_to_exitcode(status)}".encode())
"""


def run(cmd: list[str], stdin: str | None = None, env: dict | None = None) -> Run:
    """Run a process to the end; its wall time and its own peak memory (see _SHIM)."""
    read_end, write_end = os.pipe()
    with tempfile.TemporaryFile("w+") as out:
        proc = subprocess.Popen([sys.executable, "-I", "-S", "-c", _SHIM, str(write_end), *cmd],
                                stdin=subprocess.PIPE if stdin is not None else subprocess.DEVNULL,
                                stdout=out, stderr=subprocess.DEVNULL, text=True, pass_fds=(write_end,),
                                env={**os.environ, **(env or {})})
        os.close(write_end)
        if stdin is not None:
            proc.stdin.write(stdin)
            proc.stdin.close()
        with os.fdopen(read_end, "rb") as report:
            measured = report.read().split()
        proc.wait()
        out.seek(0)
        text = out.read()
    if len(measured) != 3:
        raise RuntimeError(f"could not measure {cmd[0]} (shim exit status {proc.returncode})")
    return Run(float(measured[0]), int(measured[1]), text, int(measured[2]))


def ours(*args: str, stdin: str | None = None, env: dict | None = None) -> Run:
    """Our command line, in a fresh process."""
    return run([sys.executable, "-m", "puzzle_explorer", *args], stdin=stdin, env=env)


def peer_figure(env: str, default: float, source: str) -> tuple[float, str]:
    """A public peer's figure kept as a constant in a bench module (measured once, or published),
    or the one the environment variable env gives instead (a run of your own), with its source."""
    if os.environ.get(env):
        return float(os.environ[env]), f"{env} (your own figure)"
    return default, source


# Physical limits, one basis each. A step whose data is far larger than the caches waits for memory:
# about 10^8 dependent hash probes a second a core. A step whose data sits in the first-level cache (a
# few hundred bytes of board) costs a few instructions: about 10^9 a second a core at ~3 GHz.
PROBES_PER_S = 1e8
CACHED_STEPS_PER_S = 1e9


def times_the_bound(seconds: float, bound_s: float) -> str:
    """A limit row's note: how many times the physical limit's time ours takes."""
    return f"ours takes {seconds / bound_s:,.0f}x the bound's time"


def other_version(path: str, name: str) -> ModuleType:
    """Another version of one of the package's modules, loaded from `path` under `name` beside this
    one (a micro-benchmark's --against: the two timed in turns in one process)."""
    spec = importlib.util.spec_from_file_location(name, path)
    if spec is None or spec.loader is None:
        raise SystemExit(f"--against: cannot load {path}")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def best_of(n: int, fn, key=lambda r: r.wall_s):
    """The fastest of n runs, to damp the noise of a shared machine."""
    return min((fn() for _ in range(n)), key=key)


@dataclass
class Row:
    what: str
    ours: str
    peer: str
    ratio: float | None = None  # how many times better we are
    goal: float | None = None  # the ratio we promise
    note: str = ""

    @property
    def ok(self) -> bool | None:
        if self.ratio is None or self.goal is None:
            return None
        return self.ratio >= self.goal


@dataclass
class Report:
    rows: list[Row] = field(default_factory=list)

    def add(self, row: Row) -> None:
        self.rows.append(row)
        mark = {True: "ok  ", False: "MISS", None: "    "}[row.ok]
        ratio = f"{row.ratio:8.1f}x" if row.ratio is not None else " " * 9
        goal = f"(goal {row.goal:g}x)" if row.goal is not None else ""
        print(f"{mark} {row.what:<58} {ratio} {goal}", flush=True)
        print(f"       ours: {row.ours}", flush=True)
        if row.peer:
            print(f"       peer: {row.peer}", flush=True)
        if row.note:
            print(f"       note: {row.note}", flush=True)

    def save(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        data = [{**row.__dict__, "ok": row.ok} for row in self.rows]
        path.write_text(json.dumps(data, indent=2, ensure_ascii=False))
