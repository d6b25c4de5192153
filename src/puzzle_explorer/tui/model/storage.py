"""Boards on disk: saved boards and recovery copies, in the user's data directory.

Every function that touches the disk may raise OSError (a read-only or missing
folder, a full disk); the screens turn that into a notice. Listings never raise:
a folder that cannot be read lists nothing.
"""
from __future__ import annotations

import json
import os
import re
import time
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from puzzle_explorer.core.files import write_atomically
from puzzle_explorer.core.folders import data_dir


def _write(path: Path, text: str) -> None:
    """Write atomically: a crash never leaves half a board."""
    path.parent.mkdir(parents=True, exist_ok=True)
    write_atomically(path, lambda f: f.write(text.encode("utf-8")))


def clean_name(name: str) -> str:
    """A file-safe version of a board name; raises ValueError if nothing is left."""
    cleaned = re.sub(r"[^\w.\- ]+", "", name, flags=re.UNICODE).strip().strip(".")
    if not cleaned:
        raise ValueError("a board name needs letters or digits")
    return cleaned


def boards_dir(family_id: str) -> Path:
    return data_dir() / "boards" / family_id


def save_board(family_id: str, name: str, text: str) -> Path:
    path = boards_dir(family_id) / f"{clean_name(name)}.txt"
    _write(path, text)
    return path


def _newest_first(paths: Iterable[Path]) -> list[Path]:
    def mtime(p: Path) -> float:
        try:
            return p.stat().st_mtime
        except OSError:
            return 0.0
    return sorted(paths, key=mtime, reverse=True)


def saved_boards(family_id: str) -> list[str]:
    """Names of the saved boards of a family, newest first."""
    try:
        return [p.stem for p in _newest_first(boards_dir(family_id).glob("*.txt"))]
    except OSError:
        return []


def load_board(family_id: str, name: str) -> str:
    return (boards_dir(family_id) / f"{clean_name(name)}.txt").read_text(encoding="utf-8")


# --- recovery copies ------------------------------------------------------------------
# One file per board under edit: recovery/<family>/<key>.json, where the key names the
# board's source (a saved board, a preset, a file, a new board) and, when another copy of
# the same source is kept, a number. Closing an edited board without saving leaves it.

def when(stamp: float, now: float | None = None) -> str:
    """A moment as a person reads it in a list or a notice, which may stay on screen for
    hours: absolute ("14:02", "3 May 14:02", "2023-05-03 14:02"), never "5 min ago"."""
    then = time.localtime(stamp)
    today = time.localtime(time.time() if now is None else now)
    if then[:3] == today[:3]:
        return time.strftime("%H:%M", then)
    if then.tm_year == today.tm_year:
        return f"{then.tm_mday} {time.strftime('%b %H:%M', then)}"
    return time.strftime("%Y-%m-%d %H:%M", then)


def source_key(source: str) -> str:
    """The file-safe base key of a board source ("saved:NAME", "preset:ID", "file:PATH", "new:")."""
    kind, _, what = source.partition(":")
    if kind == "file":
        what = Path(what).stem
    try:
        return f"{kind}-{clean_name(what)}" if what else kind or "new"
    except ValueError:
        return kind or "new"


@dataclass(frozen=True)
class Recovery:
    """A recovery copy: the board's text, its name and source, when it was written."""

    family_id: str
    key: str
    text: str
    name: str | None
    source: str
    saved_at: float

    @property
    def path(self) -> Path:
        return recovery_path(self.family_id, self.key)

    def title(self) -> str:
        return self.name or "new board"


@dataclass(frozen=True)
class Found:
    """What a look in the recovery folder found: good copies, and damaged ones set aside."""

    copies: list[Recovery]
    set_aside: list[Path]  # renamed to *.damaged, or left where they were if even that failed


def recovery_dir(family_id: str | None = None) -> Path:
    base = data_dir() / "recovery"
    return base / family_id if family_id else base


def recovery_path(family_id: str, key: str) -> Path:
    return recovery_dir(family_id) / f"{key}.json"


def free_key(family_id: str, source: str) -> str:
    """A key for a new recovery copy of this source that no kept copy uses."""
    base = source_key(source)
    key, n = base, 1
    while recovery_path(family_id, key).exists():
        n += 1
        key = f"{base}-{n}"
    return key


def write_recovery(family_id: str, key: str, text: str, name: str | None, source: str) -> Path:
    """Keep (or update) the copy of an edited, unsaved board."""
    path = recovery_path(family_id, key)
    _write(path, json.dumps({"name": name, "source": source, "board": text}, ensure_ascii=False))
    return path


def clear_recovery(family_id: str, key: str) -> None:
    try:
        recovery_path(family_id, key).unlink()
    except FileNotFoundError:
        pass


def _read_copy(path: Path, family_id: str) -> Recovery:
    """One copy; ValueError (UnicodeDecodeError and JSON errors among them) when it is damaged."""
    data = json.loads(path.read_bytes().decode("utf-8"))
    if not isinstance(data, dict) or not isinstance(data.get("board"), str):
        raise ValueError("no board in it")
    name = data.get("name")
    source = data.get("source")
    return Recovery(family_id, path.stem, data["board"], name if isinstance(name, str) and name else None,
                    source if isinstance(source, str) else "new:", path.stat().st_mtime)


def set_aside(path: Path) -> Path:
    """Move a damaged copy out of the way (kept, for whoever wants to look) so it is read no more."""
    target = path.with_name(f"{path.name}.damaged")
    try:
        os.replace(path, target)
    except OSError:
        return path
    return target


def _adopt_old_copies(folder: Path, damaged: list[Path]) -> None:
    """Copies written before there was one per board: recovery/<family>.txt, first line its name."""
    for path in folder.glob("*.txt"):
        try:
            name, _, text = path.read_bytes().decode("utf-8").partition("\n")
            source = f"saved:{name}" if name else "new:"
            key = free_key(path.stem, source)
            write_recovery(path.stem, key, text, name or None, source)
            os.utime(recovery_path(path.stem, key), (path.stat().st_atime, path.stat().st_mtime))
            path.unlink()
        except ValueError:
            damaged.append(set_aside(path))
        except OSError:
            continue


def recoveries(family_id: str | None = None) -> Found:
    """Every recovery copy (of one family, or of all), newest first; damaged ones are set aside."""
    base = recovery_dir()
    copies: list[Recovery] = []
    damaged: list[Path] = []
    try:
        _adopt_old_copies(base, damaged)
        folders = [base / family_id] if family_id else [p for p in base.iterdir() if p.is_dir()]
    except OSError:
        return Found([], damaged)
    for folder in folders:
        try:
            paths = list(folder.glob("*.json"))
        except OSError:
            continue
        for path in paths:
            try:
                copies.append(_read_copy(path, folder.name))
            except ValueError:
                damaged.append(set_aside(path))
            except OSError:
                continue
    copies.sort(key=lambda r: r.saved_at, reverse=True)
    return Found(copies, damaged)
