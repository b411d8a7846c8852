"""The Rules screen: a game's whole rule book (or any short text, such as
Statistics), wrapped to the screen, a page at a time with UP/DOWN; LEFT/RIGHT
go to the previous/next part of a rule book; B or A goes back.

A game's rules are read from the rule file (``rulebook.txt`` beside the app
package, written by tools/make/gen_rules_text.py from docs/rules/*.md) a
paragraph at a time: the screen keeps where each paragraph starts in the
file and one flag per wrapped line, never the rule text itself, so a rule
book of 14 KB costs a few hundred bytes of heap (on the Pico a .mpy module's
strings live in the heap).

Names cost heap for good on the Pico (every attribute, method and short
string is interned, and the 240x240 board has no room for a new pool of
them, tools/bench/mem_report.py), so this module reuses names the runtime already
holds: ``lines``, ``index``, ``shown``, and does its work in the methods
every screen has."""

from micropython import const

from app.kit import buttons, fontdata, text, theme
from app.screen import StaticScreen

# Private constants are const(): mpy-cross folds them into the code, so their
# names take no heap on the Pico (tools/bench/mem_report.py).
_ROW_H = const(13)
_MAX_LINE = const(1024)  # bytes per paragraph line of the rule file (gen_rules_text.MAX_LINE)
_HEAD = const(2)  # a heading's flag in ``lines`` (1: text, 0: blank)

# The rule file sits beside the glyph file (app.kit.text finds where that is); a
# frozen app reads the firmware image's copy (app.kit.text.open_glyphs).
# Its name is longer than MicroPython interns, so it adds no name.
PATH = text.PATH[: len(text.PATH) - len(fontdata.FILE)] + "rulebook.txt"


def page_starts(lines, rows):
    """The first line (index into ``lines``, a sequence whose items are false
    for blank lines: str, or 0/1/2 flags, 2 a heading) of each page of
    ``rows`` lines: a heading starts a page (a page ends before it, never
    with it, so LEFT/RIGHT find each part at a page's top); otherwise a page
    keeps its last line as the next page's first, for context, unless that
    line would be the next page's only text. A page never starts with blank
    lines (they are skipped)."""
    starts = [0]
    s = 0
    n = len(lines)
    while True:
        e = s + 1  # the page is lines s..e-1: up to ``rows``, or to a heading
        while e < n and e < s + rows and not (lines[e] == _HEAD and lines[e - 1] != _HEAD):
            e += 1
        if e >= n:
            break
        if not (lines[e] == _HEAD and lines[e - 1] != _HEAD):
            if e - 1 > s and lines[e - 1] == _HEAD:
                # A full page: a (wrapped) heading at its bottom goes to the next.
                while e - 1 > s and lines[e - 1] == _HEAD:
                    e -= 1
            else:
                k = e
                while k < n and not lines[k]:
                    k += 1
                # The last line again, for context, unless only blanks and
                # then a heading or the end follow: that page would hold
                # nothing new.
                e = k if k >= n or lines[k] == _HEAD else max(s + 1, e - 1)
            while e < n and not lines[e]:
                e += 1
            if e >= n:
                break
        s = e
        starts.append(s)
    return starts


class RulesScreen(StaticScreen):
    """Shows ``paragraphs`` titled ``title``; B returns to ``back`` (a
    screen). ``paragraphs``: a tuple or list of str held in memory, or a str,
    the key of a game's section of the rule file (``Entry.rules``, any case:
    a line ``@clubbed`` starts that section, then one paragraph per line,
    ``# `` before a heading), read a page at a time.

    ``lines``: the wrapped lines (text in memory) or, for the rule file, a
    bytearray with one flag per wrapped line (0 blank, 1 text, 2 heading);
    ``index``: None, or for the rule file a list of (file offset, first
    wrapped line) per paragraph, flat; ``starts``: each page's first line;
    ``top``: the shown page's first line; ``shown``: its lines (list of str).
    A rule file that cannot be read, or lacks the section, is said on the
    screen."""

    TALL_FULL = True  # its own layout on the whole 240x240 screen (app.kit.tall)

    def __init__(self, app, title, paragraphs, back):
        self.app = app
        self.back = back
        self.title = title
        if app.compact:
            from app.kit import compact

            w = app.width - 2
            self.rows = compact.rules_rows(app.height)
        else:
            w = app.width - 12
            self.rows = (app.height - 20) // _ROW_H
        self.width = w
        self.index = None
        if isinstance(paragraphs, str):
            try:
                # One pass over the file: the flags and the paragraph index
                # of the section; each paragraph is read, wrapped and dropped.
                flags = bytearray()
                index = []
                tag = "@" + paragraphs.lower()
                f = text.open_glyphs(PATH, text.is_frozen(__file__), "RULES")
                try:
                    pos = 0
                    inside = False
                    while True:
                        raw = f.readline(_MAX_LINE)
                        if not raw:
                            break
                        here = pos
                        pos += len(raw)
                        s = raw.decode("utf-8").rstrip()
                        if s[:1] == "@":
                            if inside:
                                break
                            inside = s == tag
                            continue
                        if inside:
                            index.append(here)
                            index.append(len(flags))
                            v = 0 if not s else _HEAD if s[:1] == "#" else 1
                            for _ in (text.wrap(s[2:] if v == _HEAD else s, w, text.SMALL)
                                      if v else (0,)):
                                flags.append(v)
                finally:
                    f.close()
                if not index:
                    raise ValueError("no rules for %s in %s" % (tag[1:], PATH))
                self.lines = flags
                self.index = index
            except (OSError, ValueError) as e:
                paragraphs = ("The rules cannot be read: %s." % e, "",
                              "Put the console on the Pico again (tools/make/flash.py).")
        if self.index is None:
            lines = []
            for p in paragraphs:
                lines.extend(text.wrap(p, w, text.SMALL) if p else [""])
            self.lines = lines
        self.starts = page_starts(self.lines, self.rows)
        self.page = 0
        self.on_button(None)

    def on_button(self, b):
        """UP/DOWN: previous/next page; LEFT/RIGHT: previous/next part (a
        page with a heading) of a rule book, or page of a text; A/B: back.
        None only fetches the current page."""
        n = len(self.starts)
        if b == buttons.DOWN:
            self.page = min(n - 1, self.page + 1)
        elif b == buttons.UP:
            self.page = max(0, self.page - 1)
        elif b == buttons.RIGHT or b == buttons.LEFT:
            step = 1 if b == buttons.RIGHT else -1
            i = self.page + step
            if self.index is not None:
                # The next page in that direction that a heading starts.
                while 0 <= i < n and self.lines[self.starts[i]] != _HEAD:
                    i += step
            self.page = max(0, min(n - 1, i))
        elif b == buttons.A or b == buttons.B:
            self.app.show(self.back)
            return
        top = self.top = self.starts[self.page]
        rows = self.rows
        if self.page + 1 < n and self.lines[self.starts[self.page + 1]] == _HEAD:
            rows = min(rows, self.starts[self.page + 1] - top)  # the heading starts the next
        if self.index is None:
            self.shown = self.lines[top: top + rows]
        else:
            # Read from the paragraph holding line ``top`` until the page is full.
            index = self.index
            p = 0
            while p + 2 < len(index) and index[p + 3] <= top:
                p += 2
            shown = []
            skip = top - index[p + 1]
            f = text.open_glyphs(PATH, text.is_frozen(__file__), "RULES")
            try:
                f.seek(index[p])
                while len(shown) < rows and p < len(index):
                    s = f.readline(_MAX_LINE).decode("utf-8").rstrip()
                    if s[:1] == "#":
                        s = s[2:]
                    for ln in (text.wrap(s, self.width, text.SMALL) if s else [""])[skip:]:
                        if len(shown) < rows:
                            shown.append(ln)
                    skip = 0
                    p += 2
            finally:
                f.close()
            self.shown = shown
        if b is not None:
            self.app.invalidate()

    def page_label(self):
        """"at/pages" (str) when there is more than one page, else ""."""
        if len(self.starts) < 2:
            return ""
        return "%d/%d" % (self.page + 1, len(self.starts))

    def keys_label(self):
        """The title bar's right end (str): the keys that turn the pages and
        the page number (LEFT/RIGHT: a rule book's parts, a text's pages, as
        ``on_button``), or on a single page (Statistics) the key that
        leaves it. A rule book's says "part" for LEFT/RIGHT, so no "page":
        "Rules: Klaberjass" and "10/26" leave no more room."""
        if len(self.starts) < 2:
            return "B back"
        # ◄ and ► apart: side by side they read as one blob.
        if self.index is None:
            return "\u25c4 \u25ba \u25b2\u25bc page " + self.page_label()
        return "\u25c4 \u25ba part \u25b2\u25bc " + self.page_label()

    def draw(self, fb):
        if self.app.compact:
            from app.kit import compact

            compact.rules(fb, self)
            return
        fb.fill(theme.PANEL)
        fb.fill_rect(0, 0, self.app.width, 16, theme.FELT_DARK)
        text.draw(fb, self.title, 4, 2, theme.GOLD, text.SMALL)
        text.draw_right(fb, self.keys_label(), self.app.width - 4, 2, theme.TEXT_DIM, text.SMALL)
        y = 19
        for i in range(len(self.shown)):
            head = self.lines[self.top + i] == _HEAD  # never so for a text's str lines
            text.draw(fb, self.shown[i], 6, y, theme.GOLD if head else theme.TEXT, text.SMALL)
            y += _ROW_H


def show_notices(app):
    """Show (and forget) ``app.notices`` (list of str) over the current
    screen, on the Rules pager; A or B returns to that screen."""
    if not app.notices:
        return
    lines = app.notices
    app.notices = []
    app.show(RulesScreen(app, "Storage", lines + ["A or B: back."], app.screen))
