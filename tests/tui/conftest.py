import pytest


@pytest.fixture(autouse=True)
def user_dirs(tmp_path, monkeypatch):
    """Saved boards, recovery copies and the keymap go to a fresh folder per test."""
    monkeypatch.setenv("PUZZLE_EXPLORER_DATA", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    return tmp_path
