"""The Rules screen: a game's rule summary, wrapped to the screen, a page at
a time with UP/DOWN (or LEFT/RIGHT); B or A goes back."""

from micropython import const

from app import buttons, text, theme
from app.screen import StaticScreen

# Private constants are const(): mpy-cross folds them into the code, so their
# names take no heap on the Pico (tools/mem_report.py).
_ROW_H = const(13)


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

    def on_button(self, b):
        # A page keeps its last line as the next page's first, for context.
        page = max(1, self.rows - 1)
        last = max(0, len(self.lines) - self.rows)
        if b == buttons.DOWN or b == buttons.RIGHT:
            self.top = min(last, self.top + page)
        elif b == buttons.UP or b == buttons.LEFT:
            self.top = max(0, self.top - page)
        elif b == buttons.A or b == buttons.B:
            self.app.show(self.back)
            return
        self.app.invalidate()

    def draw(self, fb):
        if self.app.compact:
            from app import compact

            compact.rules(fb, self)
            return
        fb.fill(theme.PANEL)
        fb.fill_rect(0, 0, self.app.width, 16, theme.FELT_DARK)
        text.draw(fb, self.title, 4, 2, theme.GOLD, text.SMALL)
        n = len(self.lines)
        if n > self.rows:
            page = max(1, self.rows - 1)
            pages = (n - self.rows + page - 1) // page + 1
            at = (self.top + page - 1) // page + 1
            text.draw_right(fb, "\u25b2\u25bc page %d/%d" % (at, pages), self.app.width - 4, 2,
                            theme.TEXT_DIM, text.SMALL)
        y = 19
        for i in range(self.top, min(len(self.lines), self.top + self.rows)):
            text.draw(fb, self.lines[i], 6, y, theme.TEXT, text.SMALL)
            y += _ROW_H
