"""Every use the app makes of Textual's private names, in one place, each with why it is needed.

Textual may rename or drop any of these in a release without notice; a change there then breaks
this module alone, where the reason for each is written down.
"""
from __future__ import annotations

from textual.widgets import Footer, Header

# The parts Footer composes its keys from. textual.widgets exports Footer alone; the key footer
# (tui/widgets/footer.py) measures these parts to hide the keys that do not fit whole, and a group
# of keys (the arrows) shows or hides with the words after it.
from textual.widgets._footer import FooterKey, FooterLabel, KeyGroup

# The title in the Header. The app words the title for the terminal's width (PuzzleApp.format_title),
# and Header only asks for the words again when the title changes, not when the terminal is resized.
from textual.widgets._header import HeaderTitle

__all__ = ["FooterKey", "FooterLabel", "HeaderTitle", "KeyGroup", "footer_bindings_ready", "retitle"]


def footer_bindings_ready(footer: Footer) -> None:
    """Let a footer compose its keys. Footer.compose yields nothing until its private reactive
    `_bindings_ready` is set, which Footer.bindings_changed does; the key footer replaces that
    method (one rebuild for several changes in a row) and so has to set it itself."""
    footer._bindings_ready = True


def retitle(header: Header) -> None:
    """Have a header word its title again (after a resize)."""
    header.query_one(HeaderTitle).update(header.format_title())
