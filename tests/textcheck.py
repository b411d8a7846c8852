"""What a test sees of the text in a frame, to check that every text fits
(issue 32 item 14): while a ``TextCheck`` is on, it records in ``found``

- a text ``app.kit.text.fit`` shortened with "…" (cut);
- a word ``app.kit.text.wrap`` had to split (longer than a line);
- a text whose ink runs off its frame, left, right, above or below;
- a rule ID of the rule book ("PC-7"): the console speaks a player's words;
- two texts whose ink overlaps (more than the one pixel row a descender
  may share with the line under it on the 128x64 layout), unless a fill
  drawn between them (a panel, a highlight bar) covers the place where
  they meet; a text drawn again over its own characters (suits recoloured)
  is no overlap.

Ink, not glyph cells: the compact layout puts rows of 12-pixel cells 10
pixels apart, their blank edges shared. A frame is what is drawn between
``begin()`` calls (``draw_frame`` does both)."""

import re

from app.kit import text

_ink_cache = {}
RULE_ID = re.compile(r"\b[A-Z]{2}-\d+\b")  # CB-4, KJ-11, PC-7: RULES.md's IDs


def _char_pixels(font, ch):
    """The inked pixels (x, y) of ``ch``'s glyph in its cell (a tuple)."""
    k = (id(font), ch)
    if k not in _ink_cache:
        i = font.index(ch)
        text._GLYPHS.seek(font.offset + i * font.size)
        data = text._GLYPHS.read(font.size)
        bpr = (font.w + 7) // 8
        _ink_cache[k] = tuple((x, y) for y in range(font.h) for x in range(font.w)
                              if data[y * bpr + x // 8] & (0x80 >> (x % 8)))
    return _ink_cache[k]


def _char_ink(font, ch):
    """(left, top, right, bottom) of ``ch``'s inked pixels in its cell, or None."""
    px = _char_pixels(font, ch)
    if not px:
        return None
    xs = [p[0] for p in px]
    ys = [p[1] for p in px]
    return min(xs), min(ys), max(xs), max(ys)


def pixels(s, x, y, font):
    """The set of pixels (x, y) ``s`` drawn at (x, y) in ``font`` lights."""
    out = set()
    for i, ch in enumerate(s):
        cx = x + i * font.w
        for px, py in _char_pixels(font, ch):
            out.add((cx + px, y + py))
    return out


def ink_box(s, x, y, font):
    """The box (x0, y0, x1, y1, inclusive) of the ink of ``s`` drawn at
    (x, y) in ``font``, or None for no ink."""
    box = None
    for i, ch in enumerate(s):
        b = _char_ink(font, ch)
        if b is None:
            continue
        b = (x + i * font.w + b[0], y + b[1], x + i * font.w + b[2], y + b[3])
        box = b if box is None else (min(box[0], b[0]), min(box[1], b[1]),
                                     max(box[2], b[2]), max(box[3], b[3]))
    return box


def _size(fb):
    fb = getattr(fb, "fb", fb)  # tests/bounds.py's wrapper
    return fb._width, fb._height


class TextCheck:
    """A context manager; ``found`` lists what it caught (str)."""

    def __init__(self):
        self.found = []
        self.log = {}  # per frame buffer (by id): ("text", box, s) / ("fill", box)

    def begin(self):
        self.log = {}

    def __enter__(self):
        import framebuf

        self.saved = (text.fit, text.wrap, text.draw, framebuf.FrameBuffer.fill,
                      framebuf.FrameBuffer.fill_rect)
        fit, wrap, draw, fill, fill_rect = self.saved
        found, check = self.found, self

        def spy_fit(s, max_px, font=text.SMALL):
            r = fit(s, max_px, font)
            if r != s:
                found.append("cut: %r" % s)
            return r

        def spy_wrap(s, max_px, font=text.SMALL):
            cols = max(1, max_px // font.w)
            for word in s.replace("\n", " ").split(" "):
                if len(word) > cols:
                    found.append("a word split by wrap (%d columns): %r in %r" % (cols, word, s))
            return wrap(s, max_px, font)

        def spy_draw(fb, s, x, y, color, font=text.SMALL):
            end = draw(fb, s, x, y, color, font)
            check._text(fb, s, x, y, font)
            return end

        def spy_fill(fb, c):
            check._fill(fb, 0, 0, 1 << 16, 1 << 16)
            return fill(fb, c)

        def spy_fill_rect(fb, x, y, w, h, c):
            check._fill(fb, x, y, w, h)
            return fill_rect(fb, x, y, w, h, c)

        text.fit, text.wrap, text.draw = spy_fit, spy_wrap, spy_draw
        framebuf.FrameBuffer.fill = spy_fill
        framebuf.FrameBuffer.fill_rect = spy_fill_rect
        return self

    def __exit__(self, *exc):
        import framebuf

        (text.fit, text.wrap, text.draw, framebuf.FrameBuffer.fill,
         framebuf.FrameBuffer.fill_rect) = self.saved

    def _fill(self, fb, x, y, w, h):
        if w > 0 and h > 0:
            box = (x, y, x + w - 1, y + h - 1)
            entries = self.log.setdefault(id(fb), [])
            # A text wholly under this fill can no longer be found
            # overlapping a later one (the fill covers where they meet), so
            # it leaves the log; then so do the fills no text is before.
            # Without this a run that never calls begin() (a whole linked
            # game) compares every text with every earlier one.
            entries[:] = [e for e in entries if e[0] != "text" or not (
                box[0] <= e[1][0] and box[1] <= e[1][1] and e[1][2] <= box[2]
                and e[1][3] <= box[3])]
            while entries and entries[0][0] == "fill":
                del entries[0]
            if entries:
                entries.append(("fill", box))

    def _text(self, fb, s, x, y, font):
        if RULE_ID.search(s):
            self.found.append("a rule ID: %r" % s)
        box = ink_box(s, x, y, font)
        if box is None:
            return
        w, h = _size(fb)
        if x >= w:
            return  # drawn past the right edge on purpose: never seen
        if box[0] < 0 or box[1] < 0 or box[2] >= w or box[3] >= h:
            self.found.append("off the %dx%d screen (ink %r): %r" % (w, h, box, s))
        entries = self.log.setdefault(id(fb), [])
        for i in range(len(entries) - 1, -1, -1):
            kind, other = entries[i][0], entries[i][1]
            if kind != "text":
                continue
            s1, x1, y1, f1 = entries[i][3]
            k = (x - x1) // font.w
            if f1 is font and y1 == y and (x - x1) % font.w == 0 and s1[k:k + len(s)] == s:
                continue  # the same characters again in place: recoloured (suits)
            meet = (max(box[0], other[0]), max(box[1], other[1]),
                    min(box[2], other[2]), min(box[3], other[3]))
            if meet[0] > meet[2] or meet[1] > meet[3]:
                continue
            # The ink itself, not its box (a descender may pass the dot of an i).
            mine = pixels(s, x, y, font)
            shared = [p for p in pixels(*entries[i][3]) if p in mine
                      and meet[0] <= p[0] <= meet[2] and meet[1] <= p[1] <= meet[3]]
            if not shared:
                continue
            if abs(y - y1) >= 9 and len(set(p[1] for p in shared)) == 1:
                # The compact layout's rows, 10 px apart: a descender (g, y)
                # may touch the dot of an i below in one pixel row; counted
                # only when more meet.
                continue
            xs = [p[0] for p in shared]
            ys = [p[1] for p in shared]
            meet = (min(xs), min(ys), max(xs), max(ys))
            covered = any(e[0] == "fill" and e[1][0] <= meet[0] and e[1][1] <= meet[1]
                          and e[1][2] >= meet[2] and e[1][3] >= meet[3]
                          for e in entries[i + 1:])
            if not covered:
                self.found.append("overlaps %r: %r" % (entries[i][2], s))
        entries.append(("text", box, s, (s, x, y, font)))


def draw_frame(app, check):
    """Draw ``app``'s current screen now, as one frame of ``check``."""
    check.begin()
    app.invalidate()
    app.step()
