"""Every use the app makes of Textual's private names, in one place, each with why it is needed.

Textual may rename or drop any of these in a release without notice; a change there then breaks
this module alone, where the reason for each is written down.
"""
from __future__ import annotations

from collections.abc import Iterable

from textual.message import Message
from textual.message_pump import MessagePump
from textual.widgets import Footer, Header

# The parts Footer composes its keys from. textual.widgets exports Footer alone; the key footer
# (tui/widgets/footer.py) measures these parts to hide the keys that do not fit whole, and a group
# of keys (the arrows) shows or hides with the words after it.
from textual.widgets._footer import FooterKey, FooterLabel, KeyGroup

# The title in the Header. The app words the title for the terminal's width (PuzzleApp.format_title),
# and Header only asks for the words again when the title changes, not when the terminal is resized.
from textual.widgets._header import HeaderTitle
from textual.worker import Worker

__all__ = ["FooterKey", "FooterLabel", "HeaderTitle", "KeyGroup", "footer_bindings_ready", "queued_messages", "retitle",
           "runs_on_the_loop"]


def footer_bindings_ready(footer: Footer) -> None:
    """Let a footer compose its keys. Footer.compose yields nothing until its private reactive
    `_bindings_ready` is set, which Footer.bindings_changed does; the key footer replaces that
    method (one rebuild for several changes in a row) and so has to set it itself."""
    footer._bindings_ready = True


def retitle(header: Header) -> None:
    """Have a header word its title again (after a resize)."""
    header.query_one(HeaderTitle).update(header.format_title())


def queued_messages(pump: MessagePump) -> Iterable[Message]:
    """The messages waiting in a pump's queue (the app's, a screen's, a widget's), and the one it
    has taken out to see whether it merges with the one in hand. Textual counts the queue's
    (message_queue_size) but lists neither; keys in order (tui/key_order.py) wait for those a key
    has caused, not for the redrawing that follows every change."""
    pending = pump._pending_message  # the next message, taken out of the queue to see if it can merge
    return (*pump._message_queue.values, *([pending] if pending is not None else []))


def runs_on_the_loop(worker: Worker[object]) -> bool:
    """A worker that runs on the event loop, not in a thread of its own. The app's workers all run
    in threads (searches, loading); on the loop run Textual's own, such as the command palette's
    search for what was typed, which keys in order (tui/key_order.py) let finish before the next
    key (Enter typed right after a command's name runs that command)."""
    return not worker._thread_worker
