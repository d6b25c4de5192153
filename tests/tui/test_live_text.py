"""LiveText: text a running search changes often lays the screen out only when its height changes,
and never keeps a stale height."""
from textual.app import App, ComposeResult
from textual.widget import Widget

from puzzle_explorer.tui.widgets.live_text import LiveText


class OneText(App):
    CSS = "LiveText { height: auto; } #below { height: 1; }"

    def compose(self) -> ComposeResult:
        yield LiveText("searching… 1 expanded", id="text")
        yield LiveText("below", id="below")


async def test_a_text_of_the_same_height_is_repainted_without_a_layout(monkeypatch):
    layouts: list[str] = []
    refresh = Widget.refresh

    def counting(self, *regions, layout=False, **kwargs):
        if layout:
            layouts.append(self.id or type(self).__name__)
        return refresh(self, *regions, layout=layout, **kwargs)

    app = OneText()
    async with app.run_test(size=(30, 10)) as pilot:
        text = app.query_one("#text", LiveText)
        below = app.query_one("#below", LiveText)
        await pilot.pause()
        text.update("searching… 2 expanded")  # the first update since the layout: its height is learned
        await pilot.pause()
        monkeypatch.setattr(Widget, "refresh", counting)
        for n in range(3, 50):
            text.update(f"searching… {n:,} expanded")
            await pilot.pause()
        assert layouts == []
        assert "searching… 49 expanded" in str(text.render())
        # text that wraps to three lines at 30 columns: laid out, and what is below moves down
        text.update("searching… 1,000,000,000 expanded, 2,000,000 states seen")
        await pilot.pause()
        assert "text" in layouts
        assert text.size.height == 3 and below.region.y == 3
        layouts.clear()
        text.update("done")
        await pilot.pause()
        assert "text" in layouts and text.size.height == 1 and below.region.y == 1
        # an update that asks for no layout gets none, as Static's own
        layouts.clear()
        text.update("done again", layout=False)
        await pilot.pause()
        assert layouts == []
