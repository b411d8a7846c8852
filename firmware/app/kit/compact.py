"""The compact layout: every screen drawn for a small monochrome display
(128x64 SSD1306), imported only when the app runs on one (``app.kit.compact``).

Designed for the size, not cropped: SMALL text (6x12 Terminus cells, 21
columns) on rows ``ROW`` pixels apart (the font's glyphs sit in rows 1..10
of a cell, so rows may share their blank edges); a card is a chip of its
rank and suit glyph ("A♠", "10♥"), highlighted by inversion; colours are on
(1, lit) and off (0). Screens keep their state and keys; only ``draw``
differs: each screen's ``draw`` hands over to a function here or in
``app.compact_<game>``.

Units: pixels; (x, y) is a top-left corner.
"""

from app.kit import places, text

ON = 1
OFF = 0
ROW = 10  # text row pitch
BAR = 11  # height of an inverted bar or chip
RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
SUITS = text.SUITS
SMALL = text.SMALL


def put(fb, s, x, y, inv=False):
    """``s`` at (x, y), lit; ``inv``: dark on a lit bar (highlight). The
    glyphs' top blank row is absorbed: a row of text spans y .. y+9."""
    if inv:
        fb.fill_rect(x - 1, y, len(s) * SMALL.w + 1, BAR, ON)
    return text.draw(fb, s, x, y - 1, OFF if inv else ON, SMALL)


def bar(fb, s, y, w, right=""):
    """A lit title bar across the screen (``w`` wide) at ``y`` with ``s``
    (cut to fit) at its left and ``right`` at its right, dark."""
    fb.fill_rect(0, y, w, BAR, ON)
    room = w - 4 - len(right) * SMALL.w - (SMALL.w if right else 0)
    text.draw(fb, text.fit(s, room), 2, y, OFF, SMALL)
    if right:
        text.draw_right(fb, right, w - 1, y, OFF, SMALL)


def center(fb, s, w, y, inv=False):
    """``s`` centred on a ``w`` wide screen at row ``y`` (cut to fit)."""
    s = text.fit(s, w)
    return put(fb, s, (w - len(s) * SMALL.w) // 2, y, inv)


def right(fb, s, rx, y):
    """``s`` ending just before column ``rx``."""
    return put(fb, s, rx - len(s) * SMALL.w, y)


def card_w(c):
    """Width of card ``c``'s chip: 13, or 16 for a ten (two digits)."""
    return 16 if c % 13 == 8 else 13


def card(fb, c, x, y, inv=False):
    """Card ``c`` (suit * 13 + rank) as a chip: rank and suit glyph, lit, or
    dark on lit with ``inv``. Returns the x after the chip. Its place is
    noted (``app.kit.places``); a card in flight there is left out."""
    w = card_w(c)
    if places.mark(c, x, y, w, BAR, inv):
        return x + w
    if inv:
        fb.fill_rect(x, y, w, BAR, ON)
    col = OFF if inv else ON
    r = c % 13
    if r == 8:
        # "10" with the narrow one tucked in: 9 pixels instead of 12.
        text.draw(fb, "1", x, y - 1, col, SMALL)
        text.draw(fb, "0", x + 4, y - 1, col, SMALL)
        text.draw(fb, SUITS[c // 13], x + 10, y - 1, col, SMALL)
    else:
        text.draw(fb, RANKS[r], x + 1, y - 1, col, SMALL)
        text.draw(fb, SUITS[c // 13], x + 7, y - 1, col, SMALL)
    return x + w


def card_name(c):
    """Card ``c`` as text: "10♥", "A♠"."""
    return RANKS[c % 13] + SUITS[c // 13]


def back(fb, x, y, w=9):
    """A face-down card: a hatched box ``w`` x BAR."""
    fb.rect(x, y, w, BAR, ON)
    i = 2
    while i < w - 1:
        fb.vline(x + i, y + 2, BAR - 4, ON)
        i += 2


def slot(fb, x, y, w=13):
    """An empty card place: a dotted frame."""
    i = 0
    while i < w:
        fb.pixel(x + i, y, ON)
        fb.pixel(x + i, y + BAR - 1, ON)
        i += 2
    fb.pixel(x, y + 5, ON)
    fb.pixel(x + w - 1, y + 5, ON)


def hand(fb, cards, cursor, y, x0, x1, up=None, marks=None):
    """A row of card chips from ``x0`` to before ``x1`` (1 px apart if room),
    scrolled to keep ``cursor`` (index, or -1 for none) in view with ◄ ►
    showing more on either side. ``up``: None or a callable(index) -> True
    to raise that card 2 px (playable); ``marks``: None or callable(index)
    -> True to underline the card (received, picked). The cursor's card is
    inverted. Returns the x after the last card drawn."""
    n = len(cards)
    if not n:
        return x0
    # A pixel between chips when they all fit with it; else side by side
    # (each chip has its own blank edge columns, so glyphs never touch).
    widths = [card_w(c) + 1 for c in cards]
    if sum(widths) > x1 - x0:
        widths = [w - 1 for w in widths]
    first = 0
    last = n
    if sum(widths) > x1 - x0:
        # Scroll: the widest window containing the cursor, markers take 7 px.
        room = x1 - x0 - 14
        cur = max(0, cursor)
        first = cur
        last = cur + 1
        used = widths[cur]
        while True:
            grew = False
            if last < n and used + widths[last] <= room:
                used += widths[last]
                last += 1
                grew = True
            if first > 0 and used + widths[first - 1] <= room:
                first -= 1
                used += widths[first]
                grew = True
            if not grew:
                break
    x = x0
    if first > 0:
        text.draw(fb, "\u25c4", x, y - 1, ON, SMALL)
        x += 7
    for i in range(first, last):
        c = cards[i]
        cy = y - 2 if up is not None and up(i) else y
        card(fb, c, x, cy, i == cursor)
        if marks is not None and marks(i):
            fb.hline(x + 1, cy + BAR - 1, card_w(c) - 2, ON)
        x += widths[i]
    if last < n:
        text.draw(fb, "\u25ba", x, y - 1, ON, SMALL)
    return x


def menu(fb, m, x, y, w, rows, row_h=BAR):
    """Menu ``m`` (app.kit.menu.Menu) as rows from (x, y), ``w`` wide, at most
    ``rows`` visible (scrolled to the selection, ▲▼ at the right when not
    all fit); the selection is inverted."""
    n = len(m.items)
    top = 0
    if n > rows:
        top = max(0, min(m.sel - rows // 2, n - rows))
    cols = (w - 8) // SMALL.w
    for i in range(top, min(n, top + rows)):
        ry = y + (i - top) * row_h
        sel = i == m.sel
        if sel:
            fb.fill_rect(x, ry, w, BAR, ON)
        text.draw(fb, text.fit(m.items[i], cols * SMALL.w), x + 2, ry, OFF if sel else ON,
                  SMALL)
    if n > rows:
        if top > 0:
            text.draw(fb, "\u25b2", x + w - 6, y - 1, ON, SMALL)
        if top + rows < n:
            text.draw(fb, "\u25bc", x + w - 6, y + (rows - 1) * row_h, ON, SMALL)


def box(fb, x, y, w, h):
    """A dark box with a lit frame, for overlays."""
    fb.fill_rect(x, y, w, h, OFF)
    fb.rect(x, y, w, h, ON)


def pause(fb, m, w, h):
    """The pause menu (``m``) over the whole screen."""
    fb.fill(OFF)
    bar(fb, "Paused", 0, w, "B resume")
    menu(fb, m, 0, 13, w, (h - 13) // 12, 12)


def begin(fb, scr):
    """Start a game screen's 1-bit frame: cleared, and if ``scr``'s pause
    menu is open, the menu over the whole screen. True when the menu took
    the screen (the caller draws nothing more)."""
    fb.fill(OFF)
    if scr.pause is None:
        return False
    pause(fb, scr.pause, scr.app.width, scr.app.height)
    return True


def banner(fb, title, lines, w, h, cards=b""):
    """A framed message in the middle: ``title`` inverted, then ``lines``
    wrapped to the box (as many rows as the screen holds, the last cut to
    fit) and a row of ``cards`` (bytes) if any."""
    rows = []
    for line in lines:
        rows.extend(text.wrap(line, w - 8, SMALL))
    room = (h - BAR - 5) // ROW - (1 if cards else 0)
    if len(rows) > room:
        rows = rows[: room - 1] + [text.fit(" ".join(rows[room - 1 :]), w - 8)]
    lines = rows
    n = len(lines) + (1 if cards else 0)
    bh = BAR + 3 + ROW * n + 2
    y = max(0, (h - bh) // 2)
    box(fb, 2, y, w - 4, bh)
    fb.fill_rect(3, y + 1, w - 6, BAR, ON)
    text.draw(fb, text.fit(title, w - 10), (w - min(len(title), (w - 10) // 6) * 6) // 2, y + 1,
              OFF, SMALL)
    ty = y + BAR + 3
    for line in lines:
        center(fb, line, w, ty)
        ty += ROW
    if cards:
        x = (w - sum(card_w(c) + 2 for c in cards)) // 2
        for c in cards:
            x = card(fb, c, x, ty) + 2


def look(fb, lines, top, rows, w, h, title="Table"):
    """A full-screen list over the table: ``lines`` are str (text), tuples
    ``("h", str)`` (headings, inverted), or bytes (a row of cards), shown
    ``rows`` from ``top``; ▲▼ when more."""
    fb.fill(OFF)
    n = len(lines)
    more = n > rows
    y = 0
    for line in lines[top : top + rows]:
        if isinstance(line, tuple):
            put(fb, text.fit(line[1], w - 8), 1, y, True)
        elif isinstance(line, (bytes, bytearray)):
            if not line:
                put(fb, "(none)", 6, y)
            x = 2
            for c in line:
                if x + card_w(c) > w - 6:
                    break
                x = card(fb, c, x, y) + 1
        else:
            put(fb, text.fit(line, w - 8), 1, y)
        y += BAR + 1
    if more:
        if top > 0:
            text.draw(fb, "\u25b2", w - 6, -1, ON, SMALL)
        if top + rows < n:
            text.draw(fb, "\u25bc", w - 6, h - 12, ON, SMALL)


def wrap_lines(lines, w):
    """Look lines (see ``look``) with every text line wrapped to ``w``
    pixels, so nothing is cut on the small screen (headings stay headings).
    A line keeps its indent on every wrapped line, one space more after
    the first: "What happened"'s events, indented two, ran on at the
    screen's edge as if they were headings of their own."""
    out = []
    for line in lines:
        if isinstance(line, tuple):
            for part in text.wrap(line[1], w - 8, SMALL):
                out.append(("h", part))
        elif isinstance(line, str):
            body = line.strip()
            pad = line[: len(line) - len(line.lstrip())]
            parts = text.wrap(body, w - 8 - (len(pad) + 1) * SMALL.w, SMALL)
            out.append(pad + parts[0])
            for part in parts[1:]:
                out.append(pad + " " + part)
        else:
            out.append(line)
    return out


def lines(fb, s, y, rows, w):
    """``s`` wrapped onto at most ``rows`` text rows from ``y`` (the last
    cut to fit); returns the number of rows used."""
    parts = text.wrap(s, w - 2, SMALL) if s else []
    n = min(len(parts), rows)
    for i in range(n):
        part = parts[i]
        if i == rows - 1 and len(parts) > rows:
            part = text.fit(part + " " + " ".join(parts[rows:]), w - 2)
        put(fb, part, 1, y + ROW * i)
    return n


def look_rows(h):
    """How many look lines fit on a screen ``h`` high."""
    return h // (BAR + 1)


def hint(fb, s, y, w, alert=False):
    """A hint line at ``y``: cut to fit; an alert is inverted."""
    s = text.fit(s, w - 2)
    if alert:
        fb.fill_rect(0, y, w, BAR, ON)
        text.draw(fb, s, 1, y - 1, OFF, SMALL)
    else:
        text.draw(fb, s, 1, y - 1, ON, SMALL)


# --- screens around the games -------------------------------------------------


def title(fb, scr):
    """The title screen: name bar, the picked game between ◄ ►, its menu."""
    app = scr.app
    w, h = app.width, app.height
    fb.fill(OFF)
    # The battery's level in the bar where the console reads it: "57%", "Low 8%".
    words, _ = scr.battery_words(short=True)
    bar(fb, "PICO CARDS", 0, w, words or "\u2663\u2666\u2665\u2660")
    name = app.game_name()
    if scr.asking:
        # The question's row (20 characters) cannot name the save: this row does.
        name = "Saved: " + name
    else:
        put(fb, "\u25c4", 0, 13)
        put(fb, "\u25ba", w - 6, 13)
    # Centred; the font's "j" stands at the right of its cell, so from a "j"
    # on the name is drawn 2 px closer: "Klaberjass", not "Klaber jass".
    name = text.fit(name, w)
    j = name.find("j")
    x = (w - len(name) * SMALL.w + (2 if j > 0 else 0)) // 2
    if j > 0:
        x = put(fb, name[:j], x, 13) - 2
        name = name[j:]
    put(fb, name, x, 13)
    menu(fb, scr.menu, 0, 26, w, (h - 26) // 12, 12)


def rules(fb, scr):
    """A rules page: title bar, then the lines. A game's rules: the part and
    page ("Scoring 2 of 3") and, when there is room, B's "back" and on a
    part's last page the part DOWN goes to ("▼ Scoring next"); a text:
    its title, the page number after LEFT/RIGHT (which turn its pages)."""
    w = scr.app.width
    fb.fill(OFF)
    pages = scr.page_label()
    if scr.index is not None:
        fits = (len(pages) + 7) * SMALL.w <= w - 3
        bar(fb, pages, 0, w, "B back" if fits else "")
    else:
        bar(fb, scr.title, 0, w, "\u25c4 \u25ba " + pages if pages else "B back")
    y = BAR + 2
    for ln in scr.shown:
        put(fb, ln, 1, y)
        y += ROW
    if len(scr.shown) < scr.rows and scr.next_sign:
        put(fb, scr.next_sign, 1, y)  # no footer here: under the text


def rules_rows(h):
    """Rule lines per page on a screen ``h`` high."""
    return (h - BAR - 2) // ROW


def result(fb, w, h, headline, paras, keys="A next  B menu"):
    """A result screen: headline inverted, the ``paras`` (str) wrapped (as
    many rows as fit above the keys), the keys."""
    fb.fill(OFF)
    center(fb, headline, w, 0, True)
    y = BAR + 2
    room = (h - BAR - 2 - ROW) // ROW
    for para in paras:
        if room <= 0:
            break
        n = lines(fb, para, y, room, w)
        room -= n
        y += ROW * n
    right(fb, keys, w, h - ROW)


def settings_label(row, v, w):
    """A Settings row's short label (``row[4]``: a variant's without its
    game, which goes below) cut to fit beside the shown value ``v`` (str,
    with ◄ ► when selected, each two pixels off it) on a ``w`` pixel wide
    screen."""
    return text.fit(row[4], w - (len(v) + 1) * SMALL.w - 6)


def settings(fb, scr):
    """The Settings screen (``app.settings_screen``): a row per setting as
    the screen scrolls them (short label, value; the selected one inverted
    with ◄ ► round its value where there are more choices), and under them what the selected row is
    about (a variant's game)."""
    w, h = scr.app.width, scr.app.height
    fb.fill(OFF)
    bar(fb, "Settings", 0, w, "B back")
    rh = scr._row_h()
    y = BAR + 1
    for i in range(scr.top, min(len(scr.rows), scr.top + scr._visible())):
        row = scr.rows[i]
        sel = i == scr.sel
        v = scr.value(i)
        col = OFF if sel else ON
        if sel:
            fb.fill_rect(0, y, w, BAR, ON)
        # ◄ ► apart from the value (both 3 pixels from its glyphs): touching it
        # they read as one blob.
        x = text.draw_right(fb, v, w - 1 - (SMALL.w + 2 if sel else 0), y - 1, col, SMALL)
        if sel:
            left, right = scr.arrows(i)
            if left:
                text.draw(fb, "\u25c4", x - 3 - SMALL.w, y - 1, col, SMALL)
            if right:
                text.draw(fb, "\u25ba", w - 1 - SMALL.w, y - 1, col, SMALL)
            v = " %s " % v  # the arrows' room, for the label's
        text.draw(fb, settings_label(row, v, w), 1, y - 1, col, SMALL)
        y += rh
    row = scr.rows[scr.sel]
    about = "%s variant" % row[2].name if row[1] == "opt" else "\u25b2\u25bc \u25c4 \u25ba change"
    put(fb, text.fit(about, w - 2), 1, h - ROW - 1)  # room for descenders
