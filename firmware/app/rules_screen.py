"""The Rules screen: a game's rule summary, wrapped to the screen, a page at
a time with UP/DOWN (or LEFT/RIGHT); B or A goes back."""

from micropython import const

from app import buttons, text, theme
from app.screen import StaticScreen

# Private constants are const(): mpy-cross folds them into the code, so their
# names take no heap on the Pico (tools/mem_report.py).
_ROW_H = const(13)


def page_starts(lines, rows):
    """The first line (index into ``lines``, list of str) of each page of
    ``rows`` lines: a page keeps its last line as the next page's first, for
    context, and a page never starts with blank lines (they are skipped)."""
    starts = [0]
    s = 0
    n = len(lines)
    while s + rows < n:
        s += max(1, rows - 1)
        while s < n and not lines[s]:
            s += 1
        if s >= n:
            break
        starts.append(s)
    return starts


class RulesScreen(StaticScreen):
    """Shows ``paragraphs`` (tuple of str) titled ``title``; B returns to
    ``back`` (a screen)."""

    def __init__(self, app, title, paragraphs, back):
        self.app = app
        self.back = back
        self.title = title
        w = app.width - 12
        self.lines = []
        for p in paragraphs:
            if not p:
                self.lines.append("")
            else:
                self.lines.extend(text.wrap(p, w, text.SMALL))
        self.top = 0
        self.rows = (app.height - 20) // _ROW_H
        if app.compact:
            from app import compact

            self.lines = []
            for p in paragraphs:
                self.lines.extend(text.wrap(p, app.width - 2, text.SMALL) if p else [""])
            self.rows = compact.rules_rows(app.height)
        self.starts = page_starts(self.lines, self.rows)
        self.page = 0

    def on_button(self, b):
        if b == buttons.DOWN or b == buttons.RIGHT:
            self.page = min(len(self.starts) - 1, self.page + 1)
        elif b == buttons.UP or b == buttons.LEFT:
            self.page = max(0, self.page - 1)
        elif b == buttons.A or b == buttons.B:
            self.app.show(self.back)
            return
        self.top = self.starts[self.page]
        self.app.invalidate()

    def page_label(self):
        """"at/pages" (str) when there is more than one page, else ""."""
        if len(self.starts) < 2:
            return ""
        return "%d/%d" % (self.page + 1, len(self.starts))

    def draw(self, fb):
        if self.app.compact:
            from app import compact

            compact.rules(fb, self)
            return
        fb.fill(theme.PANEL)
        fb.fill_rect(0, 0, self.app.width, 16, theme.FELT_DARK)
        text.draw(fb, self.title, 4, 2, theme.GOLD, text.SMALL)
        if len(self.starts) > 1:
            text.draw_right(fb, "\u25b2\u25bc page " + self.page_label(), self.app.width - 4, 2,
                            theme.TEXT_DIM, text.SMALL)
        y = 19
        for i in range(self.top, min(len(self.lines), self.top + self.rows)):
            text.draw(fb, self.lines[i], 6, y, theme.TEXT, text.SMALL)
            y += _ROW_H
