"""The Rules screen: a game's rules in a player's words (How to play,
Scoring, Tips), or any short text such as Statistics, wrapped to the screen,
a page at a time with UP/DOWN; LEFT/RIGHT go to the previous/next part of
the rules; B or A goes back. A rules page's header names the game and the
part with the page within it ("Scoring 2 of 3").

A game's rules are read from the rule file (``rulebook.txt`` beside the app
package, written by tools/make/gen_rules_text.py from docs/rules/console/*.md)
a paragraph at a time: the screen keeps where each paragraph starts in the
file and one flag per wrapped line, never the text itself, so the rules
cost a few hundred bytes of heap (on the Pico a .mpy module's strings live
in the heap).

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
# ``lines`` flags of a game's rules: 0 blank, 1 text, and
_HEAD = const(2)  # a part's heading
_END = const(3)  # text ending a sentence (. ! ?)
_CLAUSE = const(4)  # text ending a clause (; :)

# The rule file sits beside the glyph file (app.kit.text finds where that is); a
# frozen app reads the firmware image's copy (app.kit.text.open_glyphs).
# Its name is longer than MicroPython interns, so it adds no name.
PATH = text.PATH[: len(text.PATH) - len(fontdata.FILE)] + "rulebook.txt"


def part(f, index, line):
    """The name of the part whose heading is wrapped line ``line``, read
    from the rule file ``f`` by its paragraph ``index``."""
    i = 1
    while index[i] != line:
        i += 2
    f.seek(index[i - 1])
    return f.readline(_MAX_LINE).decode("utf-8").rstrip()[2:]


def page_starts(lines, rows):
    """The first line (index into ``lines``) of each page of ``rows`` lines.

    A game's rules (``lines`` a bytearray of the flags above): a part's
    heading goes to the header, so its first page starts with the line
    after it; a page ends where its part does, or when full, and then
    after its last whole sentence when that leaves it 40% full, else after
    its last clause when that leaves it 60% full (on a small screen a
    sentence can be longer than a page); no line is shown twice.

    A text (``lines`` of str, false for blank lines): a full page ends
    after its last whole paragraph when that leaves it 40% full; no line is
    shown twice. Either way a page never starts with blank lines (they are
    skipped)."""
    if isinstance(lines, bytearray):
        starts = []
        n = len(lines)
        s = 0
        while s < n:
            if lines[s] == 0 or lines[s] == _HEAD:
                s += 1
                continue
            starts.append(s)
            e = s
            while e < n and e < s + rows and lines[e] != _HEAD:
                e += 1
            if e < n and lines[e] != 0 and lines[e] != _HEAD and lines[e - 1] != _END:
                # Full, mid-sentence: back to the end of its last sentence,
                # else of its last clause.
                k = e
                while k > s and lines[k - 1] != _END and lines[k - 1] != 0:
                    k -= 1
                while k > s and lines[k - 1] == 0:
                    k -= 1
                if 5 * (k - s) >= 2 * rows:
                    e = k
                elif lines[e - 1] != _CLAUSE:
                    k = e
                    while k > s and lines[k - 1] == 1:
                        k -= 1
                    if 5 * (k - s) >= 3 * rows:
                        e = k
            s = e
        return starts
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
            elif lines[e]:
                # Full, mid-paragraph: back to the end of its last whole
                # paragraph when that leaves it 40% full.
                k = e
                while k > s + 1 and lines[k - 1]:
                    k -= 1
                if not lines[k - 1] and 5 * (k - s) >= 2 * rows:
                    e = k
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
    ``# `` before a part's heading), read a page at a time.

    ``lines``: the wrapped lines (text in memory) or, for the rule file, a
    bytearray with one flag per wrapped line (``page_starts``; a heading is
    one line, shown in the header); ``index``: None, or for the rule file a
    list of (file offset, first wrapped line) per paragraph, flat;
    ``starts``: each page's first line; ``top``: the shown page's first
    line; ``shown``: its lines (list of str); ``name``: for the rule file,
    the shown page's part and page ("Scoring 2 of 3"). A rule file that
    cannot be read, or lacks the section, is said on the screen."""

    TALL_FULL = True  # its own layout on the whole 240x240 screen (app.kit.tall)
    # A game's rules, on a part's last page: where DOWN goes ("▼ Scoring
    # next"), else "".
    next_sign = ""

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
                            if not s or s[:1] == "#":
                                flags.append(_HEAD if s else 0)  # a heading: one line, the header's
                                continue
                            if app.compact:
                                # Five short lines a page: each sentence on
                                # lines of its own, so that a page can end
                                # with any of them.
                                s = s.replace(". ", ".\n")
                            for ln in text.wrap(s, w, text.SMALL):
                                # Its last character, by code: a short string would
                                # be a new interned name on the Pico.
                                c = ord(ln[-1]) if ln else 0
                                flags.append(_END if c == 46 or c == 33 or c == 63  # . ! ?
                                             else _CLAUSE if c == 59 or c == 58 else 1)  # ; :
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

    def open_at(self, prefix):
        """A text: show the page holding its first line that starts with
        ``prefix`` (Statistics opens on the game picked on the title)."""
        lines = self.lines
        for i in range(len(lines)):
            if lines[i].startswith(prefix):
                p = 0
                while p + 1 < len(self.starts) and self.starts[p + 1] <= i:
                    p += 1
                self.page = p
                self.on_button(None)
                return

    def on_button(self, b):
        """UP/DOWN: previous/next page; LEFT/RIGHT: a game's rules, the next
        part's first page or this part's (the previous part's from there);
        a text, the previous/next page; A/B: back. None only fetches the
        current page."""
        n = len(self.starts)
        if b == buttons.DOWN:
            self.page = min(n - 1, self.page + 1)
        elif b == buttons.UP:
            self.page = max(0, self.page - 1)
        elif b == buttons.RIGHT or b == buttons.LEFT:
            step = 1 if b == buttons.RIGHT else -1
            i = self.page + step
            if self.index is not None:
                # The next page in that direction that starts a part.
                while 0 <= i < n and self.lines[self.starts[i] - 1] != _HEAD:
                    i += step
            self.page = max(0, min(n - 1, i))
        elif b == buttons.A or b == buttons.B:
            self.app.show(self.back)
            return
        top = self.top = self.starts[self.page]
        rows = self.rows
        if self.index is None:
            # To the next page's first line: none is shown twice.
            end = self.starts[self.page + 1] if self.page + 1 < n else top + rows
            self.shown = self.lines[top: min(end, top + rows)]
        else:
            # The page: up to the next page or the part's end, without the
            # blank lines at its end.
            lines = self.lines
            e = top
            end = self.starts[self.page + 1] if self.page + 1 < n else len(lines)
            while e < end and e < top + rows and lines[e] != _HEAD:
                e += 1
            while lines[e - 1] == 0:
                e -= 1
            rows = e - top
            # Its part: the first and last page, and the heading's line.
            first = self.page
            while first > 0 and lines[self.starts[first] - 1] != _HEAD:
                first -= 1
            last = self.page
            while last + 1 < n and lines[self.starts[last + 1] - 1] != _HEAD:
                last += 1
            head = self.starts[first] - 1
            # Read from the paragraph holding line ``top`` until the page is full.
            index = self.index
            p = 0
            while p + 2 < len(index) and index[p + 3] <= top:
                p += 2
            shown = []
            skip = top - index[p + 1]
            f = text.open_glyphs(PATH, text.is_frozen(__file__), "RULES")
            try:
                # The header: "Scoring 2 of 3" (the part's name from its heading).
                self.name = ""
                if head >= 0 and lines[head] == _HEAD:
                    self.name = "%s %d of %d" % (part(f, index, head),
                                                 self.page - first + 1, last - first + 1)
                # On a part's last page, the part DOWN goes to next: the
                # pages ran from one part into the next without a sign.
                self.next_sign = ""
                if self.page == last and last + 1 < n:
                    self.next_sign = "\u25bc %s next" % part(f, index, self.starts[last + 1] - 1)
                f.seek(index[p])
                while len(shown) < rows and p < len(index):
                    s = f.readline(_MAX_LINE).decode("utf-8").rstrip()
                    if self.app.compact:
                        s = s.replace(". ", ".\n")  # as ``__init__``
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
        """A game's rules: the shown part and page ("Scoring 2 of 3", str);
        a text: "at/pages" when it has more than one page, else ""."""
        if self.index is not None:
            return self.name
        if len(self.starts) < 2:
            return ""
        return "%d/%d" % (self.page + 1, len(self.starts))

    def keys_label(self):
        """The keys (str): a game's rules, those that turn the pages and
        leave (its footer); a text, the title bar's right end, the keys and
        the page number, or on a single page (Statistics) the key that
        leaves it."""
        # ◄ and ► apart: side by side they read as one blob.
        if self.index is not None:
            # Only the keys that go somewhere: UP and LEFT not from the
            # first page, DOWN and RIGHT not from the last. The arrows by
            # code: a short string would be a new interned name on the Pico.
            i = self.page > 0
            j = self.page + 1 < len(self.starts)
            keys = "   %s%s%s part   B back" % (chr(0x25c4) if i else "", " " if i and j else "",
                                                chr(0x25ba) if j else "")
            if self.next_sign:
                return self.next_sign + keys
            return "%s%s page%s" % (chr(0x25b2) if i else "", chr(0x25bc) if j else "", keys)
        if len(self.starts) < 2:
            return "B back"
        return "\u25c4 \u25ba \u25b2\u25bc page " + self.page_label()

    def draw(self, fb):
        if self.app.compact:
            from app.kit import compact

            compact.rules(fb, self)
            return
        w = self.app.width
        fb.fill(theme.PANEL)
        fb.fill_rect(0, 0, w, 16, theme.FELT_DARK)
        text.draw(fb, self.title, 4, 2, theme.GOLD, text.SMALL)
        if self.index is None:
            text.draw_right(fb, self.keys_label(), w - 4, 2, theme.TEXT_DIM, text.SMALL)
        else:
            # The game in gold, then the part and page; the keys at the foot
            # when a line is free there.
            text.draw(fb, self.name, 4 + (len(self.title) + 2) * text.SMALL.w, 2, theme.TEXT,
                      text.SMALL)
            y = self.app.height - text.SMALL.h
            if y >= 19 + self.rows * _ROW_H:
                fb.fill_rect(0, y, w, text.SMALL.h, theme.FELT_DARK)
                text.draw(fb, self.keys_label(), 6, y, theme.TEXT_DIM, text.SMALL)
        y = 19
        for ln in self.shown:
            text.draw(fb, ln, 6, y, theme.TEXT, text.SMALL)
            y += _ROW_H


def show_notices(app, title="Storage"):
    """Show (and forget) ``app.notices`` (list of str) over the current
    screen, on the Rules pager headed ``title``; A or B returns to that
    screen."""
    if not app.notices:
        return
    lines = app.notices
    app.notices = []
    app.show(RulesScreen(app, title, lines + ["A or B: back."], app.screen))
