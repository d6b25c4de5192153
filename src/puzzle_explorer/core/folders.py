"""The user's folders: data (saved boards, recovery copies), cache (compiled kernels, tables) and
config (the keymap).

platformdirs names each system's own place; on Linux that is $XDG_DATA_HOME, $XDG_CACHE_HOME and
$XDG_CONFIG_HOME, else ~/.local/share, ~/.cache and ~/.config. PUZZLE_EXPLORER_DATA and
PUZZLE_EXPLORER_CACHE name other folders (a test suite's, a read-only home's way out).
"""
from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import platformdirs

APP = "puzzle-explorer"
DATA_ENV = "PUZZLE_EXPLORER_DATA"
CACHE_ENV = "PUZZLE_EXPLORER_CACHE"


def _named(variable: str) -> Path | None:
    value = os.environ.get(variable)
    return Path(value) if value else None


def _platform() -> platformdirs.PlatformDirs:
    """The system's folders for the app (platformdirs loads only when no variable names a folder)."""
    import platformdirs

    return platformdirs.PlatformDirs(APP, appauthor=False)


def data_dir() -> Path:
    """Where saved boards and recovery copies live: $PUZZLE_EXPLORER_DATA, else the user's data folder."""
    return _named(DATA_ENV) or _platform().user_data_path


def cache_dir() -> Path:
    """Where compiled kernels and built tables live: $PUZZLE_EXPLORER_CACHE, else the user's cache folder."""
    return _named(CACHE_ENV) or _platform().user_cache_path


def config_dir() -> Path:
    """Where the user's settings (the keymap) live."""
    return _platform().user_config_path


def shown(path: Path) -> str:
    """A path as the user would type it: ~ for the home directory."""
    try:
        return str(Path("~") / path.relative_to(Path.home()))
    except ValueError:
        return str(path)
