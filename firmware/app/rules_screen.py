"""The Rules screen: a game's whole rule book (or any short text, such as
Statistics), wrapped to the screen, a page at a time with UP/DOWN; LEFT/RIGHT
go to the previous/next part of a rule book; B or A goes back.

A game's rules are read from the rule file (``rules.txt`` beside the app
package, written by tools/gen_rules_text.py from docs/rules/*.md) a
paragraph at a time: the screen keeps where each paragraph starts in the
file and which wrapped lines hold text, never the rule text itself, so a
rule book of 14 KB costs a few hundred bytes of heap (on the Pico a .mpy
module's strings live in the heap)."""

from micropython import const

from app import buttons, fontdata, text, theme
from app.screen import StaticScreen

# Private constants are const(): mpy-cross folds them into the code, so their
# names take no heap on the Pico (tools/mem_report.py).
_ROW_H = const(13)
_MAX_LINE = const(1024)  # bytes per paragraph line of the rule file (gen_rules_text.MAX_LINE)

# The rule file sits beside the glyph file (app.text finds where that is).
PATH = text.PATH[: len(text.PATH) - len(fontdata.FILE)] + "rules.txt"


def page_starts(lines, rows):
    """The first line (index into ``lines``, a sequence whose items are false
    for blank lines: str, or 0/1 flags) of each page of ``rows`` lines: a page
    keeps its last line as the next page's first, for context, and a page
    never starts with blank lines (they are skipped)."""
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


def _para(raw):
    # One paragraph line of the rule file as (text, heading?).
    s = raw.decode("utf-8").rstrip("\r\n")
    if s.startswith("# "):
        return s[2:], True
    return s, False


class Book:
    """Section ``key`` (str, e.g. "clubbed") of the rule file at ``path``,
    wrapped ``width`` pixels wide: ``flags`` (bytearray, one per wrapped
    line: 0 blank, 1 text, 2 heading), ``lines(first, n)`` reads ``n`` of
    them back as (list of str, list of bool: heading). Raises OSError when
    the file cannot be read and ValueError when it has no such section."""

    def __init__(self, path, key, width):
        self.path = path
        self.width = width
        self.offs = []  # file offset of each paragraph
        self.firsts = []  # index of its first wrapped line
        flags = bytearray()
        tag = ("@" + key).encode()
        f = open(path, "rb")
        try:
            pos = 0
            inside = False
            while True:
                raw = f.readline(_MAX_LINE)
                if not raw:
                    break
                here = pos
                pos += len(raw)
                if raw[:1] == b"@":
                    if inside:
                        break
                    inside = raw.rstrip() == tag
                    continue
                if not inside:
                    continue
                s, head = _para(raw)
                self.offs.append(here)
                self.firsts.append(len(flags))
                if not s:
                    flags.append(0)
                    continue
                for _ in text.wrap(s, width, text.SMALL):
                    flags.append(2 if head else 1)
        finally:
            f.close()
        if not inside:
            raise ValueError("no rules for %s in %s" % (key, path))
        self.flags = flags

    def lines(self, first, n):
        """Wrapped lines ``first`` .. ``first + n - 1`` (fewer at the end)."""
        firsts = self.firsts
        p = 0
        while p + 1 < len(firsts) and firsts[p + 1] <= first:
            p += 1
        out = []
        heads = []
        skip = first - firsts[p]
        f = open(self.path, "rb")
        try:
            f.seek(self.offs[p])
            while len(out) < n and p < len(firsts):
                s, head = _para(f.readline(_MAX_LINE))
                got = text.wrap(s, self.width, text.SMALL) if s else [""]
                for ln in got[skip:]:
                    if len(out) < n:
                        out.append(ln)
                        heads.append(head)
                skip = 0
                p += 1
        finally:
            f.close()
        return out, heads


class RulesScreen(StaticScreen):
    """Shows ``paragraphs`` titled ``title``; B returns to ``back`` (a
    screen). ``paragraphs``: a tuple or list of str held in memory, or a str,
    the key of a game's section of the rule file (``Entry.rules`` lower
    case), read a page at a time.

    ``flags`` marks each wrapped line (false: blank; for a text in memory
    ``lines``, the wrapped lines themselves), ``starts`` is each page's first
    line, ``top`` the shown page's first line and ``shown`` /
    ``heads`` its lines and which of them are headings."""

    def __init__(self, app, title, paragraphs, back):
        self.app = app
        self.back = back
        self.title = title
        if app.compact:
            from app import compact

            w = app.width - 2
            self.rows = compact.rules_rows(app.height)
        else:
            w = app.width - 12
            self.rows = (app.height - 20) // _ROW_H
        self.book = None
        self.all = None
        if isinstance(paragraphs, str):
            try:
                self.book = Book(PATH, paragraphs.lower(), w)
                self.flags = self.book.flags
            except (OSError, ValueError) as e:
                # A missing or damaged rule file is told, not a crash.
                paragraphs = ("The rules cannot be read: %s." % e,
                              "", "Put the console on the Pico again (tools/flash.py).")
        if self.book is None:
            lines = []
            for p in paragraphs:
                lines.extend(text.wrap(p, w, text.SMALL) if p else [""])
            self.lines = self.all = self.flags = lines
        self.starts = page_starts(self.flags, self.rows)
        self.page = 0
        self._turn()

    def _turn(self):
        # Fetch the lines of page ``self.page``.
        self.top = self.starts[self.page]
        if self.book is not None:
            self.shown, self.heads = self.book.lines(self.top, self.rows)
        else:
            self.shown = self.all[self.top: self.top + self.rows]
            self.heads = [False] * len(self.shown)

    def _part(self, step):
        # The next (step 1) or previous (-1) page holding a heading: a part
        # of the rule book; the last or first page when there is none.
        flags = self.flags
        i = self.page + step
        while 0 <= i < len(self.starts):
            s = self.starts[i]
            for j in range(s, min(len(flags), s + self.rows)):
                if flags[j] == 2:
                    return i
            i += step
        return 0 if step < 0 else len(self.starts) - 1

    def on_button(self, b):
        if b == buttons.DOWN:
            self.page = min(len(self.starts) - 1, self.page + 1)
        elif b == buttons.UP:
            self.page = max(0, self.page - 1)
        elif b == buttons.RIGHT or b == buttons.LEFT:
            if self.book is None:
                step = 1 if b == buttons.RIGHT else -1
                self.page = max(0, min(len(self.starts) - 1, self.page + step))
            else:
                self.page = self._part(1 if b == buttons.RIGHT else -1)
        elif b == buttons.A or b == buttons.B:
            self.app.show(self.back)
            return
        self._turn()
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
            text.draw_right(fb, "\u25b2\u25bc " + self.page_label(), self.app.width - 4, 2,
                            theme.TEXT_DIM, text.SMALL)
        y = 19
        for i in range(len(self.shown)):
            text.draw(fb, self.shown[i], 6, y, theme.GOLD if self.heads[i] else theme.TEXT,
                      text.SMALL)
            y += _ROW_H
