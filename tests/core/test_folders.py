"""The user's folders: platformdirs' places (on Linux the XDG variables, then the home folder's
defaults), and the PUZZLE_EXPLORER_* variables that name others."""
import sys
from pathlib import Path

import pytest

from puzzle_explorer.core import folders

linux = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the XDG folders are Linux's")


@pytest.fixture
def home(monkeypatch, tmp_path):
    """A home folder of its own, with no XDG or PUZZLE_EXPLORER variables set."""
    for name in ("XDG_DATA_HOME", "XDG_CACHE_HOME", "XDG_CONFIG_HOME", folders.DATA_ENV, folders.CACHE_ENV):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    return tmp_path / "home"


@linux
def test_without_variables_the_folders_are_in_the_home_folder(home):
    assert folders.data_dir() == home / ".local" / "share" / "puzzle-explorer"
    assert folders.cache_dir() == home / ".cache" / "puzzle-explorer"
    assert folders.config_dir() == home / ".config" / "puzzle-explorer"


@linux
def test_the_xdg_variables_move_them(home, monkeypatch, tmp_path):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    assert folders.data_dir() == tmp_path / "data" / "puzzle-explorer"
    assert folders.cache_dir() == tmp_path / "cache" / "puzzle-explorer"
    assert folders.config_dir() == tmp_path / "config" / "puzzle-explorer"


def test_the_app_variables_name_the_folders_themselves(home, monkeypatch, tmp_path):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv(folders.DATA_ENV, str(tmp_path / "boards"))
    monkeypatch.setenv(folders.CACHE_ENV, str(tmp_path / "kernels"))
    assert folders.data_dir() == tmp_path / "boards"
    assert folders.cache_dir() == tmp_path / "kernels"
    monkeypatch.setenv(folders.DATA_ENV, "")  # set but empty: as if unset
    assert folders.data_dir() != Path("")


def test_paths_are_shown_from_the_home_folder(home):
    assert folders.shown(home / ".config" / "puzzle-explorer" / "keymap.txt") == "~/.config/puzzle-explorer/keymap.txt"
    assert folders.shown(Path("/elsewhere/keymap.txt")) == "/elsewhere/keymap.txt"
