"""The panel as text: what the app draws, laid out on a grid of characters.

The terminal's picture needs a terminal of 240x69 characters for a 240x135
screen; at 80x24 a picture cannot be read. So the simulator asks the app's
drawing kit what it draws (``app.kit.text.listener``: every string with its
position, font and colour; every card face with its card, a fan of backs,
an empty card place) and lays that out as text, at the place it has on the
screen, scaled to the grid: a 240x135 screen on 80x23 characters is 3 pixels
a column and about 6 a row, so a line of the small font (12 pixels high)
takes every other row and its words half the columns its pixels span.

The app stays the one source of what is shown: nothing here knows a
screen. The frame decides what is still visible: a string or card is kept
while its glyphs' pixels on the shown frame still have its colour (a menu
drawn over the table hides what is under it, a card played covers the
one it lands on), so the text always says what the picture shows. A
string is read whole or not at all: what a banner's edge leaves of
"collected 2" is not "ollected 2". Glyphs overlap when their ink does,
not their cells (a menu's lines 11 pixels apart in a 12-pixel font). The
grid's background is the frame itself, each cell the main colour of its
block of pixels with the glyphs taken out, so cards stay white rectangles
on the green felt, panels dark.

Cards read as their rank and suit, "Q♦", "10♥", on the card's colour (a
greyed card is grey); the card under the cursor (its double gold frame)
reads "►Q♦◄", as the menus mark their chosen row with "►", and so does a
chosen button (gold frame on the highlight), "►Pass◄"; a card in a
single gold frame (chosen to pass) reads "[Q♦]", other framed text "[♣]".
An empty card place (a dotted frame) is "__" in the frame's colour. A
hand takes one row, or two when some cards may be played and others not:
the playable ones (raised on the screen) on the upper row, the others on
the lower, faint as well as grey; Clubbed's DRAW goes on the upper. A
name in a large font just under cards (the title's game under its aces)
takes the row after theirs. A fan of backs is "▒" a card.

``Recorder`` is the listener; ``Recorder.grid(cols, rows)`` the laid-out
``Grid``, whose ``lines()`` give the plain text and ``ansi_lines()`` the
text in 24-bit colour. Only GS8 (colour) frames are read; a monochrome
board's frame has no colours to tell text from ground.
"""

from app.kit import text, theme
from host_sim.display import colour, rgb565_to_tuple

#: The font file's glyphs: MONO_HLSB, h rows of (w + 7) // 8 bytes.
_BITS = {}
#: The share of a glyph's set pixels that must still have its colour for
#: it to be seen: a card half under a menu is not read, nor "stock" whose
#: "k" a banner's edge cuts.
VISIBLE = 0.9
#: Character of a face-down card in a fan.
BACK_CHAR = "\u2592"
#: A card's frame: the cursor's (double, gold) or a single gold one.
CURSOR, FRAMED = 2, 1
#: The cursor's marks either side of its card or button, as the menus' ►.
CURSOR_MARKS = ("\u25ba", "\u25c4")
#: An empty card place (a dotted frame on the screen).
PLACE = "__"
#: A cell's weight: plain, bold (the large font, cards), faint (a card
#: that may not be played).
PLAIN, BOLD, FAINT = 0, 1, 2


_RGB = {}


def _rgb(i):
    rgb = _RGB.get(i)
    if rgb is None:
        rgb = _RGB[i] = rgb565_to_tuple(colour(i))
    return rgb


def glyph_bits(font, ch):
    """The (dx, dy) offsets of the pixels ``ch`` sets in ``font`` (a tuple,
    cached; empty for a space)."""
    key = (font.offset, ch)
    bits = _BITS.get(key)
    if bits is None:
        i = font.index(ch)
        if i == font.space:
            bits = ()
        else:
            with open(text.PATH, "rb") as f:
                f.seek(font.offset + i * font.size)
                raw = f.read(font.size)
            row = (font.w + 7) // 8
            bits = tuple((dx, dy) for dy in range(font.h) for dx in range(font.w)
                         if raw[dy * row + dx // 8] & (0x80 >> (dx % 8)))
        _BITS[key] = bits
    return bits


_INK = {}
_INK_SET = {}


def _ink_set(font, ch):
    key = (font.offset, ch)
    ink = _INK_SET.get(key)
    if ink is None:
        ink = _INK_SET[key] = frozenset(glyph_bits(font, ch))
    return ink


def _beside(x, y, ch, font, other):
    """True when glyph ``ch`` at (x, y) and glyph ``other`` ``(x, y, ch,
    font)`` stand on one line in one font, their cells less than a cell
    apart and their inks apart: a word's letters drawn closer
    (the title's "j" under the "r" of "Klaberjass"), not one drawn
    over the other."""
    ox, oy, och, ofont = other
    if oy != y or ofont is not font or ox == x:
        return False
    d = ox - x
    return not _ink_set(font, ch) & {(a + d, b) for a, b in _ink_set(font, och)}


def ink_box(font, ch):
    """The box ``(dx0, dy0, dx1, dy1)`` (end exclusive) of the pixels ``ch``
    sets in ``font``: lines of a menu 11 pixels apart in a 12-pixel font
    share a row of their cells, never one of ink."""
    key = (font.offset, ch)
    box = _INK.get(key)
    if box is None:
        bits = glyph_bits(font, ch) or ((0, 0),)
        box = _INK[key] = (min(b[0] for b in bits), min(b[1] for b in bits),
                           max(b[0] for b in bits) + 1, max(b[1] for b in bits) + 1)
    return box


class _Card:
    __slots__ = ("c", "x", "y", "w", "h", "dim", "glyphs", "seq")

    def __init__(self, c, x, y, w, h, dim, seq):
        self.c, self.x, self.y, self.w, self.h, self.dim = c, x, y, w, h, dim
        self.glyphs = []
        self.seq = seq


class Recorder:
    """``app.kit.text.listener``: keeps what was drawn on ``display`` (a
    ``host_sim.display.SimDisplay``) until the frame no longer shows it."""

    def __init__(self, display):
        self.display = display
        self.glyphs = {}  # (x, y, font.w) -> (ch, colour, font)
        self.cards = {}  # (x, y) -> _Card
        self.fans = {}  # (x, y) -> (n, w, h, step): a fan of backs, or one
        self.places = {}  # (x, y) -> (w, h)
        self.boxes = {}  # (x, y) -> (w, h): a box framed round a string (Clubbed's DRAW)
        self.current = None  # the card whose face is being drawn
        self.seq = 0  # draws so far: where glyphs overlap, the later one is seen
        self.views = []  # (FrameBuffer, its top row in the frame, or None)
        # (x, y) where strings drawn right-aligned end: a column of numbers
        # ("34" over "-" over "+54") is laid out by its right end too.
        self.rights = set()

    # -- the listener's calls (app.kit.text, app.kit.cardview)

    def _top(self, fb):
        """The frame row ``fb``'s row 0 is (0 for the display's own
        FrameBuffer; a view into its buffer, as the 240x240 layout's, is
        found once by changing one pixel through it and back), or None
        when ``fb`` draws elsewhere (a glyph's scratch buffer)."""
        d = self.display
        if fb is d.fb:
            return 0
        for known, top in self.views:
            if known is fb:
                return top
        top = None
        old = getattr(fb, "pixel", _none)(0, 0)
        if not d.mono and isinstance(old, int):
            before = bytes(d.buf)
            fb.pixel(0, 0, old ^ 0xFF)
            changed = [i for i in range(len(before)) if before[i] != d.buf[i]]
            fb.pixel(0, 0, old)
            if len(changed) == 1 and changed[0] % d.width == 0:
                top = changed[0] // d.width
        self.views = self.views[-7:] + [(fb, top)]
        return top

    def text(self, fb, s, x, y, color, font):
        top = self._top(fb)
        if top is None:
            return
        y += top
        w = font.w
        if self.current is not None:
            for i, ch in enumerate(s):
                if ch != " ":
                    self.current.glyphs.append((x + i * w, y, ch, color, font))
            return
        glyphs = self.glyphs
        self.seq += 1
        for i, ch in enumerate(s):
            if ch != " ":
                glyphs[(x + i * w, y, w)] = (ch, color, font, self.seq)

    def right(self, fb, rx, y):
        top = self._top(fb)
        if top is not None:
            self.rights.add((rx, y + top))

    def card(self, fb, c, x, y, w, h, dim):
        top = self._top(fb)
        if top is not None:
            self.seq += 1
            self.current = self.cards[(x, y + top)] = _Card(c, x, y + top, w, h, dim, self.seq)

    def end(self):
        self.current = None

    def backs(self, fb, n, x, y, w, h, step):
        top = self._top(fb)
        if top is not None:
            self.fans[(x, y + top)] = (n, w, h, step)

    def place(self, fb, x, y, w, h):
        top = self._top(fb)
        if top is not None:
            self.places[(x, y + top)] = (w, h)

    def rect(self, fb, x, y, w, h):
        top = self._top(fb)
        if top is not None:
            self.boxes[(x, y + top)] = (w, h)

    # -- what the shown frame still shows

    def _pixel(self, x, y):
        d = self.display
        if 0 <= x < d.width and 0 <= y < d.height:
            return d.shown[y * d.width + x]
        return -1

    def _glyph_shown(self, x, y, ch, color, font):
        bits = glyph_bits(font, ch)
        if not bits:
            return False
        d = self.display
        buf, width, height = d.shown, d.width, d.height
        hit = n = 0
        for dx, dy in bits:  # every one: a "k" whose stem meets a frame's edge is cut
            px, py = x + dx, y + dy
            if 0 <= px < width and 0 <= py < height:
                n += 1
                if buf[py * width + px] == color:
                    hit += 1
        if n == 0 or hit < VISIBLE * n:
            return False
        # Ink on a ground of its own colour is not seen: the title's dark
        # felt over where the result screen had "44" in that colour kept
        # the "44" on the title.
        x0, y0, x1, y1 = ink_box(font, ch)
        ink = _ink_set(font, ch)
        ground = same = 0
        for py in range(y + y0 - 1, y + y1 + 1):
            for px in range(x + x0 - 1, x + x1 + 1):
                if (px - x, py - y) not in ink and 0 <= px < width and 0 <= py < height:
                    ground += 1
                    if buf[py * width + px] == color:
                        same += 1
        return same < ground * 2 // 3

    def _ground(self, x, y, ch, font):
        """The colour around a glyph: most of its cell's corners not inked."""
        bits = glyph_bits(font, ch)
        counts = {}
        for dx, dy in ((0, 0), (font.w - 1, 0), (0, font.h - 1), (font.w - 1, font.h - 1)):
            if (dx, dy) not in bits:
                p = self._pixel(x + dx, y + dy)
                if p >= 0:
                    counts[p] = counts.get(p, 0) + 1
        return max(counts, key=counts.get) if counts else theme.BLACK

    def _framed(self, x, y, w, h):
        """CURSOR for the cursor's double gold frame round the card at (x,
        y), FRAMED for a single one (a card chosen to pass), else 0."""
        gold = theme.GOLD
        p = self._pixel
        left = [p(x + d, y + h // 2) == gold for d in (-2, -1, 0)]
        top = [p(x + 4, y + d) == gold for d in (-2, -1, 0)]
        if left[0] and left[1] and top[0] and top[1]:
            return CURSOR
        return FRAMED if any(left) and any(top) else 0

    def scene(self):
        """What the shown frame shows, dropping what it no longer does:
        ``(texts, cards, backs, places, boxes)``; texts are ``(x, y, ch,
        colour, ground, font)``, cards ``(card, x, y, w, h, dim, framed,
        ink, face)``, backs ``(n, x, y, w, h, step, framed)``, places ``(x,
        y, w, h, colour)``, boxes ``(x, y, w, h)``; framed is CURSOR, FRAMED
        or 0."""
        texts = []
        kept = {}  # 16-pixel square -> ink boxes (x0, y0, x1, y1) of the glyphs kept there
        broken = set()  # strings with a glyph drawn over: none of it is read
        for key, (ch, color, font, seq) in sorted(self.glyphs.items(), key=lambda i: -i[1][3]):
            x, y, _w = key
            dx0, dy0, dx1, dy1 = ink_box(font, ch)
            x0, y0, x1, y1 = x + dx0, y + dy0, x + dx1, y + dy1
            near = [(bx, by) for bx in range(x0 // 16, (x1 - 1) // 16 + 1)
                    for by in range(y0 // 16, (y1 - 1) // 16 + 1)]
            over = any(x0 < o[2] and o[0] < x1 and y0 < o[3] and o[1] < y1
                       and not _beside(x, y, ch, font, o[4])
                       for b in near for o in kept.get(b, ()))
            if over or not self._glyph_shown(x, y, ch, color, font):
                del self.glyphs[key]  # drawn over, by a later string or anything else
                broken.add(seq)
                continue
            for b in near:
                kept.setdefault(b, []).append((x0, y0, x1, y1, (x, y, ch, font)))
            texts.append((x, y, ch, color, font, seq))
        # What is left of a string half under a banner or a menu ("ollected
        # 2", "pil") says nothing: the string goes as a whole.
        for key, (_ch, _color, _font, seq) in list(self.glyphs.items()):
            if seq in broken:
                del self.glyphs[key]
        texts = [(x, y, ch, color, self._ground(x, y, ch, font), font)
                 for x, y, ch, color, font, seq in texts if seq not in broken]
        cards = []
        over = []  # the boxes of the cards kept, the latest drawn first
        for key, k in sorted(self.cards.items(), key=lambda i: -i[1].seq):
            seen = [g for g in k.glyphs if self._glyph_shown(*g)]
            # A card drawn later over its rank hides it, even where the
            # new card's ink looks alike (the "0" of 10♥ over an old "A").
            if seen:
                gx, gy, ch, _, font = seen[0]
                dx0, dy0, dx1, dy1 = ink_box(font, ch)
                if any(gx + dx0 < x1 and x0 < gx + dx1 and gy + dy0 < y1 and y0 < gy + dy1
                       for x0, y0, x1, y1 in over):
                    seen = []
            if not seen:
                del self.cards[key]
                continue
            over.append((k.x, k.y, k.x + k.w, k.y + k.h))
            g = seen[0]
            cards.append((k.c, k.x, k.y, k.w, k.h, k.dim, self._framed(k.x, k.y, k.w, k.h),
                          g[3], self._ground(g[0], g[1], g[2], g[4])))
        backs = []
        for key, (n, w, h, step) in list(self.fans.items()):
            x, y = key
            if self._pixel(x + 1, y + h // 2) == theme.BACK:
                backs.append((n, x, y, w, h, step, self._framed(x, y, w, h)))
            else:
                del self.fans[key]
        places = []
        for key, (w, h) in list(self.places.items()):
            x, y = key
            p = self._pixel(x, y)
            px = self._pixel
            # Its dotted frame along the top and down the left side, not one
            # pixel pattern that a panel drawn over it happens to repeat.
            if all(px(x + 2 * i, y) == p != px(x + 2 * i + 1, y) and
                   px(x, y + 2 * i) == p != px(x, y + 2 * i + 1) for i in range(4)):
                places.append((x, y, w, h, p))
            else:
                del self.places[key]
        boxes = []
        for key, (w, h) in list(self.boxes.items()):
            x, y = key
            if self._outline_shown(x, y, w, h):
                boxes.append((x, y, w, h))
            else:
                del self.boxes[key]
        return texts, cards, backs, places, boxes

    def _outline_shown(self, x, y, w, h):
        """True when the frame shows a box's outline at (x, y), ``w`` x
        ``h``: its four sides in one colour, its inside another."""
        px = self._pixel
        c = px(x, y)
        return (c >= 0 and px(x + 1, y + 1) != c
                and all(px(x + i, y) == c == px(x + i, y + h - 1) for i in range(w))
                and all(px(x, y + i) == c == px(x + w - 1, y + i) for i in range(h)))

    def grid(self, cols, rows):
        """The shown frame laid out on ``cols`` x ``rows`` characters."""
        return layout(self.display, self.scene(), cols, rows, self.rights)


def _none(*args):
    return None


def card_label(c):
    """Card ``c`` as a player reads it: "Q♦", "10♥"."""
    from app.kit.cardview import RANK_LABELS, SUIT_GLYPHS

    return RANK_LABELS[c % 13] + SUIT_GLYPHS[c // 13]


_SGR = {PLAIN: "", BOLD: "1;", FAINT: "2;"}  # True and False are BOLD and PLAIN


class Grid:
    """``cols`` x ``rows`` cells: ``chars`` (list of lists of one-character
    str), ``fg`` and ``bg`` (``(r, g, b)`` per cell, fg None where the cell
    is only ground), ``bold`` (the weight: PLAIN, BOLD or FAINT);
    ``cards``: ``(label, row, col, dim, framed)`` of every card shown face
    up, left to right, top to bottom."""

    def __init__(self, cols, rows):
        self.cols, self.rows = cols, rows
        self.chars = [[" "] * cols for _ in range(rows)]
        self.fg = [[None] * cols for _ in range(rows)]
        self.bg = [[(0, 0, 0)] * cols for _ in range(rows)]
        self.bold = [[False] * cols for _ in range(rows)]
        self.cards = []

    def lines(self):
        """The plain text, a str a row (trailing spaces kept)."""
        return ["".join(r) for r in self.chars]

    def text(self):
        """The plain text as one str, rows joined by newlines, trailing
        spaces removed."""
        return "\n".join(line.rstrip() for line in self.lines())

    def ansi_lines(self):
        """Each row in 24-bit colour SGR sequences, ending with a reset."""
        out = []
        for r in range(self.rows):
            parts = []
            cur = None
            for c in range(self.cols):
                fg = self.fg[r][c] or self.bg[r][c]
                style = (fg, self.bg[r][c], self.bold[r][c])
                if style != cur:
                    cur = style
                    parts.append("\x1b[0;%s38;2;%d;%d;%d;48;2;%d;%d;%dm"
                                 % ((_SGR[style[2]],) + fg + self.bg[r][c]))
                parts.append(self.chars[r][c])
            parts.append("\x1b[0m")
            out.append("".join(parts))
        return out


#: Colours of cards and their frames: never a cell's ground (a card reads
#: as its label, on the card's colour).
_NOT_GROUND = ("CARD", "CARD_DIM", "CARD_EDGE", "GOLD", "BACK", "BACK_LINE", "INK", "INK_DIM",
               "RED", "RED_DIM", "CLUB_INK", "DIAMOND_INK", "CLUB_DIM", "DIAMOND_DIM")


def _grounds(display, texts, cols, rows):
    """Each cell's ground colour: the main colour of three pixels down the
    middle of its block, without the glyphs (the colour around them
    instead) and without cards and their frames (the felt or panel they
    lie on: the cell to the left's)."""
    w, h = display.width, display.height
    frame = bytearray(display.shown)
    for x, y, ch, _, ground, font in texts:
        for dx, dy in glyph_bits(font, ch):
            px, py = x + dx, y + dy
            if 0 <= px < w and 0 <= py < h:
                frame[py * w + px] = ground
    skip = {getattr(theme, n) for n in _NOT_GROUND}
    grounds = []
    for r in range(rows):
        y0, y1 = r * h // rows, max(r * h // rows + 1, (r + 1) * h // rows)
        samples = [min(h - 1, y0 + (y1 - y0) * k // 4) for k in (1, 2, 3)]
        line = []
        last = theme.FELT
        for c in range(cols):
            x = (c * w // cols + (c + 1) * w // cols) // 2
            a, b, d = (frame[py * w + x] for py in samples)
            for p in (a if a == d else b, b, a, d):  # the majority first
                if p not in skip:
                    last = p
                    break
            line.append(_rgb(last))
        grounds.append(line)
    return grounds


def _runs(texts):
    """Strings from glyphs: glyphs on one line of one font, at most one
    space apart (or drawn less than a cell closer), make one run
    ``(x, y, font, [(ch, colour, ground)])``."""
    runs = []
    texts = sorted(texts, key=lambda t: (t[1], t[5].w, t[0]))
    for x, y, ch, color, ground, font in texts:
        last = runs[-1] if runs else None
        if last is not None and last[1] == y and last[2] is font:
            end = last[0] + len(last[3]) * font.w
            gap = x - end
            if 0 <= gap <= font.w and gap % font.w == 0:
                if gap:
                    last[3].append((" ", color, ground))
                last[3].append((ch, color, ground))
                continue
            if gap < 0 and (x - last[0]) % font.w == 0:  # drawn over: the later wins
                last[3][(x - last[0]) // font.w] = (ch, color, ground)
                continue
            if -font.w < gap < 0:  # drawn closer (the title's "j"): the word goes on
                last[3].append((ch, color, ground))
                continue
        runs.append((x, y, font, [(ch, color, ground)]))
    return runs


#: How far a button's or a mark's frame runs above or below its text (the
#: Clubbed DRAW stands in a card-high box); a panel's frame runs further.
BOX_REACH = 12


def _boxed(display, x, y, font):
    """True when a gold frame hugs the text at (x, y): its left side 2-8
    pixels left of the text, its corners at most ``BOX_REACH`` above and
    below it: a button or box the cursor is on, or a framed mark. A gold
    panel's frame is not one (its side runs on past the text), nor the
    ink of gold words above the text ("[Your bid]", "[Bids: ...]" on
    Clubs' bid panel)."""
    w, h, shown, gold = display.width, display.height, display.shown, theme.GOLD

    def px(a, b):
        return shown[b * w + a] if 0 <= a < w and 0 <= b < h else -1

    for d in range(2, 9):
        a = x - d
        if not all(px(a, b) == gold for b in range(y - 1, y + font.h + 1)):
            continue
        top, bottom = y - 1, y + font.h
        while top > y - 1 - BOX_REACH and px(a, top - 1) == gold:
            top -= 1
        while bottom < y + font.h + BOX_REACH and px(a, bottom + 1) == gold:
            bottom += 1
        if px(a, top - 1) == gold or px(a, bottom + 1) == gold:
            return False  # a side running on: a panel's frame
        # The corner: the top side runs right from the left one.
        return all(px(a + i, top) == gold for i in range(1, d + 3))
    return False


#: A string in a larger font this many pixels or fewer beside a label is
#: its figure (Clubs' trick sums right of "N-S" and "E-W": 22 to 30).
FIGURE_GAP = 40


def _figure_by(runs, rights, x, y, font, n):
    """The run ``(x, y, font, chars)`` of ``runs`` that is the figure of the
    ``n``-character string at (x, y) in ``font``, or None: a number in a
    larger font, right-aligned (its right end in ``rights``), whose cell
    spans this one's height, at most ``FIGURE_GAP`` pixels right of it.
    The label reads on the figure's row: by their cells' middles, a
    12-pixel label drawn 3 pixels under the top of a 16-pixel figure fell
    on the row above it on a small grid (40x12)."""
    end = x + n * font.w
    for run in runs:
        ox, oy, ofont, ochars = run
        if ofont.h > font.h and oy <= y and y + font.h <= oy + ofont.h \
                and end <= ox <= end + FIGURE_GAP \
                and (ox + len(ochars) * ofont.w, oy) in rights \
                and "".join(c[0] for c in ochars).lstrip("+-").isdigit():
            return run
    return None


#: A large-font string this many pixels or fewer under cards is their label.
UNDER_MAX = 6


def _open_gap(display, x, y0, y1, ground):
    """True when column ``x`` from row ``y0`` to ``y1`` (end exclusive) has
    colour ``ground`` all the way: nothing between a card and a string."""
    w, shown = display.width, display.shown
    return all(shown[b * w + x] == ground for b in range(y0, y1))


def _lidded(boxes, x0, x1, lid):
    """True when one of ``boxes`` (``(x, y, w, h)``, as the screen framed
    them) spans columns ``x0`` to ``x1`` (end exclusive) with its top and
    bottom sides on the rows ``lid`` (``_card_rows``) names, or up to
    ``lid[3]`` rows lower: a box as tall as the cards, standing as a
    raised card does, round a string (Clubbed's DRAW)."""
    for x, y, w, h in boxes:
        d = y - lid[0]
        if x <= x0 and x1 <= x + w and 0 <= d <= lid[3] and y + h - 1 == lid[1] + d:
            return True
    return False


#: A raised card stands at most this many pixels above its hand's others
#: (the cursor's card 10, a playable one 6).
RAISE_MAX = 12
#: The cursor's card stands this many pixels above a playable one.
CURSOR_RAISE = 4
#: Cards of a hand stand at most this many pixels apart (the cursor's card
#: 3 from the next); further apart they are not one hand (a trick's cards).
HAND_GAP = 4


def _card_rows(cards, at):
    """The row of each card ``(x, y)``: a hand (cards of one size side by
    side, standing within ``RAISE_MAX`` pixels of its lowest) takes one
    row, or two when some of its cards may be played and others not: the
    playable ones on the row just above. Raised by 6 pixels (playable) and by 10 (the
    cursor's), the cards fell on three staggered rows. Also the bands
    ``(top, bottom, row, lid)`` of the hands: a string standing inside one
    (Clubbed's DRAW, offered only when it may be chosen) goes on the
    hand's playable row. A hand holding cards that may not be played has
    that row above them; a hand of cards all of one kind has its own row.
    A band takes only a string right of its hand in a box as tall as the
    cards, standing as a raised card does (``lid``: the box's top and
    bottom rows at the highest it may stand, the hand's right end, and how
    many pixels lower it may stand: ``CURSOR_RAISE`` for a hand all
    raised, ``RAISE_MAX`` for one with cards that may not be played):
    DRAW's box, not the menu beside the title's aces, the count on the
    stock or the pause menu over a hand."""
    out = {}
    bands = []
    hands = []  # (w, h, y of the lowest card, [cards])
    for k in sorted(cards, key=lambda k: -k[2]):
        _card, x, y, w, h, dim = k[:6]
        for hand in hands:
            if (hand[0], hand[1]) == (w, h) and 0 <= hand[2] - y <= RAISE_MAX:
                hand[3].append(k)
                break
        else:
            hands.append((w, h, y, [k]))
    runs = []  # each hand cut where its cards stop touching (a trick's West and East)
    for w, _h, _low, members in hands:
        members.sort(key=lambda k: k[1])
        run = [members[0]]
        for k in members[1:]:
            if k[1] - run[-1][1] > w + HAND_GAP:
                runs.append(run)
                run = []
            run.append(k)
        runs.append(run)
    for members in runs:
        low = max(k[2] for k in members)
        r = at(members[0][1], low + 9)[0]
        split = len({k[5] for k in members}) > 1
        for k in members:
            out[(k[1], k[2])] = max(0, r - 1) if split and not k[5] else r
        top, bottom = low - RAISE_MAX, low + members[0][4]
        right = members[-1][1] + members[-1][3]
        if any(k[5] for k in members):
            # DRAW's box stands as high as a raised card: up to RAISE_MAX
            # above the lowest.
            bands.append((top, bottom, max(0, r - 1),
                          (low - RAISE_MAX, bottom - 1 - RAISE_MAX, right, RAISE_MAX)))
        else:
            # Every card may be played (a hand of clubs in Clubbed): none
            # is faint, and DRAW stood a row below the raised cards.
            bands.append((top, bottom, r, (low, bottom - 1, right, CURSOR_RAISE)))
    return out, bands


def layout(display, scene, cols, rows, rights=()):
    """A ``Grid`` of ``cols`` x ``rows`` for ``scene`` (``Recorder.scene``);
    a string ending at a point of ``rights`` ((x, y), drawn right-aligned)
    is placed by its right end, so that a column of them lines up."""
    texts, cards, backs, places, boxes = scene
    w, h = display.width, display.height
    g = Grid(cols, rows)
    g.bg = _grounds(display, texts, cols, rows)
    gold = _rgb(theme.GOLD)
    tokens = []  # (row, col, order, cells, card info); cells (ch, fg, bg, bold)

    def at(x, y):
        return min(rows - 1, max(0, y * rows // h)), min(cols - 1, max(0, x * cols // w))

    rows_of, bands = _card_rows(cards, at)
    runs = _runs(texts)
    for x, y, font, chars in runs:
        r, c = at(x, y + font.h // 2)
        figure = _figure_by(runs, rights, x, y, font, len(chars))
        if figure is not None:
            r = at(figure[0], figure[1] + figure[2].h // 2)[0]
        for top, bottom, row, lid in bands:
            if top <= y and y + font.h <= bottom and x >= lid[2] and \
                    _lidded(boxes, x, x + len(chars) * font.w, lid):
                r = row
        if font is not text.SMALL:
            # A name in a large font just under cards, on the same ground
            # (the title's game under its fan of aces), goes on the row
            # after theirs: a card takes one row, and the name read rows
            # away from its cards. A banner's title under the table's cards
            # has the banner's frame between.
            end = x + len(chars) * font.w
            ground = chars[0][2]
            under = [rows_of[(k[1], k[2])] for k in cards
                     if k[1] < end and x < k[1] + k[3] and 1 <= y - k[2] - k[4] <= UNDER_MAX
                     and _open_gap(display, max(x, k[1]), k[2] + k[4], y, ground)]
            if under:
                r = min(r, max(under) + 1)
        end = x + len(chars) * font.w
        if (end, y) in rights:
            c = max(0, at(end, y + font.h // 2)[1] - len(chars))
        cells = [(ch, _rgb(color), _rgb(ground), font is not text.SMALL)
                 for ch, color, ground in chars]
        if chars[0][0] != "\u25ba" and _boxed(display, x, y, font):
            # On the highlight, the button the cursor is on; else a framed
            # mark (Klaberjass' trump).
            left, right = CURSOR_MARKS if chars[0][2] == theme.HILITE else "[]"
            cells = [(left, gold, cells[0][2], True)] + cells + [(right, gold, cells[0][2], True)]
            c -= 1
        tokens.append((r, c, len(tokens), cells, None))
    for card, x, y, _cw, _ch, dim, framed, ink, face in sorted(cards, key=lambda k: (k[2], k[1])):
        c = at(x, y + 9)[1]
        r = rows_of[(x, y)]
        fg, bg = _rgb(ink), _rgb(face)
        # A card that may not be played is faint as well as grey: a
        # terminal with 256 colours shows its grey face as white.
        weight = FAINT if dim else BOLD
        name = label = card_label(card)
        if len(label) < 3 and not framed:
            label = " " + label
        if framed:
            edge = g.bg[r][c]
            left, right = CURSOR_MARKS if framed == CURSOR else "[]"
            cells = [(left, gold, edge, BOLD)] + [(s, fg, bg, weight) for s in label] + \
                [(right, gold, edge, BOLD)]
        else:
            cells = [(s, fg, bg, weight) for s in " " + label + " "]
        tokens.append((r, c, len(tokens), cells, (name, dim, framed)))
    for n, x, y, _bw, bh, _step, framed in backs:
        r, c = at(x, y + min(bh // 2, 9))
        blue = _rgb(theme.BACK_LINE)
        cells = [(BACK_CHAR, blue, _rgb(theme.BACK), False)] * min(n, 13) if n > 1 else \
                [(BACK_CHAR, blue, _rgb(theme.BACK), False)] * 2
        if framed:
            left, right = CURSOR_MARKS if framed == CURSOR else "[]"
            cells = [(left, gold, g.bg[r][c], True)] + cells + [(right, gold, g.bg[r][c], True)]
        tokens.append((r, c, len(tokens), cells, None))
    for x, y, _pw, ph, color in places:
        r, c = at(x, y + min(ph // 2, 9))
        cells = [(ch, _rgb(color), g.bg[r][c], False) for ch in PLACE]
        tokens.append((r, c, len(tokens), cells, None))
    by_row = {}
    for t in tokens:
        by_row.setdefault(t[0], []).append(t)
    for r, row in by_row.items():
        row.sort(key=lambda t: (t[1], t[2]))
        cols_at = []
        end = 0
        for t in row:  # left to right, a token never overlaps the one before
            c = max(t[1], end)
            cols_at.append(c)
            end = c + len(t[3])
        nxt = cols
        for i in range(len(row) - 1, -1, -1):  # too long: pushed back from the right
            c = min(cols_at[i], nxt - len(row[i][3]))
            cols_at[i] = c
            nxt = c
        for t, c in zip(row, cols_at, strict=True):
            for i, (ch, fg, bg, bold) in enumerate(t[3]):
                if 0 <= c + i < cols:
                    g.chars[r][c + i] = ch
                    g.fg[r][c + i] = fg
                    g.bg[r][c + i] = bg
                    g.bold[r][c + i] = bold
            if t[4] is not None:
                g.cards.append((t[4][0], r, max(0, c), t[4][1], t[4][2]))
    g.cards.sort(key=lambda k: (k[1], k[2]))
    return g


def attach(display):
    """A ``Recorder`` for ``display`` made the app's listener; ``detach()``
    removes it."""
    rec = Recorder(display)
    text.listener = rec
    return rec


def detach():
    """No listener: the app draws as on the device."""
    text.listener = None
