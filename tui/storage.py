"""Boards on disk: saved boards and recovery copies, in the user's data directory."""
from __future__ import annotations

import os
import re
import time
from dataclasses import dataclass
from pathlib import Path


def data_dir() -> Path:
    """$PUZZLE_EXPLORER_DATA, else $XDG_DATA_HOME/puzzle-explorer, else ~/.local/share/puzzle-explorer."""
    explicit = os.environ.get("PUZZLE_EXPLORER_DATA")
    if explicit:
        return Path(explicit)
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local", "share")
    return Path(base) / "puzzle-explorer"


def _write(path: Path, text: str) -> None:
    """Write atomically: a crash never leaves half a board."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(path.suffix + ".tmp")
    tmp.write_text(text, encoding="utf-8")
    os.replace(tmp, path)


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


def saved_boards(family_id: str) -> list[str]:
    """Names of the saved boards of a family, newest first."""
    folder = boards_dir(family_id)
    if not folder.is_dir():
        return []
    files = sorted(folder.glob("*.txt"), key=lambda p: p.stat().st_mtime, reverse=True)
    return [p.stem for p in files]


def load_board(family_id: str, name: str) -> str:
    return (boards_dir(family_id) / f"{clean_name(name)}.txt").read_text(encoding="utf-8")


@dataclass(frozen=True)
class Recovery:
    family_id: str
    text: str
    name: str | None
    saved_at: float

    def age(self) -> str:
        minutes = int((time.time() - self.saved_at) // 60)
        if minutes < 1:
            return "just now"
        if minutes < 120:
            return f"{minutes} min ago"
        return time.strftime("%Y-%m-%d %H:%M", time.localtime(self.saved_at))


def _recovery_path(family_id: str) -> Path:
    return data_dir() / "recovery" / f"{family_id}.txt"


def write_recovery(family_id: str, text: str, name: str | None) -> None:
    """Keep a copy of an edited, unsaved board (first line: its name, if any)."""
    _write(_recovery_path(family_id), f"{name or ''}\n{text}")


def clear_recovery(family_id: str) -> None:
    try:
        _recovery_path(family_id).unlink()
    except FileNotFoundError:
        pass


def recoveries() -> list[Recovery]:
    folder = data_dir() / "recovery"
    if not folder.is_dir():
        return []
    found = []
    for path in sorted(folder.glob("*.txt")):
        name, _, text = path.read_text(encoding="utf-8").partition("\n")
        found.append(Recovery(path.stem, text, name or None, path.stat().st_mtime))
    return found
