"""Drawing cards on a FrameBuffer: faces, backs and small card-back stacks.

Card ints as in ``cardgames.cards`` (suit * 13 + rank). Coordinates and sizes
are pixels; colours ``app.kit.theme`` palette indices.
"""

from app.kit import places, text, theme
from app.kit.text import PEN

# Rank labels as players read them (ten as "10", not the notation's "T").
RANK_LABELS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
SUIT_GLYPHS = ("\u2663", "\u2666", "\u2665", "\u2660")


# Ink per suit (clubs, diamonds, hearts, spades), then the dimmed inks, then
# the inks of suit glyphs in text on a dark ground (black suits white), of the
# two-colour deck then of the four-colour deck (clubs green, diamonds blue);
# INKS[24] is where the deck in use starts (``four``).
INKS = [theme.INK, theme.RED, theme.RED, theme.INK,
        theme.CARD_EDGE, theme.RED_DIM, theme.RED_DIM, theme.CARD_EDGE,
        theme.WHITE, theme.ALERT, theme.ALERT, theme.WHITE,
        theme.CLUB_INK, theme.DIAMOND_INK, theme.RED, theme.INK,
        theme.CLUB_DIM, theme.DIAMOND_DIM, theme.RED_DIM, theme.CARD_EDGE,
        theme.CLUB_TEXT, theme.DIAMOND_TEXT, theme.ALERT, theme.WHITE, 0]


def four(on):
    """Draw suits in four colours (clubs green, diamonds blue, hearts red,
    spades black) when ``on``, else red and black."""
    INKS[24] = 12 if on else 0


def suit_color(c, dim=False):
    """Ink colour of card ``c``: red for diamonds and hearts, black otherwise
    (four colours with ``four(True)``); ``dim`` True its greyed ink, 2 its
    ink in text on the dark felt or panel (red suits light red, black white)."""
    return INKS[INKS[24] + c // 13 + 4 * dim]


def draw_rich(fb, s, x, y, color, font=text.SMALL):
    """Draw ``s`` like ``text.draw`` but with the suit glyphs other than
    white ones in their text ink (``suit_color(c, 2)``: red suits red, or
    clubs green and diamonds blue in four colours); returns the x after the
    text."""
    end = text.draw(fb, s, x, y, color, font)
    # Looked for with find, not read a character at a time: on MicroPython
    # each s[i] is a new 1-character str looked up among the interned names
    # (130 us; a line of events took several ms).
    for k in range(4):
        ink = suit_color(13 * k, 2)
        if ink == theme.WHITE:
            continue
        glyph = SUIT_GLYPHS[k]
        i = s.find(glyph)
        while i >= 0:
            text.draw(fb, glyph, x + i * font.w, y, ink, font)
            i = s.find(glyph, i + 1)
    return end


# The card being drawn: x, y, w, h, dim (``face``, ``chip``, ``back``). The
# helpers read it rather than take it as arguments so that each function
# keeps to 11 locals and stack slots: MicroPython gives a bigger function's
# call frame a heap block (py/objfun.c), and a hand drawn took dozens of
# them, each a search of a used heap.
_AT = [0, 0, 0, 0, False]


def _rounded(fb, fill):
    # The card at _AT filled with ``fill``, its outline's corners rounded.
    x = _AT[0]
    y = _AT[1]
    fb.fill_rect(x + 1, y + 1, _AT[2] - 2, _AT[3] - 2, fill)
    fill = theme.CARD_EDGE
    fb.hline(x + 2, y, _AT[2] - 4, fill)
    fb.hline(x + 2, y + _AT[3] - 1, _AT[2] - 4, fill)
    fb.vline(x, y + 2, _AT[3] - 4, fill)
    fb.vline(x + _AT[2] - 1, y + 2, _AT[3] - 4, fill)
    fb.pixel(x + 1, y + 1, fill)
    fb.pixel(x + _AT[2] - 2, y + 1, fill)
    fb.pixel(x + 1, y + _AT[3] - 2, fill)
    fb.pixel(x + _AT[2] - 2, y + _AT[3] - 2, fill)


def _tell(fb, c):
    text.listener.card(fb, c, _AT[0], _AT[1], _AT[2], _AT[3], _AT[4])


def _rank(fb, r, font):
    # At PEN, in its ink.
    if r == 8:
        # "10" squeezed into one and a half cells so it fits the overlap strip.
        PEN[0] -= 1
        text.put(fb, "1", font)
        PEN[0] += font.w - 2
        text.put(fb, "0", font)
    else:
        text.put(fb, RANK_LABELS[r], font)


def face(fb, c, x, y, w=theme.CARD_W, h=theme.CARD_H, dim=False):
    """Card ``c`` face up with its top-left at (x, y), ``w`` x ``h`` pixels.

    The rank and suit sit in the left 12 pixels so they stay readable when
    cards overlap; a large card (w >= 30) also shows a big suit in its middle.
    ``dim`` greys the card (not playable now). Its place is noted
    (``app.kit.places``); a card in flight there is left out.
    """
    _AT[0] = x
    _AT[1] = y
    _AT[2] = w
    _AT[3] = h
    _AT[4] = dim
    _face(fb, c)


def _face(fb, c):
    # ``face`` of the card at _AT: its rank and suit in its ink at the top
    # left, the suit under them or, on a large card, at the bottom right.
    if places.mark(c, _AT[0], _AT[1], _AT[2], _AT[3], _AT[4]):
        return
    if text.listener is not None:  # the simulator's text view: the card, then its glyphs
        _tell(fb, c)
    _rounded(fb, theme.CARD_DIM if _AT[4] else theme.CARD)
    PEN[2] = suit_color(c, _AT[4])
    if _AT[2] >= 30:
        PEN[0] = _AT[0] + 3
        PEN[1] = _AT[1] + 2
        _rank(fb, c % 13, text.BIG)
        PEN[0] = _AT[0] + _AT[2] - text.BOLD.w - 3
        PEN[1] = _AT[1] + _AT[3] - text.BOLD.h - 2
    else:
        PEN[0] = _AT[0] + 2
        PEN[1] = _AT[1] + 1
        _rank(fb, c % 13, text.BOLD)
        PEN[0] = _AT[0] + 2
        PEN[1] = _AT[1] + 16
    text.put(fb, SUIT_GLYPHS[c // 13], text.BOLD)
    if text.listener is not None:
        text.listener.end()


def chip(fb, c, x, y, w=26, h=18, dim=False):
    """Card ``c`` as a small card (``w`` x ``h``, 26 x 18 by default: a trick
    seen from above) with rank and suit side by side in BOLD, top left at
    (x, y); noted and left out in flight as ``face``."""
    if places.mark(c, x, y, w, h, 2 | (1 if dim else 0)):
        return
    ls = text.listener
    if ls is not None:  # the simulator's text view (``face``)
        ls.card(fb, c, x, y, w, h, dim)
    _AT[0] = x
    _AT[1] = y
    _AT[2] = w
    _AT[3] = h
    _rounded(fb, theme.CARD_DIM if dim else theme.CARD)
    ink = suit_color(c, dim)
    r = c % 13
    PEN[1] = y + 1
    PEN[2] = ink
    if r == 8:
        PEN[0] = x + 3
        _rank(fb, r, text.BOLD)
        text.draw(fb, SUIT_GLYPHS[c // 13], x + 16, y + 1, ink, text.BOLD)
    else:
        text.draw(fb, RANK_LABELS[r], x + 4, y + 1, ink, text.BOLD)
        text.draw(fb, SUIT_GLYPHS[c // 13], x + 13, y + 1, ink, text.BOLD)
    if ls is not None:
        ls.end()


def back(fb, x, y, w=theme.CARD_W, h=theme.CARD_H):
    """A card face down with its top-left at (x, y), ``w`` x ``h`` pixels."""
    ls = text.listener
    if ls is not None:
        ls.backs(fb, 1, x, y, w, h, 0)
    _AT[0] = x
    _AT[1] = y
    _AT[2] = w
    _AT[3] = h
    _rounded(fb, theme.BACK)
    fb.rect(x + 3, y + 3, w - 6, h - 6, theme.BACK_LINE)
    i = 6
    while i < h - 6:
        fb.hline(x + 5, y + i, w - 10, theme.BACK_LINE)
        i += 4


def fan_backs(fb, n, x, y, w, h, step):
    """``n`` small face-down cards from left to right starting at (x, y),
    ``step`` pixels apart; returns the x just right of the last one."""
    ls = text.listener
    if ls is not None:  # one fan, not n backs
        ls.backs(fb, n, x, y, w, h, step)
        text.listener = None
    for i in range(n):
        back(fb, x + i * step, y, w, h)
    if ls is not None:
        text.listener = ls
    return x + (n - 1) * step + w if n else x


def placeholder(fb, x, y, w, h, color):
    """An empty card place (dotted frame) at (x, y)."""
    if text.listener is not None:
        text.listener.place(fb, x, y, w, h)
    i = 0
    while i < w:
        fb.pixel(x + i, y, color)
        fb.pixel(x + i, y + h - 1, color)
        i += 2
    i = 0
    while i < h:
        fb.pixel(x, y + i, color)
        fb.pixel(x + w - 1, y + i, color)
        i += 2


def cursor_frame(fb, x, y, w=theme.CARD_W, h=theme.CARD_H):
    """The double gold frame around the card at (x, y) under the cursor."""
    _AT[0] = x
    _AT[1] = y
    _AT[2] = w
    _AT[3] = h
    _gold(fb, 1)
    _gold(fb, 2)


def _gold(fb, d):
    # A gold frame ``d`` px out from the card at _AT.
    a = _AT
    fb.rect(a[0] - d, a[1] - d, a[2] + 2 * d, a[3] + 2 * d, theme.GOLD)


def cursor_card(fb, c, x, base, legal, lift=10):
    """Card ``c`` under the hand's cursor at ``x``, for a hand standing at
    ``base``: raised ``lift`` px when ``legal`` (2 when not, dimmed), framed."""
    _AT[0] = x
    _AT[1] = base - lift if legal else base - 2
    _AT[2] = theme.CARD_W
    _AT[3] = theme.CARD_H
    _AT[4] = not legal
    _face(fb, c)
    cursor_frame(fb, x, _AT[1])
