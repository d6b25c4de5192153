"""Keys as people write them ("Ctrl+Z", "F5", "[", "←"), for the help, the command palette and hints."""
from __future__ import annotations

import functools

from textual.binding import Binding
from textual.dom import DOMNode
from textual.keys import format_key

NAMES = {"escape": "Esc", "space": "Space", "enter": "Enter", "tab": "Tab", "backspace": "Backspace",
         "delete": "Del", "insert": "Ins", "pageup": "PgUp", "pagedown": "PgDn", "home": "Home", "end": "End"}
MODIFIERS = {"ctrl": "Ctrl", "shift": "Shift", "alt": "Alt", "meta": "Meta", "super": "Super"}
ARROWS = "↑↓←→"

Rows = list[tuple[str, str, str]]  # the help's rows: (keys, what they do, binding ids)


def key_label(key: str) -> str:
    """One key as people write it: ctrl+z -> Ctrl+Z, f5 -> F5, left_square_bracket -> [, left -> ←."""
    *modifiers, name = key.strip().split("+")
    if name in NAMES:
        text = NAMES[name]
    elif name[:1] == "f" and name[1:].isdigit():
        text = name.upper()
    else:
        text = format_key(name)
        if modifiers and len(text) == 1:
            text = text.upper()
    return "+".join([MODIFIERS.get(m, m.capitalize()) for m in modifiers] + [text])


def keys_label(keys: list[str]) -> str:
    """Several keys for one thing: the arrows run together (↑↓←→), others are separated by a space."""
    labels = list(dict.fromkeys(key_label(k) for k in keys))
    if all(label in ARROWS for label in labels):
        return "".join(sorted(labels, key=ARROWS.index))
    return " ".join(labels)


def ids_label(ids: list[str]) -> str:
    """Binding ids of one row, short: board.up board.down -> board.up/down."""
    prefixes = {i.rpartition(".")[0] for i in ids}
    if len(ids) > 1 and len(prefixes) == 1 and "" not in prefixes:
        return f"{prefixes.pop()}.{'/'.join(i.rpartition('.')[2] for i in ids)}"
    return " ".join(ids)


@functools.cache  # BINDINGS are class constants: the help and the palette ask for the same classes again
def declared_bindings(node_class: type[DOMNode]) -> tuple[tuple[str, Binding], ...]:
    """(key, binding) for every binding a class of nodes declares, its bases' included.

    Merged the way Textual merges BINDINGS: a class's bindings for a key replace those its bases
    have for that key. Keys as declared: the keymap (App.set_keymap) is applied on top.
    """
    by_key: dict[str, list[Binding]] = {}
    for cls in reversed(node_class.__mro__):
        declared = cls.__dict__.get("BINDINGS")
        if not declared:
            continue
        own: dict[str, list[Binding]] = {}
        for binding in Binding.make_bindings(declared):
            own.setdefault(binding.key, []).append(binding)
        by_key.update(own)
    return tuple((key, binding) for key, bindings in by_key.items() for binding in bindings)
