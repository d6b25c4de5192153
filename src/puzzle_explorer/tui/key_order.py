"""Keys act in the order they were typed, however many arrive in one read (a paste, a slow SSH link).

Textual hands each key to the focused widget's message queue, and what the key does is decided
on the way: the widget may take it there (Input types a letter at once), while a binding acts
only when the key has bubbled back up to the app, and an action may post messages that act later
still (a list's highlight, a jump). With several keys queued at once, a later key can so act
before an earlier one: in the command palette six Backspaces and `solv` typed after "famxyz"
left "famx" (the letters were typed before the Backspaces deleted), and Home then → → → showed
the first step, the jump landing after the arrows.

Here a key is handed on only when the one before it has been dealt with: no message queue of the
screens (or the app) holds anything but redrawing, every widget in them is mounted, and the screen
on top runs no worker on the event loop (the command palette searching for what was typed). A key typed alone
is handed on at once; the wait is per key, so a burst takes as long as its keys one by one.
"""
from __future__ import annotations

import asyncio
import time
from collections import deque

from textual import events, messages
from textual.app import App
from textual.message_pump import MessagePump
from textual.widget import Widget

from puzzle_explorer.tui.textual_compat import queued_messages, runs_on_the_loop

SETTLE_MOST_S = 1.0  # a key waits at most this long for the one before it (a handler stuck waiting)
DRAW_EVERY_S = 0.2  # while keys wait their turn, the screen is drawn this often


class KeysInOrder(App[None]):
    """An app whose keys act one after the other, in the order they came."""

    def __init__(self) -> None:
        super().__init__()
        self._waiting_keys: deque[events.Key] = deque()
        self._released: set[int] = set()  # ids of the keys handed on by the feeder
        self._feeder: asyncio.Task[None] | None = None
        self._in_hand = 0  # events the app has begun and not finished handling

    @property
    def keys_in_hand(self) -> bool:
        """Keys typed are still to be handed on (the app has yet to take some from its queue, or
        holds some back), or the last one handed on is still being dealt with."""
        return self._feeder is not None or any(isinstance(m, events.Key) for m in queued_messages(self))

    async def on_event(self, event: events.Event) -> None:
        if isinstance(event, events.Key) and not event.is_forwarded:
            if id(event) in self._released:
                self._released.discard(id(event))
                if not self.screen_stack:  # handed on as the app closed
                    return
            elif self._feeder is None:  # nothing typed before it is pending: on at once
                self._feeder = asyncio.create_task(self._feed())
            else:
                self._waiting_keys.append(event)
                return
        # an event the app is handling is in no queue: while it waits on something, it is in hand
        self._in_hand += 1
        try:
            await super().on_event(event)
        finally:
            self._in_hand -= 1

    async def _feed(self) -> None:
        """Hand on the waiting keys, one each time the app has dealt with the key before it.

        The screen is drawn while keys wait only every DRAW_EVERY_S: handing them on one by one
        must not cost a frame each (a frame of a big board takes longer than its key)."""
        try:
            await asyncio.sleep(0)  # the first key is being handled now
            await self._settled()
            while self._waiting_keys:
                with self.batch_update():
                    draw_at = time.monotonic() + DRAW_EVERY_S
                    while self._waiting_keys and time.monotonic() < draw_at:
                        key = self._waiting_keys.popleft()
                        self._released.add(id(key))
                        self.post_message(key)
                        await asyncio.sleep(0)
                        await self._settled()
                if self.screen_stack:
                    # all of it, as App.delay_update does: a frame composed while the batch held the
                    # display is not drawn, and its changes are no longer marked
                    self.screen.refresh()
        finally:
            self._feeder = None

    async def _settled(self) -> None:
        """Until no screen, widget or the app has a message left to handle, or SETTLE_MOST_S."""
        ends = time.monotonic() + SETTLE_MOST_S
        spins = 0
        pumps = self._pumps()
        quiet = 0
        while time.monotonic() < ends:
            if self._in_hand or any(busy(pump) for pump in pumps):
                quiet = 0
            else:
                pumps = self._pumps()  # the widgets as they are now: the key may have added some
                if not any(busy(pump) for pump in pumps) and not self._searching():
                    # twice in a row, a turn of the event loop apart: a pump may hold a message it
                    # has taken from its queue while it waits on the one before
                    quiet += 1
                    if quiet == 2:
                        return
            spins += 1
            await asyncio.sleep(0 if spins < 100 else 0.002)  # yield; sleep a little if it takes a while

    def _searching(self) -> bool:
        """A worker of the screen on top runs on the event loop (the command palette's search)."""
        screen = self.screen if self.screen_stack else None
        return any(w.node is screen and not w.is_finished and runs_on_the_loop(w) for w in self.workers)

    def _pumps(self) -> list[MessagePump]:
        pumps: list[MessagePump] = [self]
        for screen in self.screen_stack:
            pumps.extend(screen.walk_children(with_self=True))
        return pumps


# Redrawing, which follows every change: a key waits for what the key before it did, not for the
# frame that shows it (frames of several keys are drawn as one)
DRAWING = (messages.Update, messages.Layout, messages.UpdateScroll, messages.Prompt, messages.ScrollToRegion,
           events.Timer)


def busy(pump: MessagePump) -> bool:
    """Messages queued other than redrawing and news from the background (a message class with
    BACKGROUND = True: a search's progress, which comes ten times a second whatever the keys do),
    or a widget that is still mounting (its compose and mount run outside the queue)."""
    if isinstance(pump, Widget) and not pump.is_mounted:
        return True
    return pump.message_queue_size > 0 and any(not isinstance(m, DRAWING) and not getattr(m, "BACKGROUND", False)
                                               for m in queued_messages(pump))
