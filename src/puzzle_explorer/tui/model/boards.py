"""Where a board comes from ("new:", "saved:NAME", "preset:ID", "file:PATH") and its recovery copies."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from puzzle_explorer.core.errors import InputError
from puzzle_explorer.puzzles.kit.reading import find_preset, read_board_file
from puzzle_explorer.tui.model import storage

if TYPE_CHECKING:  # the start screen shows before numba, which the interface loads, is imported
    from puzzle_explorer.puzzles.interface import Family


def load_source(family: Family, source: str) -> tuple[Any, str | None]:
    """The board a source names, and the name to show; InputError when it cannot be had."""
    kind, _, key = source.partition(":")
    if kind == "preset":
        preset = find_preset(family.presets, key, family.id)
        return family.parse(preset.text), preset.id
    if kind == "saved":
        try:
            text = storage.load_board(family.id, key)
        except (OSError, ValueError) as exc:  # ValueError: not UTF-8, or a name with nothing file-safe in it
            raise InputError(f"cannot read saved board {key}: {getattr(exc, 'strerror', None) or exc}") from None
        return family.parse(text), key
    if kind == "file":
        path = Path(key).expanduser()
        return family.parse(read_board_file(str(path))), path.stem
    return family.new_board(), None


@dataclass(frozen=True)
class Kept:
    """A recovery copy that reads as a board of its family."""

    copy: storage.Recovery
    board: Any

    def label(self) -> str:
        return f"{self.copy.title()}, edited {storage.when(self.copy.saved_at)}"


def kept_copies(families: dict[str, Family], family_id: str | None = None) -> tuple[list[Kept], list[str]]:
    """The recovery copies that can be opened, newest first, and notices about those set aside.

    A copy that is not even text, or whose board its family cannot read, is renamed out of
    the way (*.damaged) so it is never read again, and named in a notice.
    """
    found = storage.recoveries()
    kept, damaged = [], list(found.set_aside)
    for copy in found.copies:
        family = families.get(copy.family_id)
        if family is None or (family_id is not None and copy.family_id != family_id):
            continue
        try:
            kept.append(Kept(copy, family.parse(copy.text)))
        except Exception:  # whatever a damaged copy makes a parser do, it must not stop the app
            damaged.append(storage.set_aside(copy.path))
    notices = [f"a damaged recovery copy was set aside: {path}" for path in damaged]
    return kept, notices


def kept_notice(kept: list[Kept]) -> str:
    """A short notice of the kept copies ('unsaved edits of 3 boards kept (die, klotski)'): a
    toast covers the panes beside it on a small terminal for as long as it shows."""
    families = ", ".join(dict.fromkeys(k.copy.family_id for k in kept))
    return f"unsaved edits of {'a board' if len(kept) == 1 else f'{len(kept)} boards'} kept ({families})"
