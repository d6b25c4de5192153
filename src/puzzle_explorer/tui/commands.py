"""The command palette's entries of the screen on show, for screens that list their own actions."""
from __future__ import annotations

from typing import Iterable, Protocol, cast

from textual.app import SystemCommand
from textual.command import DiscoveryHit, Hit, Hits, Provider


class Commanded(Protocol):
    def commands(self) -> Iterable[SystemCommand]: ...


class ScreenCommands(Provider):
    """A screen's own commands (its `commands()`), in the palette while it shows: put this
    provider in the screen's COMMANDS."""

    def _commands(self) -> list[SystemCommand]:
        return list(cast(Commanded, self.screen).commands())

    async def discover(self) -> Hits:
        for command in self._commands():
            if command.discover:
                yield DiscoveryHit(command.title, command.callback, help=command.help)

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for command in self._commands():
            if (score := matcher.match(command.title)) > 0:
                yield Hit(score, matcher.highlight(command.title), command.callback, help=command.help)
