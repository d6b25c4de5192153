"""The Timeline pane: the solution step by step, a scrub bar, and playback; and the search's own track.

Two tracks share the pane. The solution track holds the answer's steps. The
search track holds the snapshots of the running (or last) search, the position
it was working on ten times a second (four after five seconds), kept in bounded memory (tui/model/track.py):
while the search runs the pane follows the newest snapshot unless it is held
(freeze) or a person steps back, and either track can be shown afterwards.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from rich.text import Text
from textual import getters
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.reactive import reactive
from textual.timer import Timer
from textual.widget import Widget
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from puzzle_explorer.puzzles.interface import Step
from puzzle_explorer.tui.host import Host
from puzzle_explorer.tui.messages import StepChosen
from puzzle_explorer.tui.model.track import SearchTrack
from puzzle_explorer.tui.widgets.live_text import LiveText

SPEEDS = (0.5, 1, 2, 4, 8, 16, 32)  # steps per second
# The step list holds a window of steps, not all of them: a tour of a big board has a
# million steps, which a family hands over as a lazy sequence and a list widget cannot hold.
WINDOW = 400
MARGIN = 40  # refill the window when the shown step comes this close to its edge
PAGE_STEPS = 10  # the fewest steps PgUp/PgDn move
SOLUTION = "solution"
SEARCH = "search"


class ScrubBar(Widget):
    """One line: how far through the solution the shown step is."""

    position = reactive(0)
    total = reactive(0)

    def render(self) -> Text:
        width = max(1, self.size.width)
        if self.total <= 0:
            return Text("─" * width, style="dim")
        done = round(width * self.position / self.total)
        return Text("█" * done, style="bold") + Text("░" * (width - done), style="dim")


class StepList(OptionList):
    """The steps around the shown one. Its keys move the timeline itself, at once: Home and End reach
    the ends of the whole solution, not of the window, and PgUp/PgDn move a page of at least
    PAGE_STEPS steps, however few rows the list has (one, on a small terminal)."""

    def _move(self, delta: int) -> None:
        timeline = self.parent
        if isinstance(timeline, Timeline):
            timeline.action_step(delta)

    def _page(self) -> int:
        return max(PAGE_STEPS, self.scrollable_content_region.height)

    def action_cursor_up(self) -> None:
        self._move(-1)

    def action_cursor_down(self) -> None:
        self._move(1)

    def action_page_up(self) -> None:
        self._move(-self._page())

    def action_page_down(self) -> None:
        self._move(self._page())

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # The list never scrolls sideways: its scrolling arrows would only hide the timeline's own
        # ←/→ (one step) from the footer, which lists the first binding of a key it meets.
        if action in ("scroll_left", "scroll_right"):
            return False
        return super().check_action(action, parameters)

    def action_first(self) -> None:
        if isinstance(self.parent, Timeline):
            self.parent.action_jump(0)

    def action_last(self) -> None:
        if isinstance(self.parent, Timeline):
            self.parent.action_jump(-1)


class Timeline(Vertical):
    """←/→ step, Home/End jump, space plays, +/- change the speed.

    The step list below the bar scrubs too: ↑/↓ and PgUp/PgDn reach any step.
    """

    # the footer shows the two arrows as one entry, and the two speed keys
    STEP = Binding.Group("Step", compact=True)
    SPEED = Binding.Group("Speed", compact=True)
    BINDINGS = [
        Binding("left", "step(-1)", "Back", id="timeline.back", tooltip="one move back", group=STEP),
        Binding("right", "step(1)", "Forward", id="timeline.forward", tooltip="one move on", group=STEP),
        Binding("home", "jump(0)", "Start", id="timeline.start", tooltip="the starting board"),
        Binding("end", "jump(-1)", "End", id="timeline.end", tooltip="the solved board"),
        Binding("space", "play", "Play/pause", id="timeline.play", tooltip="play the solution step by step"),
        Binding("plus,equals_sign", "speed(1)", "Faster", id="timeline.faster", tooltip="play faster", group=SPEED),
        Binding("minus", "speed(-1)", "Slower", id="timeline.slower", tooltip="play slower", group=SPEED),
        Binding("n", "solution(1)", "Next solution", id="timeline.next", tooltip="browse the next solution found"),
        Binding("p", "solution(-1)", "Previous solution", id="timeline.previous",
                tooltip="browse the previous solution"),
    ]

    index = reactive(0)
    playing = reactive(False)
    speed = reactive(2)  # index into SPEEDS

    if TYPE_CHECKING:
        app = getters.app(Host)

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.border_title = "Timeline"
        self.steps: Sequence[Step] = ()
        self.solutions: list[Sequence[Step]] = []  # the steps of every solution to browse
        self.solution_shown = 0  # the index in solutions of the one on the solution track
        self.search: SearchTrack[Step] = SearchTrack()  # the snapshots of the running or last search
        self.track = SOLUTION  # which of the two is shown
        self.running = False  # a search is adding snapshots
        self.follow = True  # while it runs, the search track shows its newest snapshot
        self._message = "no solution yet"  # the solution track's head when it has no steps
        self._timer: Timer | None = None
        self._listed = range(0)  # the steps in the list widget now
        self._generation = 0  # the search track's generation when it was listed

    def compose(self) -> ComposeResult:
        yield LiveText("no solution yet", id="timeline-head")
        yield ScrubBar(id="timeline-bar")
        yield StepList(id="timeline-steps")

    # --- content --------------------------------------------------------------
    def load(self, steps: Sequence[Step], alternatives: Sequence[Sequence[Step]] = ()) -> None:
        """Show a new solution (and others to browse with n/p), starting at its first step."""
        self.solutions = [steps, *alternatives]
        self.solution_shown = 0
        self.running = False
        self.track = SOLUTION
        self._show(self.solutions[0])
        self.refresh_bindings()

    def _show(self, steps: Sequence[Step], at: int = 0) -> None:
        self.stop()
        self.steps = steps
        self._listed = range(0)
        self._generation = self.search.generation
        self._list_around(at)
        self.query_one(ScrubBar).total = max(0, len(self.steps) - 1)
        self.index = at
        self.query_one(OptionList).highlighted = at - self._listed.start  # mark the step even if the index stayed
        self._refresh_head()
        self.post_message(StepChosen(at))

    # --- the search track ---------------------------------------------------------
    def start_search(self) -> None:
        """A search begins: its snapshots fill a new search track, shown and followed as they come."""
        self.solutions = []
        self.solution_shown = 0
        self.search = SearchTrack()
        self.running = True
        self.follow = True
        self._empty("searching…", searching=True)
        self.refresh_bindings()

    def _empty(self, head: str, searching: bool = False) -> None:
        """An empty list under `head`: the search track of a search just begun, or the solution track."""
        self.stop()
        self.track = SEARCH if searching else SOLUTION
        self.steps = self.search if searching else ()
        self._listed = range(0)
        self.query_one(OptionList).clear_options()
        self.query_one(ScrubBar).total = 0
        self.query_one(ScrubBar).position = 0
        self.index = 0
        self.query_one("#timeline-head", LiveText).update(head)

    def add_snapshot(self, step: Step) -> None:
        """One more snapshot of the running search. The track stays on the snapshot it shows (it may
        have moved in the list when older ones were thinned), or on the newest while following."""
        track = self.search
        showing = self.track == SEARCH and len(track) > 0
        number = track.number(self.index) if showing else 0
        track.add(step)
        if len(track) == 1:
            self.refresh_bindings()
        if self.track != SEARCH:
            return
        if track.generation != self._generation:  # indices shifted: list them again
            self._generation = track.generation
            self._listed = range(0)
        self.query_one(ScrubBar).total = self.last
        if self.follow or not showing:
            self._set_index(self.last)
        else:
            self._set_index(track.index_of(number), announce=False)
        self._place(self.index)

    def finish_search(self, steps: Sequence[Step] | None, alternatives: Sequence[Sequence[Step]] = (),
                      message: str = "") -> None:
        """The search ended: show its solution if it has steps to show, else say `message` (the
        search track stays a key away)."""
        self.running = False
        self.follow = True
        if steps is not None and len(steps) > 1:
            self.load(steps, alternatives)
            return
        self.solutions = []
        self._message = message
        self._show_no_solution()
        self.refresh_bindings()

    def _show_no_solution(self) -> None:
        """The solution track without a solution: its message, and the board itself on screen."""
        self._empty(self._solution_head())
        self.post_message(StepChosen(-1))

    def _solution_head(self) -> str:
        """The message, after the key that shows the search track (it wraps to a second line, then is cut)."""
        key = self.app.key_for("track", self) if self.search else ""
        return f"{key}: the search · {self._message}" if key else self._message

    def action_switch_track(self) -> None:
        """The other track: the search's snapshots, or the solution."""
        if self.track == SEARCH:
            if self.solutions:
                self.track = SOLUTION
                self._show(self.solutions[self.solution_shown])
            else:
                self._show_no_solution()
        elif len(self.search):
            self.track = SEARCH
            self.follow = True
            self._show(self.search, at=len(self.search) - 1)
        self.refresh_bindings()

    def action_freeze(self) -> None:
        """While a search runs: hold the snapshot on screen, or follow the newest again."""
        if not self.running:
            return
        if self.track != SEARCH:
            self.action_switch_track()
            return
        self.follow = not self.follow
        if self.follow:
            self._set_index(self.last)
        self._refresh_head()

    def _set_index(self, index: int, announce: bool = True) -> None:
        """Show step `index`; with announce, say so (the board follows) even if the index stayed."""
        changed = index != self.index
        self.index = index
        if announce and (changed or self.track == SEARCH):
            self.post_message(StepChosen(index))

    def _prompt(self, i: int) -> str:
        if self.track == SEARCH:
            return f"{self.search.number(i):>4}. {self.steps[i].label}"
        return f"{i:>4}. {self.steps[i].label}" if i else "   0. start"

    def _list_around(self, index: int) -> None:
        """Put the window of steps around index into the list widget, unless it is there already."""
        listed = self._listed
        if (self.track == SEARCH and listed and listed.start <= index and listed.stop < len(self.steps)
                and len(self.steps) - listed.start <= 2 * WINDOW):
            # the search track grew at its end: list the new snapshots after the others
            self.query_one(OptionList).add_options([Option(self._prompt(i), id=str(i))
                                                     for i in range(listed.stop, len(self.steps))])
            self._listed = range(listed.start, len(self.steps))
            return
        outside = not listed or not listed.start <= index < listed.stop
        near_start = index < listed.start + MARGIN and listed.start > 0
        near_end = index >= listed.stop - MARGIN and listed.stop < len(self.steps)
        if not (outside or near_start or near_end):
            return
        lo = max(0, min(index - WINDOW // 2, len(self.steps) - WINDOW))
        self._listed = range(lo, min(len(self.steps), lo + WINDOW))
        listing = self.query_one(OptionList)
        listing.clear_options()
        listing.add_options([Option(self._prompt(i), id=str(i)) for i in self._listed])

    def clear(self, why: str = "no solution yet") -> None:
        """Nothing to show (the board changed): no solution and no search track."""
        self.solutions = []
        self.solution_shown = 0
        self.search = SearchTrack()
        self.running = False
        self._message = why
        self._empty(why)
        self.refresh_bindings()

    @property
    def last(self) -> int:
        return max(0, len(self.steps) - 1)

    def watch_index(self, index: int) -> None:
        self._place(index)

    def _place(self, index: int) -> None:
        """The scrub bar, the list and the head at step index."""
        if not self.steps:
            return
        self.query_one(ScrubBar).position = index
        self._list_around(index)
        listing = self.query_one(OptionList)
        if listing.highlighted != index - self._listed.start:
            listing.highlighted = index - self._listed.start
        self._refresh_head()

    def _refresh_head(self) -> None:
        if not self.steps:
            return
        step = self.steps[self.index]
        text = Text(no_wrap=True, overflow="ellipsis")
        if self.track == SEARCH:
            if self.running:
                text.append("● live · " if self.follow else "❚❚ held · ", "bold")
            text.append(f"search {self.index + 1:,}/{len(self.steps):,}", "bold")
            if self.search.thinned:
                text.append(f" of {self.search.added:,} (older thinned)", "dim")
            text.append(f"  {step.label}")
            self.query_one("#timeline-head", LiveText).update(text)
            return
        state = f"▶ playing {SPEEDS[self.speed]:g}/s" if self.playing else f"❚❚ paused {SPEEDS[self.speed]:g}/s"
        if len(self.solutions) > 1:
            text.append(f"solution {self.solution_shown + 1}/{len(self.solutions)} · ", "bold")
        text.append(f"step {self.index:,}/{self.last:,}", "bold")
        text.append(f"  {step.label}  ")
        text.append(state, "dim")
        self.query_one("#timeline-head", LiveText).update(text)

    def _go(self, index: int) -> None:
        if not self.steps:
            return
        index = max(0, min(self.last, index))
        if self.track == SEARCH and self.running:  # stepping holds the view; reaching the newest follows again
            following = index == self.last
            if following != self.follow:
                self.follow = following
                self._refresh_head()
        if index != self.index:
            self.index = index
            self.post_message(StepChosen(index))

    # --- keys -----------------------------------------------------------------
    def action_step(self, delta: int) -> None:
        self.stop()
        self._go(self.index + delta)

    def action_jump(self, where: int) -> None:
        self.stop()
        self._go(self.last if where < 0 else where)

    def action_solution(self, delta: int) -> None:
        if len(self.solutions) > 1:
            self.solution_shown = (self.solution_shown + delta) % len(self.solutions)
            self._show(self.solutions[self.solution_shown])

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "solution":
            return len(self.solutions) > 1  # shown only when there are several
        return True

    @property
    def can_switch(self) -> bool:
        """There is another track to show: the search's snapshots, or (after the search) the solution."""
        return len(self.search) > 0 and not (self.running and self.track == SEARCH)

    @property
    def can_freeze(self) -> bool:
        return self.running

    def action_play(self) -> None:
        if self.playing:
            self.stop()
            return
        if not self.steps:
            return
        if self.index >= self.last:
            self._go(0)
        self.playing = True
        self._restart_timer()

    def action_speed(self, delta: int) -> None:
        self.speed = max(0, min(len(SPEEDS) - 1, self.speed + delta))
        if self.playing:
            self._restart_timer()
        self._refresh_head()

    def stop(self) -> None:
        self.playing = False
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
        self._refresh_head()

    def _restart_timer(self) -> None:
        if self._timer is not None:
            self._timer.stop()
        self._timer = self.set_interval(1 / SPEEDS[self.speed], self._tick)
        self._refresh_head()

    def _tick(self) -> None:
        if self.index >= self.last:
            self.stop()
            return
        self._go(self.index + 1)

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        """A step picked in the list with the mouse (its keys move the timeline directly).

        Setting the list's highlight from here (watch_index) posts this message too, and it
        arrives later: in a burst of keys the highlight has moved on by then. Acting on such
        a stale message would move the index back, post another, and so on forever; only the
        list's highlight as it is now counts.
        """
        event.stop()
        current = event.option_list.highlighted_option
        if current is None or current.id is None or current.id != event.option.id or not self.steps:
            return
        index = int(current.id)  # by id: the window may have moved since the list was filled
        if index != self.index:
            self.stop()
            self._go(index)
