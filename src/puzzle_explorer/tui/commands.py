"""The command palette's entries, read off the bindings: each action the app binds to a key on the
screen shown and on its panes, titled with the binding's description (after the pane's name), with
its tooltip and its keys (as the keymap has them) for help. The app yields them from
get_system_commands, so that Textual's own provider lists and searches them.

A widget class whose keys only change what is under its own cursor (the solver form) sets
IN_PALETTE = False to keep them out."""
from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from functools import partial

from textual.actions import parse
from textual.app import SystemCommand
from textual.binding import Binding
from textual.content import Content
from textual.dom import DOMNode
from textual.screen import Screen
from textual.widget import Widget

from puzzle_explorer.tui.keys import declared_bindings, keys_label

Keys = Callable[[str, DOMNode], list[str]]  # the keys of a binding id, where a node is (App.binding_keys)


def binding_commands(nodes: Iterable[DOMNode], keys: Keys) -> Iterator[SystemCommand]:
    """A command for each of the nodes' own bindings (those with an id: Textual's carry none) whose
    action applies now, in the order they are declared."""
    for node in nodes:
        if getattr(node, "IN_PALETTE", True):
            yield from node_commands(node, keys)


def screen_nodes(screen: Screen[object]) -> Iterator[DOMNode]:
    """The screen, then every widget in it."""
    yield screen
    yield from screen.walk_children(Widget)


def node_commands(node: DOMNode, keys: Keys) -> Iterator[SystemCommand]:
    by_id: dict[str, Binding] = {}
    for _, binding in declared_bindings(type(node)):
        if binding.id and binding.description:
            by_id.setdefault(binding.id, binding)  # a binding of several keys is one command
    # Bindings that say the same thing are one motion with a direction each (the cursor's four
    # arrows): the help gives them one row, and the palette could not say which to run.
    rows = Counter(b.tooltip or b.description for b in by_id.values())
    words = Counter(b.description for b in by_id.values())
    pane = pane_name(node)
    for binding_id, binding in by_id.items():
        _, action, parameters = parse(binding.action)
        if rows[binding.tooltip or binding.description] > 1 or not node.check_action(action, parameters):
            continue
        # a description several bindings share (klotski's four "Move"s) gives way to the tooltip
        what = binding.tooltip if words[binding.description] > 1 and binding.tooltip else binding.description
        about = binding.tooltip[:1].upper() + binding.tooltip[1:]
        shown = keys_label(keys(binding_id, node))
        yield SystemCommand(f"{pane}: {what}" if pane else what, f"{about} ({shown})" if about else shown,
                            partial(node.app.run_action, binding.action, node))


def pane_name(node: DOMNode) -> str:
    """The title on the border of the pane a widget is in (no name for the screen's own bindings)."""
    for n in node.ancestors_with_self:
        if isinstance(n, Screen):
            break
        if isinstance(n, Widget) and n.border_title:
            return Content.from_markup(n.border_title).plain
    return ""
